#pragma once
/**
 * @file
 * What every analysis procedure works on.
 */
#include <elements/element.h>
#include <src/analysis/amplitude.h>
#include <src/analysis/base_state.h>
#include <src/assembly/assembler.h>
#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <deal.II/base/conditional_ostream.h>

#include <Eigen/Dense>

#include <map>
#include <memory>
#include <vector>

namespace corot::io
{
  class ResultStream;
}

namespace corot::analysis
{
  class RestartPoints;

  /**
   * Loads and boundary conditions in force during one step (built by
   * LoadHistory). A load or prescribed value without an amplitude goes from
   * its value at the start of the step to its own value by the step's ramp
   * r(t) (t / period when @p ramp, else 1): the loads as
   * ramp_start (1 - r) + value r, where @p ramp_start holds the values at
   * the start of the step of every load that ramps (CalculiX, Abaqus).
   */
  struct StepLoading
  {
    std::vector<core::BoundaryCondition> boundaries;
    std::vector<core::ConcentratedLoad>  loads;
    std::vector<core::GravityLoad>       gravity;
    std::vector<core::PressureLoad>      pressures;
    Eigen::VectorXd                      ramp_start; ///< replicated force vector; empty: zero
    /**
     * Pressures at the start of the step on the elements whose pressure ramps
     * (element id -> pressure): a pressure follows the faces, so its start
     * value is kept per element rather than in ramp_start.
     */
    std::map<unsigned, double> pressure_start;
    core::SourceLocation       pressure_start_at; ///< a *DLOAD, P line behind pressure_start
    bool                       ramp = true;       ///< AMPLITUDE=RAMP (else STEP)
  };

  /** The model, its discretisation and the state carried from step to step. */
  struct AnalysisContext
  {
    const core::Model                                     &model;
    const std::vector<std::unique_ptr<elements::Element>> &elements;
    const core::DofMap                                    &dofs;
    assembly::Assembler                                   &assembler;
    const AmplitudeTable                                  &amplitudes;
    core::Configuration        &configuration; ///< end state of the last general step
    dealii::ConditionalOStream &progress;      ///< rank-0 progress lines
    BaseState base = {}; ///< what the last general step left for the steps after it
    /** Writes each converged increment as the run goes (OutputRecorder); nullptr: results only in memory. */
    io::ResultStream *stream = nullptr;
    /** The output path without extension ("DIR/NAME"): files a step writes beside NAME.json. */
    std::string job = {};
    /** The run's restart points (what to write, where to go on from); nullptr: none. */
    RestartPoints *restart = nullptr;
  };
} // namespace corot::analysis
