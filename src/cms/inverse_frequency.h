#pragma once
/**
 * @file
 * The inverse eigenfrequency-modification problem on a reduced model
 * (Hutton & Smith 1993, eq. 13–14).
 */
#include <src/cms/component_mode_synthesis.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace corot::cms
{
  /** A target: system mode @p mode (0-based, baseline numbering) to eigenvalue @p lambda. */
  struct EigenvalueTarget
  {
    unsigned mode   = 0;
    double   lambda = 0.0;
  };

  /** Thrown when no admissible design change reaches the targets. */
  class UnreachableTarget : public std::runtime_error
  {
  public:
    using std::runtime_error::runtime_error;
  };

  /** Solution of the inverse problem. */
  struct InverseSolution
  {
    std::vector<double>      alphas;   ///< one per design variable, in the given order
    ReducedEigenpairs        modified; ///< modal-coordinate solution with the changes (T fixed)
    std::vector<unsigned>    achieved_modes; ///< index in modified of the mode tracking each target
    unsigned                 iterations = 0; ///< 1 for the direct one-variable solution
    std::vector<std::string> log;            ///< roots considered, convergence history
    /**
     * Wall time to find alphas (modal design matrices, roots or iterations,
     * admissibility and mode-order checks); for one variable it excludes the
     * eigenvectors of the modified model, computed afterwards for output.
     */
    double solve_seconds = 0.0;
  };

  /**
   * Fractional changes alpha_j of @p variables that move the baseline modes
   * of @p targets to their target eigenvalues, with all baseline CMS modes
   * Z as Ritz basis (eq. 13): the modified modes are Z c, T held fixed.
   *
   * One variable entering K and M linearly, one target: eq. 14, alpha G c = (lambda* I - Lambda) c with
   * G = Z^T T^T (K_1 - lambda* M_1) T Z, solved as the eigenproblem of
   * (lambda* I - Lambda)^{-1} G (eigenvalues 1/alpha), or, when the
   * parameter's component has fewer DOFs n_c than the reduced model, as the
   * equivalent n_c x n_c problem of the factor G = B^T (dK_c - lambda* dM_c) B
   * (see ModalDerivativeFactor); among the real roots
   * with 1 + alpha > 0 the one whose c best matches the target mode (MAC
   * with e_i; the smallest |alpha| on a tie) and puts lambda* at mode i's
   * place. A target in a cluster of repeated baseline eigenvalues
   * (find_clusters, cluster_tolerance) is matched by the subspace MAC with
   * the cluster's e_k, and its place is any of the modes within the
   * tolerance of lambda* (a pair moves as one under a symmetric change).
   *
   * Otherwise: Newton iterations on the exact reduced eigenproblem
   * (Lambda + sum alpha_j G_Kj) c = lambda (I + sum alpha_j G_Mj) c, so all
   * non-linear coupling terms are kept (a shell's thickness: the cubic
   * sum_p alpha_j^p G_Kj,p of DesignDerivative's terms, and its slope in
   * the Jacobian); the targets are tracked by the
   * subspace MAC through clusters, each to a distinct mode; the
   * step is the least change (minimum-norm alpha satisfying the linearised
   * constraints; least squares if there are fewer independent directions
   * than targets, as for two targets on a pair that the variables move as
   * one), halved while 1 + alpha <= 0 or the residual grows. A target on a
   * cluster is met to the cluster's round-off spread.
   *
   * Throws UnreachableTarget with the reason (no real admissible root, no
   * convergence, a property driven to zero).
   */
  InverseSolution
  solve_inverse_frequency(const ComponentModeSynthesis        &cms,
                          const std::vector<EigenvalueTarget> &targets,
                          const std::vector<std::string>      &variables);
} // namespace corot::cms
