#pragma once
/**
 * @file
 * The *STATIC procedure: linear, or geometrically non-linear (NLGEOM) with
 * Newton iterations per load increment.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/rigid_motion_check.h>
#include <src/io/results.h>
#include <src/solvers/newton_controls.h>

namespace corot::analysis
{
  /**
   * Static equilibrium f_int(d) = f_ext(t) over the step.
   *
   * Linear (no NLGEOM): one solve with the small-displacement stiffness at
   * the end of the step, about the reference configuration. The state is the
   * plain DOF vector BaseState::linear_dofs carried from linear step to
   * linear step (rotations added as vectors, not composed on SO(3) and not
   * wrapped), so a sequence of linear steps gives exactly the response to
   * the sum of their loads. NLGEOM: load increments of the size the *STATIC line
   * asks for, each solved by Newton's method with the consistent tangent of
   * the co-rotational elements and a backtracking line search
   * (solvers::NewtonSolver); an increment that does not converge is cut back
   * (solvers::CutBack: x 1/4 by default, with a message) down to the minimum
   * increment, and an unconverged increment is never accepted. Convergence is
   * tested field by field (forces and moments, translations and rotations:
   * solvers::NewtonConvergence).
   */
  class StaticAnalysis
  {
  public:
    StaticAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    /** Runs the step; the end state is left in the context's configuration. */
    io::StepResult
    run(unsigned step_number);

  private:
    /**
     * Newton iterations for the state at step time @p time within the limits
     * of @p controls; returns the iteration count or 0 if not converged.
     */
    unsigned
    solve_increment(double time, const solvers::NewtonControls &controls,
                    Eigen::VectorXd &reaction);

    /** The linear solution at step time @p time: updates linear_ and the context's configuration. */
    void
    solve_linear(double time, Eigen::VectorXd &reaction);

    /** Writes the ZeroPivotHold warnings to the progress output and the step's log, once each. */
    void
    report_held(const std::vector<std::string> &warnings);

    /**
     * Once per step, at the first tangent @p tangent (zero pivots already
     * held): a rigid motion no support restrains (free_motions_) that the
     * tangent does not resist either is an error at the step's procedure line,
     * saying whether @p external drives it (no equilibrium) or not (the
     * displacements would be arbitrary along it; CalculiX and solvers
     * without a pivot check return one of them silently).
     */
    void
    check_free_motions(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                       const Eigen::VectorXd                        &external);

    AnalysisContext              &context_;
    const core::Step             &step_;
    const StepLoading            &loading_;
    const core::StaticParameters &parameters_; ///< the step's *STATIC parameters
    io::StepResult                result_;
    bool                          nonlinear_ = false; ///< NLGEOM, or the base state is non-linear
    Eigen::VectorXd               linear_; ///< linear steps: total DOF values (plain vector)
    /** Rigid motions the step's supports leave free (free_rigid_motions); checked once. */
    std::vector<FreeRigidMotion> free_motions_;
    bool                         motions_checked_ = false;
  };
} // namespace corot::analysis
