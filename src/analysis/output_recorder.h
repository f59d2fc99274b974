#pragma once
/**
 * @file
 * Turns the state at an output time into the histories and field frames a
 * step's output requests ask for.
 */
#include <src/analysis/analysis_context.h>
#include <src/io/results.h>

#include <Eigen/Dense>

namespace corot::analysis
{
  /** Records *NODE PRINT, *EL PRINT, *NODE FILE and *EL FILE output of one step. */
  class OutputRecorder
  {
  public:
    OutputRecorder(const AnalysisContext &context, const core::Step &step, io::StepResult &result);

    /**
     * Records the state at step time @p time (the @p increment-th output
     * point, counted from 1); @p reaction is the replicated reaction vector
     * (internal minus external force on constrained DOFs, zero elsewhere).
     * @p last forces output regardless of FREQUENCY=.
     */
    void
    record(double time, unsigned increment, const Eigen::VectorXd &reaction, bool last);

    /** A field frame of the current state for VTU output. */
    io::FieldFrame
    frame(double time, const std::string &label, const Eigen::VectorXd &reaction,
          bool with_element_values) const;

  private:
    const AnalysisContext &context_;
    const core::Step      &step_;
    io::StepResult        &result_;
  };
} // namespace corot::analysis
