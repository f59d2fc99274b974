#include <src/cms/mode_pairing.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

namespace corot::cms
{
  std::string
  ModeCluster::label() const
  {
    return size == 1 ? "mode " + std::to_string(first + 1) :
                       "modes " + std::to_string(first + 1) + "-" + std::to_string(first + size);
  }

  std::vector<ModeCluster>
  find_clusters(const Eigen::VectorXd &eigenvalues, const double tolerance, const double zero_level)
  {
    std::vector<ModeCluster> clusters;
    for (unsigned m = 0; m < eigenvalues.size(); ++m)
      {
        if (m > 0)
          {
            const double a = eigenvalues[m - 1], b = eigenvalues[m];
            const double scale = std::max({std::abs(a), std::abs(b), zero_level});
            if (std::abs(b - a) <= tolerance * scale ||
                (std::abs(a) <= zero_level && std::abs(b) <= zero_level))
              {
                ++clusters.back().size;
                continue;
              }
          }
        clusters.push_back({m, 1});
      }
    return clusters;
  }

  ModeCluster
  cluster_of(const std::vector<ModeCluster> &clusters, const unsigned mode)
  {
    for (const ModeCluster &cluster : clusters)
      if (cluster.contains(mode))
        return cluster;
    return {mode, 1};
  }

  double
  subspace_mac(const Eigen::VectorXd &cross, const Eigen::MatrixXd &gram, const double norm)
  {
    if (!(norm > 0.0) || cross.size() == 0)
      return 0.0;
    // The Gram matrix of (nearly) M-orthonormal modes is well conditioned;
    // LDLT also tolerates a semi-definite one (dependent columns).
    const double value = cross.dot(gram.ldlt().solve(cross)) / norm;
    return std::clamp(value, 0.0, 1.0);
  }

  ModePairing
  pair_modes(const Eigen::MatrixXd &cross, const Eigen::MatrixXd &gram_a,
             const Eigen::MatrixXd &gram_b, const Eigen::VectorXd &eigenvalues_a,
             const Eigen::VectorXd &eigenvalues_b, const double tolerance, const double zero_level)
  {
    const unsigned                 n_a = cross.rows(), n_b = cross.cols();
    const std::vector<ModeCluster> clusters_a = find_clusters(eigenvalues_a, tolerance, zero_level);
    const std::vector<ModeCluster> clusters_b = find_clusters(eigenvalues_b, tolerance, zero_level);

    // MAC of each a_i against each cluster of B, and of each b_j against each cluster of A.
    Eigen::MatrixXd       against_b(n_a, clusters_b.size()), against_a(n_b, clusters_a.size());
    std::vector<unsigned> in_a(n_a), in_b(n_b);
    for (unsigned k = 0; k < clusters_b.size(); ++k)
      {
        const ModeCluster    &c    = clusters_b[k];
        const Eigen::MatrixXd gram = gram_b.block(c.first, c.first, c.size, c.size);
        for (unsigned i = 0; i < n_a; ++i)
          against_b(i, k) =
            subspace_mac(cross.row(i).segment(c.first, c.size).transpose(), gram, gram_a(i, i));
        for (unsigned j = c.first; j < c.first + c.size; ++j)
          in_b[j] = k;
      }
    for (unsigned k = 0; k < clusters_a.size(); ++k)
      {
        const ModeCluster    &c    = clusters_a[k];
        const Eigen::MatrixXd gram = gram_a.block(c.first, c.first, c.size, c.size);
        for (unsigned j = 0; j < n_b; ++j)
          against_a(j, k) = subspace_mac(cross.col(j).segment(c.first, c.size), gram, gram_b(j, j));
        for (unsigned i = c.first; i < c.first + c.size; ++i)
          in_a[i] = k;
      }

    // Greedy one-to-one assignment: highest MAC first (to 0.01, so that the
    // members of a repeated pair, equally good, keep index order).
    std::vector<std::tuple<long, unsigned, unsigned, unsigned, double>> candidates;
    for (unsigned i = 0; i < n_a; ++i)
      for (unsigned j = 0; j < n_b; ++j)
        {
          const double score = std::max(against_b(i, in_b[j]), against_a(j, in_a[i]));
          candidates.emplace_back(-std::lround(100.0 * score), i > j ? i - j : j - i, i, j, score);
        }
    std::sort(candidates.begin(), candidates.end());
    ModePairing result;
    result.partner.assign(n_a, n_b);
    result.mac.assign(n_a, 0.0);
    result.swapped.assign(n_a, false);
    std::vector<bool> taken(n_b, false);
    for (const auto &[bucket, distance, i, j, score] : candidates)
      if (result.partner[i] == n_b && !taken[j])
        {
          result.partner[i] = j;
          result.mac[i]     = score;
          taken[j]          = true;
        }
    // The members of a cluster of A are interchangeable (any rotation of a
    // repeated pair is as valid): hand the partners the cluster received to
    // its members in index order, so that a pair matched to a pair reads
    // 13 -> 14, 14 -> 15 whatever order the greedy pass took them in.
    for (const ModeCluster &c : clusters_a)
      {
        std::vector<unsigned> partners;
        for (unsigned i = c.first; i < c.first + c.size; ++i)
          if (result.partner[i] < n_b)
            partners.push_back(result.partner[i]);
        std::sort(partners.begin(), partners.end());
        auto next = partners.begin();
        for (unsigned i = c.first; i < c.first + c.size; ++i)
          if (result.partner[i] < n_b)
            {
              const unsigned j  = *next++;
              result.partner[i] = j;
              result.mac[i]     = std::max(against_b(i, in_b[j]), against_a(j, in_a[i]));
            }
      }
    for (unsigned i = 0; i < n_a; ++i)
      result.swapped[i] = result.partner[i] < n_b &&
                          (i >= n_b || !cluster_of(clusters_b, i).contains(result.partner[i]));
    for (unsigned j = 0; j < std::min(n_a, n_b); ++j)
      if (!taken[j])
        result.unpaired.push_back(j);
    return result;
  }

  Eigen::MatrixXd
  physical_mass_products(const Substructuring &sub, const std::map<std::string, double> &alphas,
                         const Eigen::MatrixXd &x, const Eigen::MatrixXd &y)
  {
    Eigen::MatrixXd result = Eigen::MatrixXd::Zero(x.cols(), y.cols());
    for (const Component &component : sub.components)
      {
        SparseMatrix mass = component.mass;
        for (const DesignDerivative &d : component.derivatives)
          if (const auto it = alphas.find(d.parameter); it != alphas.end())
            mass += d.mass_change(it->second);
        const std::vector<int> rows(component.global_dofs.begin(), component.global_dofs.end());
        const Eigen::MatrixXd  x_c = x(rows, Eigen::all), y_c = y(rows, Eigen::all);
        result.noalias() += x_c.transpose() * (mass * y_c);
      }
    return result;
  }
} // namespace corot::cms
