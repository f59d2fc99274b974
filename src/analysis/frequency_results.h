#pragma once
/**
 * @file
 * What a *FREQUENCY step reports beyond the common step output.
 */
#include <src/io/results.h>
#include <src/solvers/sturm_sequence.h>

#include <optional>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Results of *FREQUENCY ("frequency"). NAME.json: "eigenvalues" and
   * "frequencies" always, "sturm_check" when modes were found, "node_output"
   * and "element_output" when not empty.
   * NAME.dat: mode, eigenvalue, omega (rad/time), frequency (cycles/time),
   * period; then the node and element tables.
   */
  class FrequencyResults : public io::ProcedureResults
  {
  public:
    std::vector<double> eigenvalues; ///< omega^2
    std::vector<double> frequencies; ///< cycles/time
    /** The Sturm-sequence check of the reported eigenvalues. */
    std::optional<solvers::SturmCheck> sturm;

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;
  };
} // namespace corot::analysis
