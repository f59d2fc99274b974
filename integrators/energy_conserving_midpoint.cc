#include <integrators/energy_conserving_midpoint.h>
#include <integrators/newton_iteration.h>
#include <integrators/registry.h>

namespace corot::integrators
{
  namespace
  {
    /**
     * v_{n+1} = 2 Delta d/dt - v_n (Crisfield & Shi 1993, eq. 1); on rotating
     * nodes w_{n+1} = 2 phi/dt - cay(phi) w_n, i.e. W_{n+1} = 2 Theta/dt - W_n
     * in the body (Simo & Wong 1991, the mid-point rule on SO(3)).
     */
    Eigen::VectorXd
    midpoint_velocity(const DynamicSystem &system, const Eigen::VectorXd &increment,
                      const Eigen::VectorXd &v_n, const double dt)
    {
      return 2.0 / dt * increment - system.transport(increment, v_n);
    }

    /**
     * The inertia force whose work on the increment is exactly the change of
     * kinetic energy: M a_m = M (2/dt^2)(Delta d - dt v_n) (Crisfield & Shi
     * 1993, eq. 6); on rotating nodes (pi_{n+1} - pi_n)/dt (Simo & Wong 1991),
     * with its tangent in the spatial spin at R_{n+1}.
     */
    InertiaForce
    midpoint_inertia_force(const DynamicSystem &system, const Eigen::VectorXd &d_n,
                           const Eigen::VectorXd &increment, const Eigen::VectorXd &v_n,
                           const double dt)
    {
      InertiaForce result{system.mass_times(2.0 / (dt * dt) * (increment - dt * v_n)), {}};
      const auto   nodes = system.rotating_nodes();
      if (nodes.empty())
        return result;
      const RotatingNodeTerms before =
        system.rotating_momentum(d_n, Eigen::VectorXd::Zero(increment.size()), v_n, 0.0);
      const RotatingNodeTerms after =
        system.rotating_momentum(d_n, increment, midpoint_velocity(system, increment, v_n, dt),
                                 2.0 / dt);
      for (std::size_t i = 0; i < nodes.size(); ++i)
        {
          const Eigen::Vector3d f = (after.values[i] - before.values[i]) / dt;
          for (unsigned k = 0; k < 3; ++k)
            result.force[nodes[i][k]] = f[k];
          result.rotating_tangents.push_back(after.tangents[i] / dt);
        }
      return result;
    }
  } // namespace

  Eigen::VectorXd
  midpoint_damping_force(DynamicSystem &system, const Eigen::VectorXd &d_n,
                         const Eigen::VectorXd &increment, const double dt)
  {
    return system.damping_force(system.compose(d_n, 0.5 * increment), increment / dt);
  }

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
    const Eigen::VectorXd &v_n       = state.velocity;
    Eigen::VectorXd        increment = midpoint_predictor(state, dt);
    impose_prescribed_increment(system, state.time, dt, state.displacement, increment);
    const bool damped       = system.has_damping();
    const bool turning_mass = system.has_configuration_dependent_mass();
    const auto inertia      = [&](const Eigen::VectorXd &trial) {
      InertiaForce result  = midpoint_inertia_force(system, state.displacement, trial, v_n, dt);
      result.follower_step = std::make_pair(state.time, state.time + dt);
      if (turning_mass)
        {
          result.force += system.midpoint_configuration_inertia(state.displacement, trial, v_n, dt);
          result.configuration_inertia_step = MidpointInertiaStep{v_n, dt};
        }
      if (damped)
        {
          result.force += midpoint_damping_force(system, state.displacement, trial, dt);
          result.damping_coefficient = 1.0 / dt;
        }
      return result;
    };
    const unsigned iterations = newton_iteration(system, ForceModel::conserving, state.displacement,
                                                 external, 2.0 / (dt * dt), inertia, increment);

    // Energy balance (Crisfield & Shi 1993, eqs 14-21): Delta d . (M a_m +
    // f_c - f_ext) = 0 on free DOFs; on moving constrained DOFs the left side
    // is the reaction, whose work closes the balance exactly.
    const Eigen::VectorXd d_n1 = system.compose(state.displacement, increment);
    // Loads that follow the configuration, over the step as Newton applied
    // them: their work is exactly the increment times this force.
    Eigen::VectorXd applied = external;
    if (const Eigen::VectorXd follower =
          system.follower_force(state.displacement, d_n1, state.time, state.time + dt);
        follower.size() > 0)
      applied += follower;
    external_work_ = applied.dot(increment);
    // Delta d . C(d_m) Delta d/dt >= 0: the work of the damping force in the
    // balance, so kinetic + strain + dissipated - external work stays closed.
    dissipated_ =
      damped ? increment.dot(midpoint_damping_force(system, state.displacement, increment, dt)) :
               0.0;
    if (system.has_prescribed_motion())
      {
        state.reaction = system.reactions(ForceModel::conserving, state.displacement, d_n1,
                                          inertia(increment).force, applied);
        external_work_ += state.reaction.dot(increment);
      }
    const Eigen::VectorXd v_n1 = midpoint_velocity(system, increment, v_n, dt);
    state.acceleration         = (v_n1 - v_n) / dt; // the mid-point acceleration a_m
    state.velocity             = v_n1;
    state.displacement         = d_n1;
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
    return dt * dt * dt / (6.0 * (dt + previous_time_step)) *
           (after.acceleration - before.acceleration);
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
