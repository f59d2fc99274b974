/**
 * Rotations on SO(3) in dynamics: rotation-vector algebra (RotationVector)
 * and the Simo-Wong mid-point rotary inertia of a node (NodalRotaryInertia),
 * checked on a free rigid body: energy and angular momentum conserved to
 * round-off, the precession rate of a torque-free axisymmetric top
 * (closed form |L|/A) reached at second order.
 */
#include <src/analysis/nodal_rotary_inertia.h>
#include <src/core/rotation_vector.h>

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

using corot::analysis::NodalRotaryInertia;
using corot::core::RotationVector;

namespace
{
  /** The increment phi' with cay(phi') = exp(@p spin) cay(@p phi) (a Newton update on the spatial spin). */
  Eigen::Vector3d
  spun(const Eigen::Vector3d &phi, const Eigen::Vector3d &spin)
  {
    return RotationVector::cayley_vector(
      Eigen::Quaterniond(RotationVector::exp(spin) * RotationVector::cayley(phi)));
  }

  /** A free rigid body advanced by the mid-point scheme with Newton on the spatial spin. */
  struct FreeBody
  {
    NodalRotaryInertia body;
    Eigen::Matrix3d    rotation       = Eigen::Matrix3d::Identity();
    Eigen::Vector3d    w              = Eigen::Vector3d::Zero(); ///< spatial angular velocity
    unsigned           max_iterations = 0;

    void
    step(const double dt)
    {
      Eigen::Vector3d theta = dt * w;
      for (unsigned iteration = 1;; ++iteration)
        {
          Eigen::Matrix3d       tangent;
          const Eigen::Vector3d f    = body.midpoint_moment(rotation, theta, w, dt, &tangent);
          const Eigen::Vector3d spin = -tangent.lu().solve(f);
          theta                      = spun(theta, spin);
          max_iterations             = std::max(max_iterations, iteration);
          if (spin.norm() <= 1e-15 * theta.norm() || iteration == 20)
            break;
        }
      w        = NodalRotaryInertia::velocity(theta, w, dt);
      rotation = RotationVector::cayley(theta) * rotation;
    }
  };

  Eigen::Matrix3d
  distinct_inertia()
  {
    // Principal moments 1, 2, 3 about axes turned away from the global ones.
    const Eigen::Matrix3d axes = RotationVector::exp(Eigen::Vector3d(0.3, -0.5, 0.7));
    return axes * Eigen::Vector3d(1.0, 2.0, 3.0).asDiagonal() * axes.transpose();
  }
} // namespace

TEST(RotationVector, CayleyIncrementsComposeOnTheBranchAndMoveRigidPointsAboutTheirMidpoints)
{
  // A hub turning about z far beyond pi: no wrap, psi plus the step's angle
  // 2 atan(|phi|/2) to round-off.
  const Eigen::Vector3d psi(0.0, 0.0, 80.3), phi(0.0, 0.0, 0.06);
  const Eigen::Vector3d angle(0.0, 0.0, 2.0 * std::atan(0.03));
  EXPECT_NEAR((RotationVector::compose(psi, phi) - (psi + angle)).norm(), 0.0, 1e-13);
  EXPECT_NEAR((RotationVector::compose(-psi, -phi) + (psi + angle)).norm(), 0.0, 1e-13);
  // General vectors: exp(compose) = cay(phi) exp(psi), and increment() inverts compose().
  const Eigen::Vector3d a(1.1, -2.0, 0.4), b(-0.2, 0.3, 0.25);
  const Eigen::Vector3d c = RotationVector::compose(a, b);
  EXPECT_NEAR((RotationVector::exp(c) - RotationVector::cayley(b) * RotationVector::exp(a)).norm(),
              0.0, 1e-14);
  EXPECT_NEAR((RotationVector::increment(a, c) - b).norm(), 0.0, 1e-13);
  // The Cayley rotation by b is an orthogonal matrix turning by 2 atan(|b|/2) about b,
  // and (cay(b) - I) x = b x (x + cay(b) x)/2 for any x.
  const Eigen::Matrix3d q = RotationVector::cayley(b);
  EXPECT_NEAR((q * q.transpose() - Eigen::Matrix3d::Identity()).norm(), 0.0, 1e-15);
  EXPECT_NEAR(Eigen::AngleAxisd(q).angle(), 2.0 * std::atan(0.5 * b.norm()), 1e-15);
  const Eigen::Vector3d x(3.0, -1.0, 7.0);
  EXPECT_NEAR(((q - Eigen::Matrix3d::Identity()) * x - b.cross(0.5 * (x + q * x))).norm(), 0.0,
              1e-14);
  EXPECT_THROW(RotationVector::cayley_vector(
                 Eigen::Quaterniond(Eigen::AngleAxisd(M_PI, Eigen::Vector3d::UnitX()))),
               std::runtime_error);
}

TEST(RotationVector, CayleyInverseTangentMatchesFiniteDifferences)
{
  // delta phi = dcay^{-1}(phi) delta w for cay(phi + delta phi) = exp(delta w) cay(phi).
  for (const Eigen::Vector3d &phi :
       {Eigen::Vector3d(0.3, -1.2, 2.0), Eigen::Vector3d(1e-6, 2e-6, 0.0)})
    for (int k = 0; k < 3; ++k)
      {
        const double    h        = 1e-6;
        Eigen::Vector3d spin     = Eigen::Vector3d::Zero();
        spin[k]                  = h;
        const Eigen::Vector3d fd = (spun(phi, spin) - spun(phi, -spin)) / (2.0 * h);
        EXPECT_NEAR((fd - RotationVector::cayley_inverse_tangent(phi).col(k)).norm(), 0.0, 1e-8);
      }
}

TEST(RotationVector, CayleyTangentIsTheSpinOfAChangedIncrementAndInvertsTheInverseTangent)
{
  // skew(delta w) = d cay(phi + t delta phi)/dt cay(phi)^T, delta w = dcay(phi) delta phi.
  for (const Eigen::Vector3d &phi :
       {Eigen::Vector3d(0.3, -1.2, 2.0), Eigen::Vector3d(1e-6, 2e-6, 0.0)})
    {
      EXPECT_NEAR((RotationVector::cayley_tangent(phi) *
                     RotationVector::cayley_inverse_tangent(phi) -
                   Eigen::Matrix3d::Identity())
                    .norm(),
                  0.0, 1e-14);
      for (int k = 0; k < 3; ++k)
        {
          const double          h    = 1e-6;
          const Eigen::Vector3d dphi = h * Eigen::Vector3d::Unit(k);
          const Eigen::Matrix3d spin =
            (RotationVector::cayley(phi + dphi) - RotationVector::cayley(phi - dphi)) / (2.0 * h) *
            RotationVector::cayley(phi).transpose();
          const Eigen::Vector3d w(spin(2, 1), spin(0, 2), spin(1, 0));
          EXPECT_NEAR((w - RotationVector::cayley_tangent(phi).col(k)).norm(), 0.0, 1e-8);
          EXPECT_NEAR((spin + spin.transpose()).norm(), 0.0, 1e-8);
        }
    }
}

TEST(NodalRotaryInertia, TangentMatchesFiniteDifferencesInTheSpatialSpin)
{
  const NodalRotaryInertia body(distinct_inertia());
  const Eigen::Matrix3d    r_n = RotationVector::exp(Eigen::Vector3d(0.4, 0.9, -0.3));
  const Eigen::Vector3d    w_n(1.0, -2.0, 0.5), theta(0.05, 0.02, -0.04);
  const double             dt = 0.03, h = 1e-7;
  Eigen::Matrix3d          tangent;
  body.midpoint_moment(r_n, theta, w_n, dt, &tangent);
  for (int k = 0; k < 3; ++k)
    {
      Eigen::Vector3d spin     = Eigen::Vector3d::Zero();
      spin[k]                  = h;
      const Eigen::Vector3d fd = (body.midpoint_moment(r_n, spun(theta, spin), w_n, dt) -
                                  body.midpoint_moment(r_n, spun(theta, -spin), w_n, dt)) /
                                 (2.0 * h);
      EXPECT_NEAR((fd - tangent.col(k)).norm(), 0.0, 1e-6 * tangent.norm()) << "column " << k;
    }
}

TEST(NodalRotaryInertia, FreeBodyConservesEnergyAndAngularMomentumOverTenThousandSteps)
{
  // Distinct principal moments, spin about no principal axis (tumbling about
  // the intermediate axis included): T and pi are invariants of the exact
  // motion (Euler's equations) and of the scheme to round-off.
  FreeBody body{NodalRotaryInertia(distinct_inertia())};
  body.w                             = Eigen::Vector3d(0.4, 3.0, -1.5);
  const double          t0           = body.body.kinetic_energy(body.rotation, body.w);
  const Eigen::Vector3d pi0          = body.body.angular_momentum(body.rotation, body.w);
  double                energy_error = 0.0, momentum_error = 0.0, turned = 0.0;
  for (int n = 0; n < 10000; ++n)
    {
      const Eigen::Matrix3d previous = body.rotation;
      body.step(0.01);
      turned += Eigen::AngleAxisd(body.rotation * previous.transpose()).angle();
      energy_error =
        std::max(energy_error, std::abs(body.body.kinetic_energy(body.rotation, body.w) - t0));
      momentum_error =
        std::max(momentum_error, (body.body.angular_momentum(body.rotation, body.w) - pi0).norm());
    }
  std::cout << "free body: turned " << turned << " rad, energy error " << energy_error / t0
            << " (relative), momentum error " << momentum_error / pi0.norm() << ", at most "
            << body.max_iterations << " Newton iterations\n";
  EXPECT_GT(turned, 100.0); // it really turns
  EXPECT_LT(energy_error, 1e-12 * t0);
  EXPECT_LT(momentum_error, 1e-12 * pi0.norm());
  EXPECT_LE(body.max_iterations, 6u); // quadratic Newton with the exact tangent
}

TEST(NodalRotaryInertia, AxisymmetricTopPrecessesAtTheClosedFormRateAtSecondOrder)
{
  // Torque-free axisymmetric top, J = diag(A, A, C): the symmetry axis R e3
  // precesses about the fixed angular momentum L at |L|/A (e.g. Goldstein,
  // Classical Mechanics, sec. 5.6; Landau & Lifshitz, Mechanics, sec. 33).
  const double A = 1.0, C = 2.5, period = 10.0;
  auto         measured_rate = [&](const double dt) {
    FreeBody top{NodalRotaryInertia(Eigen::Vector3d(A, A, C).asDiagonal())};
    top.w                   = Eigen::Vector3d(0.6, 0.0, 1.0);
    const Eigen::Vector3d l = top.body.angular_momentum(top.rotation, top.w).normalized();
    auto                  project = [&](const Eigen::Vector3d &axis) {
      return Eigen::Vector3d(axis - axis.dot(l) * l);
    };
    Eigen::Vector3d previous = project(top.rotation.col(2));
    double          angle    = 0.0;
    const int       steps    = static_cast<int>(std::lround(period / dt));
    for (int n = 0; n < steps; ++n)
      {
        top.step(dt);
        const Eigen::Vector3d current = project(top.rotation.col(2));
        angle += std::atan2(previous.cross(current).dot(l), previous.dot(current));
        previous = current;
      }
    return angle / period;
  };
  const double exact =
    Eigen::Vector3d(A * 0.6, 0.0, C * 1.0).norm() / A; // |L|/A with L = J w at t = 0
  const double error_1 = std::abs(measured_rate(0.02) - exact);
  const double error_2 = std::abs(measured_rate(0.01) - exact);
  std::cout << "top: precession rate " << exact << ", errors " << error_1 << " (dt 0.02), "
            << error_2 << " (dt 0.01), observed order " << std::log2(error_1 / error_2) << "\n";
  EXPECT_LT(error_1, 1e-3 * exact);
  EXPECT_NEAR(std::log2(error_1 / error_2), 2.0, 0.1);
}
