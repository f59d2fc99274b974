#pragma once
/**
 * @file
 * The Newton loop shared by the implicit schemes.
 */
#include <integrators/dynamic_system.h>

#include <functional>

namespace corot::integrators
{
  /**
   * Solves for the increment Delta d of a step by Newton's method. For a
   * trial increment, @p inertia returns the inertia force M a(Delta d); the
   * residual is f(d_n, d_n + Delta d) + M a - @p external. Converged when the
   * residual is below 1e-8 of the force scale and the correction below 1e-8
   * of the increment. Returns the iterations used; throws NotConverged after
   * 25.
   */
  unsigned
  newton_iteration(DynamicSystem                                               &system,
                   ForceModel                                                   model,
                   const Eigen::VectorXd                                       &d_n,
                   const Eigen::VectorXd                                       &external,
                   double                                                       mass_coefficient,
                   const std::function<Eigen::VectorXd(const Eigen::VectorXd &)> &inertia,
                   Eigen::VectorXd                                             &increment);

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
