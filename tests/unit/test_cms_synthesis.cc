/**
 * Component mode synthesis on spring-mass chains (closed forms): with every
 * component mode kept, free-interface and Craig-Bampton synthesis reproduce
 * the full eigenvalues to round-off; residual flexibility measurably improves
 * a truncated free-interface model; floating components (rigid-body modes,
 * inertia relief) work; the recovered physical modes satisfy the full
 * eigenproblem (Hutton & Smith 1993, eqs. 2-3).
 */
#include "cms_chain.h"

#include <src/cms/component_mode_synthesis.h>

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

  /**
   * Closed form for a uniform chain of n masses m and n springs k, fixed at
   * one end and free at the other: lambda_j = (4k/m) sin^2((2j-1) pi / (2(2n+1))).
   */
  double
  fixed_free_chain(const unsigned j, const unsigned n, const double k, const double m)
  {
    const double s = std::sin((2.0 * j - 1.0) * M_PI / (2.0 * (2.0 * n + 1.0)));
    return 4.0 * k / m * s * s;
  }

  double
  largest_relative_error(const Eigen::VectorXd &reduced, const Eigen::VectorXd &full,
                         unsigned count)
  {
    double largest = 0.0;
    for (unsigned j = 0; j < count; ++j)
      largest = std::max(largest, std::abs(reduced[j] - full[j]) / std::abs(full[j]));
    return largest;
  }
} // namespace

TEST(CmsSynthesis, UniformChainAllModesKeptFreeInterfaceMatchesClosedForm)
{
  const unsigned n = 12;
  const Chain    chain =
    make_chain(std::vector<double>(n, 2.0), std::vector<double>(n, 5.0e3), true, {0, 5, 9, 12});
  SynthesisOptions options;
  options.lambda_cut = 1e30; // every component mode
  options.residual   = false;
  const ComponentModeSynthesis cms(chain.sub, options);
  ASSERT_EQ(cms.reduced().size(), n); // 5 + 4 + 3 component DOFs... minus the 2 cut constraints
  double largest = 0.0;
  for (unsigned j = 1; j <= n; ++j)
    largest = std::max(largest, std::abs(cms.eigenpairs().eigenvalues[j - 1] -
                                         fixed_free_chain(j, n, 5.0e3, 2.0)) /
                                  fixed_free_chain(j, n, 5.0e3, 2.0));
  RecordProperty("largest_relative_eigenvalue_error", scientific(largest));
  EXPECT_LT(largest, 1e-11);
}

TEST(CmsSynthesis, AllModesKeptWithResidualFlexibilityIsStillExact)
{
  // Every mode kept leaves no residual flexibility: the synthesis must fall
  // back on modal compatibility in those directions and stay exact.
  const unsigned n = 10;
  const Chain    chain =
    make_chain({1.0, 2.0, 1.5, 1.0, 3.0, 1.0, 2.0, 1.0, 1.2, 0.8},
               {4.0, 3.0, 5.0, 2.0, 6.0, 4.0, 3.0, 2.5, 5.0, 4.0}, true, {0, 4, 10});
  SynthesisOptions options;
  options.lambda_cut = 1e30;
  options.residual   = true;
  const ComponentModeSynthesis cms(chain.sub, options);
  const Eigen::VectorXd        full = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  const double largest              = largest_relative_error(cms.eigenpairs().eigenvalues, full, n);
  RecordProperty("largest_relative_eigenvalue_error", scientific(largest));
  EXPECT_LT(largest, 1e-10);
}

TEST(CmsSynthesis, CraigBamptonAllModesKeptIsExact)
{
  const unsigned n = 12;
  const Chain    chain =
    make_chain(std::vector<double>(n, 2.0), std::vector<double>(n, 5.0e3), true, {0, 5, 9, 12});
  SynthesisOptions options;
  options.craig_bampton = true;
  options.lambda_cut    = 1e30;
  const ComponentModeSynthesis cms(chain.sub, options);
  EXPECT_EQ(cms.reduced().size(), n);
  double largest = 0.0;
  for (unsigned j = 1; j <= n; ++j)
    largest = std::max(largest, std::abs(cms.eigenpairs().eigenvalues[j - 1] -
                                         fixed_free_chain(j, n, 5.0e3, 2.0)) /
                                  fixed_free_chain(j, n, 5.0e3, 2.0));
  RecordProperty("largest_relative_eigenvalue_error", scientific(largest));
  EXPECT_LT(largest, 1e-11);
}

TEST(CmsSynthesis, ResidualFlexibilityImprovesTruncatedFreeInterface)
{
  // 60-mass grounded chain in three components; keep component modes below a
  // cut-off of 3 times the 5th system eigenvalue's frequency.
  const unsigned n = 60;
  const Chain    chain =
    make_chain(std::vector<double>(n, 1.0), std::vector<double>(n, 1.0e4), true, {0, 20, 40, 60});
  const Eigen::VectorXd full = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  SynthesisOptions      options;
  options.lambda_cut = 9.0 * full[4];
  options.residual   = false;
  const ComponentModeSynthesis plain(chain.sub, options);
  options.residual = true;
  const ComponentModeSynthesis residual(chain.sub, options);
  // Same kept modes; without residual modes the two cut constraints remove two DOFs.
  EXPECT_EQ(plain.reduced().size() + 2, residual.reduced().size());
  const double error_plain    = largest_relative_error(plain.eigenpairs().eigenvalues, full, 5);
  const double error_residual = largest_relative_error(residual.eigenpairs().eigenvalues, full, 5);
  RecordProperty("error_without_residual", scientific(error_plain));
  RecordProperty("error_with_residual", scientific(error_residual));
  // Reduced eigenvalues are Rayleigh-Ritz upper bounds of the full ones.
  for (unsigned j = 0; j < 5; ++j)
    EXPECT_GE(residual.eigenpairs().eigenvalues[j], full[j] * (1.0 - 1e-12));
  EXPECT_LT(error_residual, 0.1 * error_plain);
}

TEST(CmsSynthesis, FloatingComponentsUseInertiaRelief)
{
  // Free-free chain (no ground) of 30 masses in two floating components:
  // the system has one rigid-body mode; each component one.
  const unsigned      n = 30;
  std::vector<double> masses(n), springs(n - 1);
  for (unsigned i = 0; i < n; ++i)
    masses[i] = 1.0 + 0.5 * std::sin(0.7 * i);
  for (unsigned s = 0; s + 1 < n; ++s)
    springs[s] = 1.0e3 * (1.0 + 0.3 * std::cos(1.3 * s));
  const Chain           chain = make_chain(masses, springs, false, {0, 14, 29});
  const Eigen::VectorXd full  = full_eigenvalues(chain.full_stiffness, chain.full_mass);
  SynthesisOptions      options;
  options.lambda_cut = 4.0 * full[4];
  options.residual   = true;
  const ComponentModeSynthesis cms(chain.sub, options);
  EXPECT_EQ(cms.bases()[0].kept.n_rigid, 1u);
  EXPECT_EQ(cms.bases()[1].kept.n_rigid, 1u);
  // The residual attachment modes are M-orthogonal to the rigid-body mode.
  for (unsigned c = 0; c < 2; ++c)
    {
      const Eigen::VectorXd rigid = cms.bases()[c].kept.modes.col(0);
      const Eigen::MatrixXd psi   = cms.bases()[c].attachment;
      const double          orthogonality =
        (rigid.transpose() * (chain.sub.components[c].mass * psi)).norm();
      EXPECT_LT(orthogonality, 1e-12 * psi.norm());
    }
  EXPECT_LT(std::abs(cms.eigenpairs().eigenvalues[0]), 1e-9 * full[1]);
  const double largest =
    largest_relative_error(cms.eigenpairs().eigenvalues.segment(1, 4), full.segment(1, 4), 4);
  RecordProperty("largest_relative_eigenvalue_error", scientific(largest));
  EXPECT_LT(largest, 1e-3);
}

TEST(CmsSynthesis, RecoveredModesSatisfyTheFullEigenproblem)
{
  const unsigned n = 10;
  const Chain    chain =
    make_chain({1.0, 2.0, 1.5, 1.0, 3.0, 1.0, 2.0, 1.0, 1.2, 0.8},
               {4.0, 3.0, 5.0, 2.0, 6.0, 4.0, 3.0, 2.5, 5.0, 4.0}, true, {0, 3, 7, 10});
  for (const bool craig_bampton : {false, true})
    {
      SynthesisOptions options;
      options.craig_bampton = craig_bampton;
      options.lambda_cut    = 1e30;
      options.residual      = !craig_bampton;
      const ComponentModeSynthesis cms(chain.sub, options);
      for (unsigned j = 0; j < n; ++j)
        {
          const Eigen::VectorXd u =
            cms.reduced().recover(chain.sub, cms.eigenpairs().vectors.col(j));
          const double          lambda   = cms.eigenpairs().eigenvalues[j];
          const Eigen::VectorXd residual = chain.full_stiffness * u - lambda * chain.full_mass * u;
          EXPECT_LT(residual.norm(), 1e-9 * (chain.full_stiffness * u).norm()) << "mode " << j;
          EXPECT_NEAR(u.dot(chain.full_mass * u), 1.0, 1e-10); // xi^T M^ xi = 1 carries over
        }
    }
}
