/**
 * The energy-conserving time finite elements cG(k) (TimeFiniteElement) on
 * small analytic DynamicSystems written here:
 * - Pendulum: the plane pendulum theta'' = -omega^2 sin(theta), a 1-DOF
 *   system with the non-polynomial energy W = omega^2 (1 - cos theta); closed
 *   form sin(theta/2) = s sn(K(s) - omega t; s), s = sin(theta_0/2), for a
 *   release from rest (Jacobi elliptic functions, Boost.Math).
 * - SpringPendulum: a point mass on an elastic spring (W = kappa/2 (|p| - L)^2,
 *   non-polynomial in the displacements) under gravity, plus a third,
 *   constrained DOF that carries a load (a reaction) and must not move.
 * Checks: the basis reproduces polynomial motion exactly; observed order 2k
 * (k = 2, 3) against the closed form and, for the coupled 2-DOF system,
 * against a k = 3 solution with a 32 times smaller step; energy conserved to
 * round-off over 10^4 steps; the energy identity under a time-varying load;
 * k = 1 reproduces the mid-point scheme (EnergyConservingMidpoint).
 */
#include <integrators/energy_conserving_midpoint.h>
#include <integrators/integrator.h>
#include <integrators/time_element_basis.h>
#include <integrators/time_finite_element.h>

#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

using namespace corot::integrators;

namespace
{
  /** theta'' + omega^2 sin(theta) = 0 with unit inertia. */
  class Pendulum : public DynamicSystem
  {
  public:
    static constexpr double omega = 2.0;

    unsigned
    n_dofs() const override
    {
      return 1;
    }
    Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const override
    {
      return x;
    }
    Eigen::VectorXd
    external_force(double) const override
    {
      return Eigen::VectorXd::Zero(1);
    }
    Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) override
    {
      return Eigen::VectorXd::Constant(1, omega * omega * std::sin(d[0]));
    }
    Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &, double) override
    {
      return -internal_force(d);
    }
    Eigen::VectorXd
    newton_correction(ForceModel, const Eigen::VectorXd &, const Eigen::VectorXd &,
                      const InertiaForce &, const Eigen::VectorXd &, double,
                      ResidualNorms &) override
    {
      throw std::logic_error("the pendulum is only run with ORDER >= 2");
    }
    double
    strain_energy(const Eigen::VectorXd &d) const override
    {
      return omega * omega * (1.0 - std::cos(d[0]));
    }
    Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) override
    {
      Eigen::SparseMatrix<double> K(1, 1);
      K.insert(0, 0) = omega * omega * std::cos(d[0]);
      return K;
    }
    Eigen::SparseMatrix<double>
    mass_matrix() const override
    {
      Eigen::SparseMatrix<double> M(1, 1);
      M.setIdentity();
      return M;
    }
    std::vector<unsigned>
    constrained_dofs() const override
    {
      return {};
    }

    /** The closed-form angle at @p time after release from rest at @p theta_0. */
    static double
    exact_angle(const double theta_0, const double time)
    {
      const double s = std::sin(theta_0 / 2);
      return 2.0 *
             std::asin(s * boost::math::jacobi_sn(s, boost::math::ellint_1(s) - omega * time));
    }
  };

  /**
   * Mass m on a spring of stiffness kappa and length L from a pin at the
   * origin; DOFs: displacements (x, y) from the hanging point (0, -L) and a
   * constrained DOF z. Gravity and an optional horizontal load
   * amplitude sin(2 t) are external.
   */
  class SpringPendulum : public DynamicSystem
  {
  public:
    static constexpr double m = 2.0, kappa = 200.0, L = 1.0, g = 10.0;
    double                  amplitude = 0.0;

    unsigned
    n_dofs() const override
    {
      return 3;
    }
    Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const override
    {
      return Eigen::Vector3d(m * x[0], m * x[1], 0.0);
    }
    Eigen::VectorXd
    external_force(const double time) const override
    {
      return Eigen::Vector3d(amplitude * std::sin(2.0 * time), -m * g, 5.0);
    }
    Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) override
    {
      const Eigen::Vector2d p = position(d);
      const Eigen::Vector2d f = kappa * (1.0 - L / p.norm()) * p;
      return Eigen::Vector3d(f[0], f[1], 0.0);
    }
    Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &,
                         const double           time) override
    {
      Eigen::VectorXd a = (external_force(time) - internal_force(d)) / m;
      a[2]              = 0.0;
      return a;
    }
    /**
     * Mid-point Newton correction; the conserving force is the Crisfield-Shi
     * spring force kappa (1 - L/l_bar) p_m, l_bar = (l_n + l_n1)/2, for which
     * Delta p . f = W_n1 - W_n exactly (Crisfield & Shi 1993, eqs. 14-21).
     */
    Eigen::VectorXd
    newton_correction(const ForceModel model, const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1, const InertiaForce &inertia_force,
                      const Eigen::VectorXd &external, const double mass_coefficient,
                      ResidualNorms &norms) override
    {
      const Eigen::VectorXd &inertia = inertia_force.force;
      EXPECT_EQ(model, ForceModel::conserving);
      const Eigen::Vector2d p_n = position(d_n), p_n1 = position(d_n1), p_m = (p_n + p_n1) / 2;
      const double          l_bar = (p_n.norm() + p_n1.norm()) / 2;
      const Eigen::Vector2d f     = kappa * (1.0 - L / l_bar) * p_m;
      const Eigen::Matrix2d K =
        kappa * (1.0 - L / l_bar) / 2 * Eigen::Matrix2d::Identity() +
        kappa * L / (2 * l_bar * l_bar) * p_m * p_n1.normalized().transpose();
      const Eigen::Vector2d r = f + inertia.head<2>() - external.head<2>();
      norms.residual          = {r.norm(), 0.0};
      norms.force_level       = {
              std::max({f.norm(), inertia.head<2>().norm(), external.head<2>().norm()}), 0.0};
      const Eigen::Vector2d delta =
        -(K + mass_coefficient * m * Eigen::Matrix2d::Identity()).lu().solve(r);
      return Eigen::Vector3d(delta[0], delta[1], 0.0);
    }
    double
    strain_energy(const Eigen::VectorXd &d) const override
    {
      const double stretch = position(d).norm() - L;
      return kappa / 2 * stretch * stretch;
    }
    Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) override
    {
      const Eigen::Vector2d p = position(d);
      const double          l = p.norm();
      const Eigen::Matrix2d K =
        kappa * ((1.0 - L / l) * Eigen::Matrix2d::Identity() + L / (l * l * l) * p * p.transpose());
      Eigen::SparseMatrix<double> result(3, 3);
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          result.insert(i, j) = K(i, j);
      result.insert(2, 2) = 1.0;
      return result;
    }
    Eigen::SparseMatrix<double>
    mass_matrix() const override
    {
      Eigen::SparseMatrix<double> M(3, 3);
      M.insert(0, 0) = M.insert(1, 1) = m;
      return M;
    }
    std::vector<unsigned>
    constrained_dofs() const override
    {
      return {2};
    }

  private:
    static Eigen::Vector2d
    position(const Eigen::VectorXd &d)
    {
      return Eigen::Vector2d(d[0], -L + d[1]);
    }
  };

  /** Total energy K + W - (external work so far) along a run. */
  struct EnergyLog
  {
    double initial = 0.0, largest_change = 0.0;
  };

  /** The spring pendulum released stretched and swinging: about 30 degrees, 10 % stretch. */
  State
  spring_pendulum_start()
  {
    State state;
    state.displacement = Eigen::Vector3d(0.55, 0.05, 0.0);
    state.velocity     = Eigen::Vector3d(0.0, 1.0, 0.0);
    return state;
  }

  /** Runs @p integrator on @p system for @p steps steps of @p dt, logging the energy. */
  State
  run(Integrator &integrator, DynamicSystem &system, State state, const double dt,
      const unsigned steps, EnergyLog *log = nullptr, unsigned *most_iterations = nullptr)
  {
    integrator.initialize(system, state);
    auto energy = [&](const double work) {
      return 0.5 * state.velocity.dot(system.mass_times(state.velocity)) +
             system.strain_energy(state.displacement) - work;
    };
    double work = 0.0;
    if (log != nullptr)
      log->initial = energy(0.0);
    for (unsigned n = 0; n < steps; ++n)
      {
        integrator.advance(system, state, dt);
        work += integrator.external_work_increment();
        if (log != nullptr)
          log->largest_change =
            std::max(log->largest_change, std::abs(energy(work) - log->initial));
        if (most_iterations != nullptr)
          *most_iterations = std::max(*most_iterations, state.iterations);
      }
    return state;
  }
} // namespace

TEST(TimeFiniteElement, BasisReproducesPolynomialMotion)
{
  // For d(t) of degree k, v = d' lies in the trial space and satisfies the
  // kinematic equation exactly: every table must return d, d', d'' exactly.
  for (unsigned k = 1; k <= 4; ++k)
    {
      const TimeElementBasis basis(k);
      const double           h = 0.3;
      auto d   = [&](const double t) { return std::pow(1.0 + 2.0 * t, k) + 0.5 * t; };
      auto dd  = [&](const double t) { return 2.0 * k * std::pow(1.0 + 2.0 * t, k - 1) + 0.5; };
      auto ddd = [&](const double t) {
        return k < 2 ? 0.0 : 4.0 * k * (k - 1) * std::pow(1.0 + 2.0 * t, k - 2);
      };
      TimeElementBasis::Vector X(k);
      for (unsigned j = 0; j < k; ++j)
        X[j] = d(basis.gauss_points[j] * h) - d(0.0);
      EXPECT_NEAR(basis.gauss_weights.sum(), 1.0, 1e-14);
      EXPECT_NEAR(basis.end_displacement.dot(X), d(h) - d(0.0), 1e-13) << k;
      EXPECT_NEAR(basis.end_velocity.dot(X) / h + basis.end_velocity_from_velocity * dd(0.0), dd(h),
                  1e-12)
        << k;
      EXPECT_NEAR(basis.end_acceleration.dot(X) / (h * h) +
                    basis.end_acceleration_from_velocity / h * dd(0.0),
                  ddd(h), 1e-10)
        << k;
      for (unsigned l = 0; l < k; ++l)
        {
          const double t = basis.gauss_points[l] * h;
          EXPECT_NEAR(basis.stage_velocity.row(l).dot(X) / h, dd(t), 1e-12) << k;
          EXPECT_NEAR(basis.stage_acceleration.row(l).dot(X) / (h * h) +
                        basis.stage_acceleration_from_velocity[l] / h * dd(0.0),
                      ddd(t), 1e-10)
            << k;
        }
    }
}

TEST(TimeFiniteElement, ObservedOrderTwoKOnPendulumClosedForm)
{
  // Release from rest at 2 rad (115 degrees): period 4 K(sin 1)/omega = 3.77.
  const double theta_0 = 2.0, end = 3.2;
  for (const unsigned k : {2u, 3u})
    {
      double previous = 0.0;
      // For k = 3 the error at dt = 0.025 (3e-12) is at the level of the
      // Newton tolerance and round-off: the halving stops at 0.05.
      for (const double dt : k == 2 ? std::vector<double>{0.2, 0.1, 0.05, 0.025} :
                                      std::vector<double>{0.2, 0.1, 0.05})
        {
          Pendulum          system;
          TimeFiniteElement integrator(k);
          State             start;
          start.displacement          = Eigen::VectorXd::Constant(1, theta_0);
          start.velocity              = Eigen::VectorXd::Zero(1);
          unsigned    most_iterations = 0;
          const State state =
            run(integrator, system, start, dt, std::lround(end / dt), nullptr, &most_iterations);
          const double error =
            std::abs(state.displacement[0] - Pendulum::exact_angle(theta_0, end));
          std::cout << "pendulum, k = " << k << ", dt = " << dt << ": |theta - exact| = " << error
                    << ", at most " << most_iterations << " Newton iterations";
          if (previous > 0.0)
            {
              const double order = std::log2(previous / error);
              std::cout << ", observed order " << order;
              EXPECT_NEAR(order, 2.0 * k, 0.25) << "k = " << k << ", dt = " << dt;
            }
          std::cout << std::endl;
          previous = error;
        }
    }
}

TEST(TimeFiniteElement, ObservedOrderTwoKOnCoupledSpringPendulum)
{
  // Reference: the k = 3 element with a 32 times smaller step than the smallest below.
  const double end = 2.0;
  for (const unsigned k : {2u, 3u})
    {
      const std::vector<double> steps =
        k == 2 ? std::vector<double>{0.04, 0.02, 0.01} : std::vector<double>{0.08, 0.04, 0.02};
      SpringPendulum    reference_system;
      TimeFiniteElement reference_integrator(3);
      const double      reference_dt = steps.back() / 32;
      const State reference = run(reference_integrator, reference_system, spring_pendulum_start(),
                                  reference_dt, std::lround(end / reference_dt));
      double      previous  = 0.0;
      for (const double dt : steps)
        {
          SpringPendulum    system;
          TimeFiniteElement integrator(k);
          const State       state =
            run(integrator, system, spring_pendulum_start(), dt, std::lround(end / dt));
          EXPECT_EQ(state.displacement[2], 0.0);
          const double error = (state.displacement - reference.displacement).norm();
          std::cout << "spring pendulum, k = " << k << ", dt = " << dt << ": error " << error;
          if (previous > 0.0)
            {
              const double order = std::log2(previous / error);
              std::cout << ", observed order " << order;
              EXPECT_NEAR(order, 2.0 * k, 0.25) << "k = " << k << ", dt = " << dt;
            }
          std::cout << std::endl;
          previous = error;
        }
    }
}

TEST(TimeFiniteElement, ConservesEnergyOverTenThousandSteps)
{
  // Spring period 2 pi sqrt(m/kappa) = 0.63: dt = 0.05 is about 13 steps a
  // spring period. Constant gravity: external work = exact potential change.
  for (const unsigned k : {2u, 3u})
    {
      SpringPendulum    system;
      TimeFiniteElement integrator(k);
      EnergyLog         log;
      unsigned          most_iterations = 0;
      const State       state =
        run(integrator, system, spring_pendulum_start(), 0.05, 10000, &log, &most_iterations);
      const double relative = log.largest_change / log.initial;
      std::cout << "k = " << k << ": largest relative energy change over 10^4 steps " << relative
                << " (initial energy " << log.initial << ", at most " << most_iterations
                << " Newton iterations)" << std::endl;
      EXPECT_LT(relative, 1e-12) << k;
      EXPECT_EQ(state.displacement[2], 0.0);
      EXPECT_EQ(state.velocity[2], 0.0);
    }
}

TEST(TimeFiniteElement, EnergyIdentityUnderTimeVaryingLoad)
{
  // K + W - (the scheme's external work) is conserved for any f_ext(t).
  for (const unsigned k : {2u, 3u})
    {
      SpringPendulum system;
      system.amplitude = 30.0;
      TimeFiniteElement integrator(k);
      EnergyLog         log;
      run(integrator, system, spring_pendulum_start(), 0.05, 1000, &log);
      std::cout << "k = " << k << ", load 30 sin(2t): largest relative change of K + W - work "
                << log.largest_change / log.initial << std::endl;
      EXPECT_LT(log.largest_change / log.initial, 1e-12) << k;
    }
}

TEST(TimeFiniteElement, OrderOneReproducesMidpointScheme)
{
  // Along a 500-step trajectory, each ORDER=1 step equals the mid-point step
  // from the same state (compared step by step: over many steps the spring
  // pendulum amplifies round-off differences).
  SpringPendulum system;
  system.amplitude = 30.0; // a time-varying load: the end-load average must match too
  TimeFiniteElement        element(1);
  EnergyConservingMidpoint midpoint;
  State                    a = spring_pendulum_start();
  element.initialize(system, a);
  double largest = 0.0;
  for (unsigned n = 0; n < 500; ++n)
    {
      State b = a;
      element.advance(system, a, 0.05);
      midpoint.advance(system, b, 0.05);
      EXPECT_EQ(a.iterations, b.iterations);
      EXPECT_EQ(a.time, b.time);
      EXPECT_EQ(a.displacement[2], 0.0);
      largest =
        std::max({largest, (a.displacement - b.displacement).norm() / a.displacement.norm(),
                  (a.velocity - b.velocity).norm() / a.velocity.norm(),
                  (a.acceleration - b.acceleration).norm() / a.acceleration.norm(),
                  std::abs(element.external_work_increment() - midpoint.external_work_increment()) /
                    std::abs(midpoint.external_work_increment())});
    }
  std::cout << "ORDER=1 vs mid-point, 500 steps: largest relative difference in a step " << largest
            << std::endl;
  EXPECT_LT(largest, 1e-12);
}
