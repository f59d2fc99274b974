#pragma once
/**
 * @file
 * The *FREQUENCY procedure: natural frequencies and mode shapes.
 */
#include <src/analysis/analysis_context.h>
#include <src/io/results.h>

#include <Eigen/Dense>

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
   * Reports eigenvalues, frequencies in cycles/time, participation factors and
   * effective modal masses (ModalParticipation) and, when *NODE FILE is
   * requested, mode shapes normalized as NORMALIZATION= says, their rotations
   * written as plain rotation vectors (never wrapped at pi).
   */
  class FrequencyAnalysis
  {
  public:
    FrequencyAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    io::StepResult
    run(unsigned step_number);

  private:
    /** The diagonal of the box around the model's nodes (a length to weigh rotations by). */
    double
    model_extent() const;

    /**
     * @p shape scaled so that its largest translation is 1, or, in a mode without
     * translations (its largest translation at most 1e-6 times its largest rotation times
     * @p model_size: round-off), its largest rotation times @p model_size
     * (NORMALIZATION=DISPLACEMENT).
     */
    Eigen::VectorXd
    displacement_normalized(const Eigen::VectorXd &shape, double model_size) const;

    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
  };
} // namespace corot::analysis
