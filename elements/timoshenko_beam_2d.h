#pragma once
/**
 * @file
 * Two-node Timoshenko beam in the x-y plane with small rotations: the local
 * kernel of the co-rotational B21 (CorotationalBeam2D), which owns the deck
 * name "B21".
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * Straight two-node planar Timoshenko beam (small displacements and
   * rotations), the in-plane restriction of TimoshenkoBeam3D: a plain kernel,
   * not an Element and not registered. Deck type B21 is CorotationalBeam2D,
   * which uses it for the basic stiffness, linear and geometric stiffness,
   * mass, design derivatives and small-displacement section forces:
   *
   *          y   n = local 2 = t x (0, 0, -1) = (-t_y, t_x)
   *          ^   ^
   *          |   |        t = (x2 - x1)/l
   *          |   o-----------------------> o
   *          |  node 1                   node 2
   *          +--------------------------------> x      (local 1 = (0, 0, -1), out of plane)
   *
   * Local DOFs, node-major: [UX UY RZ] of node 1, then of node 2 (6 in all;
   * RZ in radians, the z component of the rotation vector of the nodal
   * quaternion). Units: those of the deck.
   *
   * Following Abaqus B21, the beam bends about local 1 = -z, i.e. about the
   * axis normal to the plane, with I11 (I22 is not used) and the shear
   * coefficient shear_factor_2 (shear along local 2 = n): stiffness
   * EI11/((1+Phi) l^3) [12 6l -12 6l; ...], Phi = 12 E I11/(k G A l^2), k = 0
   * means Euler-Bernoulli (Meijaard 1993, eqs. 5-6; Przemieniecki
   * 1968), axial EA/l. The section's n1 is ignored (it is always -z in 2D).
   *
   * Mass: consistent, the kinetic energy of the interpolation the bending
   * stiffness is exact for (beam_plane::mass: rho A on the deflection, rho I11
   * on the section rotation, functions of Phi; the Hermite cubic
   * rho A l/420 [156 22l 54 -13l; ...] + rho I11/(30 l) [36 3l -36 3l; ...] at
   * Phi = 0), axial (rho A l/6) [2 1; 1 2]; lumped: rho A l/2 per translation
   * and rho I11 l/2 per rotation of each node.
   */
  class TimoshenkoBeam2D
  {
  public:
    /**
     * Throws std::invalid_argument (naming the element) for zero length, a
     * beam out of the x-y plane, I12 != 0, or A, I11 not positive.
     */
    explicit TimoshenkoBeam2D(const ElementDefinition &definition);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const
    {
      return node_ids_;
    }

    /** UX UY RZ. */
    std::vector<core::DofKind>
    dof_kinds() const;

    /** Consistent or lumped mass in global axes (see the class description). */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const;

    /** K = T^T K_local T with T the in-plane rotation to (t, n, z). */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const;

    /** Initial-stress matrix N/(30 l) [36 3l -36 3l; ...] of the axial force N at @p state. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const;

    /** As TimoshenkoBeam3D: modulus -> K, density -> M, thickness -> 0, area throws. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const;

    /**
     * Stress resultants at the middle and at both ends (minus the local nodal
     * forces on node 1, plus those on node 2; section_forces_at_ends()): SF1
     * axial (tension positive), SF2 shear along local 2 = n, SM1 bending
     * moment about local 1 = -z; the values B31 reports for this beam.
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const;

    /**
     * Stiffness of the basic (natural) deformations p = (u_l, th1, th2) of
     * the beam with its rigid-body modes removed: u_l the elongation of the
     * chord, th_i the end rotations relative to the chord (radians):
     * diag(EA/l, EI/((1+Phi) l) [4+Phi, 2-Phi; 2-Phi, 4+Phi]), the
     * rows and columns (u_2, r_1, r_2) of the local stiffness with node 1 and
     * the transverse DOF of node 2 held (Meijaard 1993, eq. 6 with S_1, S_4).
     * Units force/length, force, force x length.
     */
    Eigen::Matrix3d
    basic_stiffness() const;

    /** Reference length l (distance between the two nodes). */
    double
    length() const
    {
      return length_;
    }

  private:
    /** 6 x 6 stiffness in local axes (t, n, z). */
    Eigen::MatrixXd
    local_stiffness() const;

    /** 6 x 6 mass in local axes. */
    Eigen::MatrixXd
    local_mass(MassKind kind) const;

    /** Global 6-vector [ux1, uy1, rz1, ux2, uy2, rz2] of @p state. */
    Eigen::VectorXd
    dofs(const ElementKinematics &state) const;

    /** 6 x 6 transformation, global to local. */
    Eigen::MatrixXd
    transformation() const;

    std::vector<unsigned> node_ids_;
    double                length_;
    Eigen::Vector2d       axis_; ///< t = (c, s)
    MaterialConstants     material_;
    core::BeamSection     section_;
  };
} // namespace corot::elements
