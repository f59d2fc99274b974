/**
 * Mode tracking through repeated eigenvalues: clusters and the subspace MAC,
 * the pairing of two mode sets by MAC (a rotated pair, a swap), and the
 * design studies on a system with an exact double eigenvalue, a star of
 * three equal arms on a grounded hub, where the closed forms are:
 *
 *     hub (DOF 0, mass M0, spring k0 to the ground), arms i = 1..3 (mass m,
 *     spring k to the hub). The modes with the hub at rest and
 *     a_1 + a_2 + a_3 = 0 form a two-dimensional eigenspace, lambda = k/m.
 *
 * Changing arm 2 (component C1: its spring, or its mass) breaks the
 * symmetry. On that subspace x^T dK x = k a_2^2 with m sum a_i^2 = 1; its
 * extremes are a = (1, 0, -1)/sqrt(2m) (a_2 = 0) and a = (-1, 2, -1)/sqrt(6m)
 * (a_2^2 m = 2/3), so the derivatives of the double eigenvalue are
 * {0, (2/3) lambda} for the stiffness and {-(2/3) lambda, 0} for the mass
 * (degenerate perturbation theory): normalized sensitivities {0, 2/3} and
 * {-2/3, 0}. The eigenvector pair a solver returns is any rotation of the
 * two, and x^T dK x along one of them anything in between.
 */
#include <src/cms/design_study.h>
#include <src/cms/inverse_frequency.h>
#include <src/cms/mode_pairing.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace corot::cms;

namespace
{
  constexpr double hub_mass = 2.0, ground_spring = 50.0, arm_mass = 1.0, arm_spring = 100.0;

  /** Full matrices of the star with arm 2's spring and mass scaled by (1 + e), (1 + r). */
  std::pair<Eigen::Matrix4d, Eigen::Matrix4d>
  star_matrices(const double e = 0.0, const double r = 0.0)
  {
    Eigen::Matrix4d k = Eigen::Matrix4d::Zero(), m = Eigen::Matrix4d::Zero();
    // Component c's share of the hub (a third of M0 and k0) scales with it too.
    for (unsigned c = 0; c < 3; ++c)
      {
        const double scale_k = c == 1 ? 1.0 + e : 1.0, scale_m = c == 1 ? 1.0 + r : 1.0;
        const double s = scale_k * arm_spring;
        k(0, 0) += scale_k * ground_spring / 3.0 + s;
        k(c + 1, c + 1) += s;
        k(0, c + 1) -= s;
        k(c + 1, 0) -= s;
        m(0, 0) += scale_m * hub_mass / 3.0;
        m(c + 1, c + 1) += scale_m * arm_mass;
      }
    return {k, m};
  }

  /**
   * The star as three components C0..C2, each the hub (shared: the
   * interface) and one arm, with a third of the hub's mass and ground
   * spring, and design parameters RHO_c (mass) and E_c (stiffness).
   */
  Substructuring
  star()
  {
    Substructuring sub;
    for (unsigned c = 0; c < 3; ++c)
      {
        Component component;
        component.name        = "C" + std::to_string(c);
        component.global_dofs = {0, c + 1};
        Eigen::Matrix2d k, m;
        k << ground_spring / 3.0 + arm_spring, -arm_spring, -arm_spring, arm_spring;
        m << hub_mass / 3.0, 0.0, 0.0, arm_mass;
        component.stiffness = k.sparseView();
        component.mass      = m.sparseView();
        component.derivatives.push_back(
          {"RHO_" + std::to_string(c), SparseMatrix(2, 2), component.mass, {}, {}});
        component.derivatives.push_back(
          {"E_" + std::to_string(c), component.stiffness, SparseMatrix(2, 2), {}, {}});
        component.interface_local  = {0};
        component.interface_global = {0};
        sub.components.push_back(component);
      }
    sub.interface_dofs = {0};
    sub.n_dofs = sub.n_free_dofs = 4;
    return sub;
  }

  SynthesisOptions
  every_mode()
  {
    SynthesisOptions options;
    options.lambda_cut = 1e30; // every component mode kept: the synthesis is exact
    return options;
  }

  Eigen::Vector4d
  full_eigenvalues(const double e, const double r)
  {
    const auto [k, m] = star_matrices(e, r);
    return Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::Matrix4d>(k, m).eigenvalues();
  }
} // namespace

TEST(CmsRepeatedModes, ClustersByRelativeGap)
{
  Eigen::VectorXd lambda(6);
  lambda << 0.0, 1e-12, 10.0, 10.0 * (1.0 + 5e-7), 10.1, 20.0;
  const std::vector<ModeCluster> clusters = find_clusters(lambda, 1e-6, 1e-8);
  ASSERT_EQ(clusters.size(), 4u);
  EXPECT_EQ(clusters[0].size, 2u); // rigid-body modes below the zero level
  EXPECT_EQ(clusters[1].first, 2u);
  EXPECT_EQ(clusters[1].size, 2u); // gap 5e-7 < 1e-6
  EXPECT_EQ(clusters[2].size, 1u); // gap 1e-2
  EXPECT_EQ(cluster_of(clusters, 3).first, 2u);
  EXPECT_EQ(cluster_of(clusters, 3).label(), "modes 3-4");
}

TEST(CmsRepeatedModes, SubspaceMacOfARotatedPair)
{
  // A pair e1, e2 returned rotated by 30 degrees: the ordinary MACs with e1
  // are 3/4 and 1/4, the MAC with the subspace is 1 for both.
  const double    angle = M_PI / 6.0;
  Eigen::MatrixXd b(3, 2);
  b << std::cos(angle), -std::sin(angle), std::sin(angle), std::cos(angle), 0.0, 0.0;
  const Eigen::Vector3d x(1.0, 0.0, 0.0), y(0.0, 0.0, 1.0);
  EXPECT_NEAR(subspace_mac(b.transpose() * x, b.transpose() * b, x.squaredNorm()), 1.0, 1e-14);
  EXPECT_NEAR(subspace_mac(b.transpose() * y, b.transpose() * b, y.squaredNorm()), 0.0, 1e-14);
  EXPECT_NEAR(subspace_mac(b.col(0).transpose() * x, Eigen::MatrixXd::Identity(1, 1), 1.0), 0.75,
              1e-14);
}

TEST(CmsRepeatedModes, PairingFollowsShapesNotIndices)
{
  // Reference B: e1 (1.0), a pair e2, e3 (2.0, 2.0), e4 (3.0). Set A: the
  // pair rotated by 40 degrees and its eigenvalue slightly off, and the
  // first and last modes swapped in order (A's mode 1 is e4 at 2.9, mode 4
  // is e1 at 3.1).
  Eigen::MatrixXd b = Eigen::MatrixXd::Identity(4, 4), a = Eigen::MatrixXd::Zero(4, 4);
  const double    angle = 40.0 * M_PI / 180.0;
  a(3, 0)               = 1.0;
  a(1, 1)               = std::cos(angle);
  a(2, 1)               = std::sin(angle);
  a(1, 2)               = -std::sin(angle);
  a(2, 2)               = std::cos(angle);
  a(0, 3)               = 1.0;
  Eigen::VectorXd lambda_a(4), lambda_b(4);
  lambda_a << 2.9, 2.0 * (1 + 1e-9), 2.0 * (1 + 1e-9), 3.1;
  lambda_b << 1.0, 2.0, 2.0, 3.0;
  const ModePairing p =
    pair_modes(a.transpose() * b, a.transpose() * a, b.transpose() * b, lambda_a, lambda_b);
  ASSERT_EQ(p.partner.size(), 4u);
  EXPECT_EQ(p.partner[0], 3u);
  EXPECT_EQ(p.partner[1], 1u); // the pair keeps index order
  EXPECT_EQ(p.partner[2], 2u);
  EXPECT_EQ(p.partner[3], 0u);
  EXPECT_NEAR(p.mac[1], 1.0, 1e-12); // subspace MAC, not cos^2(40 deg) = 0.587
  EXPECT_NEAR(p.mac[2], 1.0, 1e-12);
  EXPECT_TRUE(p.swapped[0]);
  EXPECT_FALSE(p.swapped[1]);
  EXPECT_FALSE(p.swapped[2]);
  EXPECT_TRUE(p.swapped[3]);
  EXPECT_TRUE(p.unpaired.empty());
}

TEST(CmsRepeatedModes, StarHasAnExactDoubleEigenvalue)
{
  // Closed form: k/m is a double eigenvalue; the CMS model with every mode
  // kept reproduces the full one.
  const ComponentModeSynthesis cms(star(), every_mode());
  const Eigen::Vector4d        full = full_eigenvalues(0.0, 0.0);
  ASSERT_EQ(cms.eigenpairs().eigenvalues.size(), 4);
  for (unsigned m = 0; m < 4; ++m)
    EXPECT_NEAR(cms.eigenpairs().eigenvalues[m], full[m], 1e-12 * full[3]);
  const double lambda = arm_spring / arm_mass;
  EXPECT_NEAR(full[1], lambda, 1e-12 * lambda);
  EXPECT_NEAR(full[2], lambda, 1e-12 * lambda);
  const ModeCluster pair = cluster_of(find_clusters(cms.eigenpairs().eigenvalues), 1);
  EXPECT_EQ(pair.first, 1u);
  EXPECT_EQ(pair.size, 2u);
}

TEST(CmsRepeatedModes, SensitivityOfADoubleEigenvalueIsTheProjectedDerivative)
{
  // Closed form (file comment): normalized sensitivities of modes 2 and 3
  // (the pair) to arm 2's stiffness {0, 2/3}, to its mass {-2/3, 0}; the
  // eigenvector the solver returned would give anything in between.
  // Cross-check with one-sided differences of the full model: for
  // E_1 = +h the pair splits into lambda and lambda (1 + 2h/3).
  const ComponentModeSynthesis cms(star(), every_mode());
  EXPECT_NEAR(normalized_sensitivity(cms, "E_1", 1), 0.0, 1e-10);
  EXPECT_NEAR(normalized_sensitivity(cms, "E_1", 2), 2.0 / 3.0, 1e-10);
  EXPECT_NEAR(normalized_sensitivity(cms, "RHO_1", 1), -2.0 / 3.0, 1e-10);
  EXPECT_NEAR(normalized_sensitivity(cms, "RHO_1", 2), 0.0, 1e-10);
  const double          h      = 1e-7;
  const double          lambda = arm_spring / arm_mass;
  const Eigen::Vector4d plus   = full_eigenvalues(h, 0.0);
  // Tolerance: O(h) curvature of the branches plus round-off 1e-15/h.
  EXPECT_NEAR((plus[1] - lambda) / h / lambda, 0.0, 1e-6);
  EXPECT_NEAR((plus[2] - lambda) / h / lambda, 2.0 / 3.0, 1e-6);
  // Eq. 6 for a cluster: scaling every component's stiffness by (1 + r)
  // scales the pair, so the projected matrices of E_0..E_2 sum to lambda I:
  // the sensitivities summed over components and over the pair give 2 (the
  // cluster size); per mode they need not give 1 (each component's matrix
  // has its own eigenvectors: here every E_c gives {0, 2/3}).
  double trace = 0.0;
  for (unsigned c = 0; c < 3; ++c)
    for (const unsigned mode : {1u, 2u})
      trace += normalized_sensitivity(cms, "E_" + std::to_string(c), mode);
  EXPECT_NEAR(trace, 2.0, 1e-10);
}

TEST(CmsRepeatedModes, InverseOnEitherMemberOfAPair)
{
  // Lowering mode 2 (the lower member of the pair) to 0.9 lambda with the
  // mass of arm 2: the branch that moves is (-1, 2, -1)-like, so alpha
  // solves det(K - lambda* M(alpha)) = 0 of the full model; mode 3 (the
  // upper member) cannot go below the unchanged branch at lambda, while
  // raising mode 3 to 1.1 lambda with the same parameter (alpha < 0) can.
  const ComponentModeSynthesis cms(star(), every_mode());
  const double                 lambda = arm_spring / arm_mass;
  for (const auto &[mode, factor] : {std::pair<unsigned, double>{1, 0.9}, {2, 1.1}})
    {
      const double          target   = factor * lambda;
      const InverseSolution solution = solve_inverse_frequency(cms, {{mode, target}}, {"RHO_1"});
      const double          alpha    = solution.alphas[0];
      const auto [k, m]              = star_matrices(0.0, alpha);
      EXPECT_NEAR((k - target * m).determinant() / k.determinant(), 0.0, 1e-10)
        << "mode " << mode + 1;
      const Eigen::Vector4d full = full_eigenvalues(0.0, alpha);
      EXPECT_NEAR(full[mode], target, 1e-10 * target) << "mode " << mode + 1;
      EXPECT_EQ(solution.achieved_modes[0], mode);
    }
  EXPECT_THROW(solve_inverse_frequency(cms, {{2, 0.9 * lambda}}, {"RHO_1"}), UnreachableTarget);
  EXPECT_THROW(solve_inverse_frequency(cms, {{1, 1.1 * lambda}}, {"RHO_1"}), UnreachableTarget);
}

TEST(CmsRepeatedModes, InverseMovesOneMemberOfAPairAndHoldsTheOther)
{
  // Mode 2 (the pair's lower member) to 0.95 lambda, mode 3 held at lambda,
  // with arm 2's mass and stiffness (RHO_1, E_1): the branch (1, 0, -1) does
  // not involve arm 2 and stays at lambda whatever the design, so the row
  // of mode 3 in the sensitivity matrix is zero (rank 1 for 2 targets) and
  // the least change is the minimum-norm design on the one real
  // constraint: alpha parallel to the gradient of mode 2's eigenvalue
  // there. Checked on the full 4 x 4 model (eigenvalues and, by central
  // differences, the gradient).
  const ComponentModeSynthesis cms(star(), every_mode());
  const double                 lambda = arm_spring / arm_mass;
  const InverseSolution        solution =
    solve_inverse_frequency(cms, {{1, 0.95 * lambda}, {2, lambda}}, {"RHO_1", "E_1"});
  const double          r = solution.alphas[0], e = solution.alphas[1];
  const Eigen::Vector4d full = full_eigenvalues(e, r);
  EXPECT_NEAR(full[1], 0.95 * lambda, 1e-9 * lambda);
  EXPECT_NEAR(full[2], lambda, 1e-9 * lambda);
  const double          h = 1e-6;
  Eigen::Vector2d       gradient((full_eigenvalues(e, r + h)[1] - full_eigenvalues(e, r - h)[1]) /
                                   (2.0 * h),
                                 (full_eigenvalues(e + h, r)[1] - full_eigenvalues(e - h, r)[1]) /
                                   (2.0 * h));
  const Eigen::Vector2d alpha(r, e);
  // Tolerance: central differences, O(h^2) + round-off 1e-14 lambda / h.
  EXPECT_GT(std::abs(gradient.normalized().dot(alpha.normalized())), 1.0 - 1e-6);
}
