#pragma once
/**
 * @file
 * The cut-back of an increment whose Newton iterations failed.
 */
#include <src/solvers/newton_controls.h>

#include <optional>
#include <string>

namespace corot::solvers
{
  /**
   * Retries a failed increment (a load or time increment, an arc length) at
   * NewtonControls::cut_back_factor of its size, as Abaqus does with its
   * factor D_f = 0.25 (Abaqus Analysis User's Guide, "Commonly used control
   * parameters", time incrementation), until the retry would fall below the
   * minimum increment or NewtonControls::max_cut_backs retries in a row have
   * failed [I_A]. Used by *STATIC, *STATIC, RIKS and *DYNAMIC alike.
   *
   * Two ways to meet the minimum: by default a retry below it is refused
   * (statics, arc length); with Minimum::clamp the retry is clamped to it,
   * and only an increment already at the minimum is refused (automatic time
   * incrementation, which then tries the minimum once).
   */
  class CutBack
  {
  public:
    /** What a retry below the minimum does. */
    enum class Minimum
    {
      refuse, ///< no retry below the minimum
      clamp   ///< retry at the minimum, unless the failed increment was already there
    };

    /** Cut-backs by @p controls, no retry below @p minimum (0: none). */
    CutBack(const NewtonControls &controls, double minimum, Minimum rule = Minimum::refuse);

    /**
     * The increment @p size failed: the size to retry at, or nothing when
     * the analysis has to stop (below the minimum, or too many cut-backs in a row).
     */
    std::optional<double>
    retry(double size);

    /** An increment converged: the count of cut-backs in a row starts again. */
    void
    converged()
    {
      in_a_row_ = 0;
    }

    /** Cut-backs since the last converged increment. */
    unsigned
    in_a_row() const
    {
      return in_a_row_;
    }

    /** True when the last refused retry() was refused for the number of cut-backs in a row. */
    bool
    exhausted() const
    {
      return in_a_row_ >= max_in_a_row_;
    }

    /** The most cut-backs in a row allowed (NewtonControls::unlimited: no limit). */
    unsigned
    max_in_a_row() const
    {
      return max_in_a_row_;
    }

    /**
     * Why the last retry() was refused, to end the message that stops the
     * analysis: " after N cut-backs in a row (*CONTROLS)", or "; the @p what
     * would fall below the minimum @p minimum" (@p minimum as the caller
     * formats it), or, for Minimum::clamp, "; the @p what is already the
     * minimum @p minimum".
     */
    std::string
    refusal(const std::string &what, const std::string &minimum) const;

    /** The cut-back factor. */
    double
    factor() const
    {
      return factor_;
    }

  private:
    double   factor_;
    unsigned max_in_a_row_;
    double   minimum_;
    Minimum  rule_;
    unsigned in_a_row_ = 0;
  };
} // namespace corot::solvers
