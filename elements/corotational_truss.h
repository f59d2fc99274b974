#pragma once
/**
 * @file
 * Two-node co-rotational truss (T2D2, T3D2) with the energy-conserving
 * mid-point force of Crisfield & Shi (1993).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * Co-rotational truss with engineering strain (Crisfield & Shi 1993, eq. 10):
   *
   *     node 1 o-------------------o node 2       N = EA (l - l0)/l0   (tension positive)
   *            x1      e = (x2 - x1)/l            W = EA (l - l0)^2 / (2 l0)
   *
   * Local DOFs: [u1 (dim entries), u2 (dim entries)] with dim = 3 (T3D2:
   * UX UY UZ) or 2 (T2D2: UX UY, the element lies in the x-y plane).
   * Units: those of the deck (force, length).
   */
  class CorotationalTruss : public Element
  {
  public:
    /** @p dimension is 2 (T2D2) or 3 (T3D2). */
    CorotationalTruss(const ElementDefinition &definition, unsigned dimension);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }
    /** UX UY (T2D2) or UX UY UZ (T3D2). */
    std::vector<core::DofKind>
    dof_kinds() const override;

    /** f = N [-e; e], K = (EA/l0) [ee^T -ee^T; ..] + (N/l) [P -P; -P P], P = I - e e^T. */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /**
     * Crisfield & Shi (1993) eqs. 9-20: f = N_m [-e_m; e_m] with
     * N_m = beta (N_n + N_{n+1})/2, beta = 2 l_m/(l_n + l_{n+1}), e_m the unit
     * vector of the mid-point chord x_m = (x_n + x_{n+1})/2, l_m = |x_m|.
     * Exactly Delta d . f = W(n+1) - W(n). Tangent (derived from eq. 22-24):
     * K = (N_m/(2 l_m)) [I -I; -I I] + (l_m EA/l0 - N_m)/(l_n + l_{n+1}) b_m b_{n+1}^T,
     * non-symmetric (Crisfield & Shi 1993, eqs. 22-24), with respect to d_{n+1}.
     */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** W = EA (l - l0)^2/(2 l0) (Crisfield & Shi 1993, eq. 16), units force x length. */
    double
    strain_energy(const ElementKinematics &state) const override;

    /** Consistent: (rho A l0/6) [2I I; I 2I]; lumped: (rho A l0/2) I. */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** (EA/l0) [e0 e0^T, -e0 e0^T; -e0 e0^T, e0 e0^T]. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /**
     * Initial-stress matrix (N/l0) [P0 -P0; -P0 P0], P0 = I - e0 e0^T, with the
     * small-displacement force N = EA/l0 e0 . (u2 - u1) of @p state (the
     * linear pre-buckling state of *BUCKLE; K_sigma is linear in @p state).
     */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /**
     * (dN/l) [P -P; -P P], P = I - e e^T, at the chord x = l e of @p base,
     * with the axial-force increment dN = EA/l0 e . (du2 - du1) of
     * @p increment: the stress part (N/l) P of the tangent with N -> dN.
     */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /**
     * density: dK = 0, dM = M (consistent); modulus: dK = K_lin, dM = 0;
     * area: dK = K_lin, dM = M; thickness: zero matrices.
     */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /** True: co-rotational, exact for arbitrary rigid rotations. */
    bool
    supports_large_rotations() const override
    {
      return true;
    }

    /**
     * SF1, SF1_end1, SF1_end2 (section_forces_at_ends()): the axial force N,
     * the same at both ends; co-rotational, or EA/l0 e0 . (u2 - u1) for small
     * displacements.
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const override;

  private:
    /** Current chord x2 - x1 (dim entries). */
    Eigen::VectorXd
    chord(const ElementKinematics &state) const;

    /** Axial force for chord length @p length. */
    double
    axial_force(double length) const;

    std::vector<unsigned> node_ids_;
    unsigned              dimension_;
    Eigen::VectorXd       reference_chord_;
    double                reference_length_;
    double                axial_stiffness_; ///< E A
    double                mass_per_length_; ///< rho A
  };
} // namespace corot::elements
