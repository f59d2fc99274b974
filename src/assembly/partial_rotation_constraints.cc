#include <src/assembly/partial_rotation_constraints.h>
#include <src/core/rotation_vector.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace corot::assembly
{
  PartialRotationConstraints::PartialRotationConstraints(
    const core::DofMap &dofs, const std::vector<unsigned> &prescribed_dofs)
  {
    std::vector<bool> prescribed(dofs.n_dofs(), false);
    for (const unsigned dof : prescribed_dofs)
      prescribed[dof] = true;
    for (unsigned node = 0; node < dofs.n_nodes(); ++node)
      {
        Node entry{node, {}, {}, {}, {}, {}};
        bool all = true;
        for (unsigned k = 0; k < 3; ++k)
          {
            entry.dofs[k] = dofs.index(node, static_cast<core::DofKind>(3 + k));
            all           = all && entry.dofs[k] != core::DofMap::invalid;
          }
        if (!all)
          continue;
        for (unsigned k = 0; k < 3; ++k)
          {
            entry.prescribed[k] = prescribed[entry.dofs[k]];
            (entry.prescribed[k] ? entry.held : entry.free).push_back(k);
          }
        if (entry.held.empty() || entry.free.empty())
          continue;
        for (const unsigned k : entry.held)
          held_dofs_.push_back(entry.dofs[k]);
        entry.name = dofs.describe(entry.dofs[entry.held.front()]);
        nodes_.push_back(std::move(entry));
      }
    std::sort(held_dofs_.begin(), held_dofs_.end());
  }

  bool
  PartialRotationConstraints::is_held(const unsigned dof) const
  {
    return std::binary_search(held_dofs_.begin(), held_dofs_.end(), dof);
  }

  Eigen::MatrixXd
  PartialRotationConstraints::tangent_rows(const Node &node, const Eigen::Vector3d &psi)
  {
    const Eigen::Matrix3d inverse_tangent = core::RotationVector::exp_inverse_tangent(psi);
    Eigen::MatrixXd       rows(node.held.size(), 3);
    for (unsigned i = 0; i < node.held.size(); ++i)
      rows.row(i) = inverse_tangent.row(node.held[i]);
    return rows;
  }

  Eigen::MatrixXd
  PartialRotationConstraints::secant_rows(const Node &node, const Eigen::Vector3d &psi_n,
                                          const Eigen::Vector3d &psi_n1, const Eigen::Vector3d &phi)
  {
    Eigen::MatrixXd rows  = tangent_rows(node, psi_n1);
    const double    phi_2 = phi.squaredNorm();
    if (!(phi_2 > 0.0))
      return rows;
    for (unsigned i = 0; i < node.held.size(); ++i)
      {
        const unsigned k      = node.held[i];
        const double   excess = psi_n1[k] - psi_n[k] - rows.row(i).dot(phi);
        rows.row(i) += (excess / phi_2) * phi.transpose();
      }
    return rows;
  }

  void
  PartialRotationConstraints::add_lines(dealii::AffineConstraints<double>  &constraints,
                                        const std::vector<Eigen::MatrixXd> &rows) const
  {
    for (unsigned i = 0; i < nodes_.size(); ++i)
      {
        const Node     &node = nodes_[i];
        const unsigned  p    = node.held.size();
        Eigen::MatrixXd held(p, p), free(p, 3 - p);
        for (unsigned a = 0; a < p; ++a)
          {
            for (unsigned b = 0; b < p; ++b)
              held(a, b) = rows[i](a, node.held[b]);
            for (unsigned b = 0; b < node.free.size(); ++b)
              free(a, b) = rows[i](a, node.free[b]);
          }
        // A_H is the identity at psi = 0 and keeps |det| away from zero unless
        // the rotation nears 180 degrees about an axis normal to a held component.
        const Eigen::FullPivLU<Eigen::MatrixXd> lu(held);
        if (std::abs(lu.determinant()) < 1e-10)
          throw std::runtime_error(
            "the partly prescribed rotation of " + node.name +
            " turned by 180 degrees about an axis normal to a prescribed component, where the "
            "rotation vector component cannot be held; prescribe all three rotations there");
        Eigen::MatrixXd weights = lu.solve(free);
        weights *= -1.0;
        for (unsigned a = 0; a < p; ++a)
          {
            const unsigned dependent = node.dofs[node.held[a]];
            constraints.add_line(dependent);
            for (unsigned b = 0; b < node.free.size(); ++b)
              if (weights(a, b) != 0.0)
                constraints.add_entry(dependent, node.dofs[node.free[b]], weights(a, b));
          }
      }
  }

  std::vector<Eigen::Vector3d>
  PartialRotationConstraints::rotation_vectors(const core::Configuration &configuration) const
  {
    std::vector<Eigen::Vector3d> result;
    result.reserve(nodes_.size());
    for (const Node &node : nodes_)
      result.push_back(configuration.rotation_vector(node.node));
    return result;
  }

  void
  PartialRotationConstraints::hold(core::Configuration                &configuration,
                                   const std::vector<Eigen::Vector3d> &values) const
  {
    for (unsigned i = 0; i < nodes_.size(); ++i)
      {
        const Node     &node = nodes_[i];
        Eigen::Vector3d psi  = configuration.rotation_vector(node.node);
        bool            same = true;
        for (const unsigned k : node.held)
          {
            same   = same && psi[k] == values[i][k];
            psi[k] = values[i][k];
          }
        if (!same)
          configuration.rotations[node.node] = core::Configuration::exp_map(psi);
      }
  }
} // namespace corot::assembly
