#include <elements/registry.h>
#include <elements/rotary_inertia.h>

#include <stdexcept>
#include <string>

namespace corot::elements
{
  RotaryInertia::RotaryInertia(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , inertia_(definition.section.rotary_inertia)
  {
    if ((inertia_ - inertia_.transpose()).norm() > 1e-12 * inertia_.norm())
      throw std::invalid_argument("ROTARYI element " + std::to_string(definition.id) +
                                  ": the rotary inertia tensor is not symmetric");
  }

  std::vector<core::DofKind>
  RotaryInertia::dof_kinds() const
  {
    return {core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
  }

  void
  RotaryInertia::internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                                Eigen::MatrixXd *tangent) const
  {
    force = Eigen::VectorXd::Zero(3);
    if (tangent != nullptr)
      *tangent = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  RotaryInertia::conserving_force(const ElementKinematics &state_n, const ElementKinematics &,
                                  Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const
  {
    internal_force(state_n, force, tangent);
  }

  void
  RotaryInertia::mass(MassKind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = inertia_;
  }

  void
  RotaryInertia::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  RotaryInertia::geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  RotaryInertia::design_derivative(const DesignProperty property,
                                   Eigen::MatrixXd     &stiffness_derivative,
                                   Eigen::MatrixXd     &mass_derivative) const
  {
    stiffness_derivative = Eigen::MatrixXd::Zero(3, 3);
    mass_derivative      = (property == DesignProperty::density ? 1.0 : 0.0) * inertia_;
  }
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT(RotaryInertia, "ROTARYI", 1, core::SectionKind::rotary_inertia, "rotary inertia tensor at a node (*ROTARY INERTIA; RX RY RZ)")
} // namespace corot::elements
