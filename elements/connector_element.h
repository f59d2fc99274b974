#pragma once
/**
 * @file
 * The two-node connector element CONN3D2: nodes joined by a connection
 * type's kinematic constraints, with no stiffness or mass of its own.
 */
#include <elements/element.h>

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
  class ConnectorElement : public Element
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

    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    double
    strain_energy(const ElementKinematics &) const override
    {
      return 0.0;
    }

    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    bool
    supports_large_rotations() const override
    {
      return true;
    }

    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &, bool) const override
    {
      return {};
    }

  private:
    /** A zero matrix of the element's size. */
    Eigen::MatrixXd
    zero() const
    {
      return Eigen::MatrixXd::Zero(n_dofs(), n_dofs());
    }

    std::vector<unsigned> node_ids_;
    bool                  rotations_;
  };
} // namespace corot::elements
