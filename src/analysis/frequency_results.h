#pragma once
/**
 * @file
 * What a *FREQUENCY step reports beyond the common step output.
 */
#include <src/analysis/modal_correlation.h>
#include <src/analysis/modal_participation.h>
#include <src/io/mode_shapes.h>
#include <src/io/results.h>
#include <src/solvers/sturm_sequence.h>

#include <optional>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Results of *FREQUENCY ("frequency"). NAME.json: "eigenvalues" and
   * "frequencies" always, "sturm_check" and "participation" when modes were
   * found, "mode_shapes" when kept (io::ModeShapes), "node_output" and
   * "element_output" when not empty.
   * NAME.dat: mode, eigenvalue, omega (rad/time), frequency (cycles/time),
   * period; the participation factors, effective modal masses and their
   * totals (CalculiX's tables); then the node and element tables.
   */
  class FrequencyResults : public io::ProcedureResults
  {
  public:
    std::vector<double> eigenvalues; ///< omega^2
    std::vector<double> frequencies; ///< cycles/time
    /** The Sturm-sequence check of the reported eigenvalues. */
    std::optional<solvers::SturmCheck> sturm;
    /** How the mode shapes are scaled: "displacement" or "mass" (NORMALIZATION=). */
    std::string normalization = "displacement";
    /** Participation factors and effective masses of the reported modes. */
    std::optional<ModalParticipation> participation;
    /** The shapes of the reported modes, normalized as @p normalization says; none: not kept. */
    std::optional<io::ModeShapes> mode_shapes;
    /** *CORRELATION: the modes against a universal file's. */
    std::optional<ModalCorrelation> correlation;

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;

  private:
    /** The "participation" object of NAME.json. */
    void
    write_participation(io::JsonStream &json) const;

    /** CalculiX's participation, effective-mass and total-mass tables in NAME.dat. */
    void
    write_participation_report(std::ostream &out) const;
  };
} // namespace corot::analysis
