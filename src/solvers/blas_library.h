#pragma once
/**
 * @file
 * Which BLAS and LAPACK the process runs with, found at run time (Debian
 * selects them through its alternatives, so the link line does not tell),
 * and OpenBLAS's thread count against the MPI ranks on a machine.
 */
#include <mpi.h>

#include <string>

namespace corot::solvers
{
  /** The BLAS and LAPACK this process loaded, as reported in NAME.dat and NAME.json. */
  struct BlasLibrary
  {
    std::string blas;        ///< real path of the shared object that defines dgemm_
    std::string lapack;      ///< real path of the shared object that defines dgetrf_
    std::string config;      ///< openblas_get_config() if that library has it, else empty
    int         threads = 0; ///< openblas_get_num_threads() if present, else 0 (unknown)

    /** One line, e.g. ".../openblas-pthread/libblas.so.3 (OpenBLAS 0.3.21 ..., 2 threads)". */
    std::string
    describe() const;
  };

  /**
   * Looks up dgemm_ and dgetrf_ in the process's global symbol scope (the
   * definitions MUMPS, ScaLAPACK and Eigen's callers bind to) and names the
   * shared objects defining them (dladdr), plus OpenBLAS's own configuration
   * string and thread count where the BLAS exports them (no library name is
   * assumed).
   */
  BlasLibrary
  loaded_blas_library();

  /**
   * Gives an OpenBLAS (if that is the BLAS loaded) cores / ranks-on-this-machine
   * threads, at least one, so that two ranks on a 2-core machine do not run
   * four busy BLAS threads; leaves it alone if OPENBLAS_NUM_THREADS or
   * OMP_NUM_THREADS is set (the user's choice). Collective over @p communicator.
   * Returns the thread count now in force, or 0 if the BLAS has no such control.
   */
  int
  configure_blas_threads(MPI_Comm communicator);
} // namespace corot::solvers
