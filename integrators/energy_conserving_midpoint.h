#pragma once
/**
 * @file
 * The energy-conserving mid-point scheme of Crisfield & Shi (1993).
 */
#include <integrators/integrator.h>

namespace corot::integrators
{
  /**
   * The mid-point damping force C(d_m) Delta d/dt, d_m = compose(@p d_n,
   * @p increment/2), of EnergyConservingMidpoint and TIMEFE ORDER=1.
   */
  Eigen::VectorXd
  midpoint_damping_force(DynamicSystem &system, const Eigen::VectorXd &d_n,
                         const Eigen::VectorXd &increment, double dt);

  /**
   * Equilibrium at the mid-point with the elements' conserving force
   * (Crisfield & Shi 1993, eqs. 1, 6-9):
   *
   *   f(d_n, d_{n+1}) + M a_m = (f_ext(t_n) + f_ext(t_{n+1}))/2,
   *   a_m = 2 (Delta d - Delta t v_n)/Delta t^2,   v_{n+1} = 2 Delta d/Delta t - v_n,
   *
   * with the non-symmetric Newton matrix K_s + (2/Delta t^2) M (eq. 22). With
   * Delta d . f = W_{n+1} - W_n for every element, kinetic + strain energy
   * minus the external work (f_ext,n + f_ext,n+1)/2 . Delta d is conserved to
   * the Newton tolerance (eq. 21). This is the time finite element of lowest
   * order (constant trial, linear test functions; Borri et al.).
   *
   * Physical damping (DynamicSystem::damping_force()) enters as C(d_m) v_m with
   * the mid-point velocity v_m = Delta d/Delta t at the configuration
   * d_m = compose(d_n, Delta d/2) (second order); its work Delta d . C(d_m) v_m
   * = Delta t v_m . C v_m >= 0 is the dissipation of the step, and kinetic +
   * strain energy + dissipation - external work is conserved to the Newton
   * tolerance as without damping.
   */
  class EnergyConservingMidpoint : public Integrator
  {
  public:
    /** Nothing to prepare: the scheme needs no initial acceleration. */
    void
    initialize(DynamicSystem &system, State &state) override;

    void
    advance(DynamicSystem &system, State &state, double time_step) override;

    double
    external_work_increment() const override
    {
      return external_work_;
    }

    /** Delta d . C(d_m) Delta d/dt of the last step (the damping force's work). */
    double
    dissipated_energy_increment() const override
    {
      return dissipated_;
    }

    /**
     * The trapezoidal rule's local error, d_{n+1} - d(t_{n+1}) = -dt^3/12 d'''
     * (the scheme advances d_{n+1} = d_n + dt (v_n + v_{n+1})/2), with d''' from
     * the mid-point accelerations a_m = (v_{n+1} - v_n)/dt of this and the
     * previous step, (a_m - a_m,prev) / ((dt + dt_prev)/2): the estimate of
     * Zienkiewicz & Xie (1991) for beta = 1/4. Empty on the first step.
     */
    Eigen::VectorXd
    local_error(const State &before, const State &after, double time_step,
                double previous_time_step) const override;

    /** Yes: the path average of the follower forces over the step (energy-consistent). */
    bool
    applies_follower_loads() const override
    {
      return true;
    }

    /**
     * Yes: DynamicSystem::midpoint_configuration_inertia(), whose work on the
     * step is exactly the change of its kinetic energy.
     */
    bool
    applies_configuration_dependent_mass() const override
    {
      return true;
    }

  private:
    double external_work_ = 0.0;
    double dissipated_    = 0.0;
  };
} // namespace corot::integrators
