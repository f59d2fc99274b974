#pragma once
/**
 * @file
 * The Newton loop shared by the implicit schemes.
 */
#include <integrators/dynamic_system.h>
#include <integrators/integrator.h>

#include <functional>

namespace corot::integrators
{
  /**
   * Solves for the increment Delta d of a step by Newton's method, with the
   * one Newton solver of corot (solvers::NewtonSolver) and its field-wise
   * convergence test (solvers::NewtonConvergence: forces and moments against
   * their force levels, translations and rotations against the increment,
   * the round-off floor of the residual from the Newton matrix). For a
   * trial increment, @p inertia returns the inertia force M a(Delta d) (with
   * its tangent on rotating nodes); the residual is f(d_n, d_n + Delta d) +
   * M a - @p external. Limits and tolerances: DynamicSystem::newton_controls()
   * (NewtonControls::for_dynamics(): residual 1e-8 of the force level,
   * correction 1e-8 of the increment, 25 iterations, or the step's
   * *CONTROLS). Returns the iterations used; throws NotConverged with the
   * solver's reason.
   */
  unsigned
  newton_iteration(DynamicSystem &system, ForceModel model, const Eigen::VectorXd &d_n,
                   const Eigen::VectorXd &external, double mass_coefficient,
                   const std::function<InertiaForce(const Eigen::VectorXd &)> &inertia,
                   Eigen::VectorXd                                            &increment);

  /**
   * Newton's starting increment for the mid-point step (MIDPOINT and
   * TIMEFE ORDER=1 alike): dt v_n + dt^2/2 a, with a the previous step's
   * mid-point acceleration held constant (zero at the start).
   */
  Eigen::VectorXd
  midpoint_predictor(const State &state, double dt);

  /**
   * Overwrites the entries of a predicted @p increment over [@p time,
   * @p time + @p dt] on the constrained DOFs with the increments the
   * prescribed motion gives them (DynamicSystem::impose_prescribed_motion);
   * Newton corrections are zero there, so they stay exact.
   */
  void
  impose_prescribed_increment(const DynamicSystem &system, double time, double dt,
                              const Eigen::VectorXd &d_n, Eigen::VectorXd &increment);
} // namespace corot::integrators
