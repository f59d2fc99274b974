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
   * target x amplitude(t).
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
                     std::vector<std::string> &log);

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
    };
    const AnalysisContext &context_;
    std::vector<Entry>     entries_;
  };

  /**
   * Replicated external force vector at step time @p time: *CLOAD values
   * times their amplitude (or the static ramp), plus gravity.
   */
  Eigen::VectorXd
  external_force(const AnalysisContext &context, const StepLoading &loading, double time,
                 double period, bool ramp);
} // namespace corot::analysis
