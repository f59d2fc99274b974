#pragma once
/**
 * @file
 * Rotary inertia at one node (deck element type ROTARYI, keyword *ROTARY INERTIA).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * A lumped rotary inertia tensor J (global axes, units of mass x length^2)
   * at one node:
   *
   *     o node   local DOFs [RX, RY, RZ],   M = J (3 x 3, symmetric)
   *
   * No stiffness, no internal force, no strain energy. As a point inertia it
   * adds inertia only to the rotational DOFs the node's structural elements
   * activate (on a B21 node only J_zz acts), see Element::is_point_inertia().
   */
  class RotaryInertia : public Element
  {
  public:
    /** Reads J from @p definition.section.rotary_inertia; throws std::invalid_argument if J is not symmetric. */
    explicit RotaryInertia(const ElementDefinition &definition);

    /** The one node. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    /** RX RY RZ. */
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

    /** Zero force and tangent. */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** Zero. */
    double
    strain_energy(const ElementKinematics &) const override
    {
      return 0.0;
    }

    /** J for both kinds. */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** Zero 3 x 3. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /** Zero 3 x 3. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /** dK = 0; dM = J for DesignProperty::density, zero for the other properties. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /**
     * True in the sense of the interface (no internal force to rotate); the
     * gyroscopic terms of a finitely rotating J are the integrator's business.
     */
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
    Eigen::Matrix3d       inertia_; ///< J, global axes
  };
} // namespace corot::elements
