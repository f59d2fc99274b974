#pragma once
/**
 * @file
 * Mode tracking through (nearly) repeated eigenvalues: clusters of modes by
 * relative eigenvalue gap, the MAC of a mode against the subspace spanned by
 * a cluster, and the pairing of two sets of modes (reduced and full, or
 * before and after a design change) by that MAC instead of by index.
 *
 * Within a cluster of repeated eigenvalues any orthonormal basis of the
 * cluster's subspace is an equally valid set of eigenvectors, so the MAC of
 * a mode against one member of the cluster is arbitrary (a solver may return
 * any rotation of the pair); its MAC against the whole subspace is not.
 */
#include <src/cms/component.h>

#include <Eigen/Dense>

#include <map>
#include <string>
#include <vector>

namespace corot::cms
{
  /**
   * Relative eigenvalue gap below which neighbouring modes count as one
   * cluster: |lambda_b - lambda_a| <= tol max(|lambda_a|, |lambda_b|).
   * Above round-off: an exactly repeated eigenvalue comes out of the dense
   * reduced solve or the Anasazi solve split by at most ~1e-8 relative (the
   * reduced solve of 11 decades of eigenvalues in cantilever_cms.inp, step
   * 3, is accurate to 5.7e-9). Below physics: two modes 1 ppm apart in
   * eigenvalue (0.5 ppm in frequency) cannot be told apart by a frequency
   * measurement, and their individual shapes are not determined by the
   * model (an eigenvector moves by perturbation / gap), only their subspace.
   */
  inline constexpr double cluster_tolerance = 1e-6;

  /** Modes first, ..., first + size - 1 of an ascending spectrum, (nearly) repeated. */
  struct ModeCluster
  {
    unsigned first = 0;
    unsigned size  = 1;

    /** Whether mode @p mode (0-based) belongs to the cluster. */
    bool
    contains(const unsigned mode) const
    {
      return mode >= first && mode < first + size;
    }

    /** "mode 3" or "modes 1-2" (1-based), for messages. */
    std::string
    label() const;
  };

  /**
   * The clusters of the ascending eigenvalues @p eigenvalues: neighbours
   * a, b with |lambda_b - lambda_a| <= tolerance max(|lambda_a|,
   * |lambda_b|, zero_level) are in one cluster (chained). @p zero_level is
   * the eigenvalue magnitude below which modes count as rigid-body modes
   * (all of them one cluster); 0 for none.
   */
  std::vector<ModeCluster>
  find_clusters(const Eigen::VectorXd &eigenvalues, double tolerance = cluster_tolerance,
                double zero_level = 0.0);

  /** The cluster of @p clusters that contains mode @p mode. */
  ModeCluster
  cluster_of(const std::vector<ModeCluster> &clusters, unsigned mode);

  /**
   * Subspace MAC of a vector x against the span of the columns of B, given
   * the products @p cross = B^T W x, the Gram matrix @p gram = B^T W B and
   * @p norm = x^T W x:
   *
   *     MAC(x, span B) = (x^T W B) (B^T W B)^{-1} (B^T W x) / (x^T W x),
   *
   * the squared cosine of the angle between x and the subspace (for one
   * column the ordinary MAC; for W-orthonormal B the sum of the MACs with
   * its columns).
   */
  double
  subspace_mac(const Eigen::VectorXd &cross, const Eigen::MatrixXd &gram, double norm);

  /** How the modes of a set A pair with the modes of a reference set B. */
  struct ModePairing
  {
    /** For each mode of A, its partner in B (0-based), or B's size if none was left. */
    std::vector<unsigned> partner;
    /**
     * For each mode of A, the MAC of the pairing: the larger of the subspace
     * MAC of a_i against its partner's cluster in B and of the partner
     * against a_i's cluster in A (1 for a repeated pair matched to a
     * repeated pair, whatever rotation of the pair each solver returned).
     */
    std::vector<double> mac;
    /** For each mode of A: its partner is not in the B cluster of the same index (a mode swap). */
    std::vector<bool> swapped;
    /** Modes of B (0-based, below A's size) that no mode of A paired with. */
    std::vector<unsigned> unpaired;
  };

  /**
   * Pairs the modes a_i of set A with the modes b_j of a reference set B by
   * the (subspace) MAC, one to one: the pairs are taken greedily in
   * decreasing MAC (to 0.01; equal MACs, as within a repeated pair, keep
   * index order), each mode used once. Inputs are W-products: @p cross
   * (n_a x n_b) = A^T W B, @p gram_a = A^T W A, @p gram_b = B^T W B; the
   * clusters of each set come from its eigenvalues (find_clusters with
   * @p tolerance and @p zero_level).
   */
  ModePairing
  pair_modes(const Eigen::MatrixXd &cross, const Eigen::MatrixXd &gram_a,
             const Eigen::MatrixXd &gram_b, const Eigen::VectorXd &eigenvalues_a,
             const Eigen::VectorXd &eigenvalues_b, double tolerance = cluster_tolerance,
             double zero_level = 0.0);

  /**
   * X^T M Y for physical vectors (columns, full-model DOF numbering, size
   * sub.n_dofs) with the mass M = sum_c (M_c + sum_j alpha_j dM_cj) of the
   * components, each with the design changes @p alphas (parameter ->
   * alpha) applied: the full model's consistent mass, since every element
   * belongs to one component, without assembling it.
   */
  Eigen::MatrixXd
  physical_mass_products(const Substructuring &sub, const std::map<std::string, double> &alphas,
                         const Eigen::MatrixXd &x, const Eigen::MatrixXd &y);
} // namespace corot::cms
