#include <src/cms/component_basis.h>

#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>

#include <chrono>
#include <stdexcept>

namespace corot::cms
{
  namespace
  {
    double
    seconds_since(const std::chrono::steady_clock::time_point start)
    {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    /** Rows/columns @p keep of @p matrix. */
    SparseMatrix
    submatrix(const SparseMatrix &matrix, const std::vector<int> &rows,
              const std::vector<int> &cols)
    {
      std::vector<int> row_map(matrix.rows(), -1), col_map(matrix.cols(), -1);
      for (unsigned i = 0; i < rows.size(); ++i)
        row_map[rows[i]] = i;
      for (unsigned j = 0; j < cols.size(); ++j)
        col_map[cols[j]] = j;
      std::vector<Eigen::Triplet<double>> triplets;
      for (int col = 0; col < matrix.outerSize(); ++col)
        for (SparseMatrix::InnerIterator it(matrix, col); it; ++it)
          if (row_map[it.row()] >= 0 && col_map[it.col()] >= 0)
            triplets.emplace_back(row_map[it.row()], col_map[it.col()], it.value());
      SparseMatrix result(rows.size(), cols.size());
      result.setFromTriplets(triplets.begin(), triplets.end());
      return result;
    }

    /**
     * The component's matrices in its own basis W = [Phi, Psi_r]: W^T K W and
     * W^T M W, kept with the basis so that a synthesis reuses them (the
     * reduced matrices are then sums of P_c^T (W^T K W) P_c, no product with
     * the component's physical DOFs; see synthesize_free_interface).
     */
    void
    generalize(const Component &component, ComponentBasis &basis)
    {
      Eigen::MatrixXd w(component.n_dofs(), basis.kept.modes.cols() + basis.attachment.cols());
      w << basis.kept.modes, basis.attachment;
      const Eigen::MatrixXd k     = w.transpose() * (component.stiffness * w);
      const Eigen::MatrixXd m     = w.transpose() * (component.mass * w);
      basis.generalized_stiffness = 0.5 * (k + k.transpose());
      basis.generalized_mass      = 0.5 * (m + m.transpose());
    }
  } // namespace

  ComponentBasis
  free_interface_basis(const Component &component, const double lambda_cut, const bool residual)
  {
    const auto     start = std::chrono::steady_clock::now();
    ComponentBasis basis;
    basis.kept                 = modes_below(component.stiffness, component.mass, lambda_cut);
    const unsigned n_interface = component.interface_local.size();
    if (!residual || n_interface == 0)
      {
        basis.attachment.resize(component.n_dofs(), 0);
        generalize(component, basis);
        basis.seconds = seconds_since(start);
        return basis;
      }

    const unsigned        n       = component.n_dofs();
    const unsigned        n_rigid = basis.kept.n_rigid;
    const Eigen::MatrixXd rigid   = basis.kept.modes.leftCols(n_rigid);
    const Eigen::MatrixXd m_rigid = component.mass * rigid; // M Phi_r

    // Unit loads at the interface DOFs, projected by P = I - M Phi_r Phi_r^T
    // (self-equilibrated by the rigid-body inertia forces).
    Eigen::MatrixXd loads = Eigen::MatrixXd::Zero(n, n_interface);
    for (unsigned k = 0; k < n_interface; ++k)
      loads(component.interface_local[k], k) = 1.0;
    Eigen::MatrixXd projected = loads - m_rigid * (rigid.transpose() * loads);

    Eigen::MatrixXd flexibility; // P^T K^+ P loads, the elastic flexibility
    if (n_rigid == 0)
      {
        Eigen::SimplicialLDLT<SparseMatrix> factor(component.stiffness);
        if (factor.info() != Eigen::Success)
          throw std::runtime_error("component " + component.name +
                                   ": stiffness factorization failed for the residual flexibility");
        flexibility = factor.solve(projected);
      }
    else
      {
        // Bordered system [K  M Phi_r; Phi_r^T M  0] [x; mu] = [P b; 0]:
        // K x = P b with x M-orthogonal to the rigid modes, i.e. x is the
        // elastic flexibility sum_e phi_e phi_e^T b / lambda_e.
        std::vector<Eigen::Triplet<double>> triplets;
        for (int col = 0; col < component.stiffness.outerSize(); ++col)
          for (SparseMatrix::InnerIterator it(component.stiffness, col); it; ++it)
            triplets.emplace_back(it.row(), it.col(), it.value());
        for (unsigned r = 0; r < n_rigid; ++r)
          for (unsigned i = 0; i < n; ++i)
            if (m_rigid(i, r) != 0.0)
              {
                triplets.emplace_back(i, n + r, m_rigid(i, r));
                triplets.emplace_back(n + r, i, m_rigid(i, r));
              }
        SparseMatrix bordered(n + n_rigid, n + n_rigid);
        bordered.setFromTriplets(triplets.begin(), triplets.end());
        bordered.makeCompressed();
        Eigen::SparseLU<SparseMatrix> lu;
        lu.compute(bordered);
        if (lu.info() != Eigen::Success)
          throw std::runtime_error("component " + component.name +
                                   ": the inertia-relief system is singular (more zero-energy "
                                   "modes than the rigid-body modes found?)");
        Eigen::MatrixXd rhs = Eigen::MatrixXd::Zero(n + n_rigid, n_interface);
        rhs.topRows(n)      = projected;
        flexibility         = lu.solve(rhs).topRows(n);
        // Clean the round-off rigid content (P^T x).
        flexibility -= rigid * (m_rigid.transpose() * flexibility);
      }
    for (unsigned k = 0; k < n_interface; ++k)
      basis.flexibility_scale =
        std::max(basis.flexibility_scale, std::abs(flexibility(component.interface_local[k], k)));
    // Subtract the kept elastic modes: G_r = G_e - Phi_k Lambda_k^{-1} Phi_k^T.
    const unsigned        n_elastic      = basis.kept.modes.cols() - n_rigid;
    const Eigen::MatrixXd elastic        = basis.kept.modes.rightCols(n_elastic);
    const Eigen::VectorXd inverse_lambda = basis.kept.eigenvalues.tail(n_elastic).cwiseInverse();
    basis.attachment =
      flexibility - elastic * inverse_lambda.asDiagonal() * (elastic.transpose() * loads);
    generalize(component, basis);
    basis.seconds = seconds_since(start);
    return basis;
  }

  ComponentBasis
  craig_bampton_basis(const Component &component, const double lambda_cut)
  {
    const auto        start = std::chrono::steady_clock::now();
    const unsigned    n     = component.n_dofs();
    std::vector<int>  boundary(component.interface_local.begin(), component.interface_local.end());
    std::vector<bool> is_boundary(n, false);
    for (const int b : boundary)
      is_boundary[b] = true;
    std::vector<int> interior;
    for (unsigned i = 0; i < n; ++i)
      if (!is_boundary[i])
        interior.push_back(i);

    ComponentBasis basis;
    if (interior.empty())
      {
        // Every DOF on the interface (a single truss between a support and
        // the interface): no fixed-interface modes, the constraint modes are
        // the identity.
        basis.kept.eigenvalues = Eigen::VectorXd(0);
        basis.kept.modes       = Eigen::MatrixXd::Zero(n, 0);
        basis.attachment       = Eigen::MatrixXd::Identity(n, n);
        basis.seconds          = seconds_since(start);
        return basis;
      }
    const SparseMatrix k_ii  = submatrix(component.stiffness, interior, interior);
    const SparseMatrix m_ii  = submatrix(component.mass, interior, interior);
    const ModeSet      fixed = modes_below(k_ii, m_ii, lambda_cut);
    if (fixed.n_rigid > 0)
      throw std::runtime_error("component " + component.name +
                               ": it moves freely with its interface held (" +
                               std::to_string(fixed.n_rigid) +
                               " zero-frequency fixed-interface modes); Craig-Bampton needs an "
                               "interface that restrains it");
    basis.kept.eigenvalues                 = fixed.eigenvalues;
    basis.kept.modes                       = Eigen::MatrixXd::Zero(n, fixed.modes.cols());
    basis.kept.modes(interior, Eigen::all) = fixed.modes;

    basis.attachment = Eigen::MatrixXd::Zero(n, boundary.size());
    if (!boundary.empty())
      {
        const SparseMatrix k_ib = submatrix(component.stiffness, interior, boundary);
        Eigen::SimplicialLDLT<SparseMatrix> factor(k_ii);
        if (factor.info() != Eigen::Success)
          throw std::runtime_error("component " + component.name +
                                   ": interior stiffness is singular with the interface held");
        const Eigen::MatrixXd interior_part    = -factor.solve(Eigen::MatrixXd(k_ib));
        basis.attachment(interior, Eigen::all) = interior_part;
        for (unsigned k = 0; k < boundary.size(); ++k)
          basis.attachment(boundary[k], k) = 1.0;
      }
    basis.seconds = seconds_since(start);
    return basis;
  }
} // namespace corot::cms
