#pragma once
/**
 * @file
 * The "sturm_check" object of a *FREQUENCY or *MODAL SYNTHESIS step in NAME.json.
 */
#include <src/io/json_stream.h>
#include <src/solvers/sturm_sequence.h>

namespace corot::analysis
{
  /**
   * Writes the key "sturm_check" and its object: "shift" (sigma just below the
   * highest reported eigenvalue), "lower_shift" (the band's lower end, if
   * any), "eigenvalues_below" (the count from the inertia of K - sigma M),
   * "reported_below", "reported", "approximate" and "passed".
   */
  void
  write_sturm_check(io::JsonStream &json, const solvers::SturmCheck &check);
} // namespace corot::analysis
