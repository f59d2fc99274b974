#include <src/cms/design_study.h>
#include <src/cms/inverse_frequency.h>
#include <src/cms/mode_pairing.h>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <tuple>

namespace corot::cms
{
  namespace
  {
    /**
     * The modal-coordinate model: Lambda, the design matrices G_Kj, G_Mj and
     * their factors B_j, dK_cj, dM_cj (G_Kj = B_j^T dK_cj B_j). A property
     * that enters K and M non-linearly (a shell's thickness) has the terms of
     * its polynomial, G_Kj,p = B_j^T K_p B_j (DesignDerivative):
     * K(alpha) = Lambda + sum_j sum_p alpha_j^p G_Kj,p.
     */
    struct ModalModel
    {
      Eigen::VectorXd lambda;
      /** dk[j][p - 1] = G_Kj,p; dk[j][0] = G_Kj (dm likewise). */
      std::vector<std::vector<Eigen::MatrixXd>> dk, dm;
      std::vector<ModalDerivativeFactor>        factors;

      /** True when every variable enters K and M linearly. */
      bool
      linear() const
      {
        for (const auto &terms : dk)
          if (terms.size() > 1)
            return false;
        return true;
      }

      void
      assemble(const std::vector<double> &alphas, Eigen::MatrixXd &k, Eigen::MatrixXd &m) const
      {
        const unsigned n = lambda.size();
        k                = lambda.asDiagonal();
        m                = Eigen::MatrixXd::Identity(n, n);
        for (unsigned j = 0; j < alphas.size(); ++j)
          for (unsigned p = 1; p <= dk[j].size(); ++p)
            {
              k += std::pow(alphas[j], p) * dk[j][p - 1];
              m += std::pow(alphas[j], p) * dm[j][p - 1];
            }
      }

      /** d K / d alpha_j and d M / d alpha_j at @p alphas. */
      std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
      slope(const std::vector<double> &alphas, const unsigned j) const
      {
        Eigen::MatrixXd k = dk[j][0], m = dm[j][0];
        for (unsigned p = 2; p <= dk[j].size(); ++p)
          {
            k += p * std::pow(alphas[j], p - 1) * dk[j][p - 1];
            m += p * std::pow(alphas[j], p - 1) * dm[j][p - 1];
          }
        return {k, m};
      }

      ReducedEigenpairs
      solve(const std::vector<double> &alphas) const
      {
        Eigen::MatrixXd k, m;
        assemble(alphas, k, m);
        return solve_reduced(k, m);
      }

      /**
       * Eigenvalues only (a third of the cost of solve()) of K c = lambda M c
       * (Eigen's Ax_lBx; ABx_lx would be K M c = lambda c, another problem).
       */
      Eigen::VectorXd
      eigenvalues(const std::vector<double> &alphas) const
      {
        Eigen::MatrixXd k, m;
        assemble(alphas, k, m);
        const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(
          k, m, Eigen::EigenvaluesOnly | Eigen::Ax_lBx);
        if (solver.info() != Eigen::Success)
          throw UnreachableTarget("the modified reduced mass matrix is not positive definite");
        return solver.eigenvalues();
      }
    };

    std::string
    number(const double value)
    {
      std::ostringstream out;
      out.precision(6);
      out << value;
      return out.str();
    }

    /**
     * Assigns each target a distinct mode of the modified model @p pairs
     * (vectors normalised to the modified mass @p mass): the mode of the
     * cluster (find_clusters) with the largest subspace MAC against the
     * tracked vector, and within a cluster of repeated eigenvalues, whose
     * members are interchangeable, the one that carried the target before
     * (@p previous), else the best single MAC. Targets are served in
     * decreasing MAC to 0.01, so two targets on one repeated pair get its
     * two members.
     */
    std::vector<unsigned>
    track(const ReducedEigenpairs &pairs, const Eigen::MatrixXd &mass,
          const std::vector<Eigen::VectorXd> &tracked, const std::vector<unsigned> &previous)
    {
      const unsigned                 n = pairs.eigenvalues.size(), n_t = tracked.size();
      const std::vector<ModeCluster> clusters = find_clusters(pairs.eigenvalues);
      std::vector<unsigned>          in(n);
      for (unsigned k = 0; k < clusters.size(); ++k)
        for (unsigned m = clusters[k].first; m < clusters[k].first + clusters[k].size; ++m)
          in[m] = k;
      std::vector<std::tuple<long, bool, double, unsigned, unsigned>> candidates;
      for (unsigned t = 0; t < n_t; ++t)
        {
          const Eigen::VectorXd weighted = mass * tracked[t];
          const Eigen::VectorXd cross =
            pairs.vectors.transpose() * weighted; // X^T M x, X M-orthonormal
          const double norm = tracked[t].dot(weighted);
          for (unsigned m = 0; m < n; ++m)
            {
              const ModeCluster &c     = clusters[in[m]];
              const double       share = cross.segment(c.first, c.size).squaredNorm() / norm;
              candidates.emplace_back(-std::lround(100.0 * share), m != previous[t],
                                      -cross[m] * cross[m], t, m);
            }
        }
      std::sort(candidates.begin(), candidates.end());
      std::vector<unsigned> index(n_t, n);
      std::vector<bool>     taken(n, false);
      for (const auto &[share, moved, single, t, m] : candidates)
        if (index[t] == n && !taken[m])
          {
            index[t] = m;
            taken[m] = true;
          }
      return index;
    }

    InverseSolution
    solve_one(const ModalModel &model, const EigenvalueTarget &target, const std::string &variable)
    {
      const unsigned        n           = model.lambda.size();
      const double          lambda_star = target.lambda;
      const Eigen::MatrixXd g           = model.dk[0][0] - lambda_star * model.dm[0][0];
      const Eigen::VectorXd d           = Eigen::VectorXd::Constant(n, lambda_star) - model.lambda;
      InverseSolution       solution;
      // alpha G c = D c  <=>  D^{-1} G c = (1/alpha) c (lambda* is no baseline eigenvalue),
      // or the pencil (D, G) when it is.
      std::vector<std::pair<double, Eigen::VectorXd>> roots; // real alpha and its c
      const bool                   singular_d = d.cwiseAbs().minCoeff() <= 1e-12 * lambda_star;
      const ModalDerivativeFactor &factor     = model.factors[0];
      if (!singular_d && factor.basis.rows() < n)
        {
          // G = B^T H B with H = dK_c - lambda* dM_c has rank <= n_c < n: with
          // y = H B c, c = alpha D^{-1} B^T y and (H B D^{-1} B^T) y = (1/alpha) y,
          // an n_c x n_c problem with the same finite roots (the other n - n_c
          // have 1/alpha = 0). Reduces the cost from O(n^3) to O(n_c^2 n).
          const Eigen::MatrixXd h =
            Eigen::MatrixXd(factor.stiffness) - lambda_star * Eigen::MatrixXd(factor.mass);
          const Eigen::MatrixXd bd = factor.basis * d.cwiseInverse().asDiagonal();
          const Eigen::MatrixXd hw = h * (bd * factor.basis.transpose());
          const Eigen::EigenSolver<Eigen::MatrixXd> solver(hw);
          const double                              scale = hw.norm();
          for (unsigned k = 0; k < hw.rows(); ++k)
            {
              const std::complex<double> mu = solver.eigenvalues()[k];
              if (std::abs(mu.imag()) > 1e-8 * std::abs(mu) || std::abs(mu) < 1e-14 * scale)
                continue; // complex, or alpha infinite
              roots.emplace_back(1.0 / mu.real(),
                                 bd.transpose() * solver.eigenvectors().col(k).real());
            }
        }
      else if (!singular_d)
        {
          const Eigen::EigenSolver<Eigen::MatrixXd> solver(d.cwiseInverse().asDiagonal() * g);
          for (unsigned k = 0; k < n; ++k)
            {
              const std::complex<double> mu = solver.eigenvalues()[k];
              if (std::abs(mu.imag()) > 1e-8 * std::abs(mu) || std::abs(mu) < 1e-14 * g.norm())
                continue; // complex, or alpha infinite
              roots.emplace_back(1.0 / mu.real(), solver.eigenvectors().col(k).real());
            }
        }
      else
        {
          const Eigen::GeneralizedEigenSolver<Eigen::MatrixXd> solver(
            Eigen::MatrixXd(d.asDiagonal()), g);
          for (unsigned k = 0; k < n; ++k)
            {
              const std::complex<double> a = solver.alphas()[k];
              const double               b = solver.betas()[k];
              if (std::abs(b) < 1e-14 * std::abs(a) || std::abs(a.imag()) > 1e-8 * std::abs(a))
                continue;
              roots.emplace_back(a.real() / b, solver.eigenvectors().col(k).real());
            }
        }

      // Candidates: real roots with 1 + alpha > 0 whose modified mode is
      // dominated by the target mode (mode tracking), best MAC first, then
      // the smallest |alpha|. The chosen one must also keep the target's
      // place in the spectrum: the modified mode at lambda* is mode i.
      // A target in a cluster of repeated baseline eigenvalues (a pair of a
      // symmetric structure) is tracked through the cluster's subspace: the
      // solvers return any rotation of the pair, so the MAC against one
      // member says nothing. In modal coordinates the MAC weight is the
      // identity (the baseline modes Z are M^-orthonormal).
      const std::vector<ModeCluster>         clusters = find_clusters(model.lambda);
      const ModeCluster                      cluster  = cluster_of(clusters, target.mode);
      std::vector<std::pair<double, double>> candidates; // (MAC, alpha)
      std::vector<std::pair<double, double>> admissible; // (MAC, alpha), for the messages
      for (const auto &[alpha, c] : roots)
        {
          if (!(1.0 + alpha > 0.0))
            continue;
          const double share = c.segment(cluster.first, cluster.size).squaredNorm();
          const double value = share / c.squaredNorm();
          admissible.emplace_back(value, alpha);
          bool dominant = true; // no other cluster holds a larger part of c
          for (const ModeCluster &other : clusters)
            dominant = dominant && (other.first == cluster.first ||
                                    c.segment(other.first, other.size).squaredNorm() <= share);
          if (dominant)
            candidates.emplace_back(value, alpha);
        }
      std::sort(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) {
        return std::abs(a.first - b.first) > 1e-6 ? a.first > b.first :
                                                    std::abs(a.second) < std::abs(b.second);
      });
      // The five admissible roots closest to the target mode, for the log and
      // the error message (a few hundred roots would not be readable).
      std::sort(admissible.begin(), admissible.end(),
                [](const auto &a, const auto &b) { return a.first > b.first; });
      std::ostringstream considered;
      considered << admissible.size() << " with 1 + alpha > 0";
      for (std::size_t k = 0; k < std::min<std::size_t>(5, admissible.size()); ++k)
        considered << (k == 0 ? "; highest MAC with the target " +
                                  (cluster.size > 1 ? "cluster (repeated " + cluster.label() + ")" :
                                                      cluster.label()) +
                                  ": " :
                                ", ")
                   << number(admissible[k].second) << " (MAC " << number(admissible[k].first)
                   << ")";
      // The place check: at the root, lambda* must be the eigenvalue of mode
      // i, i.e. i lies among the modes within the cluster tolerance of
      // lambda* (several for a repeated pair, which moves as one).
      bool   found      = false;
      double best_alpha = 0.0;
      for (const auto &[value, alpha] : candidates)
        {
          const Eigen::VectorXd modified = model.eigenvalues({alpha});
          unsigned              below = 0, at = 0;
          while (below < n && modified[below] < lambda_star * (1.0 - cluster_tolerance))
            ++below;
          while (below + at < n && modified[below + at] <= lambda_star * (1.0 + cluster_tolerance))
            ++at;
          if (target.mode >= below && target.mode < below + at)
            {
              found      = true;
              best_alpha = alpha;
              break;
            }
        }
      if (!found)
        throw UnreachableTarget("no admissible change of " + variable + " moves mode " +
                                std::to_string(target.mode + 1) + " to frequency " +
                                number(frequency_of(lambda_star)) + ": eq. 14 has " +
                                std::to_string(roots.size()) +
                                " real roots, and none with 1 + alpha > 0 makes the mode that "
                                "tracks mode " +
                                std::to_string(target.mode + 1) +
                                " reach the target in its place (" + considered.str() + ")");
      solution.log.push_back("eq. 14: " + std::to_string(roots.size()) + " real roots alpha, " +
                             considered.str() + "; chosen " + number(best_alpha));
      solution.alphas         = {best_alpha};
      solution.iterations     = 1;
      solution.achieved_modes = {target.mode}; // the place checked above
      return solution;
    }

    InverseSolution
    solve_several(const ModalModel &model, const std::vector<EigenvalueTarget> &targets,
                  const std::vector<std::string> &variables)
    {
      const unsigned      n = model.lambda.size(), n_t = targets.size(), n_v = variables.size();
      std::vector<double> alphas(n_v, 0.0);
      // Tracked target vectors, starting from the baseline modes e_i.
      std::vector<Eigen::VectorXd> tracked;
      for (const EigenvalueTarget &t : targets)
        tracked.push_back(Eigen::VectorXd::Unit(n, t.mode));

      InverseSolution solution;
      // Relative eigenvalue errors below round_off are round-off of the dense
      // eigensolution (its absolute error grows with the largest reduced
      // eigenvalue): a step that ends below it is accepted even if it does
      // not decrease the residual, and the iteration has converged there.
      // A target on a cluster of repeated eigenvalues cannot be met closer
      // than the cluster's own (round-off) spread, which is added to it.
      const double round_off = 1e-11;
      auto         evaluate  = [&](const std::vector<double> &a, ReducedEigenpairs &pairs,
                          std::vector<unsigned> &index, Eigen::VectorXd &residual,
                          Eigen::VectorXd &floor) {
        pairs = model.solve(a);
        Eigen::MatrixXd k, m;
        model.assemble(a, k, m);
        index                                   = track(pairs, m, tracked, index);
        const std::vector<ModeCluster> clusters = find_clusters(pairs.eigenvalues);
        residual.resize(n_t);
        floor.resize(n_t);
        for (unsigned t = 0; t < n_t; ++t)
          {
            const ModeCluster c = cluster_of(clusters, index[t]);
            residual[t] = (targets[t].lambda - pairs.eigenvalues[index[t]]) / targets[t].lambda;
            floor[t] =
              round_off + (pairs.eigenvalues[c.first + c.size - 1] - pairs.eigenvalues[c.first]) /
                            targets[t].lambda;
          }
      };
      auto below_floor = [](const Eigen::VectorXd &residual, const Eigen::VectorXd &floor) {
        return (residual.cwiseAbs().array() <= floor.array()).all();
      };

      ReducedEigenpairs     pairs;
      std::vector<unsigned> index;
      for (const EigenvalueTarget &t : targets)
        index.push_back(t.mode);
      Eigen::VectorXd residual, floor;
      evaluate(alphas, pairs, index, residual, floor);
      for (unsigned iteration = 1; iteration <= 60; ++iteration)
        {
          // Jacobian of the relative residual: -(1/lambda*) xi^T (G_Kj - lambda G_Mj) xi.
          Eigen::MatrixXd                                          jacobian(n_t, n_v);
          std::vector<std::pair<Eigen::MatrixXd, Eigen::MatrixXd>> slopes;
          for (unsigned j = 0; j < n_v; ++j)
            slopes.push_back(model.slope(alphas, j));
          for (unsigned t = 0; t < n_t; ++t)
            {
              const Eigen::VectorXd x      = pairs.vectors.col(index[t]);
              const double          lambda = pairs.eigenvalues[index[t]];
              for (unsigned j = 0; j < n_v; ++j)
                jacobian(t, j) =
                  (x.dot(slopes[j].first * x) - lambda * x.dot(slopes[j].second * x)) /
                  targets[t].lambda;
            }
          // Minimum-norm (least-squares) solutions through a complete
          // orthogonal decomposition, so that dependent rows are no failure:
          // two targets on one repeated pair that the variables move as one
          // (a symmetric structure, a symmetric change) have equal rows.
          // Singular values below cluster_tolerance of the largest are taken
          // as zero: rows that differ by less come from one cluster.
          Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> decomposition(jacobian.rows(),
                                                                                jacobian.cols());
          decomposition.setThreshold(cluster_tolerance);
          decomposition.compute(jacobian);
          const unsigned                          rank = decomposition.rank();
          const Eigen::Map<const Eigen::VectorXd> a(alphas.data(), n_v);
          // Least change: alpha + step is the minimum-norm solution of
          // J (alpha + step) = residual + J alpha (least squares when the
          // targets are more than the independent directions).
          const Eigen::VectorXd step =
            n_v >= n_t ? Eigen::VectorXd(decomposition.solve(residual + jacobian * a) - a) :
                         Eigen::VectorXd(decomposition.solve(residual));
          if (!step.allFinite())
            throw UnreachableTarget("the targets do not depend on the design variables "
                                    "(singular sensitivity matrix)");

          double                factor = 1.0;
          std::vector<double>   trial(n_v);
          ReducedEigenpairs     trial_pairs;
          std::vector<unsigned> trial_index;
          Eigen::VectorXd       trial_residual, trial_floor;
          bool                  accepted = false;
          for (unsigned cut = 0; cut < 30 && !accepted; ++cut, factor *= 0.5)
            {
              bool admissible = true;
              for (unsigned j = 0; j < n_v; ++j)
                {
                  trial[j]   = alphas[j] + factor * step[j];
                  admissible = admissible && 1.0 + trial[j] > 0.0;
                }
              if (!admissible)
                continue;
              trial_index = index;
              evaluate(trial, trial_pairs, trial_index, trial_residual, trial_floor);
              accepted = trial_residual.norm() < residual.norm() ||
                         below_floor(trial_residual, trial_floor) ||
                         n_v > rank; // the least-change step also moves along the constraint set
            }
          if (!accepted && rank < n_t)
            throw UnreachableTarget(
              "the targets are not independent: their sensitivities to the design variables have "
              "rank " +
              std::to_string(rank) + " for " + std::to_string(n_t) +
              " targets (targets on "
              "one cluster of repeated eigenvalues that the variables move as one must be equal), "
              "and no step reduces the least-squares frequency error " +
              number(residual.cwiseAbs().maxCoeff()));
          if (!accepted)
            throw UnreachableTarget("no admissible step reduces the frequency error (a property "
                                    "would become non-positive): the targets are out of reach; "
                                    "last design" +
                                    [&] {
                                      std::string text;
                                      for (const double a : alphas)
                                        text += " " + number(a);
                                      return text + ", relative eigenvalue errors " +
                                             number(residual.cwiseAbs().maxCoeff());
                                    }());
          alphas   = trial;
          pairs    = trial_pairs;
          index    = trial_index;
          residual = trial_residual;
          floor    = trial_floor;
          for (unsigned t = 0; t < n_t; ++t)
            tracked[t] = pairs.vectors.col(index[t]);
          std::ostringstream line;
          line << "iteration " << iteration << ": max relative eigenvalue error "
               << number(residual.cwiseAbs().maxCoeff()) << ", |step| "
               << number(factor * 2.0 * step.norm());
          solution.log.push_back(line.str());
          if (below_floor(residual, floor) && factor * 2.0 * step.norm() < 1e-8)
            {
              solution.iterations = iteration;
              break;
            }
          if (iteration == 60)
            {
              if (rank < n_t && residual.cwiseAbs().maxCoeff() > 1e-6)
                throw UnreachableTarget(
                  "fewer independent design directions (" + std::to_string(rank) +
                  ") than targets and no exact solution: least-squares residual " +
                  number(residual.cwiseAbs().maxCoeff()));
              if (residual.cwiseAbs().maxCoeff() > 1e-9)
                throw UnreachableTarget("the iterations did not converge (relative eigenvalue "
                                        "error " +
                                        number(residual.cwiseAbs().maxCoeff()) + ")");
              solution.iterations = iteration;
            }
        }
      solution.alphas         = alphas;
      solution.modified       = pairs;
      solution.achieved_modes = index;
      return solution;
    }
  } // namespace

  InverseSolution
  solve_inverse_frequency(const ComponentModeSynthesis        &cms,
                          const std::vector<EigenvalueTarget> &targets,
                          const std::vector<std::string>      &variables)
  {
    ModalModel model;
    model.lambda     = cms.eigenpairs().eigenvalues;
    const auto start = std::chrono::steady_clock::now();
    for (const std::string &variable : variables)
      {
        ModalDerivativeFactor f       = modal_derivative_factor(cms, variable);
        auto                  project = [&f](const SparseMatrix &matrix) -> Eigen::MatrixXd {
          const Eigen::MatrixXd projected = f.basis.transpose() * (matrix * f.basis);
          return 0.5 * (projected + projected.transpose());
        };
        model.dk.push_back({project(f.stiffness)});
        model.dm.push_back({project(f.mass)});
        for (unsigned p = 0; p < f.stiffness_higher.size(); ++p)
          {
            model.dk.back().push_back(project(f.stiffness_higher[p]));
            model.dm.back().push_back(project(f.mass_higher[p]));
          }
        model.factors.push_back(std::move(f));
      }
    for (const EigenvalueTarget &target : targets)
      if (target.mode >= model.lambda.size())
        throw UnreachableTarget("mode " + std::to_string(target.mode + 1) +
                                " does not exist: the reduced model has " +
                                std::to_string(model.lambda.size()) + " modes");
    // One target, one variable entering K and M linearly: eq. 14 is an
    // eigenproblem in alpha, solved directly; otherwise Newton's method.
    const bool      direct   = targets.size() == 1 && variables.size() == 1 && model.linear();
    InverseSolution solution = direct ? solve_one(model, targets.front(), variables.front()) :
                                        solve_several(model, targets, variables);
    solution.solve_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (direct)
      solution.modified = model.solve(solution.alphas);
    solution.modified.vectors = cms.eigenpairs().vectors * solution.modified.vectors;
    return solution;
  }
} // namespace corot::cms
