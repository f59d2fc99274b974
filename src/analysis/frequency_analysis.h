#pragma once
/**
 * @file
 * The *FREQUENCY procedure: natural frequencies and mode shapes.
 */
#include <src/analysis/analysis_context.h>
#include <src/io/results.h>

namespace corot::analysis
{
  /**
   * Solves K x = omega^2 M x about the base state (BaseState), the step's
   * boundary conditions held at zero (a perturbation step: the state is not
   * changed). After a geometrically non-linear general step K is the
   * symmetric part of the consistent tangent at its end state (stress
   * stiffening: a taut string or beam is stiffer, a compressed one softer)
   * and M the consistent mass turned with the elements; otherwise K is the
   * small-displacement stiffness and M the consistent mass about the
   * reference configuration, so a preload without NLGEOM does not change the
   * frequencies (Abaqus, "Natural frequency extraction: initial conditions").
   * Reports eigenvalues, frequencies in cycles/time and, when *NODE FILE is
   * requested, mode shapes normalised to a largest translation of one.
   */
  class FrequencyAnalysis
  {
  public:
    FrequencyAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    io::StepResult
    run(unsigned step_number);

  private:
    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
  };
} // namespace corot::analysis
