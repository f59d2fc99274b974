#pragma once
/**
 * @file
 * Newmark's average-acceleration (trapezoidal) scheme, the baseline users compare with.
 */
#include <integrators/integrator.h>

namespace corot::integrators
{
  /**
   * Newmark with beta = 1/4, gamma = 1/2 and equilibrium at the end of the
   * step (Crisfield & Shi 1993, eqs. 2-4):
   *
   *   f_int(d_{n+1}) + M a_{n+1} = f_ext(t_{n+1}),
   *   a_{n+1} = 4 (Delta d - Delta t v_n)/Delta t^2 - a_n,
   *   v_{n+1} = v_n + Delta t (a_n + a_{n+1})/2,
   *
   * Newton matrix K_t + (4/Delta t^2) M. Unconditionally stable for linear
   * problems only: with large rigid rotations energy grows (the paper's
   * "locking" of Bathe's pendulum).
   */
  class Newmark : public Integrator
  {
  public:
    /** The initial acceleration from equilibrium: a_0 = M^{-1}(f_ext - f_int). */
    void
    initialize(DynamicSystem &system, State &state) override;

    void
    advance(DynamicSystem &system, State &state, double time_step) override;

    double
    external_work_increment() const override
    {
      return external_work_;
    }

    /** (C v_n + C v_{n+1})/2 . Delta d of the last step (trapezoidal, as the external work). */
    double
    dissipated_energy_increment() const override
    {
      return dissipated_;
    }

    /**
     * Zienkiewicz & Xie (1991), eq. 10: e = (beta - 1/6) dt^2 (a_{n+1} - a_n),
     * the difference between the scheme's displacement and a Taylor series
     * with the third-order term from the change of acceleration (beta = 1/4).
     */
    Eigen::VectorXd
    local_error(const State &before, const State &after, double time_step,
                double previous_time_step) const override;

    /** Yes: at d_{n+1}, t_{n+1} (and, weighted, at d_n, t_n), with their load stiffness. */
    bool
    applies_follower_loads() const override
    {
      return true;
    }

  private:
    double          external_work_ = 0.0;
    double          dissipated_ = 0.0; ///< trapezoidal work of the damping force over the last step
    Eigen::VectorXd last_external_;
  };
} // namespace corot::integrators
