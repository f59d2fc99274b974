#pragma once
/**
 * @file
 * Two-node co-rotational Timoshenko beam in space (deck type B31).
 */
#include <elements/corotational_frame_3d.h>
#include <elements/element.h>
#include <elements/timoshenko_beam_3d.h>

#include <Eigen/Dense>

#include <array>

namespace corot::elements
{
  /**
   * Co-rotational beam: the frame CorotationalFrame3D carries the rigid
   * motion, and a local Timoshenko beam with the generalized strains of
   * Meijaard (1993) acts on the local deformations d_l = [u, theta1, theta2]
   * (Meijaard 1993, eqs. 1, 7-16). Local axes (x, y, z) = (r1, r2, r3) of the frame,
   * which at the reference are (t, e1, e2) of TimoshenkoBeam3D (Abaqus n1 = e1).
   *
   * Generalized strains (Meijaard eq. 2), with R_i = exp(theta_i) the nodal
   * triads in the local frame, expanded to second order in the local
   * deformations (the frame keeps them small; the omitted terms change the
   * energy at fourth order):
   *
   *     eps1 = u
   *     eps2 = l0 (e_z^1 . e_y^2 - e_y^1 . e_z^2)/2 = l0 [th2x - th1x + (th1z th2y - th1y th2z)/2]
   *     eps3 = -l0 e_x . e_z^1 = -l0 (th1y + th1x th1z/2),   eps4 =  l0 e_x . e_z^2 = l0 (th2y + th2x th2z/2)
   *     eps5 =  l0 e_x . e_y^1 = -l0 (th1z - th1x th1y/2),   eps6 = -l0 e_x . e_y^2 = l0 (th2z - th2x th2y/2)
   *
   * Meijaard writes eps3..eps6 with the current chord vector (length
   * l0 + u) instead of l0. The continuum bending energy (curvature per unit
   * reference length) does not depend on the stretch, and the current chord
   * adds a spurious third-order energy term of order EI u theta^2/l0^2: in
   * pure bending it makes the curvature too large by O(phi^2) (8 % for an
   * element arc of 36 degrees, measured), whereas with l0 a constant moment
   * gives the exact end rotations for any number of elements. Linear
   * buckling is unaffected (the term couples stretch with bending in the
   * plane of a pre-buckling moment only).
   *
   * Modified strains (Meijaard eq. 16, on by default), which remove the
   * third-order terms of the strain energy so that sigma = S eps~ stays
   * linear and the geometric stiffness is accurate with few elements:
   *
   *     eps1~ = eps1 + (2 eps3^2 + eps3 eps4 + 2 eps4^2 + 2 eps5^2 + eps5 eps6 + 2 eps6^2)/(30 l0)
   *     eps2~ = eps2 + (eps4 eps5 - eps3 eps6)/l0
   *     eps3~ = eps3 + eps2 (eps5 + eps6)/(6 l0),   eps4~ = eps4 - eps2 (eps5 + eps6)/(6 l0)
   *     eps5~ = eps5 - eps2 (eps3 + eps4)/(6 l0),   eps6~ = eps6 + eps2 (eps3 + eps4)/(6 l0)
   *
   * (eps2~ is illegible in the seed's source, so all of eq. 16 was checked
   * here by a symbolic expansion: for the shear-rigid continuum, curvature
   * kappa = theta' - theta x theta'/2, linear twist and quadratic bending
   * rotations with the chord constraint, the third-order strain energy equals
   * that of eps~ exactly with these coefficients; a coefficient c instead of
   * 1/6 in eps3~..eps6~ leaves a third-order error proportional to 6c - 1.)
   *
   * Energy W = eps~^T S eps~ / 2 with S = diag(EA/l0, GJ/l0^3, S3, S4) and
   * S3 = EI11/((1+Phi) l0^3) [4+Phi, -2+Phi; -2+Phi, 4+Phi] (Phi with
   * shear_factor_2), S4 likewise with I22 and shear_factor_1 (Meijaard
   * eqs. 5-6). Local force f_l = J~^T sigma, local tangent
   * K_l = J~^T S J~ + sum_k sigma_k d2 eps~_k/d d_l^2 (exact for the
   * polynomial strains above). At the reference K = B^T K_l B equals the
   * linear TimoshenkoBeam3D stiffness exactly.
   *
   * DOFs, node-major: [UX UY UZ RX RY RZ] of node 1, then node 2;
   * rotational columns of tangents are spatial rotation increments.
   */
  class CorotationalBeam3D : public Element
  {
  public:
    using Vector6 = Eigen::Matrix<double, 6, 1>;
    using Vector7 = CorotationalFrame3D::Vector7;
    using Matrix7 = CorotationalFrame3D::Matrix7;

    /**
     * Builds the linear kernel (which checks the section and the frame) and
     * the co-rotational frame. @p modified_strains selects Meijaard's eq. 16.
     */
    explicit CorotationalBeam3D(const ElementDefinition &definition, bool modified_strains = true);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return linear_.nodes();
    }

    /** UX UY UZ RX RY RZ. */
    std::vector<core::DofKind>
    dof_kinds() const override
    {
      return linear_.dof_kinds();
    }

    /** f = B^T f_l and K = B^T K_l B + K_sigma(f_l) (CorotationalFrame3D). */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /**
     * Energy-momentum conserving force of the mid-point scheme, f = G^T f_l:
     *
     * - f_l = J(d_m)^T A(eps_m)^T S (eps~_n + eps~_{n+1})/2, the averaged
     *   stress (Simo & Tarnow 1992, ZAMP 43; Crisfield & Shi 1993, section 4)
     *   with d_m = (d_l,n + d_l,n+1)/2 and eps_m = (eps_n + eps_{n+1})/2.
     *   The strains eps(d_l) and eps~(eps) are quadratic, so their mid-point
     *   derivatives are exact secants and Delta d_l . f_l = W_{n+1} - W_n.
     * - G, a discrete derivative of d_l(d_g) with G Delta d = d_l,n+1 - d_l,n
     *   exactly, built through invariants (as Gonzalez 1996, J. Nonlinear Sci.
     *   6, 449-467, builds discrete gradients of functions of invariants): d_l depends
     *   on the configuration only through p = (a, C), a = R_1^T (x_2 - x_1)
     *   and C = R_1^T R_2 (R_i the nodal rotations), d_l = F(p). Each entry
     *   of p is bilinear in the chord and the columns of R_1, R_2, and a step
     *   turns a column r by cay(phi) exactly as Delta r = phi x r_mean, so
     *   Delta p = G_p Delta d exactly with G_p built from the means of the
     *   chords and rotation matrices (invariant_secant()); and G_p's rows, as
     *   derivatives of invariants, carry no net force and no net moment about
     *   the mid-point positions. DF is the trapezoidal mean of F's
     *   derivatives at p_n and p_{n+1} plus Gonzalez's rank-one correction in
     *   p-space (third order in Delta p, which a rigid step leaves at zero),
     *   and G = DF_bar G_p.
     *
     * Delta d holds the translation increments and the Cayley vectors phi of
     * the step rotations, R_{n+1} = cay(phi) R_n (core::RotationVector).
     * Then Delta d . f = W_{n+1} - W_n to round-off (energy), and f carries
     * no net force and no net moment about x_m = (x_n + x_{n+1})/2, which
     * with Cayley increments is what keeps the linear and angular momentum of
     * a free structure constant. The strains averaged in the local frame
     * carry no artificial stretch from the rotation of the step, and nothing
     * in G depends on the rigid part of the step but smoothly.
     *
     * @p tangent (w.r.t. d_{n+1}, spatial spins on rotations) is
     * G^T K_avg B_{n+1} + K_sigma(x_m, f_l)/2, with K_avg the derivative of
     * f_l w.r.t. d_l,n+1 (its material part exact, the stress part taken at
     * d_m) and the change of G approximated by the mid-point configuration's
     * geometric tangent: a quasi-Newton tangent, exact as the step vanishes.
     */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** W = eps~^T S eps~ / 2, invariant under superposed rigid motions. */
    double
    strain_energy(const ElementKinematics &state) const override;

    /** That of TimoshenkoBeam3D (consistent or lumped, with rotary inertia), about the reference. */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override
    {
      linear_.mass(kind, mass_matrix);
    }

    /**
     * LUMPED=YES (default): the lumped mass; LUMPED=NO: the consistent mass in
     * a linear step. Under NLGEOM B31 has no co-rotational consistent mass yet
     * (B21 has): LUMPED=NO then throws std::runtime_error.
     */
    void
    dynamic_mass(bool nonlinear, Eigen::MatrixXd &mass_matrix) const override;

    /** That of TimoshenkoBeam3D; equal to the tangent at the reference. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override
    {
      linear_.linear_stiffness(stiffness);
    }

    /**
     * Initial-stress matrix for *BUCKLE: the tangent at the reference
     * geometry minus its material part, with the local forces
     * f_l = K_l(0) B(0) d of the small-displacement state @p state
     * (d = [u, rotation vector] per node):
     * K_sigma(f_l) + B^T (sum_k sigma_k d2 eps~_k/d d_l^2) B at d_l = 0.
     */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /**
     * At the frame of @p base (local deformations d_l): with the local
     * deformation increment dd_l = B dd of @p increment and the stress
     * increment dsigma = S J~(d_l) dd_l (J~ = A J, Meijaard eqs. 2, 16),
     * B^T (sum_k dsigma_k d2 eps~_k/d d_l^2) B + K_sigma(J~^T dsigma): the
     * stress part of the tangent of internal_force() with sigma -> dsigma.
     * At the reference it is geometric_stiffness() of the same increment.
     */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /** That of TimoshenkoBeam3D (linear stiffness and consistent mass). */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override
    {
      linear_.design_derivative(property, stiffness_derivative, mass_derivative);
    }

    /** True: exact for arbitrary rigid motions. */
    bool
    supports_large_rotations() const override
    {
      return true;
    }

    /**
     * SF1 SF2 SF3 SM1 SM2 SM3 at the middle and at both ends
     * (section_forces_at_ends(), spatial_beam_section_forces()), with
     * @p large_displacements from the co-rotated nodal forces f = B^T f_l
     * (minus the forces and moments on node 1, plus those on node 2, in the
     * current axes r1 r2 r3 = t n1 n2), otherwise the linear kernel's values.
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const override;

    /** Local force f_l and tangent K_l at local deformations @p d_l; returns W. */
    double
    local_response(const Vector7 &d_l, Vector7 &force, Matrix7 &tangent) const;

  private:
    /**
     * The averaged-stress local force f_l of conserving_force() between the
     * local deformations @p d_n and @p d_n1, and with @p tangent its
     * derivative w.r.t. @p d_n1 (stress part at the mean deformation).
     */
    Vector7
    averaged_local_force(const Vector7 &d_n, const Vector7 &d_n1, Matrix7 *tangent) const;

    using Vector12 = Eigen::Matrix<double, 12, 1>;

    /** The invariants p = (a, C) of @p state: a = R_1^T (x_2 - x_1), C = R_1^T R_2 (column-major). */
    Vector12
    invariants(const ElementKinematics &state) const;

    /**
     * The frame of the canonical configuration of @p p (node 1 at X_1, R_1 =
     * I; node 2 at X_1 + a, R_2 the polar factor of C), whose local
     * deformations are d_l = F(p), and @p derivative = dF/dp (7 x 12).
     */
    CorotationalFrame3D::State
    canonical_frame(const Vector12 &p, Eigen::Matrix<double, 7, 12> &derivative) const;

    /** G_p: Delta p = G_p Delta d exactly for the step n -> n+1 (Cayley increments). */
    Eigen::Matrix<double, 12, 12>
    invariant_secant(const ElementKinematics &state_n, const ElementKinematics &state_n1) const;

    /** Generalized strains eps (eq. 2 to second order) and their gradient J (6 x 7). */
    void
    strains(const Vector7 &d_l, Vector6 &eps, Eigen::Matrix<double, 6, 7> &gradient) const;

    /** sum_k sigma_k d2 eps~_k / d d_l^2 at @p d_l. */
    Matrix7
    stress_hessian(const Vector7 &d_l, const Vector6 &sigma) const;

    /** eps~ and A = d eps~/d eps at @p eps. */
    void
    modified(const Vector6 &eps, Vector6 &eps_mod, Eigen::Matrix<double, 6, 6> &jacobian) const;

    TimoshenkoBeam3D                           linear_;
    CorotationalFrame3D                        frame_;
    double                                     length_;
    bool                                       modified_strains_;
    bool                                       lumped_dynamic_mass_; ///< the section's LUMPED=
    Eigen::Matrix<double, 6, 6>                section_stiffness_;   ///< S (Meijaard eqs. 5-6)
    std::array<Eigen::Matrix<double, 7, 7>, 6> strain_hessian_;   ///< d2 eps_k/d d_l^2 (constant)
    std::array<Eigen::Matrix<double, 6, 6>, 6> modified_hessian_; ///< d2 eps~_k/d eps^2 (constant)
  };
} // namespace corot::elements
