/**
 * NewtonSolver on small problems whose answers are known in closed form:
 * quadratic convergence (the residual history is printed), the round-off
 * floor of the residual accepting an iterate at machine precision, the
 * correction passing by its contraction (error estimate, or stagnation at
 * round-off) once the residual has converged, and non-convergence reported
 * with the iteration count. CutBack: the factor,
 * the minimum and the limit of cut-backs in a row, and why it refused.
 */
#include <src/solvers/cutback.h>
#include <src/solvers/newton_solver.h>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <iostream>
#include <limits>

using namespace corot;
using solvers::NewtonConvergence;
using solvers::NewtonIterate;

namespace
{
  /**
   * f_int(x) = f_ext on R^n with a full Newton step: the residual the solver
   * judges is the one at the corrected iterate (as statics does).
   */
  class Equations : public solvers::NewtonProblem
  {
  public:
    using Force   = std::function<Eigen::VectorXd(const Eigen::VectorXd &)>;
    using Tangent = std::function<Eigen::MatrixXd(const Eigen::VectorXd &)>;

    Equations(Force internal, Tangent tangent, Eigen::VectorXd external, Eigen::VectorXd start,
              bool use_round_off_floor = false)
      : internal_(std::move(internal))
      , tangent_(std::move(tangent))
      , external_(std::move(external))
      , start_(start)
      , x(std::move(start))
      , use_round_off_floor_(use_round_off_floor)
    {}

    NewtonIterate
    iterate(unsigned /*iteration*/, NewtonConvergence &convergence) override
    {
      const Eigen::MatrixXd K = tangent_(x);
      if (use_round_off_floor_)
        {
          // The largest diagonal per field, as the analyses take it from their tangents.
          double k_force = 0.0, k_moment = 0.0;
          for (Eigen::Index i = 0; i < K.rows(); ++i)
            (is_rotation(i) ? k_moment : k_force) =
              std::max(is_rotation(i) ? k_moment : k_force, std::abs(K(i, i)));
          convergence.set_stiffness_scale(k_force, k_moment, static_cast<unsigned>(x.size()));
        }
      const Eigen::VectorXd correction = K.fullPivLu().solve(external_ - internal_(x));
      x += correction;
      const Eigen::VectorXd internal = internal_(x);
      last_residual                  = external_ - internal;
      NewtonIterate result;
      result.residual    = convergence.norms(last_residual);
      result.force_level = NewtonConvergence::FieldNorms::max(convergence.norms(external_),
                                                              convergence.norms(internal));
      result.correction  = convergence.norms(correction);
      result.increment   = convergence.norms(x - start_);
      return result;
    }

    void
    report(unsigned iteration, double residual_ratio, double correction_ratio) override
    {
      std::cout << "    iteration " << iteration << ": residual " << residual_ratio
                << ", correction " << correction_ratio << std::endl;
    }

    static bool
    is_rotation(const Eigen::Index i)
    {
      return i % 2 == 1; // DOFs alternate: translation, rotation
    }

    Force           internal_;
    Tangent         tangent_;
    Eigen::VectorXd external_, start_;
    Eigen::VectorXd x, last_residual;
    bool            use_round_off_floor_;
  };

  std::vector<bool>
  alternating_fields(const unsigned n)
  {
    std::vector<bool> rotational(n);
    for (unsigned i = 0; i < n; ++i)
      rotational[i] = Equations::is_rotation(i);
    return rotational;
  }

  /**
   * A hardening spring and a torsion spring, uncoupled: f = k u (1 + u^2),
   * m = c sin(theta) (a pendulum restoring moment), loaded to u = 1, theta = 0.5.
   */
  Equations
  spring_and_pendulum(const Eigen::Vector2d &start)
  {
    const double k = 1e3, c = 2e2;
    auto         internal = [=](const Eigen::VectorXd &x) {
      return Eigen::Vector2d(k * x[0] * (1.0 + x[0] * x[0]), c * std::sin(x[1])).eval();
    };
    auto tangent = [=](const Eigen::VectorXd &x) {
      Eigen::Matrix2d K = Eigen::Matrix2d::Zero();
      K(0, 0)           = k * (1.0 + 3.0 * x[0] * x[0]);
      K(1, 1)           = c * std::cos(x[1]);
      return Eigen::MatrixXd(K);
    };
    const Eigen::Vector2d external(2.0 * k, c * std::sin(0.5));
    return Equations(internal, tangent, external, start);
  }
} // namespace

TEST(NewtonSolver, ConvergesQuadraticallyToTheClosedForm)
{
  Equations                   problem = spring_and_pendulum(Eigen::Vector2d(0.0, 0.0));
  solvers::NewtonControls     controls;
  NewtonConvergence           convergence(alternating_fields(2), 1.0, controls);
  const solvers::NewtonResult result = solvers::NewtonSolver(controls, convergence).solve(problem);
  ASSERT_TRUE(result.converged) << result.failure;
  EXPECT_TRUE(result.failure.empty());
  EXPECT_EQ(result.iterations, result.history.size());
  EXPECT_NEAR(problem.x[0], 1.0, 1e-12);
  EXPECT_NEAR(problem.x[1], 0.5, 1e-12);

  // Residual history: each residual is of the order of the square of the
  // previous one once Newton is in its region of quadratic convergence.
  std::cout << "  residual norms (force, moment):" << std::endl;
  for (const auto &record : result.history)
    std::cout << "    " << record.residual.translational << "  " << record.residual.rotational
              << std::endl;
  unsigned quadratic_steps = 0;
  for (unsigned k = 1; k + 1 < result.history.size(); ++k)
    {
      const double r0 = result.history[k - 1].residual_ratio, r1 = result.history[k].residual_ratio,
                   r2 = result.history[k + 1].residual_ratio;
      if (r2 < 1e-14 || r0 > 1e-1)
        continue; // at round-off, or not yet in the quadratic region
      const double order = std::log(r2 / r1) / std::log(r1 / r0);
      std::cout << "  observed order at iteration " << k + 2 << ": " << order << std::endl;
      EXPECT_GT(order, 1.8);
      ++quadratic_steps;
    }
  EXPECT_GE(quadratic_steps, 1u);
}

TEST(NewtonSolver, RoundOffFloorAcceptsAResidualAtMachinePrecision)
{
  // A plane chain of four stiff bars (EA/l = 1e7) between nodes at
  // (10 + 0.1 i, 0), node 0 held, no load, turned rigidly by 0.3 rad about
  // the origin: the answer is the rigid rotation, where the bar forces
  // k (|x_j - x_i| - l_ij) are round-off, about eps k |x| = 2e-8 although
  // nothing is loaded (a stress-free motion). The force level is round-off
  // too, so the relative test alone compares round-off with round-off.
  const double                 k = 1e7, angle = 0.3;
  const unsigned               n = 4; // free nodes 1..n, DOFs (ux, uy) each
  std::vector<Eigen::Vector2d> X(n + 1);
  for (unsigned i = 0; i <= n; ++i)
    X[i] = Eigen::Vector2d(10.0 + 0.1 * i, 0.0);
  const Eigen::Matrix2d R        = Eigen::Rotation2Dd(angle).toRotationMatrix();
  const Eigen::Vector2d held_0   = R * X[0];
  auto                  position = [=](const Eigen::VectorXd &u, const unsigned i) {
    return i == 0 ? held_0 : Eigen::Vector2d(X[i] + u.segment<2>(2 * (i - 1)));
  };
  auto internal = [=](const Eigen::VectorXd &u) {
    Eigen::VectorXd f = Eigen::VectorXd::Zero(2 * n);
    for (unsigned e = 0; e < n; ++e)
      {
        const Eigen::Vector2d chord = position(u, e + 1) - position(u, e);
        const Eigen::Vector2d force =
          k * (chord.norm() - (X[e + 1] - X[e]).norm()) * chord.normalized();
        if (e > 0)
          f.segment<2>(2 * (e - 1)) -= force;
        f.segment<2>(2 * e) += force;
      }
    return f;
  };
  auto tangent = [=](const Eigen::VectorXd &u) {
    Eigen::MatrixXd K = Eigen::MatrixXd::Zero(2 * n, 2 * n);
    for (unsigned e = 0; e < n; ++e)
      {
        const Eigen::Vector2d chord = position(u, e + 1) - position(u, e);
        const double          l = chord.norm(), N = k * (l - (X[e + 1] - X[e]).norm());
        const Eigen::Vector2d t = chord / l;
        const Eigen::Matrix2d Ke =
          k * t * t.transpose() + N / l * (Eigen::Matrix2d::Identity() - t * t.transpose());
        K.block<2, 2>(2 * e, 2 * e) += Ke;
        if (e > 0)
          {
            K.block<2, 2>(2 * (e - 1), 2 * (e - 1)) += Ke;
            K.block<2, 2>(2 * (e - 1), 2 * e) -= Ke;
            K.block<2, 2>(2 * e, 2 * (e - 1)) -= Ke;
          }
      }
    return K;
  };
  // Start: the rigid rotation plus a stretch of 1e-3.
  Eigen::VectorXd start(2 * n);
  for (unsigned i = 1; i <= n; ++i)
    start.segment<2>(2 * (i - 1)) = R * X[i] - X[i] + Eigen::Vector2d(1e-3 * i, 0.0);
  const std::vector<bool> translations(2 * n, false);
  solvers::NewtonControls controls;
  controls.max_iterations = 8;
  const double length     = X[n].norm();

  {
    Equations         problem(internal, tangent, Eigen::VectorXd::Zero(2 * n), start, false);
    NewtonConvergence convergence(translations, length, controls);
    const auto        result = solvers::NewtonSolver(controls, convergence).solve(problem);
    // The residual stays at round-off (about eps k L), never 1e-8 of a round-off force level.
    ASSERT_GT(problem.last_residual.norm(), 0.0);
    EXPECT_LT(problem.last_residual.norm(),
              100 * std::numeric_limits<double>::epsilon() * k * length);
    EXPECT_FALSE(result.converged);
    EXPECT_EQ(result.iterations, 8u);
    EXPECT_NE(result.failure.find("did not converge in 8 iterations"), std::string::npos)
      << result.failure;
  }
  {
    Equations         problem(internal, tangent, Eigen::VectorXd::Zero(2 * n), start, true);
    NewtonConvergence convergence(translations, length, controls);
    const auto        result = solvers::NewtonSolver(controls, convergence).solve(problem);
    ASSERT_TRUE(result.converged) << result.failure;
    EXPECT_GT(problem.last_residual.norm(), 0.0); // accepted at round-off, not at an exact zero
    // Stress-free: every bar at its length (the pinned chain may also swing
    // about node 0, a mechanism, so the positions themselves are not unique).
    for (unsigned e = 0; e < n; ++e)
      EXPECT_NEAR((position(problem.x, e + 1) - position(problem.x, e)).norm(),
                  (X[e + 1] - X[e]).norm(), 1e-14);
  }
}

TEST(NewtonSolver, ReportsNonConvergenceWithTheIterationCount)
{
  // Newton on atan(x) = 0 from x = 1.5 diverges (|x| > 1.3917 overshoots
  // further every iteration) until the residual is no longer finite.
  auto internal = [](const Eigen::VectorXd &x) {
    return Eigen::VectorXd::Constant(1, std::atan(x[0]));
  };
  auto tangent = [](const Eigen::VectorXd &x) {
    return Eigen::MatrixXd::Constant(1, 1, 1.0 / (1.0 + x[0] * x[0]));
  };
  solvers::NewtonControls controls;
  {
    controls.max_iterations = 4;
    Equations         problem(internal, tangent, Eigen::VectorXd::Zero(1),
                              Eigen::VectorXd::Constant(1, 1.5));
    NewtonConvergence convergence(std::vector<bool>{false}, 1.0, controls);
    const auto        result = solvers::NewtonSolver(controls, convergence).solve(problem);
    EXPECT_FALSE(result.converged);
    EXPECT_EQ(result.iterations, 4u);
    EXPECT_EQ(result.history.size(), 4u);
    EXPECT_NE(result.failure.find("did not converge in 4 iterations"), std::string::npos)
      << result.failure;
    // Diverging: every residual larger than the one before.
    for (unsigned k = 1; k < result.history.size(); ++k)
      EXPECT_GT(result.history[k].residual.translational,
                result.history[k - 1].residual.translational);
  }
  {
    controls.max_iterations = 25;
    Equations         problem(internal, tangent, Eigen::VectorXd::Zero(1),
                              Eigen::VectorXd::Constant(1, 1.5));
    NewtonConvergence convergence(std::vector<bool>{false}, 1.0, controls);
    const auto        result = solvers::NewtonSolver(controls, convergence).solve(problem);
    EXPECT_FALSE(result.converged);
    EXPECT_LT(result.iterations, 25u);
    EXPECT_NE(result.failure.find("not finite"), std::string::npos) << result.failure;
  }
}

TEST(NewtonSolver, AFailedIterationEndsTheSolveWithItsReason)
{
  struct Singular : solvers::NewtonProblem
  {
    NewtonIterate
    iterate(unsigned iteration, NewtonConvergence &) override
    {
      NewtonIterate result;
      if (iteration == 2)
        result.failure = "singular tangent";
      else
        result.residual.translational = result.force_level.translational = 1.0;
      return result;
    }
  } problem;
  solvers::NewtonControls controls;
  NewtonConvergence       convergence(std::vector<bool>{false}, 1.0, controls);
  const auto              result = solvers::NewtonSolver(controls, convergence).solve(problem);
  EXPECT_FALSE(result.converged);
  EXPECT_EQ(result.iterations, 2u);
  EXPECT_EQ(result.failure, "singular tangent");
}

namespace
{
  /**
   * Runs NewtonSolver on scripted iterates: iteration k has residual
   * @p residuals[k-1] (force level 1) and correction @p corrections[k-1]
   * (increment 1), one translational DOF, the tolerances of *DYNAMIC
   * (residual 1e-8, correction 1e-8).
   */
  solvers::NewtonResult
  scripted(const std::vector<double> &residuals, const std::vector<double> &corrections)
  {
    solvers::NewtonControls controls = solvers::NewtonControls::for_dynamics();
    controls.max_iterations          = static_cast<unsigned>(residuals.size());
    NewtonConvergence convergence(std::vector<bool>{false}, 1.0, controls);
    return solvers::NewtonSolver(controls, convergence)
      .solve([&](const unsigned iteration, NewtonConvergence &) {
        NewtonIterate result;
        result.residual.translational    = residuals[iteration - 1];
        result.force_level.translational = 1.0;
        result.correction.translational  = corrections[iteration - 1];
        result.increment.translational   = 1.0;
        return result;
      });
  }
} // namespace

TEST(NewtonSolver, AContractingCorrectionPassesByItsErrorEstimate)
{
  // Iteration 2: residual converged, correction 2e-8 > tol_c = 1e-8 but
  // contracted by theta = 2e-6 from 1e-2: the error left is at most
  // theta/(1 - theta) 2e-8 = 4e-14, within 1e-2 tol_c. Converged at 2.
  const auto contracting = scripted({1.0, 1e-9, 1e-12}, {1e-2, 2e-8, 1e-14});
  EXPECT_TRUE(contracting.converged);
  EXPECT_EQ(contracting.iterations, 2u);
  // The same correction with a residual not yet converged (1e-7): iterate on.
  const auto unconverged = scripted({1.0, 1e-7, 1e-12}, {1e-2, 2e-8, 1e-14});
  EXPECT_TRUE(unconverged.converged);
  EXPECT_EQ(unconverged.iterations, 3u);
  // A slow contraction (theta = 0.4) leaves an error estimate above 1e-2 tol_c.
  const auto slow = scripted({1.0, 1e-9, 1e-12}, {5e-8, 2e-8, 1e-14});
  EXPECT_EQ(slow.iterations, 3u);
}

TEST(NewtonSolver, StagnatingCorrectionsAtRoundOffPassOnlyNearTheTolerance)
{
  // Residual converged, corrections no longer contracting (theta ~ 1) at
  // 3e-7 (30 tol_c, below the 1e-6 stagnation limit): round-off of the
  // configuration, accepted at the second.
  const auto round_off = scripted({1e-12, 1e-12, 1e-12}, {3e-7, 2.9e-7, 3.1e-7});
  EXPECT_TRUE(round_off.converged);
  EXPECT_EQ(round_off.iterations, 2u);
  // Stagnating at 1e-4 is not round-off: not converged.
  const auto stuck = scripted({1e-12, 1e-12, 1e-12}, {1e-4, 0.9e-4, 1e-4});
  EXPECT_FALSE(stuck.converged);
  EXPECT_EQ(stuck.iterations, 3u);
}

TEST(CutBack, QuartersUntilTheMinimum)
{
  // *STATIC defaults: a quarter per cut-back, no retry below the minimum.
  solvers::CutBack cut_back(solvers::NewtonControls(), 1e-3);
  EXPECT_DOUBLE_EQ(*cut_back.retry(1.0), 0.25);
  EXPECT_DOUBLE_EQ(*cut_back.retry(0.25), 0.0625);
  EXPECT_EQ(cut_back.in_a_row(), 2u);
  EXPECT_DOUBLE_EQ(*cut_back.retry(4e-3), 1e-3); // exactly the minimum is allowed
  EXPECT_FALSE(cut_back.retry(3.9e-3));          // 9.75e-4 < 1e-3
  EXPECT_EQ(cut_back.refusal("increment", "0.001"),
            "; the increment would fall below the minimum 0.001");
}

TEST(CutBack, ClampsToTheMinimumOnce)
{
  // Automatic time incrementation: the last retry is at the minimum.
  solvers::CutBack cut_back(solvers::NewtonControls::for_dynamics(), 0.01,
                            solvers::CutBack::Minimum::clamp);
  EXPECT_DOUBLE_EQ(*cut_back.retry(0.1), 0.025);
  EXPECT_DOUBLE_EQ(*cut_back.retry(0.025), 0.01);
  EXPECT_FALSE(cut_back.retry(0.01));
  EXPECT_EQ(cut_back.refusal("time increment", "0.01"),
            "; the time increment is already the minimum 0.01");
}

TEST(CutBack, LimitsTheCutBacksInARow)
{
  // *DYNAMIC, DIRECT: halves, at most four times; a converged increment resets the count.
  solvers::CutBack cut_back(solvers::NewtonControls::for_fixed_time_increments(), 0.0);
  double           size = 1.0;
  for (unsigned i = 0; i < 4; ++i)
    size = *cut_back.retry(size);
  EXPECT_DOUBLE_EQ(size, 1.0 / 16.0);
  EXPECT_FALSE(cut_back.retry(size));
  EXPECT_EQ(cut_back.refusal("time step", "0.0625"), " after 4 cut-backs in a row (*CONTROLS)");
  cut_back.converged();
  EXPECT_DOUBLE_EQ(*cut_back.retry(size), 1.0 / 32.0);
}
