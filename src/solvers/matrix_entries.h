#pragma once
/**
 * @file
 * Reading the stored entries of a Trilinos matrix row by row.
 */
#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Epetra_CrsMatrix.h>

namespace corot::solvers
{
  /**
   * Calls @p visit(row, column, value) (global indices) for every stored
   * entry of the rows of @p matrix this rank owns, through Epetra's row views.
   * Written by hand instead of deal.II's row iterators: those copy each row
   * into a cache, and a loop that tests `entry != matrix.end(row)` builds the
   * end iterator, a copy of the next row, for every entry. On a 25 350 DOF
   * shell model that made two Sturm-sequence gathers take 6 of 14 s.
   */
  template <typename Visit>
  void
  for_each_owned_entry(const dealii::TrilinosWrappers::SparseMatrix &matrix, Visit &&visit)
  {
    const Epetra_CrsMatrix &epetra = matrix.trilinos_matrix();
    for (int local_row = 0; local_row < epetra.NumMyRows(); ++local_row)
      {
        int     n_entries = 0;
        double *values    = nullptr;
        int    *columns   = nullptr;
        epetra.ExtractMyRowView(local_row, n_entries, values, columns);
        const auto row = static_cast<unsigned>(epetra.GRID64(local_row));
        for (int k = 0; k < n_entries; ++k)
          visit(row, static_cast<unsigned>(epetra.GCID64(columns[k])), values[k]);
      }
  }
} // namespace corot::solvers
