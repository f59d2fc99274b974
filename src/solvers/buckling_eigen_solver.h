#pragma once
/**
 * @file
 * Linear buckling eigenproblem (K + lambda K_g) x = 0 for the load factors
 * lambda of a reference load.
 */
#include <src/solvers/eigen_solver.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

namespace corot::solvers
{
  /**
   * Largest system solved densely by default: below it a Krylov subspace of
   * 2 n + 12 vectors is no longer small against the system, small models often
   * have fewer positive load factors than requested (which a Krylov method
   * would have to resolve among the zero eigenvalues), and the dense solve
   * costs milliseconds (as the dense path of solve_generalized_eigenproblem).
   */
  constexpr unsigned buckling_max_dense_rows = 200;

  /**
   * The @p n_pairs smallest positive load factors lambda of
   * (K + lambda K_g) x = 0, ascending, with K symmetric positive definite
   * (constrained rows carry a diagonal entry only) and K_g the geometric
   * stiffness of the reference load (constrained rows and columns zero).
   *
   * Solved as the symmetric-definite problem -K_g x = mu K x, mu = 1/lambda,
   * whose largest positive mu are wanted (negative ones, buckling under the
   * reversed load, are skipped). Systems of more than @p max_dense_rows rows
   * are solved with Trilinos Anasazi (Block Krylov-Schur, "LR") on the
   * operator K^{-1}(-K_g), which is self-adjoint in the K inner product:
   * shift-and-invert about lambda = 0 with K factorized once by MUMPS
   * (ShiftInvertOperator), the matrices staying distributed. Smaller systems
   * are solved with Eigen's generalized self-adjoint solver on dense copies.
   * The eigenvalues are Rayleigh quotients of the converged vectors.
   *
   * K_g is used through its symmetric part; @p skewness returns
   * |K_g - K_g^T|_F/|K_g|_F (zero up to round-off for conservative loads at
   * equilibrium). Vectors are K-normalised (x^T K x = 1); residuals are
   * |K x + lambda K_g x| / (|K x| + |lambda| |K_g x|). Throws
   * std::runtime_error if no positive load factor exists, Anasazi does not
   * converge or a residual exceeds @p residual_tolerance.
   */
  EigenPairs
  solve_buckling_eigenproblem(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                              const dealii::TrilinosWrappers::SparseMatrix &geometric,
                              unsigned n_pairs, double &skewness, double residual_tolerance = 1e-6,
                              unsigned max_dense_rows = buckling_max_dense_rows);
} // namespace corot::solvers
