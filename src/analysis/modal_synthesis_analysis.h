#pragma once
/**
 * @file
 * The *MODAL SYNTHESIS procedure: component mode synthesis of the model.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/cms_results.h>
#include <src/analysis/cms_session.h>
#include <src/io/results.h>

namespace corot::analysis
{
  /**
   * Builds the components (cms::build_substructuring) with the step's
   * boundary conditions, reduces them (free interface with residual
   * flexibility, or Craig-Bampton), synthesizes and solves the reduced
   * model densely; reports the lowest system frequencies, with COMPARE=FULL
   * beside the full model's and their relative errors, and mode shapes
   * recovered to the physical DOFs when *NODE FILE asks for them. With
   * EXPORT=prefix writes prefix_K.mtx, prefix_M.mtx and prefix_map.mtx
   * (MatrixMarket). Keeps the reduced model in @p session for the design
   * steps that follow. About the base state (BaseState) as *FREQUENCY: after
   * an NLGEOM step the component matrices are the symmetric tangent (stress
   * stiffening) and the turned consistent mass at its end state, and the full
   * model of COMPARE=FULL and the Sturm check the same matrices assembled
   * (full_model_matrices); the design steps refuse such a baseline.
   */
  class ModalSynthesisAnalysis
  {
  public:
    ModalSynthesisAnalysis(AnalysisContext &context, const core::Step &step,
                           const StepLoading &loading, CmsSession &session);

    io::StepResult
    run(unsigned step_number);

  private:
    /**
     * The Sturm-sequence check of the reported (Rayleigh-Ritz) eigenvalues of
     * @p out against the full model's stiffness and mass; its line goes to @p log.
     */
    void
    check_against_full_model(CmsResults &out, std::vector<std::string> &log);

    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
    CmsSession        &session_;
  };
} // namespace corot::analysis
