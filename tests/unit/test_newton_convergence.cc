/**
 * NewtonConvergence: forces and moments, translations and rotations are
 * tested field by field, so that neither field can hide behind the units of
 * the other (the single mixed norm the static solver used before accepted
 * every case marked "mixed norm accepts" below).
 */
#include <src/solvers/newton_convergence.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace corot;

namespace
{
  core::DofMap
  one_six_dof_node()
  {
    std::array<bool, core::n_dof_kinds> all;
    all.fill(true);
    return core::DofMap({all}, {1});
  }

  /** The old test: one norm over all DOFs, residual 1e-8, correction 1e-6. */
  bool
  mixed_norm_converged(const Eigen::VectorXd &r, const Eigen::VectorXd &f_ext,
                       const Eigen::VectorXd &f_int, const Eigen::VectorXd &c,
                       const Eigen::VectorXd &d)
  {
    return r.norm() <= 1e-8 * std::max(f_ext.norm(), f_int.norm()) && c.norm() <= 1e-6 * d.norm();
  }
} // namespace

TEST(NewtonConvergence, RotationCorrectionIsNotHiddenByLargeTranslations)
{
  // Millimetre model (L = 1000): increment of 100 mm and 0.01 rad; the last
  // correction still changes the rotation by 1e-5 rad, 0.1 % of its increment.
  const core::DofMap               dofs = one_six_dof_node();
  const solvers::NewtonConvergence test(dofs, 1000.0);
  Eigen::VectorXd                  d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd                  f = Eigen::VectorXd::Zero(6), r = Eigen::VectorXd::Zero(6);
  d[0] = 100.0;
  d[5] = 0.01;
  c[5] = 1e-5;
  f[0] = 1.0;
  EXPECT_TRUE(mixed_norm_converged(r, f, f, c, d)); // mixed norm accepts
  EXPECT_FALSE(test.converged(r, f, f, c, d));
  // Rotation scale max(|dtheta|, |du| / L) = max(0.01, 0.1): ratio 1e-5 / 0.1.
  EXPECT_NEAR(test.correction_ratio(), 1e-4, 1e-16);
  c[5] = 1e-8; // 1e-7 of the rotation scale: converged
  EXPECT_TRUE(test.converged(r, f, f, c, d));
}

TEST(NewtonConvergence, ForceResidualIsNotHiddenByLargeMoments)
{
  // Moments of 1e6 N mm next to forces of 1 N; a force residual of 1e-3 N is
  // 1e-6 of the force scale max(1 N, 1e6 N mm / 1000 mm) = 1e3 N.
  const core::DofMap               dofs = one_six_dof_node();
  const solvers::NewtonConvergence test(dofs, 1000.0);
  Eigen::VectorXd                  d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd                  f = Eigen::VectorXd::Zero(6), r = Eigen::VectorXd::Zero(6);
  d[1] = 1.0;
  f[1] = 1.0;
  f[5] = 1e6;
  r[1] = 1e-3;
  EXPECT_TRUE(mixed_norm_converged(r, f, f, c, d)); // mixed norm accepts
  EXPECT_FALSE(test.converged(r, f, f, c, d));
  EXPECT_NEAR(test.residual_ratio(), 1e-6, 1e-18);
}

TEST(NewtonConvergence, MomentResidualAtPinnedJointsHasAForceTimesLengthScale)
{
  // A frame under point forces: the assembled moments vanish at free joints,
  // so a moment residual is measured against F L (here 1 N x 1000 mm).
  const core::DofMap               dofs = one_six_dof_node();
  const solvers::NewtonConvergence test(dofs, 1000.0);
  Eigen::VectorXd                  d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd                  f = Eigen::VectorXd::Zero(6), r = Eigen::VectorXd::Zero(6);
  d[0] = 1.0;
  f[0] = 1.0;
  r[4] = 1e-4; // 1e-7 of F L: not converged
  EXPECT_FALSE(test.converged(r, f, f, c, d));
  EXPECT_NEAR(test.residual_ratio(), 1e-7, 1e-20);
  r[4] = 1e-6; // 1e-9 of F L
  EXPECT_TRUE(test.converged(r, f, f, c, d));
}

TEST(NewtonConvergence, PureTranslationIncrementAcceptsRoundOffRotations)
{
  // No rotation in the increment: rotational corrections are measured
  // against |du| / L, so round-off rotations do not block convergence.
  const core::DofMap               dofs = one_six_dof_node();
  const solvers::NewtonConvergence test(dofs, 10.0);
  Eigen::VectorXd                  d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd                  f = Eigen::VectorXd::Zero(6), r = Eigen::VectorXd::Zero(6);
  d[0] = 1.0;
  f[0] = 1.0;
  c[3] = 1e-12;
  c[0] = 1e-9;
  EXPECT_TRUE(test.converged(r, f, f, c, d));
  c[3] = 1e-3; // a rotation correction of 1e-3 rad against |du|/L = 0.1
  EXPECT_FALSE(test.converged(r, f, f, c, d));
  // Not finite: never converged.
  r[0] = std::nan("");
  c[3] = 0.0;
  EXPECT_FALSE(test.converged(r, f, f, c, d));
}

TEST(NewtonConvergence, ZeroIncrementAcceptsRoundOffCorrections)
{
  // An increment in which nothing moves (a step whose loads stay constant,
  // e.g. steps_cload_ramp.inp step 3): the corrections are round-off, about
  // 1e-16 L. Against the old floor of 1e-12 L that was a ratio of 1e-4, so
  // the increment never converged and the step was cut back until it stopped.
  const core::DofMap               dofs = one_six_dof_node();
  const solvers::NewtonConvergence test(dofs, 1.0);
  Eigen::VectorXd                  d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd                  f = Eigen::VectorXd::Zero(6), r = Eigen::VectorXd::Zero(6);
  f[0] = 3.0;
  c[0] = 2.5e-16;
  d[0] = 2.5e-16;
  c[3] = 1e-16;
  d[3] = 1e-16;
  EXPECT_TRUE(test.converged(r, f, f, c, d));
  // A correction that still moves the model by 1e-12 L is not round-off.
  c[0] = d[0] = 1e-12;
  EXPECT_FALSE(test.converged(r, f, f, c, d));
}

TEST(NewtonConvergence, RoundOffResidualPassesWhenNoForceActs)
{
  // A stress-free motion without load: f_ext = 0, f_int and r at round-off
  // (figures of input_decks/b31_rigid_rotation_no_load.inp: |r_F| = 3.1e-10,
  // |f_int,F| = 3.1e-10, k_F = 2e6, k_M = 1.6e5, L = 4, 30 DOFs).
  const core::DofMap         dofs = one_six_dof_node();
  solvers::NewtonConvergence test(dofs, 4.0);
  Eigen::VectorXd            d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd            f_ext = Eigen::VectorXd::Zero(6), f_int = Eigen::VectorXd::Zero(6);
  d[1]                    = 0.2;
  c[1]                    = 1e-16;
  f_int[1]                = 3.1e-10;
  f_int[4]                = 4e-12;
  const Eigen::VectorXd r = -f_int;
  EXPECT_FALSE(test.converged(r, f_ext, f_int, c, d)); // relative test alone: ratio 1
  EXPECT_NEAR(test.residual_ratio(), 1.0, 1e-12);
  test.set_stiffness_scale(2e6, 1.6e5, 30);
  // Floor F_0 = 10 sqrt(30) eps max(2e6 x 4, 1.6e5 / 4) = 9.7e-8.
  EXPECT_TRUE(test.converged(r, f_ext, f_int, c, d));
  EXPECT_NEAR(test.residual_ratio(),
              3.1e-10 / (10.0 * std::sqrt(30.0) * std::numeric_limits<double>::epsilon() * 8e6) *
                1e-8,
              1e-20);
}

TEST(NewtonConvergence, RoundOffFloorDoesNotAcceptARealResidual)
{
  // The same stiffness with a load of 1 (strain ~ 1e-7 of E A): a residual of
  // 1e-6 is 1e-6 of the load, well above both 1e-8 x 1 and the floor 9.7e-8.
  const core::DofMap         dofs = one_six_dof_node();
  solvers::NewtonConvergence test(dofs, 4.0);
  test.set_stiffness_scale(2e6, 1.6e5, 30);
  Eigen::VectorXd d = Eigen::VectorXd::Zero(6), c = Eigen::VectorXd::Zero(6);
  Eigen::VectorXd f = Eigen::VectorXd::Zero(6), r = Eigen::VectorXd::Zero(6);
  d[0] = 5e-7;
  f[0] = 1.0;
  r[0] = 1e-6;
  EXPECT_FALSE(test.converged(r, f, f, c, d));
  r[0] = 5e-9; // 5e-9 of the load: converged
  EXPECT_TRUE(test.converged(r, f, f, c, d));
  // Without load the floor alone: a residual of 1e-6 (10 x the floor) fails.
  EXPECT_FALSE(test.converged(r * 200.0, Eigen::VectorXd::Zero(6), Eigen::VectorXd::Zero(6), c, d));
}
