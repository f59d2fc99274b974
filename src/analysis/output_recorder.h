#pragma once
/**
 * @file
 * Turns the state at an output time into the histories and field frames a
 * step's output requests ask for.
 */
#include <src/analysis/analysis_context.h>
#include <src/io/results.h>

#include <Eigen/Dense>

#include <set>

namespace corot::analysis
{
  /** Records *NODE PRINT, *EL PRINT, *NODE FILE and *EL FILE output of one step. */
  class OutputRecorder
  {
  public:
    OutputRecorder(const AnalysisContext &context, const core::Step &step, io::StepResult &result);

    /**
     * If the step ends by an exception after record() was called (an
     * increment that does not converge, SIGINT), hands a copy of its result
     * so far, the converged increments, to the context's io::ResultStream
     * (ResultStream::salvage), which writes it with the status "failed" or
     * "interrupted".
     */
    ~OutputRecorder();

    OutputRecorder(const OutputRecorder &) = delete;
    OutputRecorder &
    operator=(const OutputRecorder &) = delete;

    /**
     * Records the state at step time @p time (the @p increment-th output
     * point, counted from 1); @p reaction is the replicated reaction vector
     * (internal minus external force on constrained DOFs, zero elsewhere).
     * @p last is the step's last increment. Which requests write: due().
     * An empty @p reaction means no reactions were computed: RF is then not
     * written (NaN in its row) and a warning names the request once.
     * Requests of one kind that cover the same node or element write into
     * one row per time: a node's history holds the union of the variables
     * of all *NODE PRINT requests covering it, each variable with one entry
     * per row, NaN where no request due at that time asked for it (e.g.
     * overlapping sets with different FREQUENCY=).
     * Call it once per converged increment (also when nothing is due):
     * it then passes the increment to the context's io::ResultStream, which
     * writes it to the result files and throws io::Interrupted if SIGINT or
     * SIGTERM arrived.
     */
    void
    record(double time, unsigned increment, const Eigen::VectorXd &reaction, bool last);

    /**
     * Makes U, UR and the section forces come from the plain DOF vector
     * @p values (a linear step's state; it must outlive the recorder), whose
     * rotations may exceed pi, instead of the configuration's rotations.
     */
    void
    use_linear_state(const Eigen::VectorXd &values)
    {
      linear_values_ = &values;
    }

    /**
     * Whether @p request writes at the @p increment-th increment, which ends
     * at step time @p time, as Abaqus and CalculiX define it: with
     * TIME POINTS= exactly at those times; otherwise every FREQUENCY-th
     * increment (increment 0 is the initial state) and the step's last
     * (@p last); FREQUENCY=0 never.
     */
    bool
    due(const core::OutputRequest &request, double time, unsigned increment, bool last) const;

    /**
     * Whether the energy history takes this increment: always the initial
     * state (increment 0, the reference of the balance); then every increment
     * when the step has no *ENERGY PRINT, else when one of them is due().
     */
    bool
    energy_due(double time, unsigned increment, bool last) const;

    /**
     * The times of TIME POINTS= of the step's output requests within
     * (0, @p period], ascending; throws core::InputError for a name no
     * *TIME POINTS defines.
     */
    std::vector<double>
    output_times(double period) const;

    /**
     * Says what of @p step's *NODE PRINT, *EL PRINT and *ENERGY PRINT
     * requests corot does not write, one "file:line: warning: ..." line each
     * (the request's keyword line), put first in @p result's log (the .dat)
     * and to the progress output; the requests stay in force:
     * - *NODE PRINT and *EL PRINT in a step that is not *STATIC or *DYNAMIC
     *   (CalculiX prints mode shapes there; corot writes them to the VTU
     *   files with *NODE FILE); *ENERGY PRINT outside *DYNAMIC;
     * - V outside *DYNAMIC (velocities belong to dynamic steps; Abaqus has
     *   none in a static step);
     * - the *EL PRINT variables E, ENER and ELSE (corot's element output is
     *   the section forces, which S, SF and SM give);
     * - the nodes of an NSET= that have no degree of freedom and the
     *   elements of an ELSET= that have no section forces (MASS, ROTARYI).
     */
    static void
    report_unwritten(const AnalysisContext &context, const core::Step &step,
                     io::StepResult &result);

    /** A field frame of the current state for VTU output. */
    io::FieldFrame
    frame(double time, const std::string &label, const Eigen::VectorXd &reaction,
          bool with_element_values) const;

  private:
    const AnalysisContext &context_;
    const core::Step      &step_;
    io::StepResult        &result_;
    const Eigen::VectorXd *linear_values_ = nullptr;
    /** The *NODE PRINT requests with RF already warned about reactions that were not computed. */
    std::set<const core::OutputRequest *> unreported_reactions_;
    /** record() was called: there are converged increments to salvage. */
    bool recorded_ = false;
    /** std::uncaught_exceptions() at construction. */
    int uncaught_at_construction_ = 0;

    /** Rotation vector of node @p node: from the linear state if set, else log R. */
    Eigen::Vector3d
    rotation_of(unsigned node) const;

    /** Section forces of element @p e (linear: K_e u_e of the linear state). */
    std::vector<std::pair<std::string, double>>
    section_forces_of(unsigned e) const;
  };
} // namespace corot::analysis
