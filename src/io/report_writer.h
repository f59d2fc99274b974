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
   * header with the deck, its heading, the model size and the properties of
   * every beam section (write_beam_sections()), then per step a
   * banner "STEP n  (procedure)", the step's log lines and its tables:
   * - node and element output: one table per node / element with a column
   *   "time" and one per variable present (U1 U2 U3 UR1 UR2 UR3 ..., in the
   *   order of ordered_variables());
   * - frequency: mode, eigenvalue, omega (rad/time), frequency
   *   (cycles/time), period;
   * - buckle: mode, load factor;
   * - dynamic: the energy balance (time, kinetic, strain, external work,
   *   total) and the drift of the total energy;
   * - a summary of the Newton iterations when there are any.
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

    /** The eigenvalue table of a frequency step. */
    static void
    write_frequencies(std::ostream &out, const StepResult &step);

    /** Arc length and load proportionality factor per increment of a *STATIC, RIKS step. */
    static void
    write_load_proportionality(std::ostream &out, const StepResult &step);

    /** The load-factor table of a buckling step. */
    static void
    write_load_factors(std::ostream &out, const StepResult &step);

    /** The energy table of a dynamic step. */
    static void
    write_energy(std::ostream &out, const EnergyHistory &energy);

    /**
     * One table per entry of @p histories, titled "node output for node <id>"
     * or "element output for element <id>" as @p what is "node" or "element".
     */
    static void
    write_histories(std::ostream &out, const std::string &what,
                    const std::map<unsigned, History> &histories);

    /**
     * The tables of the CMS procedures: components, then frequencies beside
     * the full model's with % errors and the reduced and full DOF counts
     * (like Hutton & Smith 1993, Table 1), sensitivities (their Table 2),
     * design changes and inverse-problem targets.
     */
    static void
    write_cms(std::ostream &out, const StepResult &step);

    /** Number, total and largest count of Newton iterations. */
    static void
    write_newton_summary(std::ostream &out, const std::vector<unsigned> &iterations);

    /** The model reported on. */
    const core::Model &model_;

    /** The results reported. */
    const Results &results_;
  };
} // namespace corot::io
