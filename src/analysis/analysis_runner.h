#pragma once
/**
 * @file
 * Runs every step of a model in order.
 */
#include <src/core/memory_budget.h>
#include <src/core/model.h>
#include <src/io/result_stream.h>
#include <src/io/results.h>

#include <mpi.h>

#include <optional>
#include <ostream>
#include <string>

namespace corot::analysis
{
  /** How a run is set up beyond its deck (the command line of `corot run`). */
  struct RunOptions
  {
    /** The output path without extension (restart points go to job.res); empty: the deck's. */
    std::string job;
    /** The memory the run may plan to use (--memory); none: what this machine has left. */
    std::optional<core::MemoryBudget> memory;
  };

  /**
   * Builds the elements, DOF numbering and assembler of @p model and runs its
   * steps in order. Boundary conditions and loads carry over from one general
   * step to the next (LoadHistory: OP=MOD changes what a step names, OP=NEW
   * drops what came before, loads ramp from their previous values);
   * perturbation steps (*FREQUENCY, *BUCKLE) leave the state unchanged, and
   * a *BUCKLE step scales only its own loads. Progress lines go to
   * @p progress on rank 0.
   *
   * With a @p stream, every converged increment and every finished step is
   * written as the run goes; if a step throws (it failed, or SIGINT/SIGTERM
   * arrived: io::Interrupted), the stream is finished with the status
   * "failed" or "interrupted" and the results up to the last converged
   * increment before the exception is rethrown. A run that completes is
   * finished by the caller (io::ResultStream::finish, "completed").
   *
   * Before a matrix is allocated, the memory the run needs for its matrices
   * and their sparse factor (MemoryPlan) is checked against
   * @p options.memory: a model that would not fit stops with a message
   * saying so, and one that needs more than half of it says so in a
   * progress line.
   *
   * Restart points (*RESTART, WRITE) go to @p options.job.res. With *RESTART, READ the run goes on from a restart point:
   * the steps before it are skipped (their loads rebuilt from the deck) and
   * the step it lies in goes on from its increment (RestartPoints).
   */
  io::Results
  run_analysis(const core::Model &model, MPI_Comm communicator, std::ostream &progress,
               io::ResultStream *stream = nullptr, const RunOptions &options = {});
} // namespace corot::analysis
