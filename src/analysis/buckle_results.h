#pragma once
/**
 * @file
 * What a *BUCKLE step reports beyond the common step output.
 */
#include <src/io/mode_shapes.h>
#include <src/io/results.h>

#include <optional>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Results of *BUCKLE ("buckle"). NAME.json: "load_factors" always,
   * "mode_shapes" when kept (io::ModeShapes; the largest translation of
   * each shape is 1), "node_output" and "element_output" when not empty. NAME.dat: mode and
   * load factor; then the node and element tables.
   */
  class BuckleResults : public io::ProcedureResults
  {
  public:
    std::vector<double> load_factors; ///< the critical load is preload + factor x the step's loads
    /** The buckling mode of each load factor ("displacement" normalized); none: not kept. */
    std::optional<io::ModeShapes> mode_shapes;

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;
  };
} // namespace corot::analysis
