#pragma once
/**
 * @file
 * The HHT-alpha scheme (Hilber, Hughes & Taylor 1977) with Abaqus' ALPHA convention.
 */
#include <integrators/integrator.h>

#include <string>

namespace corot::integrators
{
  /**
   * HHT-alpha, alpha in [-1/3, 0] (alpha = 0 is Newmark's average acceleration):
   *
   *   M a_{n+1} + (1 + alpha) f_int(d_{n+1}) - alpha f_int(d_n)
   *       = (1 + alpha) f_ext(t_{n+1}) - alpha f_ext(t_n),
   *   beta = (1 - alpha)^2/4,  gamma = 1/2 - alpha,
   *   a_{n+1} = (Delta d - Delta t v_n - Delta t^2 (1/2 - beta) a_n)/(beta Delta t^2),
   *   v_{n+1} = v_n + Delta t ((1 - gamma) a_n + gamma a_{n+1}).
   *
   * Second order, unconditionally stable for linear problems, with numerical
   * dissipation of the high frequencies growing with |alpha|. Newton matrix
   * (1 + alpha) K_t + M/(beta Delta t^2), applied here divided by (1 + alpha).
   */
  class HilberHughesTaylor : public Integrator
  {
  public:
    /** Refuses carried nodes (*MPC, *RIGID BODY): carried_nodes_limitation(). */
    std::string
    limitation(const DynamicSystem &system) const override;

    explicit HilberHughesTaylor(double alpha);

    /** The initial acceleration from equilibrium, as for Newmark. */
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
     * with the third-order term from the change of acceleration (beta = (1 - alpha)^2/4).
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
    double alpha_, beta_, gamma_;
    double external_work_ = 0.0;
    double dissipated_    = 0.0; ///< trapezoidal work of the damping force over the last step
  };
} // namespace corot::integrators
