#pragma once
/**
 * @file
 * The full (unreduced) model's eigenvalues, with design changes applied,
 * for COMPARE=FULL.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/cms_session.h>

#include <map>
#include <string>
#include <vector>

namespace corot::analysis
{
  /** Full-model eigenpairs and the time they took. */
  struct FullModelModes
  {
    std::vector<double>          eigenvalues;
    std::vector<Eigen::VectorXd> vectors; ///< replicated, full-model DOF numbering
    double                       seconds = 0.0;
  };

  /**
   * The @p n_modes lowest eigenpairs of the full model (the Assembler's
   * K and M with the synthesis step's constraints) plus sum alpha_j
   * (dK_j, dM_j) of @p alphas, each design derivative scattered from its
   * component to the global numbering. Anasazi shift-and-invert.
   * Throws core::InputError at @p where if the solver fails.
   */
  FullModelModes
  full_model_modes(AnalysisContext &context, const CmsSession &session,
                   const std::map<std::string, double> &alphas, unsigned n_modes,
                   const core::SourceLocation &where);

  /** (reduced - full) / full for each pair of frequencies (0 where both are ~ 0). */
  std::vector<double>
  relative_errors(const std::vector<double> &reduced, const std::vector<double> &full);
} // namespace corot::analysis
