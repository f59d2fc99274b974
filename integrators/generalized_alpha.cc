#include <integrators/end_of_step_inertia.h>
#include <integrators/generalized_alpha.h>
#include <integrators/newton_iteration.h>
#include <integrators/registry.h>

#include <stdexcept>
#include <utility>

namespace corot::integrators
{
  GeneralizedAlpha::Parameters
  GeneralizedAlpha::from_spectral_radius(const double rho_infinity)
  {
    if (!(rho_infinity >= 0.0 && rho_infinity <= 1.0))
      throw std::invalid_argument("generalized-alpha needs 0 <= RHO_INF <= 1");
    Parameters p;
    p.alpha_m = (2.0 * rho_infinity - 1.0) / (rho_infinity + 1.0);
    p.alpha_f = rho_infinity / (rho_infinity + 1.0);
    p.beta    = 0.25 * (1.0 - p.alpha_m + p.alpha_f) * (1.0 - p.alpha_m + p.alpha_f);
    p.gamma   = 0.5 - p.alpha_m + p.alpha_f;
    return p;
  }

  GeneralizedAlpha::Parameters
  GeneralizedAlpha::hilber_hughes_taylor(const double alpha)
  {
    if (alpha < -1.0 / 3.0 || alpha > 0.0)
      throw std::invalid_argument("HHT needs -1/3 <= ALPHA <= 0");
    return {0.0, -alpha, (1.0 - alpha) * (1.0 - alpha) / 4.0, 0.5 - alpha};
  }

  GeneralizedAlpha::Parameters
  GeneralizedAlpha::newmark()
  {
    return {0.0, 0.0, 0.25, 0.5};
  }

  GeneralizedAlpha::GeneralizedAlpha(const Parameters &parameters, std::string name)
    : alpha_m_(parameters.alpha_m)
    , alpha_f_(parameters.alpha_f)
    , beta_(parameters.beta)
    , gamma_(parameters.gamma)
    , name_(std::move(name))
  {}

  GeneralizedAlpha::GeneralizedAlpha(const double rho_infinity)
    : GeneralizedAlpha(from_spectral_radius(rho_infinity), "GALPHA")
  {}

  void
  GeneralizedAlpha::initialize(DynamicSystem &system, State &state)
  {
    state.acceleration =
      system.initial_acceleration(state.displacement, state.velocity, state.time);
    if (system.has_prescribed_motion())
      state.reaction =
        system.reactions(ForceModel::end_of_step, state.displacement, state.displacement,
                         end_of_step_inertia_force(system, state.displacement, state.velocity,
                                                   state.acceleration, 1.0, 0.0, 0.0)
                           .force,
                         with_follower_force(system, system.external_force(state.time),
                                             state.displacement, state.time));
  }

  void
  GeneralizedAlpha::advance(DynamicSystem &system, State &state, const double dt)
  {
    // f_ext(t_n) with the loads that follow the configuration at d_n (a
    // pressure on shell faces under NLGEOM); at t_{n+1} those are applied at
    // d_{n+1} in Newton's residual (InertiaForce::end_of_step_follower_time).
    const Eigen::VectorXd f_ext_n  = with_follower_force(system, system.external_force(state.time),
                                                         state.displacement, state.time);
    const Eigen::VectorXd f_ext_n1 = system.external_force(state.time + dt);
    // The forces of t_n enter with alpha_f and alpha_m only (none for Newmark).
    const Eigen::VectorXd  f_int_n = alpha_f_ != 0.0 ? system.internal_force(state.displacement) :
                                                       Eigen::VectorXd::Zero(f_ext_n.size());
    const Eigen::VectorXd &d_n     = state.displacement;
    const Eigen::VectorXd &v_n     = state.velocity;
    const Eigen::VectorXd &a_n     = state.acceleration;
    const double           scale   = 1.0 / (1.0 - alpha_f_);
    const double           c       = 1.0 / (beta_ * dt * dt);

    // The equation divided by (1 - alpha_f): f_int(d_{n+1}) + M ((1 - alpha_m) a_{n+1}
    // + alpha_m a_n)/(1 - alpha_f) = f_ext(t_{n+1}) + alpha_f/(1 - alpha_f) (f_ext(t_n) - f_int(d_n)).
    // With damping g = f_int + C v averaged as f_int (Chung & Hulbert 1993, eq. 3).
    const Eigen::VectorXd damping_n = system.damping_force(d_n, v_n);
    const Eigen::VectorXd external  = f_ext_n1 + alpha_f_ * scale * (f_ext_n - f_int_n - damping_n);
    const Eigen::VectorXd inertia_n =
      alpha_m_ != 0.0 ?
        end_of_step_inertia_force(system, d_n, v_n, a_n, alpha_m_ * scale, 0.0, 0.0).force :
        Eigen::VectorXd::Zero(f_ext_n.size());
    auto acceleration = [&](const Eigen::VectorXd &increment) -> Eigen::VectorXd {
      return c * (increment - dt * v_n - dt * dt * (0.5 - beta_) * a_n);
    };
    auto velocity = [&](const Eigen::VectorXd &a_n1) -> Eigen::VectorXd {
      return v_n + dt * ((1.0 - gamma_) * a_n + gamma_ * a_n1);
    };
    auto inertia = [&](const Eigen::VectorXd &trial, const double weight) {
      const Eigen::VectorXd a = acceleration(trial);
      const Eigen::VectorXd d = system.compose(d_n, trial);
      InertiaForce          result =
        end_of_step_inertia_force(system, d, velocity(a), a, weight, c, gamma_ / (beta_ * dt));
      add_damping_force(system, d, velocity(a), 1.0, gamma_ / (beta_ * dt), result);
      return result;
    };
    Eigen::VectorXd increment = dt * v_n + dt * dt * 0.5 * a_n;
    impose_prescribed_increment(system, state.time, dt, d_n, increment);
    const unsigned iterations = newton_iteration(
      system, ForceModel::end_of_step, d_n, external, (1.0 - alpha_m_) * scale * c,
      [&](const Eigen::VectorXd &trial) {
        InertiaForce result = inertia(trial, (1.0 - alpha_m_) * scale);
        result.force += inertia_n;
        result.end_of_step_follower_time = state.time + dt;
        return result;
      },
      increment);

    // Trapezoidal work of the loads and of the end-of-step reactions of moving
    // constrained DOFs (the scheme dissipates: its balance is not closed).
    const Eigen::VectorXd d_n1   = system.compose(d_n, increment);
    const Eigen::VectorXd all_n1 = with_follower_force(system, f_ext_n1, d_n1, state.time + dt);
    external_work_               = 0.5 * (f_ext_n + all_n1).dot(increment);
    if (system.has_prescribed_motion())
      {
        const Eigen::VectorXd reaction = system.reactions(ForceModel::end_of_step, d_n, d_n1,
                                                          inertia(increment, 1.0).force, all_n1);
        external_work_ += trapezoidal_reaction_work(state.reaction, reaction, increment);
      }
    const Eigen::VectorXd a_n1 = acceleration(increment);
    state.velocity             = velocity(a_n1);
    dissipated_ = trapezoidal_dissipation(system, damping_n, d_n1, state.velocity, increment);
    state.acceleration = a_n1;
    state.displacement = d_n1;
    state.time += dt;
    state.iterations = iterations;
  }

  Eigen::VectorXd
  GeneralizedAlpha::local_error(const State &before, const State &after, const double time_step,
                                double /*previous_time_step*/) const
  {
    if (before.acceleration.size() != after.acceleration.size())
      return {};
    return (beta_ - 1.0 / 6.0) * time_step * time_step * (after.acceleration - before.acceleration);
  }

  std::string
  GeneralizedAlpha::limitation(const DynamicSystem &system) const
  {
    if (alpha_m_ == 0.0 && alpha_f_ == 0.0)
      return {}; // Newmark: nothing of t_n is carried into the step
    return carried_nodes_limitation(system, name_);
  }
} // namespace corot::integrators

namespace
{
  const std::vector<corot::integrators::IntegratorParameterInfo> generalized_alpha_parameters = {
    {"RHO_INF",
     "spectral radius at infinity, 0 <= RHO_INF <= 1 (default 0.8; 1 is "
     "Newmark's average acceleration, 0 annihilates the highest frequencies in one step)"}};

  corot::integrators::IntegratorSetup
  parse_generalized_alpha(const corot::integrators::ParameterReader &reader)
  {
    const double rho = reader.number("RHO_INF").value_or(0.8);
    if (!(rho >= 0.0 && rho <= 1.0))
      reader.fail("RHO_INF= must lie in [0, 1]");
    return corot::integrators::IntegratorSetup("GALPHA", {{"RHO_INF", rho}}, [rho] {
      return std::make_unique<corot::integrators::GeneralizedAlpha>(rho);
    });
  }
} // namespace

COROT_REGISTER_INTEGRATOR(
  GeneralizedAlpha, "GALPHA",
  "generalized-alpha (Chung & Hulbert 1993): second order, controllable high-frequency "
  "dissipation set by the spectral radius at infinity RHO_INF",
  generalized_alpha_parameters, parse_generalized_alpha)
