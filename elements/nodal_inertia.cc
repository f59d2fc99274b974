#include <elements/nodal_inertia.h>
#include <elements/registry.h>

#include <stdexcept>
#include <string>

namespace corot::elements
{
  NodalInertia::NodalInertia(const ElementDefinition &definition, const Kind kind)
    : node_ids_(definition.node_ids)
    , kind_(kind)
  {
    if (kind == Kind::translational)
      {
        const double m = definition.section.point_inertia().mass;
        if (!(m > 0.0))
          throw std::invalid_argument("MASS element " + std::to_string(definition.id) +
                                      " needs a positive *MASS value");
        inertia_ = m * Eigen::Matrix3d::Identity();
      }
    else
      {
        inertia_ = definition.section.point_inertia().rotary_inertia;
        if ((inertia_ - inertia_.transpose()).norm() > 1e-12 * inertia_.norm())
          throw std::invalid_argument("ROTARYI element " + std::to_string(definition.id) +
                                      ": the rotary inertia tensor is not symmetric");
      }
  }

  std::vector<core::DofKind>
  NodalInertia::dof_kinds() const
  {
    if (kind_ == Kind::translational)
      return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
    return {core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
  }

  void
  NodalInertia::internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                               Eigen::MatrixXd *tangent) const
  {
    force = Eigen::VectorXd::Zero(3);
    if (tangent != nullptr)
      *tangent = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  NodalInertia::conserving_force(const ElementKinematics &state_n, const ElementKinematics &,
                                 Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const
  {
    internal_force(state_n, force, tangent);
  }

  void
  NodalInertia::mass(MassKind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = inertia_;
  }

  void
  NodalInertia::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  NodalInertia::geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  NodalInertia::initial_stress_increment(const ElementKinematics &, const Eigen::VectorXd &,
                                         Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  NodalInertia::design_derivative(const DesignProperty property,
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
                              "point mass at a node (*MASS; UX UY UZ)",
                              std::make_unique<NodalInertia>(definition,
                                                             NodalInertia::Kind::translational))
  COROT_REGISTER_ELEMENT_WITH(ROTARYI, "ROTARYI", 1, core::SectionKind::rotary_inertia,
                              "rotary inertia tensor at a node (*ROTARY INERTIA; RX RY RZ)",
                              std::make_unique<NodalInertia>(definition,
                                                             NodalInertia::Kind::rotational))
} // namespace corot::elements
