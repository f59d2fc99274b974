#pragma once
/**
 * @file
 * Point mass at one node (deck element type MASS, keyword *MASS).
 */
#include <elements/element.h>

namespace corot::elements
{
  /**
   * A lumped translational mass m at one node:
   *
   *     o node   local DOFs [UX, UY, UZ],   M = m I (3 x 3, units of mass)
   *
   * No stiffness, no internal force, no strain energy. As a point inertia it
   * adds mass only to the DOFs the node's structural elements activate (on a
   * T2D2 node it acts on UX UY), see Element::is_point_inertia().
   */
  class PointMass : public Element
  {
  public:
    /** Reads m from @p definition.section.point_mass; throws std::invalid_argument if m <= 0. */
    explicit PointMass(const ElementDefinition &definition);

    /** The one node. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    /** UX UY UZ. */
    std::vector<core::DofKind>
    dof_kinds() const override;

    /** Always true: the assembler adds the mass to DOFs other elements activate. */
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

    /** m I for both kinds (a point mass is lumped by nature). */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** Zero 3 x 3. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /** Zero 3 x 3. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /** dK = 0; dM = m I for DesignProperty::density, zero for the other properties. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /** True: the mass matrix of a point mass does not depend on rotations. */
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
    double                point_mass_; ///< m
  };
} // namespace corot::elements
