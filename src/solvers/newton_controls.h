#pragma once
/**
 * @file
 * Iteration limits, tolerances and cut-back rules of the Newton solver, and
 * the deck values (*CONTROLS) that override them.
 */
#include <limits>
#include <optional>

namespace corot::solvers
{
  /**
   * The limits and tolerances of one Newton solve and of the cut-back of a
   * failed increment. The defaults are those of *STATIC and *STATIC, RIKS;
   * a procedure with other defaults starts from for_dynamics() or
   * for_fixed_time_increments(). A deck changes them with *CONTROLS
   * (input_decks/README.md, "Convergence controls"), the names below in
   * brackets being the Abaqus/CalculiX parameters they correspond to.
   */
  struct NewtonControls
  {
    /** No limit on the number of cut-backs (the minimum increment still ends them). */
    static constexpr unsigned unlimited = std::numeric_limits<unsigned>::max();

    /** Iterations per increment before it counts as not converged [I_C]. */
    unsigned max_iterations = 25;
    /** Residual (force, moment) over the field's force level [R_n]. */
    double residual_tolerance = 1e-8;
    /** Correction (translation, rotation) over the field's increment [C_n]. */
    double correction_tolerance = 1e-6;
    /** A failed increment is retried at this fraction of its size [D_f]. */
    double cut_back_factor = 0.25;
    /** Cut-backs in a row (of one increment) before the analysis stops [I_A]. */
    unsigned max_cut_backs = unlimited;

    /**
     * *DYNAMIC with automatic incrementation: corrections to 1e-8 of the
     * increment, otherwise as statics.
     */
    static NewtonControls
    for_dynamics()
    {
      NewtonControls controls;
      controls.correction_tolerance = 1e-8;
      return controls;
    }

    /**
     * *DYNAMIC, DIRECT: as for_dynamics(), but a failed increment is split
     * in halves, at most 4 times (1/16 of the fixed increment).
     */
    static NewtonControls
    for_fixed_time_increments()
    {
      NewtonControls controls  = for_dynamics();
      controls.cut_back_factor = 0.5;
      controls.max_cut_backs   = 4;
      return controls;
    }
  };

  /**
   * The values a deck's *CONTROLS set (unset: the procedure's default). They
   * stay in force in the following steps until *CONTROLS, RESET.
   */
  struct NewtonControlsOverride
  {
    std::optional<unsigned> max_iterations;
    std::optional<double>   residual_tolerance;
    std::optional<double>   correction_tolerance;
    std::optional<double>   cut_back_factor;
    std::optional<unsigned> max_cut_backs;

    /** @p defaults with the values set here put in. */
    NewtonControls
    applied_to(NewtonControls defaults) const
    {
      if (max_iterations)
        defaults.max_iterations = *max_iterations;
      if (residual_tolerance)
        defaults.residual_tolerance = *residual_tolerance;
      if (correction_tolerance)
        defaults.correction_tolerance = *correction_tolerance;
      if (cut_back_factor)
        defaults.cut_back_factor = *cut_back_factor;
      if (max_cut_backs)
        defaults.max_cut_backs = *max_cut_backs;
      return defaults;
    }
  };
} // namespace corot::solvers
