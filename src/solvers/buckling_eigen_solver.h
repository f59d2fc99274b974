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
   * The @p n_pairs smallest positive load factors lambda of
   * (K + lambda K_g) x = 0, ascending, with K symmetric positive definite
   * (constrained rows carry a diagonal entry only) and K_g the geometric
   * stiffness of the reference load (constrained rows and columns zero).
   *
   * Solved as the symmetric-definite problem -K_g x = mu K x, mu = 1/lambda,
   * whose largest positive mu are wanted (negative ones, buckling under the
   * reversed load, are skipped), with Eigen's generalized self-adjoint
   * solver on dense copies (the dense path of solve_generalized_eigenproblem;
   * up to 3000 DOFs, beyond which it throws: a sparse Anasazi path on
   * K^{-1}(-K_g) in the K inner product is not written yet). K_g is used
   * through its symmetric part; @p skewness returns |K_g - K_g^T|/|K_g|
   * (zero up to round-off for conservative loads at equilibrium). Vectors
   * are K-normalised (x^T K x = 1); residuals are
   * |K x + lambda K_g x| / (|K x| + |lambda| |K_g x|). Throws
   * std::runtime_error if no positive load factor exists or a residual
   * exceeds @p residual_tolerance.
   */
  EigenPairs
  solve_buckling_eigenproblem(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                              const dealii::TrilinosWrappers::SparseMatrix &geometric,
                              unsigned n_pairs, double &skewness,
                              double residual_tolerance = 1e-6);
} // namespace corot::solvers
