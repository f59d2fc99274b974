#include <elements/point_inertia.h>
#include <elements/registry.h>

#include <stdexcept>
#include <string>

namespace corot::elements
{
  PointInertia::PointInertia(const ElementDefinition &definition, const bool rotational)
    : node_ids_(definition.node_ids)
    , rotational_(rotational)
    , inertia_(rotational ? definition.section.rotary_inertia :
                            Eigen::Matrix3d(definition.section.point_mass * Eigen::Matrix3d::Identity()))
  {
    if (!rotational && !(definition.section.point_mass > 0.0))
      throw std::invalid_argument("MASS element " + std::to_string(definition.id) +
                                  " needs a positive *MASS value");
  }

  std::vector<core::DofKind>
  PointInertia::dof_kinds() const
  {
    if (rotational_)
      return {core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
  }

  void
  PointInertia::internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                               Eigen::MatrixXd *tangent) const
  {
    force = Eigen::VectorXd::Zero(3);
    if (tangent != nullptr)
      *tangent = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  PointInertia::conserving_force(const ElementKinematics &state_n, const ElementKinematics &,
                                 Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const
  {
    internal_force(state_n, force, tangent);
  }

  void
  PointInertia::mass(MassKind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = inertia_;
  }

  void
  PointInertia::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  PointInertia::geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  PointInertia::design_derivative(const DesignProperty property,
                                  Eigen::MatrixXd     &stiffness_derivative,
                                  Eigen::MatrixXd     &mass_derivative) const
  {
    stiffness_derivative = Eigen::MatrixXd::Zero(3, 3);
    mass_derivative      = (property == DesignProperty::density ? 1.0 : 0.0) * inertia_;
  }
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT_WITH(MASS, "MASS", 1, core::SectionKind::point_mass,
                              "point mass at a node (*MASS)",
                              std::make_unique<PointInertia>(definition, false))
  COROT_REGISTER_ELEMENT_WITH(ROTARYI, "ROTARYI", 1, core::SectionKind::rotary_inertia,
                              "rotary inertia at a node (*ROTARY INERTIA)",
                              std::make_unique<PointInertia>(definition, true))
} // namespace corot::elements
