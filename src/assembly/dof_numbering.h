#pragma once
/**
 * @file
 * Activation of DOF kinds per node from the elements attached to it.
 */
#include <elements/element.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <memory>
#include <vector>

namespace corot::assembly
{
  /**
   * Numbers the active DOFs of @p model. A node carries the union of the DOF
   * kinds of its structural elements; point inertias (MASS, ROTARYI) add mass
   * to the DOFs other elements activate and activate DOFs only on nodes that
   * have no structural element (a free point mass).
   */
  core::DofMap
  number_dofs(const core::Model                                     &model,
              const std::vector<std::unique_ptr<elements::Element>> &elements);

  /**
   * Global DOF index of every local DOF of @p element (node-major, as in
   * element.h); DofMap::invalid where the node lacks that kind.
   */
  std::vector<unsigned>
  element_dof_indices(const core::Model &model, const core::DofMap &dofs,
                      const elements::Element &element);
} // namespace corot::assembly
