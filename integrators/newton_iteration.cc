#include <integrators/integrator.h>
#include <integrators/newton_iteration.h>

#include <cmath>
#include <string>

namespace corot::integrators
{
  unsigned
  newton_iteration(DynamicSystem                                               &system,
                   const ForceModel                                             model,
                   const Eigen::VectorXd                                       &d_n,
                   const Eigen::VectorXd                                       &external,
                   const double                                                 mass_coefficient,
                   const std::function<Eigen::VectorXd(const Eigen::VectorXd &)> &inertia,
                   Eigen::VectorXd                                             &increment)
  {
    constexpr unsigned max_iterations = 25;
    for (unsigned iteration = 1; iteration <= max_iterations; ++iteration)
      {
        double                residual_ratio = 0.0;
        const Eigen::VectorXd correction =
          system.newton_correction(model, d_n, system.compose(d_n, increment), inertia(increment), external,
                                   mass_coefficient, residual_ratio);
        increment += correction;
        if (!std::isfinite(correction.norm()))
          break;
        if (residual_ratio <= 1e-8 &&
            correction.norm() <= 1e-8 * std::max(increment.norm(), 1e-300))
          return iteration;
        // A correction at the round-off of the displacements cannot change the
        // state any more: at a very low force level (a structure barely moving,
        // e.g. the start of a spin-up) the residual ratio is then bounded by the
        // cancellation in the internal force of a stiff member (EA eps |x| / l),
        // not by Newton. Accepted when that ratio is small all the same.
        if (residual_ratio <= 1e-5 &&
            correction.norm() <= 1e-14 * std::max((d_n + increment).norm(), 1.0))
          return iteration;
      }
    throw NotConverged("Newton did not converge in " + std::to_string(max_iterations) +
                       " iterations");
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
