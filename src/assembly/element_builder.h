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
   * Creates one element object per core::ElementRecord (same order) from its
   * resolved definition (Model::element_definitions, made by
   * deck::ModelFinaliser, which has already checked sections and materials).
   * Throws core::InputError naming the element's deck line if the element
   * rejects its data (e.g. a zero length or an n1 along the beam axis).
   */
  std::vector<std::unique_ptr<elements::Element>>
  build_elements(const core::Model &model);
} // namespace corot::assembly
