#pragma once
/**
 * @file
 * The one Newton solver of corot: statics, arc length and the implicit time
 * integrators run their iterations through it.
 */
#include <src/solvers/newton_controls.h>
#include <src/solvers/newton_convergence.h>

#include <functional>
#include <string>
#include <vector>

namespace corot::solvers
{
  /** What one Newton iteration hands to the convergence test. */
  struct NewtonIterate
  {
    using FieldNorms = NewtonConvergence::FieldNorms;

    /** Norms of the residual the test judges (condensed: zero on constrained DOFs). */
    FieldNorms residual;
    /** Per field the largest force the residual is a difference of (external, internal, inertia). */
    FieldNorms force_level;
    /** Norms of the correction applied in this iteration. */
    FieldNorms correction;
    /** Norms of the increment accumulated since the start of the solve. */
    FieldNorms increment;
    /**
     * Set when the iteration could not be taken (a singular tangent, a loaded
     * DOF without stiffness, no real root of a constraint): the solve ends
     * unconverged with this reason.
     */
    std::string failure;
  };

  /** A problem NewtonSolver iterates on. */
  class NewtonProblem
  {
  public:
    virtual ~NewtonProblem() = default;

    /**
     * Takes Newton iteration @p iteration (1, 2, ...) from the current
     * iterate: evaluates the residual and its tangent, solves for the
     * correction, applies it on the configuration manifold (rotations
     * compose) and returns the norms @p convergence is to judge, computed
     * with convergence.norms() (which knows the field of every DOF). A
     * problem that knows its tangent sets the round-off floor with
     * convergence.set_stiffness_scale() before returning.
     */
    virtual NewtonIterate
    iterate(unsigned iteration, NewtonConvergence &convergence) = 0;

    /**
     * Called after the test of each iteration with its ratios (residual and
     * correction over their scales), e.g. to print progress. Default: nothing.
     */
    virtual void
    report(unsigned /*iteration*/, double /*residual_ratio*/, double /*correction_ratio*/)
    {}
  };

  /** The outcome of NewtonSolver::solve(). */
  struct NewtonResult
  {
    bool     converged  = false;
    unsigned iterations = 0; ///< iterations taken (the converged one included)
    /** Per iteration: the residual and correction norms and their ratios to their scales. */
    struct Record
    {
      NewtonConvergence::FieldNorms residual, correction;
      double                        residual_ratio = 0.0, correction_ratio = 0.0;
    };
    std::vector<Record> history;
    /** Why the solve stopped unconverged (empty when converged). */
    std::string failure;
  };

  /**
   * Newton's method with a limit on the iterations (NewtonControls) and one
   * convergence rule (NewtonConvergence: forces and moments, translations and
   * rotations each against their own scale, with the round-off floor of the
   * residual; with a converged residual, the correction may also pass by its
   * contraction: converged_by_contraction()). The problem supplies the iterations (NewtonProblem::iterate);
   * the solver counts them, judges each, keeps the history and says why it
   * stopped. It never throws for non-convergence: the caller decides on a
   * cut-back (CutBack).
   */
  class NewtonSolver
  {
  public:
    /** At most @p controls.max_iterations iterations, judged by @p convergence. */
    NewtonSolver(const NewtonControls &controls, NewtonConvergence &convergence);

    /** Iterates @p problem until the test passes, an iteration fails or the limit is reached. */
    NewtonResult
    solve(NewtonProblem &problem) const;

    /** The iteration of a NewtonProblem as a function (NewtonProblem::iterate()). */
    using Iteration = std::function<NewtonIterate(unsigned, NewtonConvergence &)>;
    /** NewtonProblem::report() as a function. */
    using Report = std::function<void(unsigned, double, double)>;

    /** solve() for a problem given by its iteration @p iterate and, if not empty, @p report. */
    NewtonResult
    solve(const Iteration &iterate, const Report &report = {}) const;

    /**
     * Corrections that no longer contract (converged_by_contraction()) are
     * round-off below this ratio to their scale: it only acts with a
     * correction tolerance tighter than 1e-6 (the 1e-8 of *DYNAMIC), where
     * Newton's corrections were measured to stall at 2e-7 of the increment in
     * a closed box inflating and at 3e-8 to 2e-7 in a beam's spin-up, with
     * residuals at 1e-11. Statics (1e-6) is unaffected.
     */
    static constexpr double stagnation_limit = 1e-6;

    /**
     * A contracting correction passes when its error estimate is within this
     * factor of the tolerance (converged_by_contraction()).
     */
    static constexpr double contraction_factor = 0.01;

  private:
    /**
     * The second way an iterate converges, judged after the field-wise test
     * failed (on the correction; the residual test must have passed), from
     * the contraction theta of the correction ratio against
     * @p previous_correction_ratio: theta < 1/2 and the error estimate
     * theta/(1 - theta) times the correction within contraction_factor
     * tol_c; or theta >= 1/2
     * (no contraction: round-off) with the correction within
     * stagnation_limit.
     */
    bool
    converged_by_contraction(double previous_correction_ratio) const;

    unsigned           max_iterations_;
    NewtonConvergence &convergence_;
  };
} // namespace corot::solvers
