#include <elements/axial_spring.h>
#include <elements/registry.h>

namespace corot::elements
{
  namespace
  {
    /** The truss of @p spring: unit area, E = k l0, no density. */
    ElementDefinition
    truss_of(const ElementDefinition &spring)
    {
      ElementDefinition truss    = spring;
      const double      k        = spring.section.discrete().coefficient;
      truss.section              = core::SectionProperties();
      truss.section.truss().area = 1.0;
      truss.material             = core::MaterialConstants();
      truss.material.youngs_modulus =
        k * (spring.reference_positions[1] - spring.reference_positions[0]).norm();
      return truss;
    }
  } // namespace

  AxialSpring::AxialSpring(const ElementDefinition &definition)
    : CorotationalTruss(truss_of(definition), 3)
  {}

  void
  AxialSpring::design_derivative(DesignProperty, Eigen::MatrixXd &stiffness_derivative,
                                 Eigen::MatrixXd &mass_derivative) const
  {
    stiffness_derivative = Eigen::MatrixXd::Zero(n_dofs(), n_dofs());
    mass_derivative      = Eigen::MatrixXd::Zero(n_dofs(), n_dofs());
  }

  COROT_REGISTER_ELEMENT(AxialSpring, "SPRINGA", 2, core::SectionKind::spring,
                         "axial spring between two nodes along their current line (UX UY UZ; "
                         "*SPRING stiffness; no mass)")
} // namespace corot::elements
