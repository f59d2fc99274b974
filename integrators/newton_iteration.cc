#include <integrators/integrator.h>
#include <integrators/newton_iteration.h>

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
    const solvers::NewtonControls controls       = system.newton_controls();
    const unsigned                max_iterations = controls.max_iterations;
    const double                  tol_r          = controls.residual_tolerance;
    const double                  tol_c          = controls.correction_tolerance;
    double last_ratio = 0.0, last_correction = 0.0, previous_correction = 0.0;
    for (unsigned iteration = 1; iteration <= max_iterations; ++iteration)
      {
        double                residual_ratio = 0.0;
        const Eigen::VectorXd correction =
          system.newton_correction(model, d_n, system.compose(d_n, increment), inertia(increment),
                                   external, mass_coefficient, residual_ratio);
        increment += correction;
        const double correction_norm = correction.norm();
        last_ratio                   = residual_ratio;
        last_correction              = correction_norm / std::max(increment.norm(), 1e-300);
        if (!std::isfinite(correction_norm))
          break;
        if (residual_ratio <= tol_r &&
            correction_norm <= tol_c * std::max(increment.norm(), 1e-300))
          return iteration;
        // Error estimate from the observed contraction theta = |c_k|/|c_{k-1}|:
        // the distance of the corrected increment from the solution is at most
        // theta/(1 - theta) |c_k| (Hairer & Wanner, Solving ODEs II, IV.8, eq. 8.10;
        // for full Newton, converging quadratically, it overestimates). Accepted
        // below 1e-10 of the increment: the next residual would be round-off, so the
        // verification solve it would take is saved.
        if (iteration >= 2 && correction_norm < 0.5 * previous_correction)
          {
            const double theta = correction_norm / previous_correction;
            if (theta / (1.0 - theta) * correction_norm <= 1e-10 * increment.norm())
              return iteration;
          }
        previous_correction = correction_norm;
        // Newton converged in the displacements (a correction of 1e-12 of the
        // increment, or at the round-off of the displacements themselves) while the
        // residual ratio stalls: at a low force level the ratio is bounded by the
        // cancellation in the internal forces of stiff members (about EA eps |x|/h
        // per element), not by Newton, e.g. at the start of a spin-up or in a thin
        // strip swinging under its own weight. Accepted when that ratio is small all
        // the same; a genuinely unconverged state has a correction of the order of
        // its residual ratio, not of 1e-12.
        if (residual_ratio <= 1e-3 &&
            (correction_norm <= 1e-12 * increment.norm() ||
             correction_norm <= 1e-14 * std::max((d_n + increment).norm(), 1.0)))
          return iteration;
      }
    std::ostringstream message;
    message << "Newton did not converge in " << max_iterations << " iterations (last residual "
            << std::setprecision(2) << last_ratio << " of the force level, last correction "
            << last_correction << " of the increment)";
    throw NotConverged(message.str());
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
