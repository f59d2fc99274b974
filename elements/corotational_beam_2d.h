#pragma once
/**
 * @file
 * Two-node co-rotational Timoshenko beam in the x-y plane (deck type B21) with
 * the energy-conserving mid-point force of Crisfield & Shi (1993), section 4.
 */
#include <elements/element.h>
#include <elements/planar_consistent_inertia.h>
#include <elements/timoshenko_beam_2d.h>

#include <optional>

namespace corot::elements
{
  /**
   * Co-rotational planar beam (Crisfield 1991, Vol. 1, ch. 7; Crisfield & Shi
   * 1993, eqs. 31-43). The rigid motion of the element
   * is carried by its chord; a small-strain shear-flexible beam
   * (TimoshenkoBeam2D, the shear-modified Przemieniecki matrix) acts in the
   * co-rotated chord frame:
   *
   *            th2 (RZ of node 2)
   *          node 2 o                    x = x2 - x1 (current chord), l = |x|
   *                /   e = x/l           alpha = angle of x from the x axis
   *               /                      alpha0 = angle of the reference chord
   *              /  l                    th_i  = RZ of node i (additive, radians)
   *     node 1  o
   *        th1
   *
   * Local (basic) deformations p = (u_l, thb1, thb2):
   *   u_l  = l - L                                 (L the reference length)
   *   thb_i = th_i - (alpha - alpha0), wrapped to (-pi, pi],
   * so nodal rotations beyond +-pi and chord angles from atan2 are handled by
   * a continuous unwrap of the (small) difference. The nodal rotation is read
   * from the quaternion as 2 atan2(q_z, q_w) (the configuration applies RZ
   * increments as exp(dth e_z) R, i.e. additively in the plane).
   *
   * Strain energy W = p^T K_l p / 2 with K_l = TimoshenkoBeam2D::basic_stiffness()
   * (EA/L and EI/((1+Phi) L) [4+Phi 2-Phi; 2-Phi 4+Phi]); basic forces
   * s = (N, M1, M2) = K_l p (N tension positive, M_i about +z at node i).
   *
   * Local DOFs, node-major: [UX UY RZ] of node 1, then of node 2. Units: those
   * of the deck. At the reference configuration the tangent equals the linear
   * B21 stiffness exactly (B^T K_l B with the rigid modes as its kernel).
   */
  class CorotationalBeam2D : public Element
  {
  public:
    /** Checks as TimoshenkoBeam2D (length, plane, section), naming the element. */
    explicit CorotationalBeam2D(const ElementDefinition &definition);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return linear_.nodes();
    }

    /** UX UY RZ. */
    std::vector<core::DofKind>
    dof_kinds() const override
    {
      return linear_.dof_kinds();
    }

    /**
     * f = B^T s (Crisfield & Shi 1993, eqs. 36-37) with the rows of B
     * b_u = [-e, 0, e, 0], b_thi = r_i - [-e_perp/l, 0, e_perp/l, 0]
     * (e_perp = (-e_y, e_x), r_i the unit row of RZ of node i). Tangent
     * K = B^T K_l B + N/l G P G^T + (M1 + M2)/l^2 G (e e_perp^T + e_perp e^T) G^T,
     * P = I - e e^T, G the 6 x 2 map of a chord vector to [-v, 0, v, 0]
     * (material part plus the exact second derivatives of l and alpha).
     */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /**
     * Crisfield & Shi (1993) eq. 38 with an exact averaged B:
     * f = Bbar^T K_l (p_n + p_{n+1})/2 where Bbar Delta d = p_{n+1} - p_n for
     * any two configurations, hence Delta d . f = W(n+1) - W(n) to round-off.
     * Rows (chord x_m = (x_n + x_{n+1})/2, S = l_n + l_{n+1}):
     *   bbar_u     = G (2/S) x_m                       (the truss beta form, eq. 18-20)
     *   bbar_alpha = G gamma J x_m,  gamma = Delta alpha / (x_n x x_{n+1})
     *              = (Delta alpha / sin Delta alpha)/(l_n l_{n+1}),
     * J x = (-x_y, x_x), Delta alpha = atan2(x_n x x_{n+1}, x_n . x_{n+1}) the exact
     * change of the chord angle (J x_m . Delta x = x_n x x_{n+1} = l_n l_{n+1} sin Delta alpha),
     * rows thb_i = r_i - bbar_alpha. The factor Delta alpha/sin Delta alpha
     * plays for the rotation the part beta plays for the length; like the
     * truss, the form breaks down at a chord rotation of pi within one step
     * (throws std::runtime_error). @p tangent is d f / d d_{n+1}
     * (non-symmetric): Bbar^T K_l B_{n+1}/2 + Nbar d bbar_u - (M1bar + M2bar) d bbar_alpha.
     *
     * The element sees nodal rotations through quaternions, so this force is
     * 2 pi-periodic in each RZ: the identity holds with the RZ increment taken
     * modulo 2 pi. A Newton iterate of the mid-point equations that jumps an
     * RZ by a multiple of 2 pi (possible when the rotary mass is tiny and the
     * step far too large for the stiff modes) lands on a spurious root where
     * the element's work misses M_bar 2 pi k; a solver should cap rotational
     * corrections well below pi.
     */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** W = p^T K_l p / 2 (force x length). */
    double
    strain_energy(const ElementKinematics &state) const override;

    /**
     * Consistent: the linear B21 mass (Hermite cubic plus section rotary
     * inertia) about the reference configuration, for *FREQUENCY. Lumped
     * (dynamics, AssembledDynamicSystem): rho A L/2 on each translation and
     * rho I11 L/2 on each RZ, i.e. each node carries the mass and the
     * section rotary inertia of its half of the beam. This matrix is
     * invariant under rigid rotation in the plane (so constant in the
     * energy-conserving scheme) and equals the B31 lumping in the plane. The
     * Hinton-Rock-Zienkiewicz diagonal (rho A L^3/78 on RZ) is not used:
     * the two translational point masses already give a rigid rotation about
     * the mid-point the inertia rho A L^3/4 >= rho A L^3/12, and HRZ would
     * change the lumped B21 and B31 frequencies decks rely on.
     */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override
    {
      linear_.mass(kind, mass_matrix);
    }

    /**
     * LUMPED=YES (default): the lumped mass. LUMPED=NO: in a linear step the
     * consistent mass above; under NLGEOM the lumped rotary inertia only, the
     * translational mass being the co-rotational Hermite mass of
     * midpoint_inertia_force().
     */
    void
    dynamic_mass(bool nonlinear, Eigen::MatrixXd &mass_matrix) const override;

    /** Whether the section says LUMPED=NO. */
    bool
    has_configuration_dependent_mass() const override
    {
      return consistent_inertia_.has_value();
    }

    /**
     * PlanarConsistentInertia::midpoint_force() of the element's nodes
     * (positions X + u, rotations RZ; the step's RZ change taken in
     * (-pi, pi]).
     */
    void
    midpoint_inertia_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                           const Eigen::VectorXd &velocity_n, double dt, Eigen::VectorXd &force,
                           Eigen::MatrixXd *tangent) const override;

    /** Of the Hermite mass (PlanarConsistentInertia); angular momentum about z. */
    std::pair<double, Eigen::Vector3d>
    configuration_dependent_momentum(const ElementKinematics &state,
                                     const Eigen::VectorXd   &velocity) const override;

    /** The linear B21 stiffness (equal to the tangent at the reference configuration). */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override
    {
      linear_.linear_stiffness(stiffness);
    }

    /** As the linear B21: N/(30 L) [36 3L -36 3L; ...] of the small-displacement N at @p state. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override
    {
      linear_.geometric_stiffness(state, stiffness);
    }

    /**
     * The stress part of the tangent, G (dN/l (I - e e^T) + (dM1 + dM2)/l^2
     * (e e_perp^T + e_perp e^T)) G^T, at the chord x = l e of @p base, with
     * the basic-force increment ds = K_basic B(x) @p increment (Crisfield &
     * Shi 1993, eq. 37). The local kernel is linear, so only the chord's
     * rotation carries initial stress: about a load-free base this is the
     * string term N/l, not the consistent N/(30 L) matrix of
     * geometric_stiffness() (both converge to the same buckling loads, the
     * former in h^2).
     */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /** As the linear B21: modulus -> K, density -> M, thickness -> 0, area throws. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override
    {
      linear_.design_derivative(property, stiffness_derivative, mass_derivative);
    }

    /** True: exact for arbitrary rigid motions in the plane. */
    bool
    supports_large_rotations() const override
    {
      return true;
    }

    /**
     * Stress resultants at the middle and at both ends in the co-rotated chord
     * frame (section_forces_at_ends()), from the basic forces s = (N, M1, M2)
     * (M1, M2 the counter-clockwise moments on the element at nodes 1, 2):
     * SF1 = N, SF2 = -(M1 + M2)/l (shear along e_perp) at both ends, SM1 (about
     * -z, as the linear B21) = M1 at end 1 and -M2 at end 2. With
     * @p large_displacements false, the linear B21 values.
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const override;

  private:
    /** Current chord x2 - x1 (2-vector). */
    Eigen::Vector2d
    chord(const ElementKinematics &state) const;

    /** Basic deformations p = (l - L, thb1, thb2) of @p state with chord @p x. */
    Eigen::Vector3d
    basic_deformations(const ElementKinematics &state, const Eigen::Vector2d &x) const;

    /** The small-rotation beam: local kernel, mass, linear and geometric stiffness. */
    TimoshenkoBeam2D linear_;
    Eigen::Vector2d  reference_chord_;
    double           reference_length_;
    double           reference_angle_; ///< alpha0 = atan2 of the reference chord
    Eigen::Matrix3d  basic_stiffness_; ///< K_l
    /** The co-rotational Hermite mass of a LUMPED=NO section (Meijaard 1993). */
    std::optional<PlanarConsistentInertia> consistent_inertia_;
    Eigen::Vector2d                        reference_start_; ///< X of node 1 (in the plane)

    /** q = (X + u, RZ) of both nodes; with @p continued, RZ continuing its values. */
    PlanarConsistentInertia::Vector6
    coordinates(const ElementKinematics &state, const Eigen::Matrix<double, 6, 1> *continued) const;
  };
} // namespace corot::elements
