#pragma once
/**
 * @file
 * Pressure on shell faces (*DLOAD, P): its value on each element at a step
 * time, its nodal forces on the reference or current faces, and the load
 * stiffness of a follower pressure.
 */
#include <src/analysis/analysis_context.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::analysis
{
  /** The pressure on one shell element at one step time. */
  struct ElementPressure
  {
    size_t element  = 0; ///< index into Model::elements
    double pressure = 0.0;
  };

  /**
   * The pressure on each loaded element at step time @p time, as
   * external_force() evaluates the other loads: the value of each *DLOAD, P
   * in force times its amplitude (or the ramp r(t), t / @p period if
   * @p ramp, else 1), plus (1 - r(t)) times the pressure the element carried
   * at the start of the step (StepLoading::pressure_start); pressures on the
   * same element add up.
   */
  std::vector<ElementPressure>
  pressures_at(const AnalysisContext &context, const StepLoading &loading, double time,
               double period, bool ramp);

  /**
   * Adds to the replicated @p force the nodal forces of @p pressures on the
   * shell faces (elements::face_pressure_load) at @p current, or at the
   * reference positions if @p current is null (a linear analysis). With
   * @p tangent (the tangent of the residual f_int - f_ext of a non-linear
   * analysis, assembled and compressed) the load stiffness -dF/dx is added,
   * condensed like the element matrices, and @p tangent compressed again;
   * with @p symmetric_part only its symmetric part (for the symmetric
   * eigenproblem of *BUCKLE; the load stiffness of a pressure on a closed
   * surface, or on one whose edges are held, is symmetric anyway).
   * Every rank computes every face (a pressure is a few flops per face) and
   * adds the rows it owns.
   */
  void
  add_pressure_force(const AnalysisContext &context, const std::vector<ElementPressure> &pressures,
                     const core::Configuration *current, Eigen::VectorXd &force,
                     dealii::TrilinosWrappers::SparseMatrix *tangent, bool symmetric_part = false);

  /**
   * The energy-consistent average over a time step of @p pressures that
   * follow the faces from @p start to @p end (replicated, added to @p force):
   * the average vector field of the face forces along the straight path
   * x(s) = x_n + s (x_{n+1} - x_n), which Simpson's rule gives exactly
   * because the face force is quadratic in the positions,
   *
   *     F_alg = (F(x_n) + 4 F(x_m) + F(x_{n+1})) / 6,   x_m = (x_n + x_{n+1}) / 2,
   *
   * so that (x_{n+1} - x_n) . F_alg is the work of the pressures along that
   * path, p (V_{n+1} - V_n) on a closed surface (the discrete-gradient idea
   * of Gonzalez 1996, J. Nonlinear Sci. 6, applied to the potential p V).
   * With @p tangent, -dF_alg/dx_{n+1} = -(2 L(x_m) + L(x_{n+1})) / 6 is
   * added (L the load stiffness, add_pressure_force()) and @p tangent
   * compressed again.
   */
  void
  add_step_pressure_force(const AnalysisContext              &context,
                          const std::vector<ElementPressure> &pressures,
                          const core::Configuration &start, const core::Configuration &end,
                          Eigen::VectorXd &force, dealii::TrilinosWrappers::SparseMatrix *tangent);

  /**
   * Refuses, with the deck line of the pressure, a step where a pressure in
   * force would not be honoured: a geometrically non-linear *DYNAMIC step
   * with an integrator that does not apply follower loads
   * (Integrator::applies_follower_loads(): TIMEFE), and a *BUCKLE or CMS step about
   * a geometrically non-linear base state loaded by a pressure (the load
   * stiffness of the base state is not yet in their matrices; *FREQUENCY has
   * it).
   */
  void
  check_pressure_support(const core::Step &step, const StepLoading &loading, const BaseState &base);
} // namespace corot::analysis
