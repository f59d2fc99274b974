#include <elements/connector_element.h>
#include <elements/registry.h>

namespace corot::elements
{
  ConnectorElement::ConnectorElement(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , rotations_(definition.section.connector().rotations)
  {}

  std::vector<core::DofKind>
  ConnectorElement::dof_kinds() const
  {
    if (rotations_)
      return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz,
              core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
  }

  void
  ConnectorElement::internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                                   Eigen::MatrixXd *tangent) const
  {
    force = Eigen::VectorXd::Zero(n_dofs());
    if (tangent != nullptr)
      *tangent = zero();
  }

  void
  ConnectorElement::conserving_force(const ElementKinematics &state_n, const ElementKinematics &,
                                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const
  {
    internal_force(state_n, force, tangent);
  }

  void
  ConnectorElement::mass(MassKind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = zero();
  }

  void
  ConnectorElement::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = zero();
  }

  void
  ConnectorElement::geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &stiffness) const
  {
    stiffness = zero();
  }

  void
  ConnectorElement::initial_stress_increment(const ElementKinematics &, const Eigen::VectorXd &,
                                             Eigen::MatrixXd &stiffness) const
  {
    stiffness = zero();
  }

  void
  ConnectorElement::design_derivative(DesignProperty, Eigen::MatrixXd &stiffness_derivative,
                                      Eigen::MatrixXd &mass_derivative) const
  {
    stiffness_derivative = zero();
    mass_derivative      = zero();
  }

  COROT_REGISTER_ELEMENT(ConnectorElement, "CONN3D2", 2, core::SectionKind::connector,
                         "two-node connector: the kinematic constraints of its *CONNECTOR "
                         "SECTION's connection type (JOIN, HINGE, WELD, BEAM, ...) between its "
                         "nodes; no stiffness or mass")
} // namespace corot::elements
