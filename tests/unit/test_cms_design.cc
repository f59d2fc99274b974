/**
 * Design studies on reduced spring-mass chains: forward modification
 * against the exact CMS re-analysis (Hutton & Smith 1993, eq. 11-12),
 * eigenvalue sensitivities (eq. 7-8) against finite differences of the
 * reduced and of the full model and the global-scaling identities (eq. 6),
 * the inverse problem on a 2-DOF system with a closed-form answer (eq. 14),
 * several variables and targets, and an unreachable target.
 */
#include "cms_chain.h"

#include <src/cms/design_study.h>
#include <src/cms/inverse_frequency.h>

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

using namespace corot::cms;
using namespace corot::cms::testing;

namespace
{
  std::string
  scientific(const double value)
  {
    std::ostringstream text;
    text << std::scientific << value;
    return text.str();
  }

  /** Grounded 40-mass chain in three components with non-uniform properties. */
  Chain
  test_chain()
  {
    const unsigned      n = 40;
    std::vector<double> masses(n), springs(n);
    for (unsigned i = 0; i < n; ++i)
      {
        masses[i]  = 1.0 + 0.4 * std::sin(0.9 * i);
        springs[i] = 2.0e3 * (1.0 + 0.5 * std::cos(0.6 * i));
      }
    return make_chain(masses, springs, true, {0, 12, 27, 40});
  }

  /** The full chain with fractional changes of RHO_c / E_c applied. */
  Eigen::VectorXd
  full_modified(const Chain &chain, const std::map<std::string, double> &alphas)
  {
    Eigen::MatrixXd k = chain.full_stiffness, m = chain.full_mass;
    for (const Component &component : chain.sub.components)
      for (const DesignDerivative &d : component.derivatives)
        if (alphas.count(d.parameter))
          {
            const Eigen::MatrixXd dk = Eigen::MatrixXd(d.stiffness_derivative);
            const Eigen::MatrixXd dm = Eigen::MatrixXd(d.mass_derivative);
            for (unsigned i = 0; i < component.n_dofs(); ++i)
              for (unsigned j = 0; j < component.n_dofs(); ++j)
                {
                  k(component.global_dofs[i], component.global_dofs[j]) +=
                    alphas.at(d.parameter) * dk(i, j);
                  m(component.global_dofs[i], component.global_dofs[j]) +=
                    alphas.at(d.parameter) * dm(i, j);
                }
          }
    return full_eigenvalues(k, m);
  }

  SynthesisOptions
  free_interface(const double lambda_cut)
  {
    SynthesisOptions options;
    options.lambda_cut = lambda_cut;
    options.residual   = true;
    return options;
  }
} // namespace

TEST(CmsDesign, ForwardModificationEqualsReanalysisForAMassChange)
{
  // Free interface: a mass-proportional change of one component leaves the
  // span of its basis unchanged (modes scale, G_r is invariant), so the Ritz
  // re-analysis with the baseline modes is the CMS re-analysis. The cut-off
  // is chosen between component eigenvalues so that the kept set stays.
  const Chain                  chain = test_chain();
  const Eigen::VectorXd        full  = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  const ComponentModeSynthesis baseline(chain.sub, free_interface(3.0 * full[5]));
  const std::map<std::string, double> alphas  = {{"RHO_1", 0.2}};
  const ReducedEigenpairs             forward = forward_modification(baseline, alphas);
  const ComponentModeSynthesis        exact   = baseline.modified(alphas);
  ASSERT_EQ(exact.reduced().size(), baseline.reduced().size()) << "kept set changed";
  double largest = 0.0;
  for (unsigned j = 0; j < 10; ++j)
    largest =
      std::max(largest, std::abs(forward.eigenvalues[j] - exact.eigenpairs().eigenvalues[j]) /
                          exact.eigenpairs().eigenvalues[j]);
  RecordProperty("forward_vs_reanalysis", scientific(largest));
  EXPECT_LT(largest, 1e-10);
}

TEST(CmsDesign, ForwardModificationIsCloseForAStiffnessChange)
{
  const Chain                  chain = test_chain();
  const Eigen::VectorXd        full  = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  const ComponentModeSynthesis baseline(chain.sub, free_interface(6.0 * full[5]));
  const std::map<std::string, double> alphas        = {{"RHO_1", 0.2}, {"E_1", 0.3}};
  const ReducedEigenpairs             forward       = forward_modification(baseline, alphas);
  const ComponentModeSynthesis        exact         = baseline.modified(alphas);
  const Eigen::VectorXd               truth         = full_modified(chain, alphas);
  double                              forward_error = 0.0, exact_error = 0.0;
  for (unsigned j = 0; j < 5; ++j)
    {
      forward_error =
        std::max(forward_error, std::abs(forward.eigenvalues[j] - truth[j]) / truth[j]);
      exact_error =
        std::max(exact_error, std::abs(exact.eigenpairs().eigenvalues[j] - truth[j]) / truth[j]);
    }
  RecordProperty("forward_error", scientific(forward_error));
  RecordProperty("reanalysis_error", scientific(exact_error));
  EXPECT_GT(forward_error, 0.0);
  EXPECT_LT(forward_error, 1e-2);
  EXPECT_LT(exact_error, 1e-3);
}

TEST(CmsDesign, SensitivityMatchesFiniteDifferences)
{
  const Chain                  chain = test_chain();
  const Eigen::VectorXd        full  = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  const ComponentModeSynthesis baseline(chain.sub, free_interface(6.0 * full[5]));
  const double                 h = 1e-5;
  for (const std::string name : {"RHO_0", "RHO_1", "E_1", "E_2"})
    for (unsigned mode = 0; mode < 4; ++mode)
      {
        const double analytic = normalized_sensitivity(baseline, name, mode);
        // Finite differences of the full model: the exact sensitivity.
        const Eigen::VectorXd plus    = full_modified(chain, {{name, h}});
        const Eigen::VectorXd minus   = full_modified(chain, {{name, -h}});
        const double          full_fd = (plus[mode] - minus[mode]) / (2.0 * h) / full[mode];
        // Finite differences of the reduced model with T held fixed (eq. 7): the same quantity.
        const ReducedEigenpairs r_plus  = forward_modification(baseline, {{name, h}});
        const ReducedEigenpairs r_minus = forward_modification(baseline, {{name, -h}});
        const double reduced_fd         = (r_plus.eigenvalues[mode] - r_minus.eigenvalues[mode]) /
                                  (2.0 * h) / baseline.eigenpairs().eigenvalues[mode];
        EXPECT_NEAR(analytic, reduced_fd, 1e-7) << name << " mode " << mode;
        EXPECT_NEAR(analytic, full_fd, 2e-3 * std::max(1.0, std::abs(full_fd)))
          << name << " mode " << mode;
      }
  // Eq. 6: scaling every component's mass (stiffness) by (1 + r) gives
  // sum of normalized sensitivities -1 (+1), with T held fixed exactly.
  for (unsigned mode = 0; mode < 5; ++mode)
    {
      double mass_sum = 0.0, stiffness_sum = 0.0;
      for (unsigned c = 0; c < 3; ++c)
        {
          mass_sum += normalized_sensitivity(baseline, "RHO_" + std::to_string(c), mode);
          stiffness_sum += normalized_sensitivity(baseline, "E_" + std::to_string(c), mode);
        }
      EXPECT_NEAR(mass_sum, -1.0, 1e-10);
      EXPECT_NEAR(stiffness_sum, 1.0, 1e-10);
    }
}

TEST(CmsDesign, InverseOneVariableThreeDofDeterminant)
{
  // Ground -k1- m1 -k2- m2 -k3- m3 in two components; the first eigenvalue is
  // moved to 0.8 of its value by the mass of component 1 (half of m2 and m3).
  // With every mode kept the CMS model is exact, so the alpha of eq. 14 must
  // make det(K - lambda* M(alpha)) of the full 3 x 3 problem vanish.
  const Chain      chain = make_chain({1.0, 2.0, 1.5}, {100.0, 80.0, 60.0}, true, {0, 2, 3});
  SynthesisOptions options;
  options.lambda_cut = 1e30;
  const ComponentModeSynthesis baseline(chain.sub, options);
  const double                 lambda_star = 0.8 * baseline.eigenpairs().eigenvalues[0];
  const InverseSolution solution = solve_inverse_frequency(baseline, {{0, lambda_star}}, {"RHO_1"});
  ASSERT_EQ(solution.alphas.size(), 1u);
  const double alpha = solution.alphas[0];
  EXPECT_GT(1.0 + alpha, 0.0);
  Eigen::MatrixXd  m  = chain.full_mass;
  const Component &c1 = chain.sub.components[1];
  for (unsigned i = 0; i < c1.n_dofs(); ++i)
    m(c1.global_dofs[i], c1.global_dofs[i]) += alpha * c1.mass.coeff(i, i);
  const double determinant = (chain.full_stiffness - lambda_star * m).determinant();
  RecordProperty("alpha", scientific(alpha));
  EXPECT_LT(std::abs(determinant) / chain.full_stiffness.determinant(), 1e-10);
  EXPECT_NEAR(solution.modified.eigenvalues[solution.achieved_modes[0]], lambda_star,
              1e-10 * lambda_star);
  EXPECT_EQ(solution.achieved_modes[0], 0u);
  // lambda* is the first eigenvalue of the modified full model (mode order kept).
  const Eigen::VectorXd full = full_modified(chain, {{"RHO_1", alpha}});
  EXPECT_NEAR(full[0], lambda_star, 1e-10 * lambda_star);
}

TEST(CmsDesign, InverseTwoDofScalarClosedFormBothRootPaths)
{
  // Ground -k1- m1 -k2- m2; component 0 = spring k1 with m1 (shared half),
  // component 1 = spring k2 with m2 and half of m1. E_0 belongs to component 0
  // (n_c = 1 < n = 2: the factored n_c x n_c root problem), E_1 to
  // component 1 (n_c = 2 = n: the n x n problem (lambda* I - Lambda)^{-1} G).
  // Closed forms of det(K(alpha) - lambda* M) = 0:
  //   E_0: (1 + alpha) k1 = lambda* m1 - k2 + k2^2 / (k2 - lambda* m2),
  //   E_1: (1 + alpha) k2 = lambda* m2 (k1 - lambda* m1) / (k1 - lambda* (m1 + m2)).
  const double k1 = 300.0, k2 = 200.0, m1 = 2.0, m2 = 1.0;
  const Chain  chain = make_chain({m1, m2}, {k1, k2}, true, {0, 1, 2});
  ASSERT_LT(chain.sub.components[0].n_dofs(), 2u);
  ASSERT_EQ(chain.sub.components[1].n_dofs(), 2u);
  SynthesisOptions options;
  options.lambda_cut = 1e30;
  const ComponentModeSynthesis baseline(chain.sub, options);
  for (const unsigned mode : {0u, 1u})
    {
      const double l  = 1.1 * baseline.eigenpairs().eigenvalues[mode];
      const double e0 = (l * m1 - k2 + k2 * k2 / (k2 - l * m2)) / k1 - 1.0;
      const double e1 = l * m2 * (k1 - l * m1) / (k1 - l * (m1 + m2)) / k2 - 1.0;
      const double a0 = solve_inverse_frequency(baseline, {{mode, l}}, {"E_0"}).alphas[0];
      const double a1 = solve_inverse_frequency(baseline, {{mode, l}}, {"E_1"}).alphas[0];
      EXPECT_NEAR(a0, e0, 1e-10 * std::max(1.0, std::abs(e0))) << "mode " << mode;
      EXPECT_NEAR(a1, e1, 1e-10 * std::max(1.0, std::abs(e1))) << "mode " << mode;
    }
}

TEST(CmsDesign, InverseTwoVariablesTwoTargetsConverge)
{
  const Chain           chain = test_chain();
  const Eigen::VectorXd full  = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  SynthesisOptions      options;
  options.lambda_cut = 1e30;
  const ComponentModeSynthesis baseline(chain.sub, options);
  // Targets that a known design reaches (alpha = 0.3, -0.2), so a solution exists.
  const Eigen::VectorXd reachable = full_modified(chain, {{"RHO_0", 0.3}, {"E_2", -0.2}});
  const std::vector<EigenvalueTarget> targets = {{0, reachable[0]}, {2, reachable[2]}};
  const InverseSolution solution = solve_inverse_frequency(baseline, targets, {"RHO_0", "E_2"});
  RecordProperty("iterations", static_cast<int>(solution.iterations));
  const Eigen::VectorXd truth =
    full_modified(chain, {{"RHO_0", solution.alphas[0]}, {"E_2", solution.alphas[1]}});
  EXPECT_NEAR(truth[0], targets[0].lambda, 1e-9 * targets[0].lambda);
  EXPECT_NEAR(truth[2], targets[1].lambda, 1e-9 * targets[1].lambda);
  EXPECT_LT(solution.iterations, 20u);

  // Three variables, one target: the least change is the minimum-norm alpha
  // on the constraint surface, so alpha is parallel to the gradient there.
  const InverseSolution least =
    solve_inverse_frequency(baseline, {{1, 1.05 * full[1]}}, {"RHO_0", "E_1", "E_2"});
  const Eigen::VectorXd modified =
    full_modified(chain,
                  {{"RHO_0", least.alphas[0]}, {"E_1", least.alphas[1]}, {"E_2", least.alphas[2]}});
  EXPECT_NEAR(modified[1], 1.05 * full[1], 1e-9 * full[1]);
  const double                   h = 1e-6;
  Eigen::Vector3d                gradient, alpha(least.alphas[0], least.alphas[1], least.alphas[2]);
  const std::vector<std::string> names = {"RHO_0", "E_1", "E_2"};
  for (unsigned j = 0; j < 3; ++j)
    {
      std::map<std::string, double> plus, minus;
      for (unsigned i = 0; i < 3; ++i)
        plus[names[i]] = minus[names[i]] = alpha[i];
      plus[names[j]] += h;
      minus[names[j]] -= h;
      gradient[j] = (full_modified(chain, plus)[1] - full_modified(chain, minus)[1]) / (2.0 * h);
    }
  const double parallel = std::abs(gradient.normalized().dot(alpha.normalized()));
  RecordProperty("least_change_parallelism", scientific(1.0 - parallel));
  EXPECT_GT(parallel, 1.0 - 1e-6);
}

TEST(CmsDesign, UnreachableTargetIsReported)
{
  // Lowering the mass of component 1 cannot raise the first eigenvalue of
  // ground -k1- m1 -k2- m2 beyond k1/m1-ish: a target ten times higher has no
  // admissible root (1 + alpha > 0).
  const Chain      chain = make_chain({1.0, 1.0}, {100.0, 100.0}, true, {0, 1, 2});
  SynthesisOptions options;
  options.lambda_cut = 1e30;
  const ComponentModeSynthesis baseline(chain.sub, options);
  const double                 target = 10.0 * baseline.eigenpairs().eigenvalues[1];
  EXPECT_THROW(solve_inverse_frequency(baseline, {{0, target}}, {"RHO_1"}), UnreachableTarget);
  EXPECT_THROW(solve_inverse_frequency(baseline, {{0, target}, {1, 2.0 * target}},
                                       {"RHO_0", "RHO_1"}),
               UnreachableTarget);
}
