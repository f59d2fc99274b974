#pragma once
/**
 * @file
 * NAME.dat, the human-readable report of a run (input_decks/README.md, "Command line").
 */
#include <src/core/model.h>
#include <src/io/results.h>

#include <ostream>
#include <string>
#include <vector>

namespace corot::io
{
  /**
   * Writes a plain-text report in the manner of a CalculiX .dat file: a
   * header with the deck, its heading, the model size, how the run ended
   * (Results::status, with the message of a failed or interrupted run) and the properties of
   * every beam section (write_beam_sections()), then per step a
   * banner "STEP n  (procedure)", the step's log lines and the tables of
   * its procedure's results (ProcedureResults::write_report; e.g. node and
   * element histories, the eigenvalue table of a frequency step, the energy
   * balance of a dynamic step, a summary of the Newton iterations).
   *
   * Numbers are in fixed-width scientific columns (`%14.6E`); a missing
   * value is shown as "-".
   */
  class ReportWriter
  {
  public:
    /** Report on @p results of @p model; both must outlive this object. */
    ReportWriter(const core::Model &model, const Results &results);

    /** Write the report to @p out. */
    void
    write(std::ostream &out) const;

    /**
     * Write the report to the file @p file_name (replaced if it exists);
     * throws dealii::ExcMessage if the file cannot be written.
     */
    void
    write(const std::string &file_name) const;

    /**
     * The header and the steps of the results so far, without the closing
     * line: the start of the NAME.dat that grows while a run goes
     * (ResultStream).
     */
    void
    write_completed_steps(std::ostream &out) const;

  private:
    /** Deck name, heading and model size, then the beam sections. */
    void
    write_header(std::ostream &out) const;

    /**
     * One row per beam section: element set, shape and the properties the
     * elements use (A, I11, I22, I12, J about the centroid; shear areas k A
     * along local 1 and 2, "inf" for a section without shear flexibility).
     */
    void
    write_beam_sections(std::ostream &out) const;

    /** The banner, log and tables of one step. */
    void
    write_step(std::ostream &out, const StepResult &step) const;

    /** The model reported on. */
    const core::Model &model_;

    /** The results reported. */
    const Results &results_;
  };
} // namespace corot::io
