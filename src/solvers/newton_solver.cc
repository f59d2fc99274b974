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

  namespace
  {
    /** A NewtonProblem made of two functions. */
    class FunctionProblem : public NewtonProblem
    {
    public:
      FunctionProblem(const NewtonSolver::Iteration &iterate, const NewtonSolver::Report &report)
        : iterate_(iterate)
        , report_(report)
      {}

      NewtonIterate
      iterate(const unsigned iteration, NewtonConvergence &convergence) override
      {
        return iterate_(iteration, convergence);
      }

      void
      report(const unsigned iteration, const double residual_ratio,
             const double correction_ratio) override
      {
        if (report_)
          report_(iteration, residual_ratio, correction_ratio);
      }

    private:
      const NewtonSolver::Iteration &iterate_;
      const NewtonSolver::Report    &report_;
    };
  } // namespace

  NewtonResult
  NewtonSolver::solve(const Iteration &iterate, const Report &report) const
  {
    FunctionProblem problem(iterate, report);
    return solve(problem);
  }

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
