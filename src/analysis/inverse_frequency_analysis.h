#pragma once
/**
 * @file
 * The *INVERSE FREQUENCY procedure: design changes that move system
 * frequencies to targets.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/cms_session.h>
#include <src/cms/component_mode_synthesis.h>
#include <src/io/results.h>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Solves the inverse eigenfrequency-modification problem on the baseline
   * reduced model (cms::solve_inverse_frequency: eq. 14 for one variable and
   * one target, least-change Newton otherwise), then re-reduces the changed
   * components with the design found and solves again for the remaining
   * change until it vanishes (so the answer is exact for the CMS model of the
   * modified structure, not only for the baseline Ritz basis of eq. 13;
   * "iterations" counts every solve), and, with COMPARE=FULL,
   * verifies it by a full re-analysis with the changes applied: the full
   * mode with the largest MAC against the recovered predicted mode shape
   * gives "full_achieved_frequencies". An unreachable target is a
   * core::InputError at the step's line.
   */
  class InverseFrequencyAnalysis
  {
  public:
    InverseFrequencyAnalysis(AnalysisContext &context, const core::Step &step, CmsSession &session);

    io::StepResult
    run(unsigned step_number);

  private:
    /**
     * TEST MODES=: each named mode of the file as the target of the
     * baseline's mode of largest MAC with it (ModalCorrelation), said in
     * @p log; two file modes on one system mode are an error at the line.
     */
    std::vector<core::FrequencyTarget>
    targets_of_test_modes(const cms::ComponentModeSynthesis &baseline,
                          std::vector<std::string>          &log) const;

    AnalysisContext  &context_;
    const core::Step &step_;
    CmsSession       &session_;
  };
} // namespace corot::analysis
