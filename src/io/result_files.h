#pragma once
/**
 * @file
 * The result files of a run (DECK.md "Command line" and "Results file").
 */
#include <src/core/model.h>
#include <src/io/results.h>

#include <ostream>
#include <string>

namespace corot::io
{
  /** NAME.json: { "deck": ..., "steps": [...] } exactly as DECK.md's results-file section. */
  void
  write_json(const Results &results, std::ostream &out);

  /** NAME.dat: a readable report with one section per step and tables of its results. */
  void
  write_report(const core::Model &model, const Results &results, std::ostream &out);

  /**
   * NAME-<step>-<frame>.vtu for every field frame and the NAME.pvd index over
   * them (ParaView), through deal.II's DataOutBase. Nothing is written if no
   * step has frames.
   */
  void
  write_vtu(const core::Model &model, const Results &results, const std::string &directory,
            const std::string &base_name);

  /** All of the above into @p directory (created if missing), named after @p base_name. */
  void
  write_results(const core::Model &model, const Results &results, const std::string &directory,
                const std::string &base_name);
} // namespace corot::io
