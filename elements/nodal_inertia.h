#pragma once
/**
 * @file
 * Inertia lumped at one node: a point mass (deck element type MASS, keyword
 * *MASS) or a rotary inertia tensor (deck element type ROTARYI, keyword
 * *ROTARY INERTIA). One class, registered under both names.
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * A lumped 3 x 3 inertia at one node, acting on three DOFs of one kind:
   *
   *     o node   MASS:    local DOFs [UX, UY, UZ],  M = m I  (units of mass)
   *              ROTARYI: local DOFs [RX, RY, RZ],  M = J    (global axes, mass x length^2, symmetric)
   *
   * No stiffness, no internal force, no strain energy. As a point inertia it
   * adds inertia only to the DOFs the node's structural elements activate (on
   * a T2D2 node a point mass acts on UX UY; on a B21 node only J_zz acts), see
   * Element::is_point_inertia(). The gyroscopic terms of a finitely rotating
   * J are the integrator's business.
   */
  class NodalInertia : public Element
  {
  public:
    /** Which inertia: translational (MASS) or rotational (ROTARYI). */
    enum class Kind
    {
      translational,
      rotational
    };

    /**
     * MASS: reads m from @p definition.section.point_inertia().mass and throws
     * std::invalid_argument if m <= 0. ROTARYI: reads J from
     * @p definition.section.point_inertia().rotary_inertia and throws std::invalid_argument
     * if J is not symmetric.
     */
    NodalInertia(const ElementDefinition &definition, Kind kind);

    /** The one node. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    /** UX UY UZ (MASS) or RX RY RZ (ROTARYI). */
    std::vector<core::DofKind>
    dof_kinds() const override;

    /** Always true: the assembler adds the inertia to DOFs other elements activate. */
    bool
    is_point_inertia() const override
    {
      return true;
    }

    /** Zero force (3) and zero tangent (3 x 3). */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /** Zero force and tangent (no strain energy, so trivially conserving). */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** Zero. */
    double
    strain_energy(const ElementKinematics &) const override
    {
      return 0.0;
    }

    /** m I or J for both kinds (a nodal inertia is lumped by nature). */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** Zero 3 x 3. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /** Zero 3 x 3. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /** Zero 3 x 3. */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /** dK = 0; dM = M for DesignProperty::density, zero for the other properties. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /** True: there is no internal force to rotate, and M does not depend on rotations. */
    bool
    supports_large_rotations() const override
    {
      return true;
    }

    /** None. */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &, bool) const override
    {
      return {};
    }

  private:
    std::vector<unsigned> node_ids_;
    Kind                  kind_;
    Eigen::Matrix3d       inertia_; ///< m I or J (global axes)
  };
} // namespace corot::elements
