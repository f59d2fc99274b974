#pragma once
/**
 * @file
 * The *DYNAMIC procedure: implicit direct time integration.
 */
#include <src/analysis/analysis_context.h>
#include <src/io/results.h>

namespace corot::analysis
{
  /**
   * Advances the structure over the step by the integrator the deck names
   * (MIDPOINT, the energy-conserving default, HHT with its ALPHA, NEWMARK, or
   * TIMEFE). With NLGEOM the structure is co-rotational (large rotations);
   * without it geometrically linear, as in Abaqus/Standard and CalculiX
   * (AssembledDynamicSystem).
   *
   * DIRECT: fixed increments of the data line's time increment; an increment
   * whose Newton iterations fail is halved (with a message) up to four times.
   * Otherwise automatic incrementation as in Abaqus and CalculiX: the data
   * line is (initial increment, period, minimum, maximum); each converged
   * increment is judged by the scheme's local error estimate
   * (Integrator::local_error) against TOLERANCE= times the displacement of
   * the increment, max(|Delta d|, dt |v_n|, dt |v_n+1|) over the free DOFs,
   * and the next increment is chosen by integrators::StepSizeController;
   * increments end exactly on the TIME POINTS= of the output requests and on
   * the period. The first mid-point increment has no earlier acceleration to
   * estimate from and is accepted at the initial increment. At most INC=
   * increments (*STEP). An unconverged or rejected increment is never kept.
   *
   * Records the energies (kinetic, strain, external work, viscous dissipation
   * of the physical damping, total = kinetic + strain + viscous dissipation -
   * external work, and the numerical dissipation: the initial total minus the
   * current one, the energy the scheme removed) of every accepted increment (or as *ENERGY PRINT,
   * FREQUENCY= / TIME POINTS= asks), the Newton iterations and length of every
   * accepted increment, and the requested node and element output.
   */
  class DynamicAnalysis
  {
  public:
    DynamicAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    io::StepResult
    run(unsigned step_number);

  private:
    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
  };
} // namespace corot::analysis
