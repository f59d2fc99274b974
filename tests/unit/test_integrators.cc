/**
 * Time integrators on a system they see only through DynamicSystem (as
 * MFEM tests its ODE solvers): a two-DOF oscillator with a stiffening
 * (quartic-energy) spring, W(d) = k d^2/2 + c d^4/4 per DOF.
 * - the mid-point scheme conserves energy to round-off over 10^4 steps;
 * - mid-point, Newmark, HHT (alpha = -0.1) and generalized-alpha (RHO_INF = 0.8) show observed order 2 under
 *   step halving (against a reference computed with a 64 times smaller step);
 * - HHT dissipates: the oscillator's energy never exceeds its initial value
 *   and decays (step by step it may rise a little: HHT dissipates an
 *   algorithmic energy, not the physical one, monotonically).
 */
#include <integrators/integrator.h>

#include "integrator_parameters.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace corot::integrators;

namespace
{
  /** Uncoupled stiffening springs with unit masses; the discrete gradient gives the conserving force. */
  class StiffeningOscillator : public DynamicSystem
  {
  public:
    static constexpr double k = 4.0, c = 10.0;

    unsigned
    n_dofs() const override
    {
      return 2;
    }
    Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const override
    {
      return x;
    }
    Eigen::VectorXd
    external_force(double) const override
    {
      return Eigen::VectorXd::Zero(2);
    }
    Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) override
    {
      return force(d);
    }
    Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &, double) override
    {
      return -force(d);
    }
    Eigen::VectorXd
    newton_correction(const ForceModel model, const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1, const InertiaForce &inertia_force,
                      const Eigen::VectorXd &external, const double mass_coefficient,
                      ResidualNorms &norms) override
    {
      const Eigen::VectorXd &inertia = inertia_force.force;
      Eigen::VectorXd        f(2), slope(2);
      for (int i = 0; i < 2; ++i)
        if (model == ForceModel::conserving)
          {
            // (W(b) - W(a))/(b - a) for W = k d^2/2 + c d^4/4, written without the division.
            const double a = d_n[i], b = d_n1[i];
            f[i]     = k * (a + b) / 2 + c * (a + b) * (a * a + b * b) / 4;
            slope[i] = k / 2 + c * ((a * a + b * b) + 2 * b * (a + b)) / 4;
          }
        else
          {
            f[i]     = k * d_n1[i] + c * std::pow(d_n1[i], 3);
            slope[i] = k + 3 * c * d_n1[i] * d_n1[i];
          }
      const Eigen::VectorXd g = f + inertia - external;
      norms.residual          = {g.norm(), 0.0};
      norms.force_level       = {std::max(f.norm(), inertia.norm()), 0.0};
      Eigen::VectorXd delta(2);
      for (int i = 0; i < 2; ++i)
        delta[i] = -g[i] / (slope[i] + mass_coefficient);
      return delta;
    }
    double
    strain_energy(const Eigen::VectorXd &d) const override
    {
      return (k * d.squaredNorm() + c * d.array().pow(4).sum() / 2) / 2;
    }
    Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) override
    {
      Eigen::SparseMatrix<double> K(2, 2);
      for (int i = 0; i < 2; ++i)
        K.insert(i, i) = k + 3 * c * d[i] * d[i];
      return K;
    }
    Eigen::SparseMatrix<double>
    mass_matrix() const override
    {
      Eigen::SparseMatrix<double> M(2, 2);
      M.setIdentity();
      return M;
    }
    std::vector<unsigned>
    constrained_dofs() const override
    {
      return {};
    }

  private:
    Eigen::VectorXd
    force(const Eigen::VectorXd &d) const
    {
      return k * d + c * d.array().pow(3).matrix();
    }
  };

  /** The registered integrator @p name, with ALPHA=@p alpha for HHT. */
  std::unique_ptr<Integrator>
  create_integrator(const std::string &name, const double alpha = 0.0)
  {
    if (name == "HHT")
      return corot::test::make_integrator(name, {{"ALPHA", alpha}});
    if (name == "GALPHA")
      return corot::test::make_integrator(name, {{"RHO_INF", 0.8}});
    return corot::test::make_integrator(name);
  }

  State
  run(const std::string &name, const double dt, const double end, const double alpha = 0.0)
  {
    StiffeningOscillator system;
    State                state;
    state.displacement = Eigen::Vector2d(0.5, -0.2);
    state.velocity     = Eigen::Vector2d(0.0, 1.5);
    auto integrator    = create_integrator(name, alpha);
    integrator->initialize(system, state);
    const auto steps = static_cast<unsigned>(std::llround(end / dt));
    for (unsigned n = 0; n < steps; ++n)
      integrator->advance(system, state, dt);
    return state;
  }
} // namespace

TEST(Integrators, MidpointConservesEnergyOverTenThousandSteps)
{
  StiffeningOscillator system;
  State                state;
  state.displacement = Eigen::Vector2d(0.5, -0.2);
  state.velocity     = Eigen::Vector2d(0.0, 1.5);
  auto integrator    = create_integrator("MIDPOINT");
  integrator->initialize(system, state);
  const double initial =
    0.5 * state.velocity.squaredNorm() + system.strain_energy(state.displacement);
  double worst = 0.0;
  for (unsigned n = 0; n < 10000; ++n)
    {
      integrator->advance(system, state, 0.05); // about 16 steps a period: large steps
      const double energy =
        0.5 * state.velocity.squaredNorm() + system.strain_energy(state.displacement);
      worst = std::max(worst, std::abs(energy - initial) / initial);
    }
  std::cout << "mid-point: largest relative energy error over 10^4 steps: " << worst << std::endl;
  EXPECT_LT(worst, 1e-10);
}

TEST(Integrators, ObservedOrderTwoByStepHalving)
{
  for (const std::string name : {"MIDPOINT", "NEWMARK", "HHT", "GALPHA"})
    {
      const double alpha     = name == "HHT" ? -0.1 : 0.0;
      const double end       = 2.0;
      const State  reference = run(name, 0.1 / 64, end, alpha);
      double       previous  = 0.0;
      for (const double dt : {0.1, 0.05, 0.025})
        {
          const double error =
            (run(name, dt, end, alpha).displacement - reference.displacement).norm();
          if (previous > 0.0)
            {
              const double order = std::log2(previous / error);
              std::cout << name << ": dt = " << dt << ", error " << error << ", observed order "
                        << order << std::endl;
              EXPECT_NEAR(order, 2.0, 0.15) << name;
            }
          previous = error;
        }
    }
}

TEST(Integrators, HhtDissipatesEnergy)
{
  StiffeningOscillator system;
  State                state;
  state.displacement = Eigen::Vector2d(0.5, -0.2);
  state.velocity     = Eigen::Vector2d(0.0, 1.5);
  auto integrator    = create_integrator("HHT", -0.3);
  integrator->initialize(system, state);
  auto energy = [&] {
    return 0.5 * state.velocity.squaredNorm() + system.strain_energy(state.displacement);
  };
  const double initial = energy();
  double       last    = initial;
  for (unsigned n = 0; n < 200; ++n)
    {
      integrator->advance(system, state, 0.2); // about 4 steps a period: strongly damped
      last = energy();
      EXPECT_LE(last, initial);
    }
  std::cout << "HHT alpha = -0.3: energy after 200 steps / initial = " << last / initial
            << std::endl;
  EXPECT_LT(last, 0.9 * initial);
}

TEST(Integrators, LocalErrorEstimateTracksTheTrueLocalError)
{
  // One step of dt from a state on the trajectory against the same start
  // integrated with 1024 sub-steps (whose own error is 1024^-2 of the step's
  // global error, i.e. about 1e-6 of the local error): the estimate
  // (Zienkiewicz & Xie 1991; the trapezoidal rule's dt^3/12 u''' for the
  // mid-point scheme) must give the size of the true local error of the
  // displacements.
  for (const std::string name : {"MIDPOINT", "NEWMARK", "HHT"})
    for (const double dt : {0.04, 0.01})
      {
        const double         alpha = name == "HHT" ? -0.1 : 0.0;
        StiffeningOscillator system;
        State                state;
        state.displacement = Eigen::Vector2d(0.5, -0.2);
        state.velocity     = Eigen::Vector2d(0.0, 1.5);
        auto integrator    = create_integrator(name, alpha);
        integrator->initialize(system, state);
        for (unsigned n = 0; n < static_cast<unsigned>(std::llround(0.4 / dt)); ++n)
          integrator->advance(system, state, dt);
        const State before = state;
        integrator->advance(system, state, dt);
        const Eigen::VectorXd estimate = integrator->local_error(before, state, dt, dt);
        ASSERT_EQ(estimate.size(), 2) << name;

        State fine     = before;
        auto  accurate = create_integrator(name, alpha);
        for (unsigned n = 0; n < 1024; ++n)
          accurate->advance(system, fine, dt / 1024);
        const Eigen::VectorXd local = state.displacement - fine.displacement;
        const double          ratio = estimate.norm() / local.norm();
        std::cout << name << ", dt = " << dt << ": local error " << local.norm() << ", estimate "
                  << estimate.norm() << " (ratio " << ratio << ")" << std::endl;
        EXPECT_GT(ratio, 0.5) << name << " dt = " << dt;
        EXPECT_LT(ratio, 2.0) << name << " dt = " << dt;
      }
  // The mid-point scheme has no earlier acceleration on its first step.
  StiffeningOscillator system;
  State                state;
  state.displacement = Eigen::Vector2d(0.5, -0.2);
  state.velocity     = Eigen::Vector2d(0.0, 1.5);
  auto midpoint      = create_integrator("MIDPOINT");
  midpoint->initialize(system, state);
  const State before = state;
  midpoint->advance(system, state, 0.01);
  EXPECT_EQ(midpoint->local_error(before, state, 0.01, 0.0).size(), 0);
}
