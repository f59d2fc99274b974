#include <src/solvers/eigen_solver.h>
#include <src/solvers/matrix_entries.h>
#include <src/solvers/shift_invert_operator.h>

#include <deal.II/base/mpi.h>

#include <AnasaziBasicEigenproblem.hpp>
#include <AnasaziBlockKrylovSchurSolMgr.hpp>
#include <AnasaziEpetraAdapter.hpp>
#include <Epetra_Import.h>
#include <Epetra_LocalMap.h>
#include <Epetra_MultiVector.h>
#include <Teuchos_ParameterList.hpp>
#include <Teuchos_RCP.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace corot::solvers
{
  namespace
  {
    using MultiVector = Epetra_MultiVector;
    using Operator    = Epetra_Operator;

    /**
     * Median over rows with mass of K_ii / M_ii: a typical element-level
     * eigenvalue, used to scale the negative shift.
     */
    double
    typical_diagonal_ratio(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                           const dealii::TrilinosWrappers::SparseMatrix &mass)
    {
      std::vector<double> ratios;
      for (const auto row : stiffness.locally_owned_range_indices())
        {
          const double m = mass.diag_element(row);
          const double k = stiffness.diag_element(row);
          if (m > 0.0 && k > 0.0)
            ratios.push_back(k / m);
        }
      std::vector<double> all;
      for (const auto &part :
           dealii::Utilities::MPI::all_gather(stiffness.get_mpi_communicator(), ratios))
        all.insert(all.end(), part.begin(), part.end());
      if (all.empty())
        throw std::runtime_error("the mass matrix is zero: no density or point mass in the model");
      std::nth_element(all.begin(), all.begin() + all.size() / 2, all.end());
      return all[all.size() / 2];
    }


    /**
     * Dense path for small systems, where a Krylov method has too little room:
     * DOFs without mass (constrained rows and massless DOFs: a row of a
     * positive semi-definite M with zero diagonal is zero) are condensed
     * statically, which is exact, and the remaining symmetric-definite
     * problem is solved with Eigen's generalized self-adjoint solver.
     */
    EigenPairs
    solve_dense(const dealii::TrilinosWrappers::SparseMatrix &stiffness_matrix,
                const dealii::TrilinosWrappers::SparseMatrix &mass_matrix, const unsigned n_pairs,
                const double lower_bound)
    {
      const Eigen::MatrixXd k     = to_dense(stiffness_matrix);
      const Eigen::MatrixXd m     = to_dense(mass_matrix);
      const double          scale = std::max(m.diagonal().cwiseAbs().maxCoeff(), 1e-300);
      std::vector<int>      with_mass, without_mass;
      for (int i = 0; i < m.rows(); ++i)
        (m(i, i) > 1e-14 * scale ? with_mass : without_mass).push_back(i);
      if (with_mass.empty())
        throw std::runtime_error("the mass matrix is zero: no density or point mass in the model");

      const Eigen::MatrixXd k_mm = k(with_mass, with_mass), m_mm = m(with_mass, with_mass);
      Eigen::MatrixXd       k_reduced = k_mm,
                      back = Eigen::MatrixXd::Zero(without_mass.size(), with_mass.size());
      if (!without_mass.empty())
        {
          const Eigen::MatrixXd                   k_ss = k(without_mass, without_mass);
          const Eigen::MatrixXd                   k_sm = k(without_mass, with_mass);
          const Eigen::FullPivLU<Eigen::MatrixXd> lu(k_ss);
          if (!lu.isInvertible())
            throw std::runtime_error("a massless DOF has no stiffness (an unrestrained mechanism)");
          back      = -lu.solve(k_sm);
          k_reduced = k_mm + k_sm.transpose() * back;
        }
      const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(
        0.5 * (k_reduced + k_reduced.transpose()), m_mm);
      if (solver.info() != Eigen::Success)
        throw std::runtime_error(
          "the dense eigensolver failed (is the mass matrix positive definite?)");

      EigenPairs result;
      for (int j = 0; j < solver.eigenvalues().size() && result.eigenvalues.size() < n_pairs; ++j)
        {
          const double lambda = solver.eigenvalues()[j];
          if (lower_bound > 0.0 && lambda < lower_bound)
            continue;
          Eigen::VectorXd       x   = Eigen::VectorXd::Zero(k.rows());
          const Eigen::VectorXd x_m = solver.eigenvectors().col(j);
          x(with_mass)              = x_m;
          if (!without_mass.empty())
            x(without_mass) = back * x_m;
          const Eigen::VectorXd kx = k * x, mx = m * x;
          const double          denominator =
            kx.norm() +
            (std::abs(lambda) + 1e-12 * k.diagonal().cwiseAbs().maxCoeff() / scale) * mx.norm();
          result.eigenvalues.push_back(lambda);
          result.residuals.push_back((kx - lambda * mx).norm() / denominator);
          result.eigenvectors.push_back(x / std::sqrt(x.dot(mx)));
        }
      return result;
    }
  } // namespace

  Eigen::MatrixXd
  to_dense(const dealii::TrilinosWrappers::SparseMatrix &matrix)
  {
    std::vector<std::tuple<unsigned, unsigned, double>> local;
    for_each_owned_entry(matrix,
                         [&](const unsigned row, const unsigned column, const double value) {
                           local.emplace_back(row, column, value);
                         });
    Eigen::MatrixXd dense = Eigen::MatrixXd::Zero(matrix.m(), matrix.n());
    for (const auto &part :
         dealii::Utilities::MPI::all_gather(matrix.get_mpi_communicator(), local))
      for (const auto &[i, j, value] : part)
        dense(i, j) += value;
    return dense;
  }

  EigenPairs
  solve_generalized_eigenproblem(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                                 const dealii::TrilinosWrappers::SparseMatrix &mass,
                                 const unsigned n_pairs, const double lower_bound,
                                 const double residual_tolerance)
  {
    const unsigned n_rows = stiffness.m();
    if (n_rows <= 200)
      return solve_dense(stiffness, mass, n_pairs, lower_bound);
    const double scale = typical_diagonal_ratio(stiffness, mass);
    // A small negative shift keeps K - sigma M positive definite for free-free
    // structures; eigenvalues come from Rayleigh quotients, so the shift costs
    // no accuracy.
    const double shift = lower_bound > 0.0 ? lower_bound : -1e-6 * scale;

    dealii::TrilinosWrappers::SparseMatrix shifted;
    shifted.copy_from(stiffness);
    shifted.add(-shift, mass);

    const Epetra_CrsMatrix &k_matrix = stiffness.trilinos_matrix();
    const Epetra_CrsMatrix &m_matrix = mass.trilinos_matrix();

    const unsigned wanted = std::min<unsigned>(n_rows, lower_bound > 0.0 ? 2 * n_pairs : n_pairs);
    const int      block_size = static_cast<int>(std::min<unsigned>(6, std::max(1u, n_rows / 4)));
    const int      n_blocks   = std::max<int>(3, std::min<int>(n_rows / std::max(1, block_size) - 1,
                                                        (2 * wanted + 12) / block_size + 2));

    auto op = Teuchos::rcp(new ShiftInvertOperator(shifted.trilinos_matrix(), m_matrix));
    Teuchos::RCP<Operator> mass_operator =
      Teuchos::rcp(const_cast<Epetra_CrsMatrix *>(&m_matrix), false);

    // Start from OP applied to random vectors, so that constrained rows
    // (zero mass) are already zero.
    MultiVector random(m_matrix.OperatorDomainMap(), block_size);
    random.SetSeed(12345u);
    random.Random();
    auto initial = Teuchos::rcp(new MultiVector(m_matrix.OperatorDomainMap(), block_size));
    op->Apply(random, *initial);

    auto problem =
      Teuchos::rcp(new Anasazi::BasicEigenproblem<double, MultiVector, Operator>(op, initial));
    problem->setM(mass_operator);
    problem->setHermitian(true);
    problem->setNEV(static_cast<int>(wanted));
    if (!problem->setProblem())
      throw std::runtime_error("Anasazi rejected the eigenproblem set-up");

    Teuchos::ParameterList parameters;
    parameters.set("Which", std::string("LM"));
    parameters.set("Block Size", block_size);
    parameters.set("Num Blocks", n_blocks);
    parameters.set("Maximum Restarts", 500);
    parameters.set("Convergence Tolerance", 1e-11);
    parameters.set("Verbosity", static_cast<int>(Anasazi::Errors));
    Anasazi::BlockKrylovSchurSolMgr<double, MultiVector, Operator> manager(problem, parameters);
    const Anasazi::ReturnType                                      status = manager.solve();
    const auto &solution                                                  = problem->getSolution();
    if (status != Anasazi::Converged ||
        solution.numVecs < static_cast<int>(std::min(wanted, n_rows)))
      throw std::runtime_error("the Anasazi eigensolver did not converge (" +
                               std::to_string(solution.numVecs) + " of " + std::to_string(wanted) +
                               " eigenpairs found)");

    const MultiVector &vectors = *solution.Evecs;
    const int          found   = solution.numVecs;
    MultiVector        k_times(k_matrix.OperatorRangeMap(), found);
    MultiVector        m_times(m_matrix.OperatorRangeMap(), found);
    k_matrix.Multiply(false, vectors, k_times);
    m_matrix.Multiply(false, vectors, m_times);
    std::vector<double> x_k_x(found), x_m_x(found);
    vectors.Dot(k_times, x_k_x.data());
    vectors.Dot(m_times, x_m_x.data());

    Epetra_LocalMap replicated_map(static_cast<int>(n_rows), 0, m_matrix.Comm());
    Epetra_Import   importer(replicated_map, m_matrix.OperatorDomainMap());
    MultiVector     replicated(replicated_map, found);
    replicated.Import(vectors, importer, Insert);

    struct Pair
    {
      double lambda, residual;
      int    column;
    };
    std::vector<Pair> pairs;
    for (int j = 0; j < found; ++j)
      {
        const double lambda = x_k_x[j] / x_m_x[j];
        MultiVector  r(k_matrix.OperatorRangeMap(), 1);
        double       r_norm = 0.0, k_norm = 0.0, m_norm = 0.0;
        for (int i = 0; i < r.MyLength(); ++i)
          r[0][i] = k_times[j][i] - lambda * m_times[j][i];
        r.Norm2(&r_norm);
        MultiVector kx(View, k_times, j, 1), mx(View, m_times, j, 1);
        kx.Norm2(&k_norm);
        mx.Norm2(&m_norm);
        const double denominator =
          k_norm + (std::abs(lambda) + std::abs(shift) + 1e-12 * scale) * m_norm;
        pairs.push_back({lambda, r_norm / denominator, j});
      }
    std::sort(pairs.begin(), pairs.end(),
              [](const Pair &a, const Pair &b) { return a.lambda < b.lambda; });

    EigenPairs result;
    result.restarts      = manager.getNumIters();
    result.factorization = op->description();
    for (const Pair &pair : pairs)
      {
        if (lower_bound > 0.0 && pair.lambda < lower_bound)
          continue;
        if (result.eigenvalues.size() == n_pairs)
          break;
        if (!(pair.residual <= residual_tolerance))
          throw std::runtime_error("eigenpair " + std::to_string(result.eigenvalues.size() + 1) +
                                   " (lambda = " + std::to_string(pair.lambda) +
                                   ") failed the residual check: " + std::to_string(pair.residual));
        Eigen::VectorXd x(n_rows);
        const double    norm = std::sqrt(x_m_x[pair.column]);
        for (unsigned i = 0; i < n_rows; ++i)
          x[i] = replicated[pair.column][i] / norm;
        result.eigenvalues.push_back(pair.lambda);
        result.eigenvectors.push_back(std::move(x));
        result.residuals.push_back(pair.residual);
      }
    return result;
  }
} // namespace corot::solvers
