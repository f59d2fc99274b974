#pragma once
/**
 * @file
 * Two-node Timoshenko beam in space with small rotations: the linear kernel of
 * the co-rotational B31 (CorotationalBeam3D composes with it).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * Straight two-node Timoshenko beam, linear (small displacements and
   * rotations): a plain kernel, not an Element and not registered. Deck type
   * B31 is CorotationalBeam3D, which uses this class for its reference frame,
   * linear stiffness, mass, design derivatives, section data and
   * small-displacement section forces.
   *
   *                 e2 = local 2 = t x e1
   *                 ^
   *                 |          t = (x2 - x1)/l  (beam axis)
   *      node 1     o---------------------------> o node 2
   *                /
   *              e1 = local 1 = section n1 made normal to t (Abaqus default n1 = (0, 0, -1))
   *
   * Local DOFs, node-major (element.h): [UX UY UZ RX RY RZ] of node 1, then
   * of node 2 (12 in all; global axes; rotations are the rotation vectors of
   * the nodal quaternions, radians). Units: those of the deck.
   *
   * Stiffness (Meijaard 1993, eqs. 5-6): axial EA/l,
   * torsion GJ/l, and in each bending plane the shear-modified cubic with
   * Phi = 12 EI/(k G A l^2), which is exactly the classical Timoshenko matrix
   * of Przemieniecki (1968); k = 0 (or G = 0) means no shear flexibility,
   * Phi = 0 (Euler-Bernoulli). Free of shear locking. Following Abaqus, I11 is
   * the second moment for bending about local 1 (deflection along local 2,
   * shear coefficient shear_factor_2) and I22 for bending about local 2
   * (deflection along local 1, shear_factor_1). I12 != 0 is rejected.
   *
   * Mass (Przemieniecki 1968; Friedman & Kosmatka 1993): in each bending plane
   * the consistent mass of the interpolation the stiffness is exact for, with
   * that plane's Phi (beam_plane::mass: rho A on the deflection, rho I on the
   * section rotation; the Hermite cubic rho A l/420 [156 22l 54 -13l; ...] +
   * rho I/(30 l) [36 3l -36 3l; ...] at Phi = 0), axial (rho A l/6) [2 1; 1 2],
   * torsion (rho J_p l/6) [2 1; 1 2] with J_p = I11 + I22.
   * Lumped: rho A l/2 on each translation and rho l/2 (J_p, I11, I22) on the
   * rotations about (t, e1, e2) of each node (a small positive rotary inertia
   * keeps M positive definite), transformed to global axes.
   */
  class TimoshenkoBeam3D
  {
  public:
    /**
     * Builds the local frame from @p definition. Throws std::invalid_argument
     * (naming the element) for zero length, n1 parallel to the beam axis,
     * I12 != 0, or A, I11, I22 not positive.
     */
    explicit TimoshenkoBeam3D(const ElementDefinition &definition);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const
    {
      return node_ids_;
    }

    /** UX UY UZ RX RY RZ. */
    std::vector<core::DofKind>
    dof_kinds() const;

    /** Consistent or lumped mass in global axes (see the class description). */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const;

    /** K = T^T K_local T, T = diag(R, R, R, R), R = rows (t, e1, e2). */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const;

    /**
     * Initial-stress matrix for the axial force N of @p state (McGuire-Gallagher,
     * N terms only): N/(30 l) [36 3l -36 3l; 3l 4l^2 -3l -l^2; ...] in both
     * bending planes; torsion and moment terms are neglected.
     */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const;

    /**
     * modulus: dK = K, dM = 0 (G scales with E); density: dK = 0, dM = M;
     * thickness: zero matrices. area: throws std::invalid_argument (A alone is
     * not a beam design variable: A and I change together with the section).
     */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const;

    /**
     * Stress resultants at the middle and both ends from the local nodal forces
     * f = K d (minus those on node 1, plus those on node 2): SF1 axial (tension
     * positive), SF2, SF3 shear along local 2, 1, SM1, SM2 bending moments about
     * local 1, 2, SM3 torque (spatial_beam_section_forces()). SF, SM3 constant
     * along the element for end loads; SM1, SM2 linear. The same for both values
     * of @p large_displacements (linear element).
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const;

    /** Reference length l. */
    double
    length() const
    {
      return length_;
    }

    /** Reference local axes as rows (t, e1, e2); t along node 1 -> node 2. */
    const Eigen::Matrix3d &
    local_axes() const
    {
      return rotation_;
    }

    /** Material constants (E, G, rho). */
    const MaterialConstants &
    material() const
    {
      return material_;
    }

    /** Section properties (A, I11, I22, J, shear factors, n1). */
    const core::BeamSection &
    section() const
    {
      return section_;
    }

    /**
     * 12 x 12 stiffness in local axes (t, e1, e2), DOFs per node
     * [u_t, u_1, u_2, th_t, th_1, th_2].
     */
    Eigen::MatrixXd
    local_stiffness() const;

  private:
    /** 12 x 12 mass in local axes. */
    Eigen::MatrixXd
    local_mass(MassKind kind) const;

    /** Global 12-vector [u1, theta1, u2, theta2] of @p state. */
    Eigen::VectorXd
    dofs(const ElementKinematics &state) const;

    /** T^T @p local T. */
    Eigen::MatrixXd
    to_global(const Eigen::MatrixXd &local) const;

    std::vector<unsigned> node_ids_;
    double                length_;
    Eigen::Matrix3d       rotation_; ///< rows: t, e1, e2
    MaterialConstants     material_;
    core::BeamSection     section_;
  };
} // namespace corot::elements
