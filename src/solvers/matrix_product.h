#pragma once
/**
 * @file
 * The product of a Trilinos matrix and vector, y = A x, through Epetra.
 */
#include <deal.II/lac/trilinos_sparse_matrix.h>
#include <deal.II/lac/trilinos_vector.h>

namespace corot::solvers
{
  /**
   * @p out = @p matrix @p in, by Epetra_CrsMatrix::Multiply (what deal.II's
   * TrilinosWrappers::SparseMatrix::vmult calls). Not vmult itself: vmult is a member template
   * whose std::enable_if return type gcc and clang mangle differently, so corot compiled with
   * clang (the sanitizer build, .ci/sanitizers) cannot link against Debian's gcc-built deal.II
   * when it calls vmult; this function instantiates nothing of deal.II. Throws
   * std::runtime_error if Epetra reports an error.
   */
  void
  multiply(const dealii::TrilinosWrappers::SparseMatrix &matrix,
           const dealii::TrilinosWrappers::MPI::Vector  &in,
           dealii::TrilinosWrappers::MPI::Vector        &out);
} // namespace corot::solvers
