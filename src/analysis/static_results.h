#pragma once
/**
 * @file
 * What a *STATIC or *STATIC, RIKS step reports beyond the common step output.
 */
#include <src/io/results.h>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Results of *STATIC and *STATIC, RIKS ("static" in NAME.json and NAME.dat).
   * NAME.json: "node_output" always, then "element_output", "arc_length" with
   * "load_factor", and "newton_iterations" when not empty. NAME.dat: the
   * arc-length table (RIKS), the node and element tables and the Newton summary.
   */
  class StaticResults : public io::ProcedureResults
  {
  public:
    std::vector<unsigned> newton_iterations; ///< per increment (NLGEOM and RIKS)
    /** *STATIC, RIKS, per converged increment: arc length so far (the step "time") and LPF. */
    std::vector<double> arc_length, load_factor;

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;

    /** "newton_iterations", "arc_length" and "load_factor" entries since @p cursor. */
    io::SeriesEntries
    new_entries(io::StreamCursor &cursor) const override;
  };
} // namespace corot::analysis
