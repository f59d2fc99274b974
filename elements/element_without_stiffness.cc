#include <elements/element_without_stiffness.h>

namespace corot::elements
{
  void
  ElementWithoutStiffness::internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                                          Eigen::MatrixXd *tangent) const
  {
    force = Eigen::VectorXd::Zero(n_dofs());
    if (tangent != nullptr)
      *tangent = zero();
  }

  void
  ElementWithoutStiffness::conserving_force(const ElementKinematics &state_n,
                                            const ElementKinematics &, Eigen::VectorXd &force,
                                            Eigen::MatrixXd *tangent) const
  {
    internal_force(state_n, force, tangent);
  }

  void
  ElementWithoutStiffness::mass(MassKind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = zero();
  }

  void
  ElementWithoutStiffness::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = zero();
  }

  void
  ElementWithoutStiffness::geometric_stiffness(const ElementKinematics &,
                                               Eigen::MatrixXd &stiffness) const
  {
    stiffness = zero();
  }

  void
  ElementWithoutStiffness::initial_stress_increment(const ElementKinematics &,
                                                    const Eigen::VectorXd &,
                                                    Eigen::MatrixXd &stiffness) const
  {
    stiffness = zero();
  }

  void
  ElementWithoutStiffness::design_derivative(DesignProperty, Eigen::MatrixXd &stiffness_derivative,
                                             Eigen::MatrixXd &mass_derivative) const
  {
    stiffness_derivative = zero();
    mass_derivative      = zero();
  }
} // namespace corot::elements
