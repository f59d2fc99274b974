#pragma once
/**
 * @file
 * Co-rotational flat shell elements S3 (three nodes) and S4/S4R (four
 * nodes): the element plugins of deck types S3, S4 and S4R.
 */
#include <elements/element.h>
#include <elements/shell_definition.h>
#include <elements/shell_frame.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::elements
{
  /**
   * Co-rotational flat shell with N = 3 or 4 nodes: the frame ShellFrame<N>
   * carries the rigid motion (EICR: Rankin & Nour-Omid 1988; Felippa &
   * Haugen 2005), and a linear flat-shell kernel acts on the deformational
   * DOFs d_l = [u_i, theta_i] in the frame's axes:
   *
   *     W = d_l^T K_l d_l / 2,  f = B^T K_l d_l,  K = B^T K_l B + K_sigma(K_l d_l),
   *
   * K_l the kernel's stiffness at the reference local positions:
   *
   * - N = 3 (S3): ShellTriangleKernel, Felippa's ANDES OPT membrane with
   *   drilling rotations + the DKT plate (Batoz, Bathe & Ho 1980).
   * - N = 4 (S4, S4R): ShellQuadKernel, the Ibrahimbegovic-Taylor-Wilson
   *   (1990) drilling membrane + the DKQ plate (Batoz & Ben Tahar 1982), both
   *   fully integrated (2 x 2 Gauss points), so the element has no
   *   hourglass modes; S4R is the same element (no reduced integration, no
   *   hourglass control). The kernel is built on the quadrilateral
   *   projected on the frame's plane; a warped element (nodes at heights
   *   z_i = +-h off that plane) is joined to it by rigid offsets
   *   (u, v of the projected point = u - z_i theta_y, v + z_i theta_x), the
   *   warping correction of Taylor (1987) and MacNeal (1978) as written by
   *   Felippa & Haugen (2005, section 7): K_l = W^T K_flat W.
   *
   * Both plates are Kirchhoff (no transverse shear): thin shells, span or
   * wave length over thickness of about 20 or more. Small strains,
   * arbitrarily large rotations; the membrane-bending coupling of a curved
   * shell comes from the facets' rotations (no von Karman term inside an
   * element).
   *
   * DOFs, node-major: [UX UY UZ RX RY RZ] of the N nodes (global axes);
   * rotational columns of tangents are spatial rotation increments
   * (R <- exp(dtheta) R), as for CorotationalBeam3D.
   */
  template <int N>
  class CorotationalShell : public Element
  {
  public:
    using Vector = typename ShellFrame<N>::Vector;
    using Matrix = typename ShellFrame<N>::Matrix;

    /**
     * @p definition: N reference positions, thickness, E, nu, density;
     * @p node_ids the user ids of the nodes (default 1..N).
     */
    explicit CorotationalShell(const ShellDefinition &definition,
                               std::vector<unsigned>  node_ids = {});

    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    /** UX UY UZ RX RY RZ. */
    std::vector<core::DofKind>
    dof_kinds() const override;

    /** f = B^T f_l and, if @p tangent is given, K = B^T K_l B + K_sigma(f_l). */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /**
     * The energy-conserving force of a step, averaged in the local
     * deformations (as CorotationalBeam3D averages its strain invariants):
     * with d_n, d_{n+1} the co-rotated deformations at the two ends (W =
     * d^T K_l d / 2), B_mid the deformation's derivative at the mid-point
     * configuration (mean positions, rotations cay(phi/2) R_n with R_{n+1} =
     * cay(phi) R_n) and s = Delta d the step (translations, Cayley vectors),
     *
     *     f = Bbar^T K_l (d_n + d_{n+1})/2,
     *     Bbar = B_mid + (d_{n+1} - d_n - B_mid s) (W P s)^T / (s . W P s),
     *
     * a discrete derivative of d (Gonzalez 1996, "Time integration and
     * discrete Hamiltonian systems", J. Nonlinear Sci. 6, 449-467): Bbar s =
     * d_{n+1} - d_n, so s . f = W_{n+1} - W_n exactly. W = diag(1, l^2)
     * (translations, rotations; l^2 the area) and P the W-orthogonal projector
     * off the six rigid modes of the mid-point configuration, so that f has
     * no net force or moment about the mid-point positions: energy and
     * momenta are conserved. A rigid step leaves d unchanged and B_mid s = 0
     * (the Cayley map turns a finite rigid step into a rigid mode about the
     * mid-point), so it gives the force of d_n itself; below |P s| = 1e-6 l
     * the correction (of third order in the step) is left out, as its
     * division would amplify round-off.
     *
     * Averaging the deformations, not the positions, matters on shells: the
     * force of the mean positions, f(x_mid), which this element used before,
     * sees a step's rigid rotation by an angle a as a uniform shrinking by
     * a^2/8, a membrane force E t a^2/8 that is no real stress; a thin plate
     * spinning at 10 rad/s with dt = 1e-3 s took it as 9 % of its buckling
     * load, and Newton failed.
     *
     * @p tangent: the exact Jacobian of f with respect to x_{n+1}
     * (translations and spatial spins at R_{n+1}), including the change of P
     * with the mid-point positions.
     */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** W = d_l^T K_l d_l / 2, invariant under superposed rigid motions. */
    double
    strain_energy(const ElementKinematics &state) const override;

    /**
     * Mass about the reference configuration (global axes), density rho,
     * thickness t, the element's area (projected on its plane for a warped
     * quadrilateral), N_a the linear (triangle) or bilinear (quadrilateral)
     * functions:
     *
     * - consistent: rho t int N_a N_b dA on each translation, and the
     *   rotary inertia of the section (rho t^3/12) int N_a N_b dA on each of
     *   the three rotations; exact for rigid motions of the flat element;
     * - lumped: rho t int N_a dA on each translation and
     *   (rho t^3/12) int N_a dA on each rotation.
     *
     * The inertia about the normal (drilling) is Abaqus' choice for shells
     * with three global rotations (Abaqus Theory Manual, "Rotary inertia for
     * shell elements": the same rho t^3/12 on every rotation component, "to
     * associate a reasonable measure of inertia with the rotational degrees
     * of freedom"; Hughes, Masud & Harari 1995, "Dynamic analysis and
     * drilling degrees of freedom", IJNME 38, on the zero drilling masses). The
     * in-plane spin of the material is carried by the translations, so it is
     * counted twice, but only by (t/h)^2/12 of it; without it the mass matrix
     * is singular and Newmark, HHT and GALPHA cannot take their initial
     * acceleration.
     */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** Small-displacement stiffness about the reference (global axes); the tangent at the reference. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /**
     * K_sigma(f_l) of the frame at the reference geometry, f_l = K_l B_0 d
     * the local forces of the small displacements d of @p state: the
     * initial-stress stiffness of the facets turning with their stresses.
     */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /**
     * K_sigma(df_l) of the frame at @p base, df_l = K_l B dd the local-force
     * increment of @p increment (the local kernel is linear): the stress part
     * of the tangent of internal_force() with f_l -> df_l.
     */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /**
     * DENSITY: dM = M; MODULUS: dK = K; THICKNESS: the membrane stiffness is
     * linear and the bending stiffness cubic in t, the translational mass
     * linear and the rotary inertia cubic, so dK = K_membrane + 3 K_bending,
     * dM = M_translation + 3 M_rotary. AREA: std::invalid_argument.
     */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /**
     * THICKNESS: with t -> (1 + alpha) t the bending stiffness K_b and the
     * rotary inertia M_r scale by (1 + alpha)^3 = 1 + 3 alpha + 3 alpha^2 +
     * alpha^3 (D = E t^3/(12 (1 - nu^2)), rho t^3/12), the membrane stiffness
     * and the translational mass by (1 + alpha): K_2 = 3 K_b, K_3 = K_b,
     * M_2 = 3 M_r, M_3 = M_r. The plate is Kirchhoff's (DKT/DKQ, no
     * transverse shear stiffness), so nothing else depends on t. Other
     * properties: none (linear).
     */
    void
    design_higher_terms(DesignProperty property, std::vector<Eigen::MatrixXd> &stiffness_terms,
                        std::vector<Eigen::MatrixXd> &mass_terms) const override;

    bool
    supports_large_rotations() const override
    {
      return true;
    }

    /**
     * Section forces at the element centre, per unit width, in the local
     * directions of Abaqus (local 1 the projection of global X on the
     * element's plane, or of global Z if the normal is within 0.1 degree of
     * X; local 2 = n x local 1): SF1, SF2, SF3 the membrane forces N11, N22,
     * N12 = E t (eps) and SM1, SM2, SM3 the moments M11, M22, M12 =
     * int sigma z dz (positive when the +n surface is in tension). The
     * kernels' mean membrane strain and centre curvature; no transverse
     * shear forces (Kirchhoff plates).
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const override;

    /** The frame (for tests). */
    const ShellFrame<N> &
    frame() const
    {
      return frame_;
    }

  private:
    /** The mass matrix split: translational and rotary parts. */
    void
    mass_parts(MassKind kind, Eigen::MatrixXd &translational, Eigen::MatrixXd &rotary) const;

    /** Small-displacement DOFs [u_i, log R_i] of @p state. */
    static Vector
    small_displacement_dofs(const ElementKinematics &state);

    ShellDefinition       definition_;
    std::vector<unsigned> node_ids_;
    ShellFrame<N>         frame_;
    Matrix                membrane_stiffness_; ///< local, the membrane part of K_l
    Matrix                bending_stiffness_;  ///< local, the plate part of K_l
    Matrix                local_stiffness_;    ///< K_l
    /** Centre membrane strain (3 x 6N on d_l) and curvature (3 x 6N on d_l). */
    Eigen::Matrix<double, 3, 6 * N> centre_strain_, centre_curvature_;
    double                          area_ = 0.0;
  };

  extern template class CorotationalShell<3>;
  extern template class CorotationalShell<4>;

  /** The ShellDefinition of a deck element (nu = E/(2G) - 1 from its material). */
  ShellDefinition
  shell_definition(const ElementDefinition &definition);
} // namespace corot::elements
