#include <src/solvers/newton_solver.h>

#include <cmath>
#include <iomanip>
#include <sstream>

namespace corot::solvers
{
  NewtonSolver::NewtonSolver(const NewtonControls &controls, NewtonConvergence &convergence)
    : max_iterations_(controls.max_iterations)
    , convergence_(convergence)
  {}

  NewtonResult
  NewtonSolver::solve(NewtonProblem &problem) const
  {
    NewtonResult result;
    for (unsigned iteration = 1; iteration <= max_iterations_; ++iteration)
      {
        const NewtonIterate iterate = problem.iterate(iteration, convergence_);
        result.iterations           = iteration;
        if (!iterate.failure.empty())
          {
            result.failure = iterate.failure;
            return result;
          }
        const bool done = convergence_.judge(iterate.residual, iterate.force_level,
                                             iterate.correction, iterate.increment);
        result.history.push_back({iterate.residual, iterate.correction,
                                  convergence_.residual_ratio(), convergence_.correction_ratio()});
        problem.report(iteration, convergence_.residual_ratio(), convergence_.correction_ratio());
        if (done)
          {
            result.converged = true;
            return result;
          }
        if (!std::isfinite(convergence_.residual_ratio()) ||
            !std::isfinite(convergence_.correction_ratio()))
          {
            result.failure = "the residual or the correction is not finite";
            return result;
          }
      }
    std::ostringstream message;
    message << "Newton did not converge in " << max_iterations_ << " iterations";
    if (!result.history.empty())
      message << " (last residual " << std::setprecision(2) << result.history.back().residual_ratio
              << ", last correction " << result.history.back().correction_ratio
              << " of their scales)";
    result.failure = message.str();
    return result;
  }
} // namespace corot::solvers
