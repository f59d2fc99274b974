#include <src/solvers/matrix_product.h>

#include <Epetra_CrsMatrix.h>
#include <Epetra_MultiVector.h>

#include <stdexcept>
#include <string>

namespace corot::solvers
{
  void
  multiply(const dealii::TrilinosWrappers::SparseMatrix &matrix,
           const dealii::TrilinosWrappers::MPI::Vector  &in,
           dealii::TrilinosWrappers::MPI::Vector        &out)
  {
    if (&in == &out)
      throw std::logic_error("solvers::multiply: the product cannot overwrite its argument");
    const int error =
      matrix.trilinos_matrix().Multiply(false, in.trilinos_vector(), out.trilinos_vector());
    if (error != 0)
      throw std::runtime_error("Epetra_CrsMatrix::Multiply failed with code " +
                               std::to_string(error));
  }
} // namespace corot::solvers
