#pragma once
/**
 * @file
 * What a *FREQUENCY step reports beyond the common step output.
 */
#include <src/io/results.h>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Results of *FREQUENCY ("frequency"). NAME.json: "eigenvalues" and
   * "frequencies" always, "node_output" and "element_output" when not empty.
   * NAME.dat: mode, eigenvalue, omega (rad/time), frequency (cycles/time),
   * period; then the node and element tables.
   */
  class FrequencyResults : public io::ProcedureResults
  {
  public:
    std::vector<double> eigenvalues; ///< omega^2
    std::vector<double> frequencies; ///< cycles/time

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;
  };
} // namespace corot::analysis
