#include <elements/connector_element.h>
#include <elements/registry.h>
#include <src/core/rotation_vector.h>

namespace corot::elements
{
  ConnectorElement::ConnectorElement(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , rotations_(definition.section.connector().rotations)
    , frame_(definition.section.connector().frame_a)
    , separation_(
        definition.reference_positions.size() == 2 ?
          Eigen::Vector3d(definition.reference_positions[1] - definition.reference_positions[0]) :
          Eigen::Vector3d::Zero())
  {}

  std::vector<std::pair<std::string, double>>
  ConnectorElement::section_forces(const ElementKinematics &state,
                                   const bool               large_displacements) const
  {
    const Eigen::Vector3d u_ab = state[1].displacement - state[0].displacement;
    Eigen::Vector3d       motion, rotation;
    if (large_displacements)
      {
        const Eigen::Matrix3d turned = state[0].rotation.toRotationMatrix() * frame_;
        motion   = turned.transpose() * (separation_ + u_ab) - frame_.transpose() * separation_;
        rotation = core::RotationVector::log_near(
          Eigen::Quaterniond(
            frame_.transpose() *
            (state[0].rotation.conjugate() * state[1].rotation).toRotationMatrix() * frame_),
          Eigen::Vector3d::Zero());
      }
    else
      {
        const Eigen::Vector3d psi_a =
          core::RotationVector::log_near(state[0].rotation, Eigen::Vector3d::Zero());
        const Eigen::Vector3d psi_b =
          core::RotationVector::log_near(state[1].rotation, Eigen::Vector3d::Zero());
        motion   = frame_.transpose() * (u_ab - psi_a.cross(separation_));
        rotation = frame_.transpose() * (psi_b - psi_a);
      }
    std::vector<std::pair<std::string, double>> result;
    for (unsigned k = 0; k < 3; ++k)
      result.emplace_back("CU" + std::to_string(k + 1), motion[k]);
    if (rotations_)
      for (unsigned k = 0; k < 3; ++k)
        result.emplace_back("CUR" + std::to_string(k + 1), rotation[k]);
    return result;
  }

  std::vector<core::DofKind>
  ConnectorElement::dof_kinds() const
  {
    if (rotations_)
      return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz,
              core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
  }

  COROT_REGISTER_ELEMENT(ConnectorElement, "CONN3D2", 2, core::SectionKind::connector,
                         "two-node connector: the kinematic constraints of its *CONNECTOR "
                         "SECTION's connection type (JOIN, HINGE, WELD, BEAM, ...) between its "
                         "nodes; no stiffness or mass")
} // namespace corot::elements
