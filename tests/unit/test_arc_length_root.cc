/**
 * ArcLengthAnalysis::constraint_root: the load-factor correction of the
 * cylindrical arc-length constraint |base + dlambda t|^2 = arc^2 and the
 * choice between its two roots (Crisfield 1981: the new increment closest in
 * direction to the previous one).
 */
#include <src/analysis/arc_length_analysis.h>

#include <gtest/gtest.h>

#include <cmath>

using corot::analysis::ArcLengthAnalysis;

TEST(ArcLengthRoot, PicksTheRootThatKeepsTheDirection)
{
  // base = (0.5, 0), t = (0, 1), arc 1: dlambda = +-sqrt(0.75), new increments
  // (0.5, +-0.866); from the previous (0.6, 0.8) the upper one is closer (dot
  // products 0.993 and -0.393), from (0.6, -0.8) the lower one.
  const Eigen::Vector2d base(0.5, 0.0), t(0.0, 1.0);
  const double          exact = std::sqrt(0.75);
  const auto up   = ArcLengthAnalysis::constraint_root(Eigen::Vector2d(0.6, 0.8), base, t, 1.0);
  const auto down = ArcLengthAnalysis::constraint_root(Eigen::Vector2d(0.6, -0.8), base, t, 1.0);
  ASSERT_TRUE(up && down);
  EXPECT_NEAR(*up, exact, 1e-15);
  EXPECT_NEAR(*down, -exact, 1e-15);
}

TEST(ArcLengthRoot, SmallRootMatchesTheClosedForm)
{
  // A converging corrector: base = (1 + eps) p + w with p = 10 t/|t| the previous
  // increment and w normal to t (|w|^2 = 8e-12). Along t: (10 (1 + eps) + 3 dl)^2
  // + |w|^2 = 100, so the kept (small) root is dl = (sqrt(100 - |w|^2) - 10 (1 + eps)) / 3;
  // the other root (about -20/3) would reverse the increment.
  const Eigen::Vector3d t(1.0, 2.0, -2.0); // |t| = 3
  const Eigen::Vector3d previous = t / 3.0 * 10.0;
  const Eigen::Vector3d w        = Eigen::Vector3d(1e-6, 0.0, 0.0).cross(t);
  const double          eps      = 1e-9;
  const auto            root =
    ArcLengthAnalysis::constraint_root(previous, (1.0 + eps) * previous + w, t, 10.0);
  ASSERT_TRUE(root);
  const double exact = (std::sqrt(100.0 - w.squaredNorm()) - 10.0 * (1.0 + eps)) / 3.0;
  EXPECT_NEAR(*root, exact, 1e-15);
}

TEST(ArcLengthRoot, ComplexRootsAreReported)
{
  // base already longer than the arc in a direction normal to t: no real root.
  const Eigen::Vector2d base(2.0, 0.0), t(0.0, 1.0);
  EXPECT_FALSE(ArcLengthAnalysis::constraint_root(Eigen::Vector2d(1.0, 0.0), base, t, 1.0));
  // A zero load solution (t = 0) has no root either.
  EXPECT_FALSE(ArcLengthAnalysis::constraint_root(Eigen::Vector2d(1.0, 0.0),
                                                  Eigen::Vector2d(0.5, 0.0),
                                                  Eigen::Vector2d::Zero(), 1.0));
}
