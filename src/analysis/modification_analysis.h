#pragma once
/**
 * @file
 * The *MODIFICATION procedure: forward modification of the reduced model.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/cms_session.h>
#include <src/io/results.h>

namespace corot::analysis
{
  /**
   * Applies the step's fractional design changes to the baseline reduced
   * model of @p session two ways: forward modification by Ritz re-analysis
   * with all baseline CMS modes (Hutton & Smith 1993, eq. 11–12; reported as
   * "frequencies") and the exact CMS re-analysis that re-reduces only the
   * modified components ("exact_frequencies"); with COMPARE=FULL also the
   * full model with the changes. Timings of the re-analysis against the
   * baseline reduction and the full solve go to the report.
   */
  class ModificationAnalysis
  {
  public:
    ModificationAnalysis(AnalysisContext &context, const core::Step &step, CmsSession &session);

    io::StepResult
    run(unsigned step_number);

  private:
    AnalysisContext  &context_;
    const core::Step &step_;
    CmsSession       &session_;
  };
} // namespace corot::analysis
