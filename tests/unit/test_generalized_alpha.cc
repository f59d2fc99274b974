/**
 * Generalized-alpha (Chung & Hulbert 1993) on a linear oscillator M = 1,
 * K = omega^2 seen only through DynamicSystem:
 * - the spectral radius of the one-step amplification matrix at omega dt = 1e6
 *   is RHO_INF (eq. 25: all three eigenvalues tend to -rho_inf), measured from
 *   the matrix built column by column by advancing the unit states (d, v, a);
 * - observed order 2 against the closed form cos(omega t) under step halving
 *   (the state error at t = 2.25 periods, where the phase error shows in full);
 * - the low frequencies are barely damped: at omega dt = 0.1 and RHO_INF = 0.8
 *   the spectral radius is within 1e-4 of 1 (eq. 26's rho(Omega) - 1 = O(Omega^4)).
 */
#include <integrators/generalized_alpha.h>
#include <integrators/integrator.h>

#include "integrator_parameters.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <iostream>

using namespace corot::integrators;

namespace
{
  /** One DOF, unit mass, stiffness omega^2. */
  class LinearOscillator : public DynamicSystem
  {
  public:
    explicit LinearOscillator(const double omega)
      : stiffness(omega * omega)
    {}

    double stiffness;

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
      return stiffness * d;
    }
    Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &, double) override
    {
      return -stiffness * d;
    }
    Eigen::VectorXd
    newton_correction(const ForceModel model, const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1, const InertiaForce &inertia,
                      const Eigen::VectorXd &external, const double mass_coefficient,
                      ResidualNorms &norms) override
    {
      const double          slope = model == ForceModel::conserving ? stiffness / 2 : stiffness;
      const Eigen::VectorXd f     = model == ForceModel::conserving ?
                                      Eigen::VectorXd(stiffness * (d_n + d_n1) / 2) :
                                      Eigen::VectorXd(stiffness * d_n1);
      const Eigen::VectorXd g     = f + inertia.force - external;
      norms.residual              = {g.norm(), 0.0};
      norms.force_level           = {std::max(f.norm(), inertia.force.norm()), 0.0};
      norms.stiffness_force       = slope + mass_coefficient;
      return -g / (slope + mass_coefficient);
    }
    double
    strain_energy(const Eigen::VectorXd &d) const override
    {
      return 0.5 * stiffness * d.squaredNorm();
    }
    Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &) override
    {
      Eigen::SparseMatrix<double> K(1, 1);
      K.insert(0, 0) = stiffness;
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
  };

  /** The one-step map (d, v, a)_n -> (d, v, a)_{n+1} of @p integrator at omega dt = @p omega_dt. */
  Eigen::Matrix3d
  amplification_matrix(Integrator &integrator, const double omega_dt)
  {
    LinearOscillator system(omega_dt); // dt = 1
    Eigen::Matrix3d  matrix;
    for (int column = 0; column < 3; ++column)
      {
        State state;
        state.displacement = Eigen::VectorXd::Constant(1, column == 0 ? 1.0 : 0.0);
        state.velocity     = Eigen::VectorXd::Constant(1, column == 1 ? 1.0 : 0.0);
        state.acceleration = Eigen::VectorXd::Constant(1, column == 2 ? 1.0 : 0.0);
        integrator.advance(system, state, 1.0);
        matrix.col(column) << state.displacement[0], state.velocity[0], state.acceleration[0];
      }
    return matrix;
  }

  double
  spectral_radius(const Eigen::Matrix3d &matrix)
  {
    return Eigen::EigenSolver<Eigen::Matrix3d>(matrix, false).eigenvalues().cwiseAbs().maxCoeff();
  }

  /** |(d, v/omega)(T) - (cos, -sin)(omega T)| for d(0) = 1, v(0) = 0, omega = 2 pi, T = 2.25. */
  double
  state_error(const double rho, const double dt)
  {
    const double     omega = 2.0 * M_PI;
    LinearOscillator system(omega);
    State            state;
    state.displacement = Eigen::VectorXd::Ones(1);
    state.velocity     = Eigen::VectorXd::Zero(1);
    auto integrator    = corot::test::make_integrator("GALPHA", {{"RHO_INF", rho}});
    integrator->initialize(system, state);
    const double end   = 2.25;
    const auto   steps = static_cast<unsigned>(std::llround(end / dt));
    for (unsigned n = 0; n < steps; ++n)
      integrator->advance(system, state, dt);
    return std::hypot(state.displacement[0] - std::cos(omega * end),
                      state.velocity[0] / omega + std::sin(omega * end));
  }
} // namespace

TEST(GeneralizedAlpha, SpectralRadiusAtInfinityIsRhoInf)
{
  // The triple eigenvalue -rho_inf of the limit is defective, so at omega dt =
  // 1e6 (a perturbation of order (omega dt)^-2 = 1e-12) the computed radius is
  // within about (1e-12)^(1/3) = 1e-4 of it.
  for (const double rho : {0.0, 0.3, 0.5, 0.8, 1.0})
    {
      auto         integrator = corot::test::make_integrator("GALPHA", {{"RHO_INF", rho}});
      const double radius     = spectral_radius(amplification_matrix(*integrator, 1e6));
      std::cout << "RHO_INF = " << rho << ": spectral radius at omega dt = 1e6: " << radius
                << std::endl;
      EXPECT_NEAR(radius, rho, 1e-3) << rho;
    }
}

TEST(GeneralizedAlpha, LowFrequenciesAreKept)
{
  auto         integrator = corot::test::make_integrator("GALPHA", {{"RHO_INF", 0.8}});
  const double radius     = spectral_radius(amplification_matrix(*integrator, 0.1));
  std::cout << "RHO_INF = 0.8: spectral radius at omega dt = 0.1: " << radius << std::endl;
  EXPECT_LT(radius, 1.0);
  EXPECT_GT(radius, 1.0 - 1e-4);
}

TEST(GeneralizedAlpha, ObservedOrderTwo)
{
  for (const double rho : {0.0, 0.5, 0.9})
    {
      double previous = 0.0;
      for (const double dt : {0.025, 0.0125, 0.00625})
        {
          const double error = state_error(rho, dt);
          if (previous > 0.0)
            {
              const double order = std::log2(previous / error);
              std::cout << "RHO_INF = " << rho << ": dt = " << dt << ", error " << error
                        << ", observed order " << order << std::endl;
              EXPECT_NEAR(order, 2.0, 0.1) << rho;
            }
          previous = error;
        }
    }
}

TEST(GeneralizedAlpha, RejectsRhoOutsideTheUnitInterval)
{
  EXPECT_THROW(corot::test::make_integrator("GALPHA", {{"RHO_INF", 1.5}}), std::invalid_argument);
  EXPECT_THROW(corot::test::make_integrator("GALPHA", {{"RHO_INF", -0.1}}), std::invalid_argument);
}
