#pragma once
/**
 * @file
 * The *STATIC, RIKS procedure: arc-length continuation of a geometrically
 * non-linear static equilibrium path through limit points.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/rigid_motion_check.h>
#include <src/analysis/shell_pressure.h>
#include <src/io/results.h>
#include <src/solvers/direct_solver.h>
#include <src/solvers/newton_controls.h>

#include <Eigen/Dense>

#include <optional>

namespace corot::analysis
{
  /**
   * Equilibrium f_int(u) = f_0 + λ q traced in (u, λ): f_0 the loads in force
   * at the start of the step (dead loads), q = P_ref - f_0 with P_ref the loads
   * the step ends with, so a load the step redefines goes from its previous
   * value (Abaqus: P = P_0 + λ (P_ref - P_0)), and λ the load proportionality
   * factor (LPF).
   *
   * Method: Crisfield's cylindrical arc length (M. A. Crisfield, "A fast
   * incremental/iterative solution procedure that handles snap-through",
   * Computers & Structures 13 (1981) 55-62; also Crisfield, Non-linear Finite
   * Element Analysis of Solids and Structures, vol. 1, 1991, section 9.3).
   * Each increment satisfies |Δu| = Δs. The predictor is Δu = Δλ δu_t with
   * K_t δu_t = q and Δλ = ± Δs / |δu_t|, the sign that of Δu_prev · δu_t (the
   * path keeps its direction through a limit point; Feng, Peric & Owen 1996).
   * Each corrector solves K_t δu_r = r and K_t δu_t = q and picks δλ from
   * the quadratic |Δu + δu_r + δλ δu_t|^2 = Δs^2, taking the root whose new
   * Δu makes the smallest angle with the previous iterate's Δu (Crisfield
   * 1981). Complex roots, a singular tangent, a non-finite residual or 25
   * iterations without convergence cut the arc length back by 1/4, down to
   * the minimum; an unconverged increment is never accepted. Convergence:
   * solvers::NewtonConvergence (forces and moments, translations and
   * rotations field by field). Rotational entries of Δu are sums of spatial
   * rotation-vector corrections, as in Crisfield's 3D beam continuation.
   *
   * Arc-length units: an arc length of 1 in the deck is |δu_t| at the start
   * of the step (the linear response to the full reference load), so the
   * first increment has Δλ = Δl_in, and the step's total arc length l_period
   * is the length of the path to trace in those units. Abaqus sets
   * Δλ_in = Δl_in / l_period instead; the two agree for l_period = 1, the
   * Abaqus default. Accumulated arc length is the step "time" of the output. After a converged increment
   * the next arc length is Δl (5 / iterations)^(1/2) (Crisfield 1981),
   * at most twice the last one and within [min, max].
   *
   * The step ends when the accumulated arc length reaches the total, the LPF
   * reaches the maximum LPF, |u| of the limit node and DOF reaches the limit
   * value, or after INC increments (each with a line in the .dat log).
   * Prescribed DOFs must keep their values during the step (Abaqus would
   * scale prescribed displacements by λ; corot says so and stops).
   */
  class ArcLengthAnalysis
  {
  public:
    ArcLengthAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    /** Runs the step; the end state is left in the context's configuration. */
    io::StepResult
    run(unsigned step_number);

    /**
     * The load-factor correction δλ of one corrector: the root of
     * |@p base + δλ @p load_solution|^2 = @p arc^2 (base = Δu + δu_r, load_solution
     * = δu_t) whose new increment makes the smallest angle with the previous
     * iterate's @p increment (Crisfield 1981). std::nullopt if both roots are
     * complex (the caller cuts the arc length back).
     */
    static std::optional<double>
    constraint_root(const Eigen::VectorXd &increment, const Eigen::VectorXd &base,
                    const Eigen::VectorXd &load_solution, double arc);

  private:
    /**
     * One increment of arc length @p arc (physical, displacement-norm units)
     * from the context's configuration at LPF @p load_factor, its corrector
     * iterations within the limits of @p controls. On success
     * returns the iteration count and updates the configuration,
     * @p load_factor, @p direction (the converged Δu, Δλ sign included) and
     * @p reaction; on failure returns 0 and leaves the configuration moved
     * (the caller restores it).
     */
    unsigned
    solve_increment(double arc, const solvers::NewtonControls &controls, double &load_factor,
                    Eigen::VectorXd &direction, Eigen::VectorXd &reaction);

    /** The tangent at the current configuration under LPF @p load_factor, factorized; the residual too. */
    void
    assemble_and_factorize(double load_factor, dealii::TrilinosWrappers::SparseMatrix &tangent,
                           dealii::TrilinosWrappers::MPI::Vector &residual,
                           Eigen::VectorXd &internal, solvers::DirectSolver &solver);

    /** Replicated solution of K_t x = @p rhs with the factorized @p solver. */
    Eigen::VectorXd
    solve(solvers::DirectSolver &solver, const dealii::TrilinosWrappers::MPI::Vector &rhs) const;

    /**
     * f_0 + λ q at the current configuration: with pressures on shell
     * faces, which follow them (RIKS is NLGEOM), F(x; p_0) + λ F(x; Δp)
     * added (shell_pressure.h).
     */
    Eigen::VectorXd
    external(double load_factor) const;

    /** q at the current configuration: the dead part and F(x; Δp) of the pressures. */
    Eigen::VectorXd
    reference_at_configuration() const;

    /** The pressures p_0 + λ Δp on each loaded face at load factor @p load_factor. */
    std::vector<ElementPressure>
    pressures_at_load_factor(double load_factor) const;

    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
    io::StepResult     result_;
    /** Rigid motions the supports leave free, until the first tangent has checked them. */
    std::vector<FreeRigidMotion> free_motions_;

    Eigen::VectorXd dead_load_;      ///< f_0, replicated
    Eigen::VectorXd reference_load_; ///< q, replicated (without the pressures)
    /** The pressures in force at the start of the step (p_0) and their change to the end (Δp). */
    std::vector<ElementPressure> pressure_start_, pressure_change_;
    /** |f_0| + |q| + the magnitudes of the pressures' face forces at the start of the step. */
    Eigen::VectorXd load_reach_;
    dealii::TrilinosWrappers::MPI::Vector
           condensed_reference_; ///< q with the constraints condensed
    double length_scale_ = 0.0;  ///< model size, for NewtonConvergence
  };
} // namespace corot::analysis
