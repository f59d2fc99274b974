#include <elements/point_mass.h>
#include <elements/registry.h>

#include <stdexcept>
#include <string>

namespace corot::elements
{
  PointMass::PointMass(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , point_mass_(definition.section.point_mass)
  {
    if (!(point_mass_ > 0.0))
      throw std::invalid_argument("MASS element " + std::to_string(definition.id) +
                                  " needs a positive *MASS value");
  }

  std::vector<core::DofKind>
  PointMass::dof_kinds() const
  {
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
  }

  void
  PointMass::internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                            Eigen::MatrixXd *tangent) const
  {
    force = Eigen::VectorXd::Zero(3);
    if (tangent != nullptr)
      *tangent = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  PointMass::conserving_force(const ElementKinematics &state_n, const ElementKinematics &,
                              Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const
  {
    internal_force(state_n, force, tangent);
  }

  void
  PointMass::mass(MassKind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = point_mass_ * Eigen::MatrixXd::Identity(3, 3);
  }

  void
  PointMass::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  PointMass::geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &stiffness) const
  {
    stiffness = Eigen::MatrixXd::Zero(3, 3);
  }

  void
  PointMass::design_derivative(const DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                               Eigen::MatrixXd &mass_derivative) const
  {
    stiffness_derivative = Eigen::MatrixXd::Zero(3, 3);
    mass_derivative      = (property == DesignProperty::density ? point_mass_ : 0.0) *
                      Eigen::MatrixXd::Identity(3, 3);
  }
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT(PointMass, "MASS", 1, core::SectionKind::point_mass, "point mass at a node (*MASS; UX UY UZ)")
} // namespace corot::elements
