#pragma once
/**
 * @file
 * The *CONNECTOR SECTION keyword (Abaqus), a keyword plugin in its own
 * .h/.cc pair: its .cc registers it with KeywordRegistry.
 */
#include <src/core/connector.h>
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <vector>

namespace corot::deck
{
  /**
   * The constraint components of the connection type written on the first
   * data line of a *CONNECTOR SECTION (@p line): an assembled type (HINGE,
   * WELD, TRANSLATOR, CYLINDRICAL, BEAM) or basic types (JOIN, SLOT,
   * REVOLUTE, ALIGN; a translational and a rotational one at most). Throws core::InputError at @p line for a type
   * corot does not enforce, naming the ones it does.
   */
  std::vector<core::ConnectionComponent>
  connection_components(const DataLine &line);

  /**
   * *CONNECTOR SECTION, ELSET= (model data): the connection type of the
   * CONN3D2 elements of ELSET (first data line) and the orientations at their
   * nodes a and b (optional second line; b defaults to a's, a to the global
   * axes). Records a core::ConnectorSection and the elements' section.
   * BEHAVIOR= (connector elasticity, damping, stops) is refused: corot's
   * connectors are their constraints only.
   */
  void
  parse_connector_section(KeywordContext &context, const KeywordLine &keyword,
                          const std::vector<DataLine> &data);
} // namespace corot::deck
