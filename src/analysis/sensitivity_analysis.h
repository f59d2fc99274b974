#pragma once
/**
 * @file
 * The *SENSITIVITY procedure: eigenvalue sensitivities per component and
 * design parameter.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/cms_session.h>
#include <src/io/results.h>

namespace corot::analysis
{
  /**
   * Normalized sensitivities (p / lambda) d lambda / d p of the requested
   * modes of the baseline reduced model to every *DESIGN PARAMETER, grouped
   * by the component that owns it (Hutton & Smith 1993, eq. 7–8 and
   * Table 2: T held fixed, which ranks components for modification).
   */
  class SensitivityAnalysis
  {
  public:
    SensitivityAnalysis(AnalysisContext &context, const core::Step &step, CmsSession &session);

    io::StepResult
    run(unsigned step_number);

  private:
    AnalysisContext  &context_;
    const core::Step &step_;
    CmsSession       &session_;
  };
} // namespace corot::analysis
