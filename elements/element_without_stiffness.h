#pragma once
/**
 * @file
 * The Element interface for elements with neither stiffness nor mass of
 * their own (connectors, dashpots).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * An element whose static response is nothing: zero internal and
   * conserving forces and tangents, no strain energy, no mass, no linear,
   * geometric or initial-stress stiffness, zero design derivatives (it is no
   * design target), valid through large rotations. Derived classes give their
   * nodes, DOFs and what they do instead: a connector's constraints
   * (ConnectorElement), a dashpot's damping matrix (AxialDashpot).
   */
  class ElementWithoutStiffness : public Element
  {
  public:
    /** Zero force and tangent. */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /** Zero, as internal_force(). */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** Zero. */
    double
    strain_energy(const ElementKinematics &) const override
    {
      return 0.0;
    }

    /** Zero. */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** Zero. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /** Zero. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /** Zero. */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /** Zero. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /** True: nothing depends on the rotations. */
    bool
    supports_large_rotations() const override
    {
      return true;
    }

  private:
    /** The n_dofs() x n_dofs() zero matrix. */
    Eigen::MatrixXd
    zero() const
    {
      return Eigen::MatrixXd::Zero(n_dofs(), n_dofs());
    }
  };
} // namespace corot::elements
