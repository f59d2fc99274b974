#pragma once
/**
 * @file
 * The inertia force at the end of a step, and the trapezoidal work
 * bookkeeping, shared by the Newmark-type schemes (NEWMARK, HHT, GALPHA).
 */
#include <integrators/dynamic_system.h>

#include <string>

namespace corot::integrators
{
  /**
   * @p weight times the inertia force at t_{n+1} of the Newmark-type schemes
   * (HHT divides its equation by 1 + alpha): M a_{n+1} on translations and
   * planar rotations; on rotating nodes the spatial form of Simo & Vu-Quoc's
   * Newmark (1988), I alpha + w x I w with I = R J R^T at @p d_n1, w and
   * alpha from @p v_n1 and @p a_n1 (DynamicSystem::rotating_inertia_force()),
   * with its Newton tangent for da/dd = @p acceleration_coefficient and
   * dv/dd = @p velocity_coefficient of the scheme.
   */
  InertiaForce
  end_of_step_inertia_force(const DynamicSystem &system, const Eigen::VectorXd &d_n1,
                            const Eigen::VectorXd &v_n1, const Eigen::VectorXd &a_n1, double weight,
                            double acceleration_coefficient, double velocity_coefficient);

  /**
   * Adds @p weight times the system's damping force C(@p d) @p v to
   * @p inertia, whose velocity v changes with the increment as
   * dv/dd = @p velocity_coefficient (Newton's damping term); nothing without
   * damping.
   */
  void
  add_damping_force(DynamicSystem &system, const Eigen::VectorXd &d, const Eigen::VectorXd &v,
                    double weight, double velocity_coefficient, InertiaForce &inertia);

  /**
   * The trapezoidal work 1/2 (r_n + r_{n+1}) . @p increment of the reactions
   * of moving constrained DOFs; @p previous (r_n, zero when its size does not
   * match, e.g. on the first step) becomes @p reaction.
   */
  double
  trapezoidal_reaction_work(Eigen::VectorXd &previous, const Eigen::VectorXd &reaction,
                            const Eigen::VectorXd &increment);

  /**
   * The energy the damping dissipated over the step by the trapezoidal rule,
   * 1/2 (C_n v_n + C(@p d_n1) @p v_n1) . @p increment with C_n v_n =
   * @p damping_n; zero without damping.
   */
  double
  trapezoidal_dissipation(DynamicSystem &system, const Eigen::VectorXd &damping_n,
                          const Eigen::VectorXd &d_n1, const Eigen::VectorXd &v_n1,
                          const Eigen::VectorXd &increment);
  /**
   * @p applied plus the loads that follow the configuration at @p d and
   * @p time (DynamicSystem::follower_force_at(): a pressure on shell faces
   * under NLGEOM), i.e. all the loads at that state; @p applied unchanged
   * when the system has none.
   */
  Eigen::VectorXd
  with_follower_force(const DynamicSystem &system, const Eigen::VectorXd &applied,
                      const Eigen::VectorXd &d, double time);

  /**
   * Why an alpha-method (@p scheme, its deck name) cannot advance @p system,
   * or empty: it refuses carried nodes (*MPC, *RIGID BODY). The forces of t_n
   * such a scheme carries into the step, projected with the constraints of
   * t_{n+1}, make it first order (measured on a rigid pendulum: the error
   * halves with dt); adding the constraint forces of t_n (Arnold & Brüls
   * 2007, Multibody Syst. Dyn. 18, 185-202) needs the carried nodes'
   * accelerations to be the constrained ones, which Newmark's update does not
   * give them.
   */
  std::string
  carried_nodes_limitation(const DynamicSystem &system, const std::string &scheme);

} // namespace corot::integrators
