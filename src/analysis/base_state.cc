#include <src/analysis/base_state.h>

#include <algorithm>
#include <cmath>

namespace corot::analysis
{
  void
  BaseState::close_general_step(const unsigned number, const bool was_nonlinear)
  {
    step = number;
    carried_residual.resize(0);
    if (was_nonlinear)
      {
        nonlinear = true;
        linear_dofs.resize(0);
      }
  }

  std::string
  BaseState::describe(const bool stress_stiffening) const
  {
    if (step == 0)
      return "base state: reference configuration (no general step before this one)";
    const std::string origin = "base state: end of step " + std::to_string(step);
    if (nonlinear)
      return origin + " (NLGEOM): deformed configuration, " +
             (stress_stiffening ? "stress stiffening included (tangent stiffness)" :
                                  "stresses not included");
    return origin + " (linear): reference configuration, no stress stiffening";
  }

  core::Configuration
  small_displacement_configuration(const unsigned n_nodes, const core::DofMap &dofs,
                                   const Eigen::VectorXd &values, const double scale)
  {
    core::Configuration configuration(n_nodes);
    if (values.size() > 0)
      configuration.apply_increment(dofs, values / scale);
    return configuration;
  }

  double
  linear_evaluation_scale(const core::DofMap &dofs, const Eigen::VectorXd &values)
  {
    double largest = 0.0;
    for (unsigned node = 0; node < dofs.n_nodes(); ++node)
      {
        Eigen::Vector3d theta = Eigen::Vector3d::Zero();
        for (unsigned k = 3; k < core::n_dof_kinds; ++k)
          {
            const unsigned dof = dofs.index(node, static_cast<core::DofKind>(k));
            if (dof != core::DofMap::invalid)
              theta[k - 3] = values[dof];
          }
        largest = std::max(largest, theta.norm());
      }
    return std::max(1.0, largest / (0.5 * M_PI));
  }
} // namespace corot::analysis
