#pragma once
/**
 * @file
 * Evaluation of the loads and prescribed values of a step at a step time.
 */
#include <src/analysis/analysis_context.h>
#include <src/assembly/assembler.h>
#include <src/io/results.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::analysis
{
  /**
   * Prescribed DOFs of a step: their values at the start of the step and the
   * values they reach. Without an amplitude a static step ramps linearly from
   * the start value to the target (Abaqus); with one the value is
   * target x amplitude(t). In a dynamic step a value without amplitude applies
   * at once (CalculiX's default AMPLITUDE=STEP for dynamics; *STEP,
   * AMPLITUDE=RAMP ramps it as in a static step, StepLoading::ramp), and
   * TYPE=VELOCITY prescribes the rate, integrated over each time increment.
   */
  class PrescribedMotion
  {
  public:
    /**
     * Collects the DOFs of @p loading's boundary conditions. A *BOUNDARY on a
     * DOF kind that the node does not carry (e.g. ENCASTRE on a truss node)
     * is reported once per deck line in @p log and otherwise ignored.
     */
    PrescribedMotion(const AnalysisContext &context, const StepLoading &loading,
                     std::vector<std::string> &log, bool dynamic = false);

    /** Whether any prescribed DOF moves during the step (a dynamic step's view). */
    bool
    moves(double period) const;

    /**
     * Values at t_{n+1} = @p time_n1 in a dynamic step: displacements from
     * their amplitude, velocities integrated from @p d_n at t_n = @p time_n by
     * the trapezoidal rule (the mid-point scheme's own relation between
     * displacement increments and end velocities).
     */
    std::vector<assembly::PrescribedValue>
    dynamic_values(double time_n, double time_n1, double period, const Eigen::VectorXd &d_n) const;

    /**
     * Rates of the prescribed DOFs at @p time of a dynamic step (for the
     * initial velocities): prescribed velocities, or the time derivative of
     * a prescribed displacement by a second-order one-sided difference.
     */
    std::vector<assembly::PrescribedValue>
    dynamic_rates(double time, double period) const;

    /** The constrained DOFs with value 0 (for Assembler::set_constraints). */
    std::vector<assembly::PrescribedValue>
    constrained_dofs() const;

    /** Target values at step time @p time of a step of length @p period. */
    std::vector<assembly::PrescribedValue>
    values(double time, double period, bool ramp) const;

  private:
    struct Entry
    {
      unsigned    dof;
      double      start, target;
      std::string amplitude;
      bool        is_velocity;
    };

    /** A dynamic-step value (displacement or velocity) of @p entry at @p time. */
    double
    dynamic_value(const Entry &entry, double time, double period) const;

    const AnalysisContext &context_;
    bool                   ramp_; ///< StepLoading::ramp (AMPLITUDE=RAMP or STEP)
    std::vector<Entry>     entries_;
  };

  /**
   * Replicated external force vector at step time @p time: *CLOAD values
   * times their amplitude (or the ramp r(t), t / period if @p ramp, else 1),
   * plus gravity, plus (1 - r(t)) StepLoading::ramp_start.
   */
  Eigen::VectorXd
  external_force(const AnalysisContext &context, const StepLoading &loading, double time,
                 double period, bool ramp);
} // namespace corot::analysis
