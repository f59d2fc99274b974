#pragma once
/**
 * @file
 * Automatic time incrementation of a dynamic step from a local error estimate.
 */
#include <src/solvers/cutback.h>

namespace corot::integrators
{
  /**
   * Chooses the time increments of a *DYNAMIC step without DIRECT.
   *
   * After each converged increment the caller passes the error ratio
   * r = |e| / (tolerance x scale) of the scheme's local error estimate e
   * (Integrator::local_error). The increment is accepted when r <= 1; the next
   * one is dt 0.9 r^(-1/3), the exponent of a local error O(dt^3) of the
   * second-order schemes (Hairer, Norsett & Wanner, Solving Ordinary
   * Differential Equations I, section II.4, eqs. 4.12-4.13), at most twice the
   * last increment and no growth right after a rejection; a rejected increment
   * is retried at dt max(0.2, 0.9 r^(-1/3)). An increment whose Newton
   * iterations fail is retried by solvers::CutBack: at a quarter of its length
   * (Abaqus' cut-back factor; NewtonControls::cut_back_factor), at least the
   * minimum. Increments stay within [minimum, maximum] of the *DYNAMIC data
   * line; one that would have to fall below the minimum is a failure.
   */
  class StepSizeController
  {
  public:
    /** What judge() decided. */
    enum class Verdict
    {
      accepted,
      rejected,     ///< retry at proposed()
      below_minimum ///< rejected, and the retry would be shorter than the minimum
    };

    /**
     * @p initial, @p minimum, @p maximum: the increments of the *DYNAMIC data
     * line (already defaulted); the first increment tried is @p initial.
     */
    StepSizeController(
      double initial, double minimum, double maximum,
      const solvers::NewtonControls &controls = solvers::NewtonControls::for_dynamics());

    /** The increment to try next (before truncation to the next output or end time). */
    double
    proposed() const
    {
      return proposed_;
    }

    /**
     * Judges a converged increment of length @p time_step with error ratio
     * @p error_ratio (negative: no estimate, e.g. the first increment, which is
     * accepted without changing the proposal).
     */
    Verdict
    judge(double time_step, double error_ratio);

    /**
     * Newton failed on an increment of length @p time_step: proposes the
     * cut-back (a quarter of it, at least the minimum). Returns false when
     * the increment was already at the minimum, or after
     * NewtonControls::max_cut_backs cut-backs in a row.
     */
    bool
    cut_back(double time_step);

  private:
    double           minimum_, maximum_, proposed_;
    bool             last_rejected_ = false;
    solvers::CutBack cut_back_;
  };
} // namespace corot::integrators
