#pragma once
/**
 * @file
 * An eigensolve of a perturbation step (*FREQUENCY, *BUCKLE) as the step reports it.
 */
#include <src/core/step.h>
#include <src/io/results.h>
#include <src/solvers/eigen_solver.h>

#include <functional>

namespace corot::analysis
{
  /**
   * Runs @p solve for the step @p step: a solver failure (a singular shift, no convergence)
   * becomes a core::InputError at the step's procedure line, and the sparse factorization the
   * solver used is recorded in @p result (direct_solver and a log line).
   */
  solvers::EigenPairs
  solve_for_step(const core::Step &step, io::StepResult &result,
                 const std::function<solvers::EigenPairs()> &solve);
} // namespace corot::analysis
