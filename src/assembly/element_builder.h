#pragma once
/**
 * @file
 * Turns the element records of a Model into element objects through the registry.
 */
#include <elements/element.h>
#include <src/core/model.h>

#include <memory>
#include <vector>

namespace corot::assembly
{
  /**
   * Creates one element object per core::ElementRecord (same order), with the
   * section and material of the element set it belongs to. Throws
   * core::InputError naming the element's deck line if an element has no
   * section, its material lacks constants, or the element rejects its data.
   */
  std::vector<std::unique_ptr<elements::Element>>
  build_elements(const core::Model &model);
} // namespace corot::assembly
