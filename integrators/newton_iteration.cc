#include <integrators/integrator.h>
#include <integrators/newton_iteration.h>
#include <src/solvers/newton_solver.h>

#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace corot::integrators
{
  unsigned
  newton_iteration(DynamicSystem &system, const ForceModel model, const Eigen::VectorXd &d_n,
                   const Eigen::VectorXd &external, const double mass_coefficient,
                   const std::function<InertiaForce(const Eigen::VectorXd &)> &inertia,
                   Eigen::VectorXd                                            &increment)
  {
    const solvers::NewtonControls controls = system.newton_controls();
    solvers::NewtonConvergence    convergence(system.rotational_dofs(), system.length_scale(),
                                              controls);
    const auto                    iterate = [&](unsigned, solvers::NewtonConvergence &test) {
      ResidualNorms         norms;
      const Eigen::VectorXd correction =
        system.newton_correction(model, d_n, system.compose(d_n, increment), inertia(increment),
                                                    external, mass_coefficient, norms);
      increment += correction;
      if (norms.stiffness_force > 0.0 || norms.stiffness_moment > 0.0)
        test.set_stiffness_scale(norms.stiffness_force, norms.stiffness_moment, system.n_dofs());
      solvers::NewtonIterate result;
      result.residual    = norms.residual;
      result.force_level = norms.force_level;
      result.correction  = test.norms(correction);
      result.increment   = test.norms(increment);
      return result;
    };
    const solvers::NewtonResult result =
      solvers::NewtonSolver(controls, convergence).solve(iterate);
    if (!result.converged)
      throw NotConverged(result.failure);
    return result.iterations;
  }

  Eigen::VectorXd
  midpoint_predictor(const State &state, const double dt)
  {
    if (state.acceleration.size() != state.velocity.size())
      return dt * state.velocity;
    return dt * state.velocity + 0.5 * dt * dt * state.acceleration;
  }

  void
  impose_prescribed_increment(const DynamicSystem &system, const double time, const double dt,
                              const Eigen::VectorXd &d_n, Eigen::VectorXd &increment)
  {
    if (!system.has_prescribed_motion())
      return;
    Eigen::VectorXd d_n1 = system.compose(d_n, increment);
    system.impose_prescribed_motion(time, time + dt, d_n, d_n1);
    increment = system.increment_between(d_n, d_n1);
  }
} // namespace corot::integrators
