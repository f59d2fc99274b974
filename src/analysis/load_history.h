#pragma once
/**
 * @file
 * What one step hands to the next: the loads and boundary conditions in
 * force and the values the loads reached.
 */
#include <src/analysis/analysis_context.h>
#include <src/core/step.h>

#include <Eigen/Dense>

#include <map>
#include <utility>
#include <vector>

namespace corot::analysis
{
  /**
   * The loads and boundary conditions carried from one general step (*STATIC,
   * *DYNAMIC) to the next, with CalculiX's semantics, which Abaqus shares:
   * - *BOUNDARY, *CLOAD and *DLOAD stay in force until changed. OP=MOD (the
   *   default) changes the DOFs (loads: node and DOF, gravity and pressure: element) a
   *   step names and keeps the rest; OP=NEW first removes everything of its
   *   kind in force, model-data boundary conditions included.
   * - Within one step, loads on the same node and DOF (gravity on the same
   *   element) add up; a later step's load there replaces them.
   * - A load without an amplitude goes linearly from the value it had at the
   *   end of the previous general step to its new value over a RAMP step, and
   *   a removed one to zero; in a STEP step (the default of *DYNAMIC) the new
   *   value applies at once. A load with an amplitude is value x amplitude(t).
   * - *FREQUENCY, *BUCKLE and the CMS procedures change nothing that later
   *   steps see (Abaqus perturbation steps; CalculiX 2.20 carries their
   *   boundary conditions and loads on).
   * Prescribed values ramp from the current value of their DOF
   * (PrescribedMotion); a DOF whose boundary condition is removed is free at
   * once (CalculiX; Abaqus ramps its reaction down over a static step).
   */
  class LoadHistory
  {
  public:
    /** Starts with the model-data boundary conditions of @p model and no loads. */
    explicit LoadHistory(const core::Model &model);

    /** The loading in force during @p step, with the start values of its ramped loads. */
    StepLoading
    loading_of(const AnalysisContext &context, const core::Step &step) const;

    /**
     * Hands @p loading over to the steps that follow @p step, a general step
     * that ran to its end at step time @p period.
     */
    void
    commit(const AnalysisContext &context, const StepLoading &loading, double period);

  private:
    using NodalKey = std::pair<unsigned, unsigned>; ///< node id, DOF (1..6)

    std::vector<core::BoundaryCondition> boundaries_;
    std::vector<core::ConcentratedLoad>  loads_;
    std::vector<core::GravityLoad>       gravity_;
    std::map<NodalKey, double> applied_loads_; ///< values at the end of the last general step
    std::map<unsigned, Eigen::Vector3d> applied_gravity_; ///< element id -> acceleration reached
    std::vector<core::PressureLoad>     pressures_;
    /** element id -> pressure reached, and a *DLOAD line of it */
    std::map<unsigned, std::pair<double, core::SourceLocation>> applied_pressure_;
  };
} // namespace corot::analysis
