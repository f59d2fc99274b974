#pragma once
/**
 * @file
 * The two-node connector element CONN3D2: nodes joined by a connection
 * type's kinematic constraints, with no stiffness or mass of its own.
 */
#include <elements/element_without_stiffness.h>

namespace corot::elements
{
  /**
   * CONN3D2 (Abaqus): a connector between node a (first) and node b
   * (second). Its connection type (*CONNECTOR SECTION: JOIN, HINGE, WELD,
   * BEAM, ...) is a set of holonomic constraints between the nodes, which
   * assembly::FollowerConstraints eliminates exactly (constraints::
   * TranslationTieConstraint, RevoluteConstraint, RotationTieConstraint,
   * RigidLinkConstraint); this element only gives the nodes their DOFs
   * (translations, and rotations where the connection involves them) and
   * contributes no force, stiffness or mass: a connector with only
   * constraints, as Abaqus' connectors without *CONNECTOR BEHAVIOR.
   */
  class ConnectorElement : public ElementWithoutStiffness
  {
  public:
    explicit ConnectorElement(const ElementDefinition &definition);

    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    std::vector<core::DofKind>
    dof_kinds() const override;

    bool
    is_nodal_attachment() const override
    {
      return true;
    }

    /**
     * The connector's relative motion in the local frame of node a (Abaqus'
     * connector output CU and CUR), F the orientation's axes at a (columns),
     * X the reference and x = X + u the current positions, R the nodal
     * rotations: CU = (R_a F)^T (x_b - x_a) - F^T (X_b - X_a), the relative
     * displacement along the local directions as they turn with node a, and
     * CUR the rotation vector of F^T R_a^T R_b F, the relative rotation in
     * those directions (principal value, |CUR| <= pi; a hinge's angle is
     * CUR1). With @p large_displacements false their linearisations,
     * CU = F^T (u_b - u_a - psi_a x (X_b - X_a)) and CUR = F^T (psi_b - psi_a).
     * Names CU1-CU3, CUR1-CUR3 (CUR only where the connector has rotations).
     */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const override;

  private:
    std::vector<unsigned> node_ids_;
    bool                  rotations_;
    Eigen::Matrix3d       frame_;      ///< the orientation's axes at node a (columns)
    Eigen::Vector3d       separation_; ///< X_b - X_a
  };
} // namespace corot::elements
