#include <integrators/end_of_step_inertia.h>
#include <integrators/newmark.h>
#include <integrators/newton_iteration.h>
#include <integrators/registry.h>

namespace corot::integrators
{
  void
  Newmark::initialize(DynamicSystem &system, State &state)
  {
    state.acceleration =
      system.initial_acceleration(state.displacement, state.velocity, state.time);
    last_external_ = with_follower_force(system, system.external_force(state.time),
                                         state.displacement, state.time);
    if (system.has_prescribed_motion())
      state.reaction =
        system.reactions(ForceModel::end_of_step, state.displacement, state.displacement,
                         end_of_step_inertia_force(system, state.displacement, state.velocity,
                                                   state.acceleration, 1.0, 0.0, 0.0)
                           .force,
                         last_external_);
  }

  void
  Newmark::advance(DynamicSystem &system, State &state, const double dt)
  {
    const Eigen::VectorXd  external  = system.external_force(state.time + dt);
    const Eigen::VectorXd &v_n       = state.velocity;
    const Eigen::VectorXd &a_n       = state.acceleration;
    Eigen::VectorXd        increment = dt * v_n + 0.25 * dt * dt * a_n; // predictor: a_{n+1} = a_n
    const double           c         = 4.0 / (dt * dt);
    impose_prescribed_increment(system, state.time, dt, state.displacement, increment);
    const Eigen::VectorXd damping_n = system.damping_force(state.displacement, v_n);
    const auto            inertia   = [&](const Eigen::VectorXd &trial) {
      const Eigen::VectorXd a = c * (trial - dt * v_n) - a_n;
      const Eigen::VectorXd d = system.compose(state.displacement, trial);
      const Eigen::VectorXd v = v_n + 0.5 * dt * (a_n + a);
      InertiaForce          result = end_of_step_inertia_force(system, d, v, a, 1.0, c, 2.0 / dt);
      add_damping_force(system, d, v, 1.0, 2.0 / dt, result);
      result.end_of_step_follower_time = state.time + dt;
      return result;
    };
    const unsigned iterations =
      newton_iteration(system, ForceModel::end_of_step, state.displacement, external, c, inertia,
                       increment);

    // f_ext(t_n) afresh: after a rejected step (automatic incrementation) the
    // last advance() may have ended at another time.
    // With the loads that follow the configuration (a pressure on shell faces
    // under NLGEOM) at the two ends of the step.
    last_external_ = with_follower_force(system, system.external_force(state.time),
                                         state.displacement, state.time);
    // Trapezoidal work of the loads and of the reactions of moving constrained DOFs.
    const Eigen::VectorXd d_n1   = system.compose(state.displacement, increment);
    const Eigen::VectorXd all_n1 = with_follower_force(system, external, d_n1, state.time + dt);
    external_work_               = 0.5 * (last_external_ + all_n1).dot(increment);
    if (system.has_prescribed_motion())
      {
        const Eigen::VectorXd reaction =
          system.reactions(ForceModel::end_of_step, state.displacement, d_n1,
                           inertia(increment).force, all_n1);
        external_work_ += trapezoidal_reaction_work(state.reaction, reaction, increment);
      }
    last_external_             = all_n1;
    const Eigen::VectorXd a_n1 = c * (increment - dt * v_n) - a_n;
    state.velocity             = v_n + 0.5 * dt * (a_n + a_n1);
    dissipated_ = trapezoidal_dissipation(system, damping_n, d_n1, state.velocity, increment);
    state.acceleration = a_n1;
    state.displacement = d_n1;
    state.time += dt;
    state.iterations = iterations;
  }

  Eigen::VectorXd
  Newmark::local_error(const State &before, const State &after, const double time_step,
                       double /*previous_time_step*/) const
  {
    if (before.acceleration.size() != after.acceleration.size())
      return {};
    return (0.25 - 1.0 / 6.0) * time_step * time_step * (after.acceleration - before.acceleration);
  }
} // namespace corot::integrators

COROT_REGISTER_INTEGRATOR(
  Newmark, "NEWMARK",
  "Newmark's average acceleration (beta = 1/4, gamma = 1/2), equilibrium at the end of the step",
  {}, [](const corot::integrators::ParameterReader &) {
    return corot::integrators::IntegratorSetup("NEWMARK", {}, [] {
      return std::make_unique<corot::integrators::Newmark>();
    });
  })
