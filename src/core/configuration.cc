#include <src/core/configuration.h>

#include <cmath>

namespace corot::core
{
  Configuration::Configuration(const unsigned n_nodes)
    : displacements(n_nodes, Eigen::Vector3d::Zero())
    , rotations(n_nodes, Eigen::Quaterniond::Identity())
    , velocities(n_nodes, Eigen::Vector3d::Zero())
    , angular_velocities(n_nodes, Eigen::Vector3d::Zero())
  {}

  Eigen::Quaterniond
  Configuration::exp_map(const Eigen::Vector3d &theta)
  {
    const double angle = theta.norm();
    if (angle < 1e-300)
      return Eigen::Quaterniond::Identity();
    return Eigen::Quaterniond(Eigen::AngleAxisd(angle, theta / angle));
  }

  void
  Configuration::apply_increment(const DofMap &dofs, const Eigen::VectorXd &delta)
  {
    for (unsigned node = 0; node < n_nodes(); ++node)
      {
        Eigen::Vector3d theta     = Eigen::Vector3d::Zero();
        bool            has_theta = false;
        for (unsigned k = 0; k < n_dof_kinds; ++k)
          {
            const unsigned dof = dofs.index(node, static_cast<DofKind>(k));
            if (dof == DofMap::invalid)
              continue;
            if (k < 3)
              displacements[node][k] += delta[dof];
            else
              {
                theta[k - 3] = delta[dof];
                has_theta    = true;
              }
          }
        if (has_theta)
          {
            rotations[node] = exp_map(theta) * rotations[node];
            rotations[node].normalize();
          }
      }
  }

  Eigen::Vector3d
  Configuration::rotation_vector(const unsigned node) const
  {
    Eigen::Quaterniond q = rotations[node];
    if (q.w() < 0)
      q.coeffs() *= -1.0;
    const Eigen::AngleAxisd angle_axis(q);
    return angle_axis.angle() * angle_axis.axis();
  }

  Eigen::VectorXd
  Configuration::dof_values(const DofMap &dofs) const
  {
    Eigen::VectorXd values = Eigen::VectorXd::Zero(dofs.n_dofs());
    for (unsigned node = 0; node < n_nodes(); ++node)
      {
        const Eigen::Vector3d theta = rotation_vector(node);
        for (unsigned k = 0; k < n_dof_kinds; ++k)
          {
            const unsigned dof = dofs.index(node, static_cast<DofKind>(k));
            if (dof != DofMap::invalid)
              values[dof] = k < 3 ? displacements[node][k] : theta[k - 3];
          }
      }
    return values;
  }
} // namespace corot::core
