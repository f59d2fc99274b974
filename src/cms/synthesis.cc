#include <src/cms/synthesis.h>

#include <stdexcept>

namespace corot::cms
{
  Eigen::MatrixXd
  ReducedModel::project(const unsigned c, const SparseMatrix &matrix) const
  {
    const Eigen::MatrixXd &t = transformation[c];
    return t.transpose() * (matrix * t);
  }

  Eigen::VectorXd
  ReducedModel::recover(const Substructuring &sub, const Eigen::VectorXd &xi) const
  {
    Eigen::VectorXd u     = Eigen::VectorXd::Zero(sub.n_dofs);
    Eigen::VectorXd count = Eigen::VectorXd::Zero(sub.n_dofs);
    for (unsigned c = 0; c < sub.components.size(); ++c)
      {
        const Eigen::VectorXd local = transformation[c] * xi;
        for (unsigned i = 0; i < local.size(); ++i)
          {
            u[sub.components[c].global_dofs[i]] += local[i];
            count[sub.components[c].global_dofs[i]] += 1.0;
          }
      }
    for (unsigned i = 0; i < u.size(); ++i)
      if (count[i] > 1.0)
        u[i] /= count[i]; // interface DOFs: the components agree; average the round-off
    return u;
  }

  void
  assemble_reduced_matrices(const Substructuring &sub, ReducedModel &model)
  {
    const unsigned n = model.transformation.empty() ? 0 : model.transformation.front().cols();
    model.stiffness  = Eigen::MatrixXd::Zero(n, n);
    model.mass       = Eigen::MatrixXd::Zero(n, n);
    for (unsigned c = 0; c < sub.components.size(); ++c)
      {
        model.stiffness += model.project(c, sub.components[c].stiffness);
        model.mass += model.project(c, sub.components[c].mass);
      }
    model.stiffness = 0.5 * (model.stiffness + model.stiffness.transpose()).eval();
    model.mass      = 0.5 * (model.mass + model.mass.transpose()).eval();
  }

  ReducedModel
  synthesize_free_interface(const Substructuring &sub, const std::vector<ComponentBasis> &bases)
  {
    const unsigned n_components = sub.components.size();
    // Column offsets of each component's modal amplitudes p_c and row
    // offsets of its interface slots.
    std::vector<unsigned> mode_offset(n_components + 1, 0), slot_offset(n_components + 1, 0);
    for (unsigned c = 0; c < n_components; ++c)
      {
        mode_offset[c + 1] = mode_offset[c] + bases[c].kept.modes.cols();
        slot_offset[c + 1] = slot_offset[c] + sub.components[c].interface_local.size();
      }
    const unsigned n_modes = mode_offset.back(), n_slots = slot_offset.back();

    // Compatibility matrix A: for each interface DOF, first slot minus each other slot.
    std::vector<std::vector<unsigned>> slots_of(sub.interface_dofs.size());
    for (unsigned c = 0; c < n_components; ++c)
      for (unsigned k = 0; k < sub.components[c].interface_global.size(); ++k)
        slots_of[sub.components[c].interface_global[k]].push_back(slot_offset[c] + k);
    unsigned n_constraints = 0;
    for (const auto &slots : slots_of)
      n_constraints += slots.size() - 1;
    Eigen::MatrixXd a   = Eigen::MatrixXd::Zero(n_constraints, n_slots);
    unsigned        row = 0;
    for (const auto &slots : slots_of)
      for (unsigned i = 1; i < slots.size(); ++i, ++row)
        {
          a(row, slots[0]) = 1.0;
          a(row, slots[i]) = -1.0;
        }

    // Phi_J (slots x modes) and Psi_rJ (block diagonal, slots x slots).
    Eigen::MatrixXd phi_j = Eigen::MatrixXd::Zero(n_slots, n_modes);
    Eigen::MatrixXd psi_j = Eigen::MatrixXd::Zero(n_slots, n_slots);
    for (unsigned c = 0; c < n_components; ++c)
      {
        const auto &local = sub.components[c].interface_local;
        for (unsigned k = 0; k < local.size(); ++k)
          {
            phi_j.block(slot_offset[c] + k, mode_offset[c], 1, bases[c].kept.modes.cols()) =
              bases[c].kept.modes.row(local[k]);
            if (bases[c].attachment.cols() > 0)
              psi_j.block(slot_offset[c] + k, slot_offset[c], 1, local.size()) =
                bases[c].attachment.row(local[k]);
          }
      }
    psi_j = 0.5 * (psi_j + psi_j.transpose()).eval();

    // F = A Psi_rJ A^T (symmetric semi-definite), split into range and null space.
    const Eigen::MatrixXd                          flexibility = a * psi_j * a.transpose();
    const Eigen::MatrixXd                          coupling    = a * phi_j; // A Phi_J
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(flexibility);
    // Residual flexibility below 1e-9 of the components' elastic flexibility
    // is round-off (every mode of that region kept): treat it as none.
    double scale = 0.0;
    for (const ComponentBasis &basis : bases)
      scale = std::max(scale, basis.flexibility_scale);
    std::vector<int> range, null;
    for (unsigned i = 0; i < n_constraints; ++i)
      (eigen.eigenvalues()[i] > 1e-9 * scale && scale > 0.0 ? range : null).push_back(i);
    const Eigen::MatrixXd v_range = eigen.eigenvectors()(Eigen::all, range);
    const Eigen::MatrixXd v_null  = eigen.eigenvectors()(Eigen::all, null);

    // p = N q: N spans the null space of V_null^T A Phi_J.
    Eigen::MatrixXd n_basis = Eigen::MatrixXd::Identity(n_modes, n_modes);
    if (!null.empty())
      {
        const Eigen::MatrixXd                   c_null = v_null.transpose() * coupling;
        const Eigen::JacobiSVD<Eigen::MatrixXd> svd(c_null, Eigen::ComputeFullV);
        const double                            tol =
          1e-10 * std::max(1e-300, svd.singularValues().size() ? svd.singularValues()[0] : 0.0);
        unsigned rank = 0;
        for (int i = 0; i < svd.singularValues().size(); ++i)
          if (svd.singularValues()[i] > tol)
            ++rank;
        n_basis = svd.matrixV().rightCols(n_modes - rank);
      }

    // g = F^+ A Phi_J p on the range of F.
    Eigen::VectorXd inverse = Eigen::VectorXd::Zero(range.size());
    for (unsigned i = 0; i < range.size(); ++i)
      inverse[i] = 1.0 / eigen.eigenvalues()[range[i]];
    const Eigen::MatrixXd g =
      v_range * inverse.asDiagonal() * v_range.transpose() * coupling * n_basis;
    const Eigen::MatrixXd a_t_g = a.transpose() * g; // slots x q

    // T_c = W_c P_c with W_c = [Phi_c, Psi_rc] and P_c = [N_c; -(A^T g)_c],
    // so T_c^T K_c T_c = P_c^T (W_c^T K_c W_c) P_c from the basis's cached
    // generalized matrices: only the changed components' products with their
    // physical matrices are recomputed in a re-analysis.
    ReducedModel   model;
    const unsigned n = n_basis.cols();
    model.stiffness  = Eigen::MatrixXd::Zero(n, n);
    model.mass       = Eigen::MatrixXd::Zero(n, n);
    for (unsigned c = 0; c < n_components; ++c)
      {
        const unsigned  n_c = bases[c].kept.modes.cols(), n_a = bases[c].attachment.cols();
        Eigen::MatrixXd p_c(n_c + n_a, n);
        p_c.topRows(n_c) = n_basis.middleRows(mode_offset[c], n_c);
        if (n_a > 0)
          p_c.bottomRows(n_a) =
            -a_t_g.middleRows(slot_offset[c], sub.components[c].interface_local.size());
        model.stiffness += p_c.transpose() * bases[c].generalized_stiffness * p_c;
        model.mass += p_c.transpose() * bases[c].generalized_mass * p_c;
        Eigen::MatrixXd t_c = bases[c].kept.modes * p_c.topRows(n_c);
        if (n_a > 0)
          t_c.noalias() += bases[c].attachment * p_c.bottomRows(n_a);
        model.transformation.push_back(std::move(t_c));
      }
    model.stiffness = 0.5 * (model.stiffness + model.stiffness.transpose()).eval();
    model.mass      = 0.5 * (model.mass + model.mass.transpose()).eval();
    return model;
  }

  ReducedModel
  synthesize_craig_bampton(const Substructuring &sub, const std::vector<ComponentBasis> &bases)
  {
    const unsigned n_interface = sub.interface_dofs.size();
    unsigned       n           = n_interface;
    for (const ComponentBasis &basis : bases)
      n += basis.kept.modes.cols();
    ReducedModel model;
    unsigned     offset = n_interface;
    for (unsigned c = 0; c < sub.components.size(); ++c)
      {
        const Component &component = sub.components[c];
        Eigen::MatrixXd  t_c       = Eigen::MatrixXd::Zero(component.n_dofs(), n);
        for (unsigned k = 0; k < component.interface_global.size(); ++k)
          t_c.col(component.interface_global[k]) = bases[c].attachment.col(k);
        const unsigned n_c          = bases[c].kept.modes.cols();
        t_c.middleCols(offset, n_c) = bases[c].kept.modes;
        offset += n_c;
        model.transformation.push_back(std::move(t_c));
      }
    assemble_reduced_matrices(sub, model);
    return model;
  }
} // namespace corot::cms
