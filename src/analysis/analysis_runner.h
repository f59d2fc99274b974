#pragma once
/**
 * @file
 * Runs every step of a model in order.
 */
#include <src/core/model.h>
#include <src/io/result_stream.h>
#include <src/io/results.h>

#include <mpi.h>

#include <ostream>

namespace corot::analysis
{
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
   * Restart points (*RESTART, WRITE) go to @p job.res, @p job being the
   * output path without extension (empty: the deck's path without its
   * extension). With *RESTART, READ the run goes on from a restart point:
   * the steps before it are skipped (their loads rebuilt from the deck) and
   * the step it lies in goes on from its increment (RestartPoints).
   */
  io::Results
  run_analysis(const core::Model &model, MPI_Comm communicator, std::ostream &progress,
               io::ResultStream *stream = nullptr, const std::string &job = "");
} // namespace corot::analysis
