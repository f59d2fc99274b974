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
   * Advances the structure over the step with fixed increments (DIRECT) by
   * the integrator the deck names (MIDPOINT, the energy-conserving default,
   * HHT with its ALPHA,
   * or NEWMARK). With NLGEOM the structure is co-rotational (large
   * rotations); without it geometrically linear, as in Abaqus/Standard and
   * CalculiX (AssembledDynamicSystem), so that the motion and the section
   * forces OutputRecorder recovers use the same kinematics. Records every increment's energies (kinetic, strain,
   * external work, total = kinetic + strain - external work), Newton
   * iterations and the requested node and element output. A step whose Newton
   * iterations fail is halved (with a message) up to four times; an
   * unconverged step is never accepted.
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
