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

  bool
  NewtonSolver::converged_by_contraction(const double previous_correction_ratio) const
  {
    const double tol_c = convergence_.correction_tolerance();
    const double ratio = convergence_.correction_ratio();
    if (!(convergence_.residual_ratio() <= convergence_.residual_tolerance()) ||
        !(previous_correction_ratio > 0.0) || !std::isfinite(ratio))
      return false;
    const double theta = ratio / previous_correction_ratio;
    // Contracting: the error left after this correction is at most
    // theta/(1 - theta) times it (Hairer & Wanner, Solving ODEs II, IV.8,
    // eq. 8.10; for Newton converging quadratically it overestimates).
    // Within a hundredth of the tolerance, the next iteration would only
    // confirm it (its residual would be round-off): the solve it would take
    // is saved.
    if (theta < 0.5)
      return theta / (1.0 - theta) * ratio <= contraction_factor * tol_c;
    // Not contracting, with the residual converged and a correction below
    // stagnation_limit: Newton has reached the round-off of the
    // configuration (e.g. rotations that barely move in a step whose
    // translations do: their corrections are the noise of the translations
    // over an element's length, not of the step), and no iteration improves it.
    return ratio <= stagnation_limit;
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
        bool done = convergence_.judge(iterate.residual, iterate.force_level, iterate.correction,
                                       iterate.increment);
        if (!done && !result.history.empty())
          done = converged_by_contraction(result.history.back().correction_ratio);
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
