#pragma once
/**
 * @file
 * Axial dashpot between two nodes (deck type DASHPOTA, *DASHPOT), through
 * large rotations.
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * A linear viscous dashpot of coefficient c (*DASHPOT) acting along the line
   * through its two nodes, which turns with them under NLGEOM (Abaqus,
   * CalculiX DASHPOTA): the force c (n . (v_2 - v_1)) n on node 2 and its
   * opposite on node 1, n the unit chord. It has neither stiffness nor mass;
   * its damping matrix is C = c [n n^T, -n n^T; -n n^T, n n^T] at the
   * configuration it is given (the reference in a linear step), symmetric
   * positive semi-definite with the rigid motions (and every relative motion
   * across the chord) in its null space, so the dissipation v.C v =
   * c (n . (v_2 - v_1))^2 >= 0. The schemes apply it as the Rayleigh damping:
   * the mid-point scheme at the mid-point configuration with v = Delta d/dt,
   * whose work on the step is that dissipation, exactly in the energy balance.
   */
  class AxialDashpot : public Element
  {
  public:
    /** From the *DASHPOT coefficient of @p definition's section; refuses coincident nodes. */
    explicit AxialDashpot(const ElementDefinition &definition);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    /** UX UY UZ. */
    std::vector<core::DofKind>
    dof_kinds() const override
    {
      return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
    }

    /** Zero force and tangent (the dashpot's force is a damping force). */
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

    /** Zero: the dashpot is not a design target. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /** True: the line of action turns with the nodes. */
    bool
    supports_large_rotations() const override
    {
      return true;
    }

    /** None (the force needs the velocity, which an element state does not hold). */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &, bool) const override
    {
      return {};
    }

    /** True. */
    bool
    has_damping() const override
    {
      return true;
    }

    /** C = c [n n^T, -n n^T; -n n^T, n n^T], n the unit chord at @p state. */
    void
    damping_matrix(const ElementKinematics &state, Eigen::MatrixXd &damping) const override;

  private:
    /** The 6 x 6 zero matrix. */
    Eigen::MatrixXd
    zero() const
    {
      return Eigen::MatrixXd::Zero(6, 6);
    }

    std::vector<unsigned> node_ids_;
    Eigen::Vector3d       reference_chord_; ///< X_2 - X_1
    double                coefficient_;     ///< c
  };
} // namespace corot::elements
