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
   * Solves for the increment Delta d of a step by Newton's method. For a
   * trial increment, @p inertia returns the inertia force M a(Delta d) (with its
   * tangent on rotating nodes); the
   * residual is f(d_n, d_n + Delta d) + M a - @p external. Converged when the
   * residual is below NewtonControls::residual_tolerance (1e-8) of the force
   * scale and the correction below NewtonControls::correction_tolerance
   * (1e-8) of the increment (DynamicSystem::newton_controls()); or when the error estimate from the observed
   * contraction of the corrections is below 1e-10 of the increment; or when
   * the corrections have reached the round-off of the displacements with the
   * residual at the cancellation floor of the internal forces (see the code).
   * Returns the iterations used; throws NotConverged after
   * NewtonControls::max_iterations (25), naming the last residual and correction.
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
