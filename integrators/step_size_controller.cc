#include <integrators/step_size_controller.h>

#include <algorithm>
#include <cmath>

namespace corot::integrators
{
  namespace
  {
    constexpr double safety     = 0.9; ///< of the optimal increment
    constexpr double max_growth = 2.0; ///< per accepted increment
    constexpr double max_cut    = 0.2; ///< per rejection
  }                                    // namespace

  StepSizeController::StepSizeController(const double initial, const double minimum,
                                         const double                   maximum,
                                         const solvers::NewtonControls &controls)
    : minimum_(minimum)
    , maximum_(maximum)
    , proposed_(std::clamp(initial, minimum, maximum))
    , cut_back_(controls, minimum, solvers::CutBack::Minimum::clamp)
  {}

  StepSizeController::Verdict
  StepSizeController::judge(const double time_step, const double error_ratio)
  {
    cut_back_.converged(); // Newton converged on this increment
    if (error_ratio < 0.0)
      {
        last_rejected_ = false;
        return Verdict::accepted;
      }
    const double optimal =
      error_ratio > 0.0 ? safety * std::pow(error_ratio, -1.0 / 3.0) : max_growth;
    if (error_ratio <= 1.0)
      {
        const double growth = std::min(optimal, last_rejected_ ? 1.0 : max_growth);
        proposed_           = std::clamp(time_step * growth, minimum_, maximum_);
        last_rejected_      = false;
        return Verdict::accepted;
      }
    last_rejected_     = true;
    const double retry = time_step * std::max(max_cut, std::min(optimal, safety));
    if (retry < minimum_ * (1.0 - 1e-12))
      {
        if (time_step > minimum_ * (1.0 + 1e-12))
          {
            proposed_ = minimum_; // one last try at the minimum
            return Verdict::rejected;
          }
        return Verdict::below_minimum;
      }
    proposed_ = std::min(retry, maximum_);
    return Verdict::rejected;
  }

  bool
  StepSizeController::cut_back(const double time_step)
  {
    last_rejected_                    = true;
    const std::optional<double> retry = cut_back_.retry(time_step);
    if (!retry)
      return false;
    proposed_ = *retry;
    return true;
  }
} // namespace corot::integrators
