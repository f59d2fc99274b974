#pragma once
/**
 * @file
 * The result files of a run (input_decks/README.md, "Command line" and "Results file").
 */
#include <src/core/model.h>
#include <src/io/results.h>

#include <string>

namespace corot::io
{
  /**
   * Write the result files of @p results for @p model into
   * @p output_directory, which is created if missing:
   * - @p base_name.json (JsonWriter),
   * - @p base_name.dat (ReportWriter),
   * - @p base_name.pvd with @p base_name-<step>-<frame>.vtu (VtuWriter),
   *   only when some step has field frames;
   * - the files a step asks for (StepResult::files, e.g. *COMPONENT MATRIX OUTPUT).
   *
   * Throws dealii::ExcMessage (a std::exception) if a file cannot be written,
   * or std::filesystem::filesystem_error if the directory cannot be created.
   */
  void
  write_results(const core::Model &model, const Results &results,
                const std::string &output_directory, const std::string &base_name);
} // namespace corot::io
