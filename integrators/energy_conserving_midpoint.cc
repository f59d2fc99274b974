#include <integrators/energy_conserving_midpoint.h>
#include <integrators/newton_iteration.h>
#include <integrators/registry.h>

namespace corot::integrators
{
  void
  EnergyConservingMidpoint::initialize(DynamicSystem &system, State &state)
  {
    if (state.acceleration.size() != state.displacement.size())
      state.acceleration = Eigen::VectorXd::Zero(system.n_dofs());
  }

  void
  EnergyConservingMidpoint::advance(DynamicSystem &system, State &state, const double dt)
  {
    const Eigen::VectorXd external =
      0.5 * (system.external_force(state.time) + system.external_force(state.time + dt));
    const Eigen::VectorXd &v_n      = state.velocity;
    Eigen::VectorXd        increment = midpoint_predictor(state, dt);
    impose_prescribed_increment(system, state.time, dt, state.displacement, increment);
    const auto inertia = [&](const Eigen::VectorXd &trial) {
      return system.midpoint_inertia_force(state.displacement, trial, v_n, dt);
    };
    const unsigned iterations = newton_iteration(system, ForceModel::conserving,
                                                 state.displacement, external, 2.0 / (dt * dt),
                                                 inertia, increment);

    // Energy balance (Crisfield & Shi 1993, eqs 14-21): Delta d . (M a_m +
    // f_c - f_ext) = 0 on free DOFs; on moving constrained DOFs the left side
    // is the reaction, whose work closes the balance exactly.
    const Eigen::VectorXd d_n1 = system.compose(state.displacement, increment);
    external_work_             = external.dot(increment);
    if (system.has_prescribed_motion())
      {
        state.reaction = system.reactions(ForceModel::conserving, state.displacement,
                                          d_n1, inertia(increment),
                                          external);
        external_work_ += state.reaction.dot(increment);
      }
    const Eigen::VectorXd v_n1 =
      system.midpoint_velocity(state.displacement, increment, v_n, dt);
    state.acceleration = (v_n1 - v_n) / dt; // the mid-point acceleration a_m
    state.velocity     = v_n1;
    state.displacement = d_n1;
    state.time += dt;
    state.iterations = iterations;
  }

  Eigen::VectorXd
  EnergyConservingMidpoint::local_error(const State &before, const State &after,
                                        const double time_step,
                                        const double previous_time_step) const
  {
    if (!(previous_time_step > 0.0) || before.acceleration.size() != after.acceleration.size())
      return {};
    const double dt = time_step;
    return dt * dt * dt / (6.0 * (dt + previous_time_step)) * (after.acceleration - before.acceleration);
  }
} // namespace corot::integrators

COROT_REGISTER_INTEGRATOR(
  EnergyConservingMidpoint, "MIDPOINT",
  "energy-conserving mid-point scheme (Crisfield & Shi 1993; Simo & Wong 1991 on 3D rotations), "
  "the default",
  {}, [](const corot::integrators::ParameterReader &) {
    return corot::integrators::IntegratorSetup("MIDPOINT", {}, [] {
      return std::make_unique<corot::integrators::EnergyConservingMidpoint>();
    });
  })
