#pragma once
/**
 * @file
 * The full (unreduced) model's eigenvalues, with design changes applied,
 * for COMPARE=FULL.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/cms_results.h>
#include <src/analysis/cms_session.h>
#include <src/io/results.h>

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
   * The full model's K and M with the constraints already set in the
   * Assembler: about the session's base state (CmsSession::base) the
   * symmetric tangent and the turned consistent mass there, as *FREQUENCY;
   * otherwise the linear stiffness and consistent mass about the reference.
   */
  void
  full_model_matrices(AnalysisContext &context, const CmsSession &session,
                      dealii::TrilinosWrappers::SparseMatrix &stiffness,
                      dealii::TrilinosWrappers::SparseMatrix &mass);

  /**
   * The @p n_modes lowest eigenpairs of the full model (K and M of
   * full_model_matrices with the synthesis step's constraints) plus sum alpha_j
   * (dK_j, dM_j) of @p alphas, each design derivative scattered from its
   * component to the global numbering. Anasazi shift-and-invert.
   * Throws core::InputError at @p where if the solver fails.
   */
  FullModelModes
  full_model_modes(AnalysisContext &context, const CmsSession &session,
                   const std::map<std::string, double> &alphas, unsigned n_modes,
                   const core::SourceLocation &where);

  /**
   * Reduced modes paired with the full model's modes by the mass-weighted
   * (subspace) MAC of cms::pair_modes instead of by index, so that a mode
   * swap or a repeated pair returned in another rotation neither shows a
   * false error nor hides a real one.
   */
  struct ModeComparison
  {
    std::vector<double>   relative_errors; ///< per reduced mode: (f - f_partner) / f_partner
    std::vector<unsigned> partners;        ///< per reduced mode: 1-based full mode (0: none left)
    std::vector<double>   macs;            ///< per reduced mode: MAC of the pairing
    std::vector<unsigned> swapped;  ///< 1-based reduced modes paired outside their index's cluster
    std::vector<unsigned> unpaired; ///< 1-based full modes (up to the reduced count) left unpaired
  };

  /**
   * Pairs the reduced modes with eigenvalues @p eigenvalues and physical
   * shapes @p shapes (columns, full-model DOF numbering) with the modes
   * @p full, with the mass of the components of @p sub with the changes
   * @p alphas as weight (the full model's mass). Clusters: cms::cluster_tolerance;
   * eigenvalues below 1e-8 of the largest compared one count as rigid-body
   * modes (one cluster). Also used between two reduced solutions (forward
   * and re-analysis): @p full may hold any set of physical modes.
   */
  ModeComparison
  compare_modes(const cms::Substructuring &sub, const std::map<std::string, double> &alphas,
                const Eigen::VectorXd &eigenvalues, const Eigen::MatrixXd &shapes,
                const FullModelModes &full);

  /**
   * Stores @p comparison as the COMPARE=FULL results of @p out (errors,
   * partners, MACs, swaps) with the full model's frequencies, and adds a
   * line to @p log for each swap or unpaired mode.
   */
  void
  record_comparison(const ModeComparison &comparison, const FullModelModes &full, CmsResults &out,
                    std::vector<std::string> &log);

  /**
   * Number of full-model modes to compute for comparing @p n_reduced modes:
   * a few more (one Anasazi block, 6), so that a reduced mode can pair with a
   * full mode above the n-th (a missed or swapped mode at the end).
   */
  unsigned
  full_modes_for_comparison(unsigned n_reduced);

  /** (reduced - full) / full for each pair of frequencies (0 where both are ~ 0). */
  std::vector<double>
  relative_errors(const std::vector<double> &reduced, const std::vector<double> &full);
} // namespace corot::analysis
