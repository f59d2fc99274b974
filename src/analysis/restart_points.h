#pragma once
/**
 * @file
 * Restart points of a run (`*RESTART, WRITE` and `*RESTART, READ`, Abaqus'
 * keyword): what is written at a converged increment and at the end of a
 * step, and how a run goes on from one.
 *
 * A point holds the configuration (positions, rotations as quaternions,
 * velocities), the base state the general steps left, and, inside a step,
 * the configuration at the step's start and the procedure's own state
 * (integrator state, counters, increment size, energy sums). A resumed step
 * runs its prologue on the step's start configuration, exactly as the
 * uninterrupted run did, and then takes the procedure's state from the
 * point, so its increments are those of the uninterrupted run. The loads
 * the earlier general steps leave (analysis::LoadHistory) are rebuilt from
 * the deck, which must therefore hold the same steps up to the point; a
 * fingerprint of the model (nodes, elements, DOFs) and of those steps
 * (procedure, NLGEOM, time period) refuses another deck. Loads, materials
 * and other step data are not in it: the deck is trusted to be the same.
 */
#include <src/analysis/analysis_context.h>
#include <src/core/configuration.h>
#include <src/io/restart_file.h>

#include <deal.II/base/mpi.h>

#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace corot::analysis
{
  /** The restart points a run writes and the one it goes on from. */
  class RestartPoints
  {
  public:
    /** A point the run goes on from. */
    struct Resume
    {
      io::RestartPosition position;
      io::RestartRecord   record;
      std::string         file;
    };

    /**
     * The restart points of @p model's run; @p job is the output path
     * without extension (points go to @p job.res).
     */
    RestartPoints(const core::Model &model, const core::DofMap &dofs, std::string job,
                  MPI_Comm communicator);

    /**
     * *RESTART, READ: reads the point the deck asks for into @p context
     * (configuration and base state) and returns it; nothing without READ.
     * Throws core::InputError at the *RESTART line for a missing, damaged or
     * foreign file.
     */
    std::optional<Resume>
    read(AnalysisContext &context);

    /** The point step @p number resumes from, or nullptr if it starts afresh. */
    const Resume *
    resume_of(unsigned number) const;

    /**
     * The point step @p number of @p context's run goes on from (nullptr: it
     * starts afresh, also without restart points), said in @p log and the
     * progress ("restart: going on from ...").
     */
    static const Resume *
    going_on(const AnalysisContext &context, unsigned number, std::vector<std::string> &log);

    /** Step @p number begins from the configuration of @p context (kept for its points). */
    void
    begin_step(const AnalysisContext &context, unsigned number);

    /**
     * Increment @p increment of @p step converged at step time @p time
     * (@p last: the step's last): writes a point, with the procedure's state
     * from @p procedure_state, on every FREQUENCY-th increment but the last,
     * whose point the step's end writes (step_completed).
     */
    void
    increment_converged(const AnalysisContext &context, const core::Step &step, unsigned increment,
                        double time, bool last,
                        const std::function<void(io::RestartRecord &)> &procedure_state);

    /**
     * The run stops after increment @p increment (SIGINT/SIGTERM, collective):
     * its point, unless already written, the step writes none, or it is the
     * step's last (the point before stays the one to go on from).
     */
    void
    interrupted(const AnalysisContext &context, const core::Step &step, unsigned increment,
                double time, bool last,
                const std::function<void(io::RestartRecord &)> &procedure_state);

    /**
     * Step @p step (number @p number) ended: its point if it writes any, at
     * the last increment's step time, or @p time if the procedure reports no
     * increments.
     */
    void
    step_completed(const AnalysisContext &context, const core::Step &step, unsigned number,
                   double time);

    /** The restart file the run writes. */
    const std::string &
    file() const
    {
      return file_;
    }

    /** Stores @p configuration into @p record as the entries NAME.displacements, ... */
    static void
    store(io::RestartRecord &record, const std::string &name,
          const core::Configuration &configuration);

    /** The configuration stored under @p name for @p n_nodes nodes. */
    static core::Configuration
    load(const io::RestartRecord &record, const std::string &name, unsigned n_nodes);

  private:
    /** CRC-32 of the nodes, elements, DOF numbering and the procedures of steps 1..@p steps. */
    std::uint32_t
    fingerprint(unsigned steps) const;

    /** Writes a point of the current step at @p position (collective; rank 0 writes). */
    void
    write(const AnalysisContext &context, const core::Step &step,
          const io::RestartPosition                      &position,
          const std::function<void(io::RestartRecord &)> &procedure_state);

    /** The record of the point at @p position, written to the file (rank 0). */
    void
    write_on_this_rank(const AnalysisContext &context, const core::Step &step,
                       const io::RestartPosition                      &position,
                       const std::function<void(io::RestartRecord &)> &procedure_state);

    const core::Model            &model_;
    const core::DofMap           &dofs_;
    std::string                   file_;
    MPI_Comm                      communicator_;
    bool                          written_ = false;  ///< this run has written a point (then append)
    std::pair<unsigned, unsigned> written_at_{0, 0}; ///< step and increment of its last point
    unsigned                      step_           = 0; ///< the current step
    unsigned                      last_increment_ = 0; ///< of the current step (0: none reported)
    std::optional<double>         last_time_;          ///< its step time
    core::Configuration           step_start_;
    std::optional<Resume>         resume_;
  };
  /**
   * Records increment @p increment of @p step with @p record (an
   * OutputRecorder call, which throws io::Interrupted when SIGINT/SIGTERM
   * stops the run after it): the run's restart points get the increment when
   * FREQUENCY= says so, and also when @p record throws io::Interrupted, so
   * that the point and the stop are one decision. @p procedure_state adds the
   * procedure's state to a point.
   */
  void
  record_increment(const AnalysisContext &context, const core::Step &step, unsigned increment,
                   double time, bool last,
                   const std::function<void(io::RestartRecord &)> &procedure_state,
                   const std::function<void()>                    &record);
} // namespace corot::analysis
