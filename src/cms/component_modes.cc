#include <src/cms/component_modes.h>
#include <src/solvers/eigen_solver.h>

#include <deal.II/base/index_set.h>
#include <deal.II/lac/trilinos_sparsity_pattern.h>

#include <algorithm>
#include <stdexcept>

namespace corot::cms
{
  namespace
  {
    /**
     * Dense path: Eigen's generalized self-adjoint solver; DOFs without mass
     * are condensed statically first (exact), as in the dense branch of
     * solvers::solve_generalized_eigenproblem.
     */
    ModeSet
    dense_modes(const SparseMatrix &stiffness, const SparseMatrix &mass, const double lambda_cut)
    {
      const Eigen::MatrixXd k = Eigen::MatrixXd(stiffness), m = Eigen::MatrixXd(mass);
      const double          scale = std::max(m.diagonal().cwiseAbs().maxCoeff(), 1e-300);
      std::vector<int>      with_mass, without_mass;
      for (int i = 0; i < m.rows(); ++i)
        (m(i, i) > 1e-14 * scale ? with_mass : without_mass).push_back(i);
      Eigen::MatrixXd k_reduced = k(with_mass, with_mass);
      Eigen::MatrixXd back      = Eigen::MatrixXd::Zero(without_mass.size(), with_mass.size());
      if (!without_mass.empty())
        {
          const Eigen::MatrixXd                   k_sm = k(without_mass, with_mass);
          const Eigen::FullPivLU<Eigen::MatrixXd> lu(k(without_mass, without_mass));
          if (!lu.isInvertible())
            throw std::runtime_error("a DOF without mass has no stiffness (a mechanism)");
          back      = -lu.solve(k_sm);
          k_reduced = k_reduced + k_sm.transpose() * back;
        }
      const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(
        0.5 * (k_reduced + k_reduced.transpose()), m(with_mass, with_mass));
      if (solver.info() != Eigen::Success)
        throw std::runtime_error(
          "dense component eigensolver failed (mass not positive definite?)");
      int count = 0;
      while (count < solver.eigenvalues().size() && solver.eigenvalues()[count] < lambda_cut)
        ++count;
      ModeSet result;
      result.eigenvalues = solver.eigenvalues().head(count);
      result.modes       = Eigen::MatrixXd::Zero(k.rows(), count);
      for (int j = 0; j < count; ++j)
        {
          Eigen::VectorXd x = Eigen::VectorXd::Zero(k.rows());
          x(with_mass)      = solver.eigenvectors().col(j);
          if (!without_mass.empty())
            x(without_mass) = back * solver.eigenvectors().col(j);
          result.modes.col(j) = x;
        }
      return result;
    }

    /** Anasazi path, asking for more pairs until one exceeds the cut-off. */
    ModeSet
    sparse_modes(const SparseMatrix &stiffness, const SparseMatrix &mass, const double lambda_cut)
    {
      dealii::TrilinosWrappers::SparseMatrix k, m;
      to_trilinos(stiffness, k);
      to_trilinos(mass, m);
      const unsigned n      = stiffness.rows();
      unsigned       wanted = std::min<unsigned>(n, 24);
      while (true)
        {
          if (3 * wanted > n)
            return dense_modes(stiffness, mass, lambda_cut);
          const solvers::EigenPairs pairs =
            solvers::solve_generalized_eigenproblem(k, m, wanted, 0.0);
          if (pairs.eigenvalues.size() == wanted && pairs.eigenvalues.back() < lambda_cut)
            {
              wanted *= 2;
              continue;
            }
          unsigned count = 0;
          while (count < pairs.eigenvalues.size() && pairs.eigenvalues[count] < lambda_cut)
            ++count;
          ModeSet result;
          result.eigenvalues.resize(count);
          result.modes.resize(n, count);
          for (unsigned j = 0; j < count; ++j)
            {
              result.eigenvalues[j] = pairs.eigenvalues[j];
              result.modes.col(j)   = pairs.eigenvectors[j];
            }
          return result;
        }
    }
  } // namespace

  void
  to_trilinos(const SparseMatrix &matrix, dealii::TrilinosWrappers::SparseMatrix &result)
  {
    const unsigned   n = matrix.rows();
    dealii::IndexSet all(n);
    all.add_range(0, n);
    // A Trilinos pattern and the non-template reinit: reinit from a DynamicSparsityPattern is a
    // template whose std::enable_if return type gcc and clang mangle differently, so a clang
    // build (.ci/sanitizers) could not link it against Debian's gcc-built deal.II.
    dealii::TrilinosWrappers::SparsityPattern pattern(all, all, MPI_COMM_SELF);
    for (int col = 0; col < matrix.outerSize(); ++col)
      for (SparseMatrix::InnerIterator it(matrix, col); it; ++it)
        pattern.add(it.row(), it.col());
    for (unsigned i = 0; i < n; ++i)
      pattern.add(i, i);
    pattern.compress();
    result.reinit(pattern);
    for (int col = 0; col < matrix.outerSize(); ++col)
      for (SparseMatrix::InnerIterator it(matrix, col); it; ++it)
        result.set(it.row(), it.col(), it.value());
    result.compress(dealii::VectorOperation::insert);
  }

  ModeSet
  modes_below(const SparseMatrix &stiffness, const SparseMatrix &mass, const double lambda_cut)
  {
    ModeSet result = stiffness.rows() <= 400 ? dense_modes(stiffness, mass, lambda_cut) :
                                               sparse_modes(stiffness, mass, lambda_cut);
    // Rigid-body modes: eigenvalues negligible against the cut-off and against
    // the largest diagonal ratio K_ii / M_ii (the stiffest element scale).
    double largest_ratio = 0.0;
    for (int i = 0; i < stiffness.rows(); ++i)
      if (mass.coeff(i, i) > 0.0)
        largest_ratio = std::max(largest_ratio, stiffness.coeff(i, i) / mass.coeff(i, i));
    const double rigid_bound = std::min(1e-6 * lambda_cut, 1e-10 * largest_ratio);
    while (result.n_rigid < result.eigenvalues.size() &&
           result.eigenvalues[result.n_rigid] < rigid_bound)
      ++result.n_rigid;
    // Rigid-body modes span a degenerate eigenspace: make them exactly
    // M-orthonormal (modified Gram-Schmidt in the M inner product) and give
    // them lambda = 0, which is what they are.
    for (unsigned j = 0; j < result.modes.cols(); ++j)
      {
        Eigen::VectorXd x = result.modes.col(j);
        for (unsigned i = 0; i < j; ++i)
          x -= result.modes.col(i) * result.modes.col(i).dot(mass * x);
        result.modes.col(j) = x / std::sqrt(x.dot(mass * x));
        if (j < result.n_rigid)
          result.eigenvalues[j] = 0.0;
      }
    return result;
  }
} // namespace corot::cms
