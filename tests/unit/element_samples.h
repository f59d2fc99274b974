#pragma once
/**
 * @file
 * Representative instances of every registered element type, for the
 * element property suite (test_element_properties.cc): nodes, section and
 * material of one or more typical elements per deck type, and the closed-form
 * figures the suite checks them against (the total mass).
 *
 * Adding a sample for a new element type is one entry in element_samples()
 * (element_samples.cc): a name, the ElementDefinition and the expected mass of
 * a rigid translation (rho A L for a bar, m for a point mass, 0 for an element
 * without translational DOFs). A registered type without a sample makes the
 * suite fail.
 */
#include <elements/element.h>

#include <map>
#include <string>
#include <vector>

namespace corot::test
{
  /** One representative element of a registered type. */
  struct ElementSample
  {
    std::string                 name; ///< what it represents, e.g. "centred" or "with axis offset"
    elements::ElementDefinition definition; ///< nodes, reference positions, section, material
    /**
     * Mass of a unit rigid translation along each translational DOF kind of
     * the element (u^T M u), from the definition in closed form: rho A L for
     * bars and beams, m for a point mass. Not checked for elements without
     * translational DOFs.
     */
    double translational_mass = 0.0;
    /**
     * The order in the step of the error of the conserving force's tangent
     * (Element::conserving_force) as the Jacobian of that force over a finite
     * step: 1 where the element approximates part of it (B31's change of the
     * frame taken at the mid-point), 2 where only second-order terms are left
     * out (the shells, the bars and B21, whose tangents are exact).
     */
    int conserving_tangent_order = 1;
    /**
     * An element with neither stiffness nor mass (CONN3D2: its connection is
     * a set of constraints, tested in test_holonomic_constraints.cc; DASHPOTA,
     * whose damping matrix test_discrete_elements.cc checks): its
     * tangent and mass must vanish instead of having the rigid-body modes as
     * null space and carrying a mass.
     */
    bool constraints_only = false;
    /** An element with stiffness but no mass (SPRINGA): its mass must vanish. */
    bool massless = false;
  };

  /** The samples of every element type the suite knows, by deck name (upper case). */
  const std::map<std::string, std::vector<ElementSample>> &
  element_samples();

  /**
   * @p definition with the design property @p property scaled by @p factor
   * (the meaning of DesignProperty on each kind of section: density scales the
   * material density and a point inertia's mass or inertia tensor, modulus
   * scales E and G, area the cross-sectional area, thickness the shell
   * thickness).
   */
  elements::ElementDefinition
  scaled_definition(const elements::ElementDefinition &definition,
                    elements::DesignProperty property, double factor);
} // namespace corot::test
