#pragma once
/**
 * @file
 * How many entries a sparse LU factor of a matrix with a given pattern will hold, before it is
 * allocated (issue 18 item 3).
 */
#include <deal.II/lac/trilinos_sparsity_pattern.h>

#include <mpi.h>

#include <cstdint>

namespace corot::solvers
{
  /** The size of a sparse matrix and of its LU factor. */
  struct FactorFill
  {
    std::uint64_t equations      = 0; ///< rows of the matrix
    std::uint64_t matrix_entries = 0; ///< stored entries of the matrix
    /**
     * Entries of L and U together, diagonal included: 2 (|L| + n), with |L| the strictly lower
     * entries of the Cholesky factor of the pattern of A + A^T in the approximate-minimum-degree
     * order (Amestoy, Davis & Duff 1996, SIAM J. Matrix Anal. Appl. 17(4)), which is the order
     * and the size KLU (Davis & Palamadai Natarajan 2010, ACM TOMS 37(3)) starts its
     * factorization with. MUMPS, which the eigensolvers use, orders for less fill.
     */
    std::uint64_t factor_entries = 0;
  };

  /**
   * The FactorFill of a matrix with the pattern @p pattern: the rows of every rank are gathered
   * on rank 0 and ordered there with Trilinos' copy of AMD (the code Amesos_Klu orders with);
   * every rank gets the result. The pattern is treated as symmetric (A + A^T).
   */
  FactorFill
  estimate_factor_fill(const dealii::TrilinosWrappers::SparsityPattern &pattern,
                       MPI_Comm                                         communicator);

  /**
   * The same for a pattern given in compressed-row form on one process: @p row_starts (n + 1
   * offsets into @p columns) and @p columns (0-based column indices, any order, duplicates
   * allowed).
   */
  FactorFill
  estimate_factor_fill(const std::vector<int> &row_starts, const std::vector<int> &columns);
} // namespace corot::solvers
