#include <integrators/end_of_step_inertia.h>
#include <integrators/hilber_hughes_taylor.h>
#include <integrators/newton_iteration.h>
#include <integrators/registry.h>

#include <stdexcept>

namespace corot::integrators
{
  HilberHughesTaylor::HilberHughesTaylor(const double alpha)
    : alpha_(alpha)
    , beta_((1.0 - alpha) * (1.0 - alpha) / 4.0)
    , gamma_(0.5 - alpha)
  {
    if (alpha < -1.0 / 3.0 || alpha > 0.0)
      throw std::invalid_argument("HHT needs -1/3 <= ALPHA <= 0");
  }

  void
  HilberHughesTaylor::initialize(DynamicSystem &system, State &state)
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
  HilberHughesTaylor::advance(DynamicSystem &system, State &state, const double dt)
  {
    // f_ext(t_n) with the loads that follow the configuration at d_n (a
    // pressure on shell faces under NLGEOM); at t_{n+1} those are applied at
    // d_{n+1} in Newton's residual (InertiaForce::end_of_step_follower_time).
    const Eigen::VectorXd  f_ext_n  = with_follower_force(system, system.external_force(state.time),
                                                          state.displacement, state.time);
    const Eigen::VectorXd  f_ext_n1 = system.external_force(state.time + dt);
    const Eigen::VectorXd  f_int_n  = system.internal_force(state.displacement);
    const Eigen::VectorXd &v_n      = state.velocity;
    const Eigen::VectorXd &a_n      = state.acceleration;
    const double           scale    = 1.0 / (1.0 + alpha_);
    const double           c        = 1.0 / (beta_ * dt * dt);

    // The equation divided by (1 + alpha): f_int(d_{n+1}) + M a_{n+1}/(1 + alpha)
    //   = f_ext(t_{n+1}) - alpha/(1 + alpha) (f_ext(t_n) - f_int(d_n)).
    // With damping g = f_int + C v in place of f_int (Hilber, Hughes & Taylor 1977, eq. 8).
    const Eigen::VectorXd damping_n = system.damping_force(state.displacement, v_n);
    const Eigen::VectorXd external  = f_ext_n1 - alpha_ * scale * (f_ext_n - f_int_n - damping_n);
    auto                  acceleration = [&](const Eigen::VectorXd &increment) -> Eigen::VectorXd {
      return c * (increment - dt * v_n - dt * dt * (0.5 - beta_) * a_n);
    };
    Eigen::VectorXd increment = dt * v_n + dt * dt * 0.5 * a_n;
    impose_prescribed_increment(system, state.time, dt, state.displacement, increment);
    const unsigned iterations = newton_iteration(
      system, ForceModel::end_of_step, state.displacement, external, scale * c,
      [&](const Eigen::VectorXd &trial) {
        const Eigen::VectorXd a = acceleration(trial);
        const Eigen::VectorXd d = system.compose(state.displacement, trial);
        const Eigen::VectorXd v = v_n + dt * ((1.0 - gamma_) * a_n + gamma_ * a);
        InertiaForce          result =
          end_of_step_inertia_force(system, d, v, a, scale, c, gamma_ / (beta_ * dt));
        add_damping_force(system, d, v, 1.0, gamma_ / (beta_ * dt), result);
        result.end_of_step_follower_time = state.time + dt;
        return result;
      },
      increment);
    // Trapezoidal work of the loads and of the end-of-step reactions of moving
    // constrained DOFs (HHT dissipates, so its balance is not closed anyway).
    const Eigen::VectorXd d_n1   = system.compose(state.displacement, increment);
    const Eigen::VectorXd all_n1 = with_follower_force(system, f_ext_n1, d_n1, state.time + dt);
    external_work_               = 0.5 * (f_ext_n + all_n1).dot(increment);
    if (system.has_prescribed_motion())
      {
        const Eigen::VectorXd v_n1 =
          v_n + dt * ((1.0 - gamma_) * a_n + gamma_ * acceleration(increment));
        InertiaForce inertia =
          end_of_step_inertia_force(system, d_n1, v_n1, acceleration(increment), 1.0, c,
                                    gamma_ / (beta_ * dt));
        add_damping_force(system, d_n1, v_n1, 1.0, 0.0, inertia);
        const Eigen::VectorXd reaction =
          system.reactions(ForceModel::end_of_step, state.displacement, d_n1, inertia.force,
                           all_n1);
        external_work_ += trapezoidal_reaction_work(state.reaction, reaction, increment);
      }
    const Eigen::VectorXd a_n1 = acceleration(increment);
    state.velocity             = v_n + dt * ((1.0 - gamma_) * a_n + gamma_ * a_n1);
    dissipated_ = trapezoidal_dissipation(system, damping_n, d_n1, state.velocity, increment);
    state.acceleration = a_n1;
    state.displacement = d_n1;
    state.time += dt;
    state.iterations = iterations;
  }

  Eigen::VectorXd
  HilberHughesTaylor::local_error(const State &before, const State &after, const double time_step,
                                  double /*previous_time_step*/) const
  {
    if (before.acceleration.size() != after.acceleration.size())
      return {};
    return (beta_ - 1.0 / 6.0) * time_step * time_step * (after.acceleration - before.acceleration);
  }

  std::string
  HilberHughesTaylor::limitation(const DynamicSystem &system) const
  {
    return carried_nodes_limitation(system, "HHT");
  }
} // namespace corot::integrators

namespace
{
  const std::vector<corot::integrators::IntegratorParameterInfo> hht_parameters = {
    {"ALPHA", "numerical damping, -1/3 <= ALPHA <= 0 (default 0: Newmark's average "
              "acceleration); ALPHA= without INTEGRATOR= selects HHT (Abaqus, CalculiX)"}};

  corot::integrators::IntegratorSetup
  parse_hht(const corot::integrators::ParameterReader &reader)
  {
    const double alpha = reader.number("ALPHA").value_or(0.0);
    if (alpha < -1.0 / 3.0 || alpha > 0.0)
      reader.fail("ALPHA= must lie in [-1/3, 0]");
    return corot::integrators::IntegratorSetup("HHT", {{"ALPHA", alpha}}, [alpha] {
      return std::make_unique<corot::integrators::HilberHughesTaylor>(alpha);
    });
  }
} // namespace

COROT_REGISTER_INTEGRATOR(
  HilberHughesTaylor, "HHT",
  "HHT-alpha (Hilber, Hughes & Taylor 1977): Newmark with numerical damping of high frequencies",
  hht_parameters, parse_hht)
