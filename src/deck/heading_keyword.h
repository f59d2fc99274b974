#pragma once
/**
 * @file
 * The *HEADING keyword, a keyword plugin in its own .h/.cc pair: its .cc
 * registers it with KeywordRegistry, and nothing else in corot names it.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <vector>

namespace corot::deck
{
  /**
   * *HEADING (model data, no parameters): its data lines, joined by newlines,
   * become core::Model::heading (written at the top of NAME.dat and NAME.json).
   */
  void
  parse_heading(KeywordContext &context, const KeywordLine &keyword,
                const std::vector<DataLine> &data);
} // namespace corot::deck
