#pragma once
/**
 * @file
 * Point inertias at one node: MASS (translational) and ROTARYI (rotational).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * A lumped inertia at one node: MASS gives M = m I on UX UY UZ, ROTARYI
   * the rotary-inertia tensor on RX RY RZ (global axes). No stiffness, no
   * internal force, no strain energy. A point inertia adds mass only to the
   * DOFs the node's structural elements activate (on a T2D2 node a MASS acts
   * on UX UY), see Element::is_point_inertia().
   */
  class PointInertia : public Element
  {
  public:
    /** @p rotational: ROTARYI (true) or MASS (false). */
    PointInertia(const ElementDefinition &definition, bool rotational);

    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }
    std::vector<core::DofKind>
    dof_kinds() const override;
    bool
    is_point_inertia() const override
    {
      return true;
    }
    void
    internal_force(const ElementKinematics &, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;
    void
    conserving_force(const ElementKinematics &, const ElementKinematics &,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;
    double
    strain_energy(const ElementKinematics &) const override
    {
      return 0.0;
    }
    /** The same matrix for both kinds: a point inertia is lumped by nature. */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;
    void
    geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &stiffness) const override;
    /** Density scales the inertia; the other properties do not apply. */
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
    std::vector<unsigned> node_ids_;
    bool                  rotational_;
    Eigen::Matrix3d       inertia_;
  };
} // namespace corot::elements
