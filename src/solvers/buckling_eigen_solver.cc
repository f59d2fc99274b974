#include <src/solvers/buckling_eigen_solver.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace corot::solvers
{
  namespace
  {
    /** One pair (mu = 1/lambda, x) of -K_g x = mu K x. */
    /** Largest system solved densely (a 3000 x 3000 generalized problem takes seconds). */
    constexpr unsigned max_dense_rows = 3000;

    struct Candidate
    {
      double          mu;
      Eigen::VectorXd x;
    };

    /** Load factors 1/mu of the positive mu, largest mu first, checked and K-normalised. */
    EigenPairs
    load_factors(std::vector<Candidate> candidates, const Eigen::MatrixXd &k, const Eigen::MatrixXd &k_g,
                 const unsigned n_pairs, const double residual_tolerance)
    {
      double largest = 0.0;
      for (const Candidate &c : candidates)
        largest = std::max(largest, std::abs(c.mu));
      std::sort(candidates.begin(), candidates.end(),
                [](const Candidate &a, const Candidate &b) { return a.mu > b.mu; });
      EigenPairs result;
      for (const Candidate &c : candidates)
        {
          if (result.eigenvalues.size() == n_pairs || !(c.mu > 1e-12 * largest))
            break;
          const double          lambda = 1.0 / c.mu;
          const Eigen::VectorXd kx = k * c.x, gx = k_g * c.x;
          const double residual = (kx + lambda * gx).norm() / (kx.norm() + std::abs(lambda) * gx.norm());
          if (!(residual <= residual_tolerance))
            throw std::runtime_error("buckling eigenpair " + std::to_string(result.eigenvalues.size() + 1) +
                                     " (load factor " + std::to_string(lambda) +
                                     ") failed the residual check: " + std::to_string(residual));
          result.eigenvalues.push_back(lambda);
          result.residuals.push_back(residual);
          result.eigenvectors.push_back(c.x / std::sqrt(c.x.dot(kx)));
        }
      if (result.eigenvalues.empty())
        throw std::runtime_error("no positive buckling load factor: the geometric stiffness of the "
                                 "load does not soften the structure");
      return result;
    }
  } // namespace

  EigenPairs
  solve_buckling_eigenproblem(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                              const dealii::TrilinosWrappers::SparseMatrix &geometric,
                              const unsigned n_pairs, double &skewness, const double residual_tolerance)
  {
    const unsigned        n_rows = stiffness.m();
    if (n_rows > max_dense_rows)
      throw std::runtime_error("*BUCKLE is solved densely in this release and supports up to " +
                               std::to_string(max_dense_rows) + " DOFs (this model has " +
                               std::to_string(n_rows) + ")");
    const Eigen::MatrixXd k      = to_dense(stiffness);
    Eigen::MatrixXd       k_g    = to_dense(geometric);
    skewness                     = (k_g - k_g.transpose()).norm() / std::max(k_g.norm(), 1e-300);
    k_g                          = 0.5 * (k_g + k_g.transpose());

    const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(-k_g, 0.5 * (k + k.transpose()));
    if (solver.info() != Eigen::Success)
      throw std::runtime_error("the dense buckling eigensolver failed (is K positive definite?)");
    std::vector<Candidate> candidates;
    for (int j = 0; j < solver.eigenvalues().size(); ++j)
      candidates.push_back({solver.eigenvalues()[j], solver.eigenvectors().col(j)});
    return load_factors(std::move(candidates), k, k_g, n_pairs, residual_tolerance);
  }
} // namespace corot::solvers
