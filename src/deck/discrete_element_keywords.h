#pragma once
/**
 * @file
 * The *SPRING and *DASHPOT keywords (Abaqus, CalculiX) for the axial discrete
 * elements SPRINGA and DASHPOTA, keyword plugins in one .h/.cc pair (they
 * share their data format): the .cc registers them with KeywordRegistry.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <vector>

namespace corot::deck
{
  /**
   * *SPRING, ELSET= and *DASHPOT, ELSET= (model data): one data line with the
   * spring stiffness (force per length) or dashpot coefficient (force per
   * velocity). Abaqus and CalculiX write an empty first data line for the
   * axial types (it holds the DOFs of SPRING1/2, DASHPOT1/2); blank lines are
   * not data, so it needs no handling. A second field (frequency or
   * temperature dependence) and NONLINEAR are refused at their lines
   * (ORIENTATION= is an unknown parameter: the axial types have none).
   */
  void
  parse_discrete_element_section(KeywordContext &context, const KeywordLine &keyword,
                                 const std::vector<DataLine> &data);
} // namespace corot::deck
