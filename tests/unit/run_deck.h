#pragma once
/**
 * @file
 * Running a deck written by a test: its results, or the message of the
 * error it ends with.
 */
#include <src/analysis/analysis_runner.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <sstream>
#include <string>

namespace corot::test
{
  /** The results of deck @p text, written as @p name in the test's scratch directory. */
  inline io::Results
  run_deck(const std::string &name, const std::string &text)
  {
    std::ostringstream progress;
    return analysis::run_analysis(deck::read_deck(write_scratch_file(name, text)), MPI_COMM_WORLD,
                                  progress);
  }

  /** The message of the error that running deck @p text ends with, or "no error". */
  inline std::string
  error_of_deck(const std::string &name, const std::string &text)
  {
    try
      {
        run_deck(name, text);
      }
    catch (const std::exception &error)
      {
        return error.what();
      }
    return "no error";
  }
} // namespace corot::test
