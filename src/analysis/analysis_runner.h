#pragma once
/**
 * @file
 * Runs every step of a model in order.
 */
#include <src/core/model.h>
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
   */
  io::Results
  run_analysis(const core::Model &model, MPI_Comm communicator, std::ostream &progress);
} // namespace corot::analysis
