#pragma once
/**
 * @file
 * The generalized-alpha family of Chung & Hulbert (1993): GALPHA, and HHT and Newmark's
 * average acceleration as its members.
 */
#include <integrators/integrator.h>

#include <string>

namespace corot::integrators
{
  /**
   * The generalized-alpha family (Chung & Hulbert 1993, eqs. 2-3), with the
   * internal and external forces averaged as HHT averages them (Abaqus'
   * convention for HHT, here with alpha_f = -ALPHA):
   *
   *   M ((1 - alpha_m) a_{n+1} + alpha_m a_n) + (1 - alpha_f) f_int(d_{n+1}) + alpha_f f_int(d_n)
   *       = (1 - alpha_f) f_ext(t_{n+1}) + alpha_f f_ext(t_n),
   *   a_{n+1} = (Delta d - dt v_n - dt^2 (1/2 - beta) a_n)/(beta dt^2),
   *   v_{n+1} = v_n + dt ((1 - gamma) a_n + gamma a_{n+1})   (Newmark's updates, eq. 2).
   *
   * Three members are registered, each with its parameters:
   *
   * - GALPHA (from_spectral_radius()): alpha_m = (2 rho_inf - 1)/(rho_inf + 1),
   *   alpha_f = rho_inf/(rho_inf + 1) (eq. 25), gamma = 1/2 - alpha_m + alpha_f,
   *   beta = (1 - alpha_m + alpha_f)^2/4 (eqs. 17, 20). Second order; for a linear
   *   system all three eigenvalues of the amplification matrix tend to -rho_inf as
   *   omega dt -> infinity (rho_inf in [0, 1] the spectral radius at infinity), with the
   *   least low-frequency dissipation for a given rho_inf.
   * - HHT (hilber_hughes_taylor(), Hilber, Hughes & Taylor 1977): alpha_m = 0,
   *   alpha_f = -alpha, beta = (1 - alpha)^2/4, gamma = 1/2 - alpha, alpha in [-1/3, 0].
   * - NEWMARK (newmark()): alpha_m = alpha_f = 0, beta = 1/4, gamma = 1/2, Newmark's
   *   average acceleration (the trapezoidal rule), equilibrium at the end of the step.
   *
   * Newton matrix (1 - alpha_f) K_t + (1 - alpha_m) M/(beta dt^2), applied divided by
   * (1 - alpha_f). On nodes turning on SO(3) the inertia moment is averaged likewise,
   * (1 - alpha_m) (I alpha + w x I w)_{n+1} + alpha_m (...)_n (the spatial form of the
   * Newmark-type schemes, Simo & Vu-Quoc 1988).
   */
  class GeneralizedAlpha : public Integrator
  {
  public:
    /** The parameters of one member of the family. */
    struct Parameters
    {
      double alpha_m = 0.0, alpha_f = 0.0, beta = 0.25, gamma = 0.5;
    };

    /** GALPHA: Chung & Hulbert's choice for the spectral radius at infinity (eqs. 17, 20, 25). */
    static Parameters
    from_spectral_radius(double rho_infinity);

    /** HHT with Abaqus' ALPHA in [-1/3, 0]. */
    static Parameters
    hilber_hughes_taylor(double alpha);

    /** Newmark's average acceleration. */
    static Parameters
    newmark();

    /** The member with @p parameters, named @p name (its INTEGRATOR=) in messages. */
    GeneralizedAlpha(const Parameters &parameters, std::string name);

    /** GALPHA with @p rho_infinity in [0, 1]: the spectral radius at infinity. */
    explicit GeneralizedAlpha(double rho_infinity);

    /**
     * Refuses carried nodes (*MPC, *RIGID BODY) when alpha_m or alpha_f is not
     * zero (carried_nodes_limitation()); Newmark takes them.
     */
    std::string
    limitation(const DynamicSystem &system) const override;

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
     * Zienkiewicz & Xie (1991), eq. 10, for the scheme's beta: e = (beta - 1/6) dt^2
     * (a_{n+1} - a_n).
     */
    Eigen::VectorXd
    local_error(const State &before, const State &after, double time_step,
                double previous_time_step) const override;

    /** The parameters alpha_m, alpha_f, beta, gamma of eqs. 17, 20 and 25. */
    double
    alpha_m() const
    {
      return alpha_m_;
    }
    double
    alpha_f() const
    {
      return alpha_f_;
    }

    /** Yes: at d_{n+1}, t_{n+1} (and, weighted, at d_n, t_n), with their load stiffness. */
    bool
    applies_follower_loads() const override
    {
      return true;
    }

  private:
    double      alpha_m_, alpha_f_, beta_, gamma_;
    std::string name_;
    double      external_work_ = 0.0;
    double      dissipated_    = 0.0; ///< trapezoidal work of the damping force over the last step
  };
} // namespace corot::integrators
