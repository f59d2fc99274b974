/**
 * The co-rotational consistent (Hermite) mass of a planar beam
 * (PlanarConsistentInertia, Meijaard 1993 eq. 17): closed forms at the
 * reference and for rigid motions, the energy identity of its mid-point force
 * to round-off over random steps with rotations of up to 2 rad, the tangent
 * against central differences, and the force's limit, the Lagrange equation
 * M a + M' v - dT/dq (from finite differences of T alone), reached at second
 * order in the step.
 */
#include <elements/planar_consistent_inertia.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace corot::elements;
using Vector6 = PlanarConsistentInertia::Vector6;
using Matrix6 = PlanarConsistentInertia::Matrix6;

namespace
{
  constexpr double mass_per_length = 1.2; // rho A of Meijaard's spin-up beam

  /** A 2.5 m beam at 30 degrees. */
  PlanarConsistentInertia
  inclined_beam(Eigen::Vector2d &start, Eigen::Vector2d &end)
  {
    start = Eigen::Vector2d(0.4, -0.3);
    end   = start + 2.5 * Eigen::Vector2d(std::cos(M_PI / 6.0), std::sin(M_PI / 6.0));
    return PlanarConsistentInertia(start, end, mass_per_length);
  }

  Vector6
  random_vector(std::mt19937 &random, const double scale)
  {
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    Vector6                                result;
    for (unsigned k = 0; k < 6; ++k)
      result[k] = scale * uniform(random);
    return result;
  }
} // namespace

TEST(PlanarConsistentInertiaTest, ReferenceMassIsTheHermiteMatrix)
{
  // Along x: transverse (y, th) the standard Przemieniecki matrix
  // rho A L/420 [156 22L 54 -13L; ...]; axially the same cubic (Meijaard).
  const double            l = 2.0;
  PlanarConsistentInertia beam(Eigen::Vector2d(1.0, 0.0), Eigen::Vector2d(1.0 + l, 0.0),
                               mass_per_length);
  Vector6                 q;
  q << 1.0, 0.0, 0.0, 1.0 + l, 0.0, 0.0;
  const Matrix6 m             = beam.mass_matrix(q);
  const double  factor        = mass_per_length * l / 420.0;
  Matrix6       expected      = Matrix6::Zero();
  const int     transverse[4] = {1, 2, 4, 5};
  const double  hermite[4][4] = {{156.0, 22.0 * l, 54.0, -13.0 * l},
                                 {22.0 * l, 4.0 * l * l, 13.0 * l, -3.0 * l * l},
                                 {54.0, 13.0 * l, 156.0, -22.0 * l},
                                 {-13.0 * l, -3.0 * l * l, -22.0 * l, 4.0 * l * l}};
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j)
      expected(transverse[i], transverse[j]) = factor * hermite[i][j];
  expected(0, 0) = expected(3, 3) = 156.0 * factor;
  expected(0, 3) = expected(3, 0) = 54.0 * factor;
  EXPECT_LT((m - expected).norm(), 1e-14 * expected.norm()) << m << "\n\n" << expected;
}

TEST(PlanarConsistentInertiaTest, RigidMotionsCarryTheExactMassAndInertia)
{
  Eigen::Vector2d               start, end;
  const PlanarConsistentInertia beam = inclined_beam(start, end);
  const double                  l = 2.5, mass = mass_per_length * l;
  // Turned rigidly by 1.1 rad about the origin.
  const double          angle = 1.1;
  const Eigen::Matrix2d turn  = Eigen::Rotation2Dd(angle).toRotationMatrix();
  Vector6               q;
  q << turn * start, angle, turn * end, angle;
  // Translation: 1/2 m |u|^2.
  Vector6 v;
  v << 0.3, -0.7, 0.0, 0.3, -0.7, 0.0;
  EXPECT_NEAR(beam.kinetic_energy(q, v), 0.5 * mass * 0.58, 1e-14 * mass);
  // Rotation w about the centre c: 1/2 (m L^2/12) w^2, momentum (m L^2/12) w
  // + c x m v_c = (m L^2/12) w with v_c = 0.
  const double          w      = 1.7;
  const Eigen::Vector2d centre = 0.5 * (q.segment<2>(0) + q.segment<2>(3));
  for (const int node : {0, 3})
    {
      const Eigen::Vector2d r = q.segment<2>(node) - centre;
      v.segment<2>(node)      = w * Eigen::Vector2d(-r[1], r[0]);
      v[node + 2]             = w;
    }
  const double inertia = mass * l * l / 12.0;
  EXPECT_NEAR(beam.kinetic_energy(q, v), 0.5 * inertia * w * w, 1e-13 * inertia * w * w);
  EXPECT_NEAR(beam.angular_momentum(q, v), inertia * w, 1e-13 * inertia * w);
}

TEST(PlanarConsistentInertiaTest, MidpointForceConservesEnergyToRoundOff)
{
  Eigen::Vector2d               start, end;
  const PlanarConsistentInertia beam = inclined_beam(start, end);
  std::mt19937                  random(7);
  double                        worst = 0.0;
  for (unsigned trial = 0; trial < 200; ++trial)
    {
      Vector6 q0;
      q0 << start, 0.0, end, 0.0;
      q0 += random_vector(random, 0.5);
      q0[2] += 6.0 * (trial % 3);                         // total rotations beyond 2 pi
      const Vector6 q1 = q0 + random_vector(random, 2.0); // rotations up to 2 rad in a step
      const Vector6 v0 = random_vector(random, 3.0);
      const double  dt = 0.05 + 0.01 * (trial % 7);
      Vector6       f;
      beam.midpoint_force(q0, q1, v0, dt, f, nullptr);
      const Vector6 v1    = 2.0 * (q1 - q0) / dt - v0;
      const double  gain  = beam.kinetic_energy(q1, v1) - beam.kinetic_energy(q0, v0);
      const double  scale = beam.kinetic_energy(q1, v1) + beam.kinetic_energy(q0, v0);
      worst               = std::max(worst, std::abs((q1 - q0).dot(f) - gain) / scale);
    }
  std::cout << "largest |dq.f - dT| / (T0 + T1) over 200 steps: " << worst << std::endl;
  EXPECT_LT(worst, 1e-13);
}

TEST(PlanarConsistentInertiaTest, TangentMatchesCentralDifferences)
{
  Eigen::Vector2d               start, end;
  const PlanarConsistentInertia beam = inclined_beam(start, end);
  std::mt19937                  random(11);
  for (unsigned trial = 0; trial < 20; ++trial)
    {
      Vector6 q0;
      q0 << start, 0.3, end, -0.2;
      q0 += random_vector(random, 0.2);
      // Tiny rotation increments too (the series branch of sinc).
      const Vector6 q1 = q0 + random_vector(random, trial % 2 == 0 ? 1.0 : 1e-5);
      const Vector6 v0 = random_vector(random, 2.0);
      const double  dt = 0.1;
      Vector6       f;
      Matrix6       k;
      beam.midpoint_force(q0, q1, v0, dt, f, &k);
      Matrix6      fd;
      const double h = 1e-6;
      for (unsigned j = 0; j < 6; ++j)
        {
          Vector6 plus, minus;
          beam.midpoint_force(q0, q1 + h * Vector6::Unit(j), v0, dt, plus, nullptr);
          beam.midpoint_force(q0, q1 - h * Vector6::Unit(j), v0, dt, minus, nullptr);
          fd.col(j) = (plus - minus) / (2.0 * h);
        }
      EXPECT_LT((k - fd).norm(), 1e-7 * k.norm()) << "trial " << trial << "\n" << k << "\n\n" << fd;
    }
}

TEST(PlanarConsistentInertiaTest, ForceTendsToTheLagrangeEquationAtSecondOrder)
{
  // Along q(t) = q0 + v0 t + a t^2/2 the step (t = 0 to dt) force against
  // M a + M' v - dT/dq at the mid-point time, the latter from central
  // differences of T alone (independent of the force's formulas).
  Eigen::Vector2d               start, end;
  const PlanarConsistentInertia beam = inclined_beam(start, end);
  std::mt19937                  random(3);
  Vector6                       q0;
  q0 << start, 0.4, end, -0.3;
  const Vector6 v0 = random_vector(random, 2.0), a = random_vector(random, 4.0);
  const auto    lagrange = [&](const double t) {
    const Vector6 q = q0 + v0 * t + 0.5 * a * t * t, v = v0 + a * t;
    const double  h = 1e-5;
    // d/dt (M v) = M a + (dM/dt) v, and dT/dq, by central differences.
    const Vector6 later = q + h * v, earlier = q - h * v;
    Vector6       result = beam.mass_matrix(q) * a +
                     (beam.mass_matrix(later) - beam.mass_matrix(earlier)) * v / (2.0 * h);
    for (unsigned k = 0; k < 6; ++k)
      result[k] -= (beam.kinetic_energy(q + h * Vector6::Unit(k), v) -
                    beam.kinetic_energy(q - h * Vector6::Unit(k), v)) /
                   (2.0 * h);
    return result;
  };
  double previous = 0.0;
  for (const double dt : {0.08, 0.04, 0.02})
    {
      const Vector6 q1 = q0 + v0 * dt + 0.5 * a * dt * dt;
      // The mid-point scheme's v_n is the trapezoidal velocity; along this
      // path it is v(0) (the trapezoidal rule is exact for a linear v).
      Vector6 f;
      beam.midpoint_force(q0, q1, v0, dt, f, nullptr);
      const double error = (f - lagrange(0.5 * dt)).norm() / lagrange(0.5 * dt).norm();
      std::cout << "dt = " << dt << ": relative difference " << error;
      if (previous > 0.0)
        std::cout << ", observed order " << std::log2(previous / error);
      std::cout << std::endl;
      if (previous > 0.0)
        {
          EXPECT_NEAR(std::log2(previous / error), 2.0, 0.1);
        }
      previous = error;
    }
  EXPECT_LT(previous, 1e-3);
}
