#include <src/solvers/cutback.h>

#include <algorithm>

namespace corot::solvers
{
  CutBack::CutBack(const NewtonControls &controls, const double minimum, const Minimum rule)
    : factor_(controls.cut_back_factor)
    , max_in_a_row_(controls.max_cut_backs)
    , minimum_(minimum)
    , rule_(rule)
  {}

  std::optional<double>
  CutBack::retry(const double size)
  {
    if (in_a_row_ >= max_in_a_row_)
      return std::nullopt;
    double smaller = factor_ * size;
    if (rule_ == Minimum::refuse)
      {
        if (smaller < minimum_)
          return std::nullopt;
      }
    else
      {
        // Relative margin: an increment set to the minimum may differ from it in the last bits.
        if (size <= minimum_ * (1.0 + 1e-12))
          return std::nullopt;
        smaller = std::max(smaller, minimum_);
      }
    ++in_a_row_;
    return smaller;
  }

  std::string
  CutBack::refusal(const std::string &what, const std::string &minimum) const
  {
    if (exhausted())
      return " after " + std::to_string(max_in_a_row_) + " cut-backs in a row (*CONTROLS)";
    if (rule_ == Minimum::clamp)
      return "; the " + what + " is already the minimum " + minimum;
    return "; the " + what + " would fall below the minimum " + minimum;
  }
} // namespace corot::solvers
