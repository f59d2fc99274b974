#pragma once
/**
 * @file
 * Generalized symmetric eigenproblems K x = lambda M x with Trilinos Anasazi
 * (Block Krylov-Schur on the shift-and-invert operator).
 */
#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace corot::solvers
{
  /** Eigenpairs in increasing order of lambda, with replicated eigenvectors. */
  struct EigenPairs
  {
    std::vector<double>          eigenvalues;
    std::vector<Eigen::VectorXd> eigenvectors; ///< M-normalised (x^T M x = 1)
    std::vector<double> residuals; ///< |K x - lambda M x| / (|K x| + |lambda| |M x| + scale |M x|)
    unsigned            restarts = 0;
    std::string         factorization; ///< ShiftInvertOperator::description(); empty: dense path
  };

  /** A replicated dense copy of a (small) distributed matrix. */
  Eigen::MatrixXd
  to_dense(const dealii::TrilinosWrappers::SparseMatrix &matrix);

  /**
   * Lowest eigenpairs of K x = lambda M x, or those above @p lower_bound.
   *
   * Shift-and-invert about a negative shift (or about @p lower_bound) so
   * that free-free structures (singular K) work: their rigid-body modes come
   * out with lambda ~ 0. A block size of six lets the six rigid-body modes
   * and repeated pairs all be found. Eigenvalues are Rayleigh quotients of
   * the converged vectors, and every returned pair's residual is checked;
   * throws std::runtime_error if Anasazi does not converge or a residual
   * exceeds @p residual_tolerance.
   */
  EigenPairs
  solve_generalized_eigenproblem(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                                 const dealii::TrilinosWrappers::SparseMatrix &mass,
                                 unsigned n_pairs, double lower_bound,
                                 double residual_tolerance = 1e-6);
} // namespace corot::solvers
