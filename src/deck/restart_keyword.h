#pragma once
/**
 * @file
 * The *RESTART keyword, a keyword plugin in its own .h/.cc pair: its .cc
 * registers it with KeywordRegistry.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <vector>

namespace corot::deck
{
  /**
   * *RESTART, WRITE [, FREQUENCY=n] [, OVERLAY] (inside a step; in force for
   * the steps after it until the next one) into core::Step::restart, and
   * *RESTART, READ [, STEP=s] [, INC=i] [, FILE=name] (model data, before
   * the first *STEP) into core::Model::restart_read. Either is required,
   * not both; parameters of the other form and Abaqus' END STEP are refused
   * at the line.
   */
  void
  parse_restart(KeywordContext &context, const KeywordLine &keyword,
                const std::vector<DataLine> &data);
} // namespace corot::deck
