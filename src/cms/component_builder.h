#pragma once
/**
 * @file
 * Builds the components of a model from its *COMPONENT element sets.
 */
#include <elements/element.h>
#include <src/assembly/assembler.h>
#include <src/cms/component.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <memory>
#include <vector>

namespace corot::cms
{
  /**
   * Extracts every component's K_c and M_c with the element kernels the
   * Assembler uses (Element::linear_stiffness, Element::mass consistent) and
   * the global DOF numbering of @p assembler (Assembler::element_dofs);
   * DOFs constrained in @p assembler (its current *BOUNDARY set) are dropped.
   * An imported component (*COMPONENT, INPUT=) brings its matrices: a row at
   * a deck node joins that node's DOF in @p dofs (dropped if constrained);
   * a row at a deck node that has no such DOF, and an interior row (node 0),
   * get DOFs numbered after the deck's (Substructuring::n_dofs), shared by
   * the imported components that name the same node and DOF.
   * MASS SCALE and STIFFNESS SCALE parameters (any component) have dM = M_c,
   * dK = K_c respectively.
   * The interface is found automatically: free DOFs touched by elements of
   * two or more components. Design derivatives come from
   * Element::design_derivative (Hutton & Smith eq. 4: dK = sum a^T k_s a).
   *
   * With @p base (the deformed, stressed base state of an NLGEOM step, as
   * *FREQUENCY's) K_c and M_c are instead the symmetric part of each
   * element's tangent there (stress stiffening) and its consistent mass
   * turned with the element (assembly::MatrixKind::symmetric_tangent_stiffness,
   * turned_consistent_mass), so the components sum to the full model's
   * matrices about that base state; no design derivatives are built then
   * (a design change of a preloaded structure changes its base state too),
   * and an imported component is refused (its matrices belong to no base state).
   *
   * Throws core::InputError (at the *COMPONENT or *DESIGN PARAMETER line, or
   * @p where) if an element belongs to no component, if *EQUATION
   * constraints are present, or if an element does not support a parameter.
   */
  Substructuring
  build_substructuring(const core::Model                                     &model,
                       const std::vector<std::unique_ptr<elements::Element>> &elements,
                       const assembly::Assembler &assembler, const core::DofMap &dofs,
                       const core::SourceLocation &where,
                       const core::Configuration  *base = nullptr);

  /** Maps a PROPERTY= name (DENSITY, MODULUS, THICKNESS, AREA) to the element enum. */
  elements::DesignProperty
  design_property(const std::string &property);
} // namespace corot::cms
