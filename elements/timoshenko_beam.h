#pragma once
/**
 * @file
 * Two-node Timoshenko beam with small rotations (B31 in space, B21 in the x-y plane).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * Straight two-node beam, linear (small displacements and rotations) in
   * this release; the co-rotational frame of the later issues wraps it.
   *
   *            e2 (local 2 = t x n1)
   *            ^
   *            |      t (beam axis)
   *   node 1   o-------------------> o node 2        e1 = local 1 = n1 made normal to t
   *
   * Local DOFs per node: u_t, u_1, u_2, theta_t, theta_1, theta_2. Bending
   * about local 1 (displacement along local 2) uses I11 and the shear
   * coefficient for shear along local 2; bending about local 2 uses I22
   * (Abaqus convention). Stiffness: Meijaard (1993) eqs. 5-6, the shear-
   * modified cubic, identical to the classical Timoshenko matrix of
   * Przemieniecki (1968); no shear locking. Mass: consistent Hermite mass
   * with rotary inertia and torsional inertia rho (I11 + I22).
   *
   * B31: DOFs UX UY UZ RX RY RZ per node (12). B21: UX UY RZ per node (6),
   * the beam lies in the x-y plane and bends in it about local 1 = (0, 0, -1),
   * so it uses I11 as Abaqus does.
   */
  class TimoshenkoBeam : public Element
  {
  public:
    /** @p planar: B21 (true) or B31 (false). Throws std::invalid_argument for n1 parallel to the axis or I12 != 0. */
    TimoshenkoBeam(const ElementDefinition &definition, bool planar);

    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }
    std::vector<core::DofKind>
    dof_kinds() const override;

    /** f = K d with d the nodal translations and rotation vectors (small rotations). */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /** f = K (d_n + d_{n+1})/2, which satisfies Delta d . f = W(n+1) - W(n) exactly for a linear element; tangent K/2. */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** W = d^T K d / 2. */
    double
    strain_energy(const ElementKinematics &state) const override;

    /** Consistent (Hermite + rotary inertia) or lumped (rho A l/2 and rho l/2 (J_p, I11, I22) per node). */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /** Initial-stress matrix of the axial force at @p state (both bending planes). */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    bool
    supports_large_rotations() const override
    {
      return false;
    }

    /**
     * Stress resultants at node 1 (minus the local nodal forces there):
     * N (tension positive), V1, V2, T, M1, M2; B21 reports N, V2, M1.
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements = false) const override;

  private:
    /** 12 x 12 local matrices. */
    Eigen::MatrixXd
    local_stiffness() const;
    Eigen::MatrixXd
    local_mass(MassKind kind) const;

    /** Global 12-vector [u1, theta1, u2, theta2] of @p state. */
    Eigen::VectorXd
    full_dofs(const ElementKinematics &state) const;

    /** T^T A T restricted to the element's DOFs. */
    Eigen::MatrixXd
    to_global(const Eigen::MatrixXd &local) const;

    std::vector<unsigned>   node_ids_;
    bool                    planar_;
    double                  length_;
    Eigen::Matrix3d         rotation_; ///< rows: t, e1, e2
    MaterialConstants       material_;
    core::SectionProperties section_;
  };
} // namespace corot::elements
