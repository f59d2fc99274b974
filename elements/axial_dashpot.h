#pragma once
/**
 * @file
 * Axial dashpot between two nodes (deck type DASHPOTA, *DASHPOT), through
 * large rotations.
 */
#include <elements/element_without_stiffness.h>

namespace corot::elements
{
  /**
   * A linear viscous dashpot of coefficient c (*DASHPOT) acting along the line
   * through its two nodes, which turns with them under NLGEOM (Abaqus,
   * CalculiX DASHPOTA): the force c (n . (v_2 - v_1)) n on node 2 and its
   * opposite on node 1, n the unit chord. It has neither stiffness nor mass;
   * its damping matrix is C = c [n n^T, -n n^T; -n n^T, n n^T] at the
   * configuration it is given (the reference in a linear step), symmetric
   * positive semi-definite with the rigid motions (and every relative motion
   * across the chord) in its null space, so the dissipation v.C v =
   * c (n . (v_2 - v_1))^2 >= 0. The schemes apply it as the Rayleigh damping:
   * the mid-point scheme at the mid-point configuration with v = Delta d/dt,
   * whose work on the step is that dissipation, exactly in the energy balance.
   */
  class AxialDashpot : public ElementWithoutStiffness
  {
  public:
    /** From the *DASHPOT coefficient of @p definition's section; refuses coincident nodes. */
    explicit AxialDashpot(const ElementDefinition &definition);

    /** The two nodes. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return node_ids_;
    }

    /** UX UY UZ. */
    std::vector<core::DofKind>
    dof_kinds() const override
    {
      return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
    }

    /** None (the force needs the velocity, which an element state does not hold). */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &, bool) const override
    {
      return {};
    }

    /** True. */
    bool
    has_damping() const override
    {
      return true;
    }

    /** C = c [n n^T, -n n^T; -n n^T, n n^T], n the unit chord at @p state. */
    void
    damping_matrix(const ElementKinematics &state, Eigen::MatrixXd &damping) const override;

  private:
    std::vector<unsigned> node_ids_;
    Eigen::Vector3d       reference_chord_; ///< X_2 - X_1
    double                coefficient_;     ///< c
  };
} // namespace corot::elements
