#include <src/core/number_text.h>
#include <src/solvers/buckling_eigen_solver.h>
#include <src/solvers/shift_invert_operator.h>

#include <AnasaziBasicEigenproblem.hpp>
#include <AnasaziBlockKrylovSchurSolMgr.hpp>
#include <AnasaziEpetraAdapter.hpp>
#include <EpetraExt_MatrixMatrix.h>
#include <Epetra_Import.h>
#include <Epetra_LocalMap.h>
#include <Epetra_MultiVector.h>
#include <Teuchos_ParameterList.hpp>
#include <Teuchos_RCP.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

namespace corot::solvers
{
  namespace
  {
    using MultiVector = Epetra_MultiVector;
    using Operator    = Epetra_Operator;

    /** One pair (mu = 1/lambda, x) of -K_g x = mu K x. */
    struct Candidate
    {
      double          mu;
      Eigen::VectorXd x;
    };

    /** Load factors 1/mu of the positive mu, largest mu first, checked and K-normalised. */
    EigenPairs
    load_factors(std::vector<Candidate> candidates, const Eigen::MatrixXd &k,
                 const Eigen::MatrixXd &k_g, const unsigned n_pairs,
                 const double residual_tolerance)
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
          const double          residual =
            (kx + lambda * gx).norm() / (kx.norm() + std::abs(lambda) * gx.norm());
          if (!(residual <= residual_tolerance))
            throw std::runtime_error("buckling eigenpair " +
                                     std::to_string(result.eigenvalues.size() + 1) +
                                     " (load factor " + core::number_text(lambda) +
                                     ") failed the residual check: " + std::to_string(residual));
          result.eigenvalues.push_back(lambda);
          result.residuals.push_back(residual);
          result.eigenvectors.push_back(c.x / std::sqrt(c.x.dot(kx)));
        }
      return result;
    }

    /** Dense copies and Eigen's generalized self-adjoint solver (small systems). */
    EigenPairs
    solve_dense(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                const dealii::TrilinosWrappers::SparseMatrix &geometric, const unsigned n_pairs,
                const double residual_tolerance)
    {
      const Eigen::MatrixXd k   = to_dense(stiffness);
      const Eigen::MatrixXd k_g = 0.5 * (to_dense(geometric) + to_dense(geometric).transpose());
      const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(-k_g,
                                                                             0.5 *
                                                                               (k + k.transpose()));
      if (solver.info() != Eigen::Success)
        throw std::runtime_error("the dense buckling eigensolver failed (is K positive definite?)");
      std::vector<Candidate> candidates;
      for (int j = 0; j < solver.eigenvalues().size(); ++j)
        candidates.push_back({solver.eigenvalues()[j], solver.eigenvectors().col(j)});
      return load_factors(std::move(candidates), k, k_g, n_pairs, residual_tolerance);
    }

    /** alpha A + beta A^T, distributed as A (EpetraExt forms the transpose). */
    std::unique_ptr<Epetra_CrsMatrix>
    add_transpose(const Epetra_CrsMatrix &a, const double alpha, const double beta)
    {
      Epetra_CrsMatrix *sum = nullptr;
      if (EpetraExt::MatrixMatrix::Add(a, false, alpha, a, true, beta, sum) != 0 || sum == nullptr)
        {
          delete sum;
          throw std::runtime_error("forming the symmetric part of the geometric stiffness failed");
        }
      std::unique_ptr<Epetra_CrsMatrix> owned(sum);
      owned->FillComplete(a.OperatorDomainMap(), a.OperatorRangeMap());
      return owned;
    }

    /**
     * Anasazi on K^{-1}(-K_g) in the K inner product (self-adjoint there;
     * its eigenvalues are mu = 1/lambda, so the largest positive mu are the
     * smallest positive load factors), with @p minus_k_g = -(K_g + K_g^T)/2.
     */
    EigenPairs
    solve_sparse(const Epetra_CrsMatrix &k_matrix, const Epetra_CrsMatrix &minus_k_g,
                 const unsigned n_pairs, const double residual_tolerance)
    {
      const unsigned n_rows     = k_matrix.NumGlobalRows();
      const unsigned wanted     = std::min(n_pairs, n_rows);
      const int      block_size = static_cast<int>(std::min<unsigned>(6, std::max(1u, n_rows / 4)));
      const int      n_blocks = std::max<int>(3, std::min<int>(n_rows / std::max(1, block_size) - 1,
                                                          (2 * wanted + 12) / block_size + 2));

      // Y = K^{-1} (-K_g) X: the shift-and-invert operator with K in the role
      // of the shifted matrix and -K_g in that of the mass.
      auto                   op = Teuchos::rcp(new ShiftInvertOperator(k_matrix, minus_k_g));
      Teuchos::RCP<Operator> inner_product =
        Teuchos::rcp(const_cast<Epetra_CrsMatrix *>(&k_matrix), false);

      // Start from OP applied to random vectors: constrained rows (zero in
      // K_g) are then zero, as in every eigenvector.
      MultiVector random(k_matrix.OperatorDomainMap(), block_size);
      random.SetSeed(12345u);
      random.Random();
      auto initial = Teuchos::rcp(new MultiVector(k_matrix.OperatorDomainMap(), block_size));
      op->Apply(random, *initial);

      auto problem =
        Teuchos::rcp(new Anasazi::BasicEigenproblem<double, MultiVector, Operator>(op, initial));
      problem->setM(inner_product);
      problem->setHermitian(true);
      problem->setNEV(static_cast<int>(wanted));
      if (!problem->setProblem())
        throw std::runtime_error("Anasazi rejected the buckling eigenproblem set-up");

      Teuchos::ParameterList parameters;
      parameters.set("Which", std::string("LR"));
      parameters.set("Block Size", block_size);
      parameters.set("Num Blocks", n_blocks);
      parameters.set("Maximum Restarts", 500);
      parameters.set("Convergence Tolerance", 1e-11);
      parameters.set("Verbosity", static_cast<int>(Anasazi::Errors));
      Anasazi::BlockKrylovSchurSolMgr<double, MultiVector, Operator> manager(problem, parameters);
      const Anasazi::ReturnType                                      status = manager.solve();
      const auto &solution = problem->getSolution();
      if (status != Anasazi::Converged || solution.numVecs < static_cast<int>(wanted))
        throw std::runtime_error("the Anasazi buckling eigensolver did not converge (" +
                                 std::to_string(solution.numVecs) + " of " +
                                 std::to_string(wanted) + " load factors found)");

      const MultiVector &vectors = *solution.Evecs;
      const int          found   = solution.numVecs;
      MultiVector        k_times(k_matrix.OperatorRangeMap(), found);
      MultiVector        g_times(k_matrix.OperatorRangeMap(), found);
      k_matrix.Multiply(false, vectors, k_times);
      minus_k_g.Multiply(false, vectors, g_times);
      std::vector<double> x_k_x(found), x_g_x(found), k_norm(found), g_norm(found);
      vectors.Dot(k_times, x_k_x.data());
      vectors.Dot(g_times, x_g_x.data());
      k_times.Norm2(k_norm.data());
      g_times.Norm2(g_norm.data());

      struct Pair
      {
        double mu;
        int    column;
      };
      std::vector<Pair> pairs;
      double            largest = 0.0;
      for (int j = 0; j < found; ++j)
        {
          pairs.push_back({x_g_x[j] / x_k_x[j], j});
          largest = std::max(largest, std::abs(pairs.back().mu));
        }
      std::sort(pairs.begin(), pairs.end(),
                [](const Pair &a, const Pair &b) { return a.mu > b.mu; });

      Epetra_LocalMap replicated_map(static_cast<int>(n_rows), 0, k_matrix.Comm());
      Epetra_Import   importer(replicated_map, k_matrix.OperatorDomainMap());
      MultiVector     replicated(replicated_map, found);
      replicated.Import(vectors, importer, Insert);

      EigenPairs result;
      result.restarts      = manager.getNumIters();
      result.factorization = op->description();
      for (const Pair &pair : pairs)
        {
          if (result.eigenvalues.size() == n_pairs || !(pair.mu > 1e-12 * largest))
            break;
          const double lambda = 1.0 / pair.mu;
          // |K x + lambda K_g x| = |K x - lambda (-K_g x)|
          MultiVector r(k_matrix.OperatorRangeMap(), 1);
          for (int i = 0; i < r.MyLength(); ++i)
            r[0][i] = k_times[pair.column][i] - lambda * g_times[pair.column][i];
          double r_norm = 0.0;
          r.Norm2(&r_norm);
          const double residual =
            r_norm / (k_norm[pair.column] + std::abs(lambda) * g_norm[pair.column]);
          if (!(residual <= residual_tolerance))
            throw std::runtime_error("buckling eigenpair " +
                                     std::to_string(result.eigenvalues.size() + 1) +
                                     " (load factor " + core::number_text(lambda) +
                                     ") failed the residual check: " + std::to_string(residual));
          Eigen::VectorXd x(n_rows);
          const double    norm = std::sqrt(x_k_x[pair.column]);
          for (unsigned i = 0; i < n_rows; ++i)
            x[i] = replicated[pair.column][i] / norm;
          result.eigenvalues.push_back(lambda);
          result.residuals.push_back(residual);
          result.eigenvectors.push_back(std::move(x));
        }
      return result;
    }
  } // namespace

  EigenPairs
  solve_buckling_eigenproblem(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                              const dealii::TrilinosWrappers::SparseMatrix &geometric,
                              const unsigned n_pairs, double &skewness,
                              const double residual_tolerance, const unsigned max_dense_rows)
  {
    const Epetra_CrsMatrix &k_g       = geometric.trilinos_matrix();
    const auto              skew_part = add_transpose(k_g, 1.0, -1.0);
    skewness = skew_part->NormFrobenius() / std::max(k_g.NormFrobenius(), 1e-300);

    EigenPairs result;
    if (stiffness.m() <= max_dense_rows)
      result = solve_dense(stiffness, geometric, n_pairs, residual_tolerance);
    else
      result = solve_sparse(stiffness.trilinos_matrix(), *add_transpose(k_g, -0.5, -0.5), n_pairs,
                            residual_tolerance);
    if (result.eigenvalues.empty())
      throw std::runtime_error("no positive buckling load factor: the geometric stiffness of the "
                               "load does not soften the structure");
    return result;
  }
} // namespace corot::solvers
