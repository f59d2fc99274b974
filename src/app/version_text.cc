#include <src/app/version_text.h>
#include <src/io/program_version.h>
#include <src/solvers/blas_library.h>

#include <deal.II/base/config.h>

#include <Eigen/Core>
#include <Trilinos_version.h>
#include <boost/version.hpp>
#include <mpi.h>

#include <sstream>

namespace corot::app
{
  std::string
  version_text()
  {
    int mpi_major = 0, mpi_minor = 0;
    MPI_Get_version(&mpi_major, &mpi_minor);
    std::ostringstream text;
    text << "corot " << io::program_version() << " (deal.II " << DEAL_II_PACKAGE_VERSION
         << " with Trilinos " << TRILINOS_VERSION_STRING << ", Eigen " << EIGEN_WORLD_VERSION << '.'
         << EIGEN_MAJOR_VERSION << '.' << EIGEN_MINOR_VERSION << ", Boost "
         << BOOST_VERSION / 100000 << '.' << BOOST_VERSION / 100 % 1000 << '.'
         << BOOST_VERSION % 100 << ", MPI " << mpi_major << '.' << mpi_minor
         << "; BLAS: " << solvers::loaded_blas_library().describe() << ')';
    return text.str();
  }
} // namespace corot::app
