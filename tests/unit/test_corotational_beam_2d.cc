/**
 * Co-rotational B21 (CorotationalBeam2D), built through the registry:
 * the reference tangent against the closed-form Timoshenko matrix
 * (Przemieniecki 1968), three zero eigenvalues of the tangent after a rigid
 * rotation and the closed-form rotated matrix, the Crisfield-Shi energy
 * identity of the conserving force over random configuration pairs with
 * total rotations beyond pi and chord turns up to 2.4 rad in a step, its
 * tangent against central differences at finite steps, section forces in
 * pure bending and the lumped mass. The properties every element has are in
 * test_element_properties.cc.
 */
#include <elements/registry.h>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <sstream>

using namespace corot;
using namespace corot::elements;

namespace
{
  std::string
  scientific(const double value)
  {
    std::ostringstream text;
    text << std::scientific << value;
    return text.str();
  }

  constexpr double e = 2.1e5, g = 8.0e4, rho = 7.85e-9, a = 200.0, i11 = 6666.0, k2 = 0.9;

  /** Beam from @p x1 to @p x2 in the x-y plane (units N, mm). */
  std::unique_ptr<Element>
  make_b21(const Eigen::Vector2d &x1, const Eigen::Vector2d &x2)
  {
    ElementDefinition definition;
    definition.id                            = 21;
    definition.node_ids                      = {1, 2};
    definition.reference_positions           = {Eigen::Vector3d(x1[0], x1[1], 0.0),
                                                Eigen::Vector3d(x2[0], x2[1], 0.0)};
    definition.section.beam().area           = a;
    definition.section.beam().i11            = i11;
    definition.section.beam().i22            = 1666.0;
    definition.section.beam().shear_factor_2 = k2;
    definition.material.youngs_modulus       = e;
    definition.material.shear_modulus        = g;
    definition.material.density              = rho;
    return ElementRegistry::instance().find("B21")->create(definition);
  }

  /** State of d = [ux1, uy1, rz1, ux2, uy2, rz2], RZ any real angle (radians). */
  ElementKinematics
  state_from(const Eigen::VectorXd &d)
  {
    ElementKinematics state(2);
    for (int node = 0; node < 2; ++node)
      {
        state[node].displacement = Eigen::Vector3d(d[3 * node], d[3 * node + 1], 0.0);
        state[node].rotation =
          Eigen::Quaterniond(Eigen::AngleAxisd(d[3 * node + 2], Eigen::Vector3d::UnitZ()));
      }
    return state;
  }

  /** Rigid motion: rotation by @p angle about node 1, then translation by @p shift. */
  Eigen::VectorXd
  rigid_motion(const Eigen::Vector2d &x1, const Eigen::Vector2d &x2, const double angle,
               const Eigen::Vector2d &shift)
  {
    const Eigen::Matrix2d r = Eigen::Rotation2Dd(angle).toRotationMatrix();
    Eigen::VectorXd       d(6);
    d << shift, angle, shift + r * (x2 - x1) - (x2 - x1), angle;
    return d;
  }

  /** Classical Timoshenko bending block [v1 th1 v2 th2], th = +dv/dx (Przemieniecki 1968). */
  Eigen::Matrix4d
  bending_block(const double ei, const double phi, const double l)
  {
    Eigen::Matrix4d k;
    k << 12, 6 * l, -12, 6 * l, 6 * l, (4 + phi) * l * l, -6 * l, (2 - phi) * l * l, -12, -6 * l,
      12, -6 * l, 6 * l, (2 - phi) * l * l, -6 * l, (4 + phi) * l * l;
    return ei / ((1 + phi) * l * l * l) * k;
  }

  /** Closed-form linear stiffness of a beam of length l at angle @p angle to x. */
  Eigen::MatrixXd
  closed_form_stiffness(const double l, const double angle)
  {
    Eigen::MatrixXd k = Eigen::MatrixXd::Zero(6, 6);
    k(0, 0) = k(3, 3) = e * a / l;
    k(0, 3) = k(3, 0)          = -e * a / l;
    const Eigen::Matrix4d kb   = bending_block(e * i11, 12 * e * i11 / (k2 * g * a * l * l), l);
    const int             b[4] = {1, 2, 4, 5};
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c)
        k(b[r], b[c]) = kb(r, c);
    Eigen::MatrixXd t   = Eigen::MatrixXd::Zero(6, 6);
    t.block<3, 3>(0, 0) = t.block<3, 3>(3, 3) =
      Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    return t * k * t.transpose();
  }

  /** Central-difference Jacobian of @p force_of (6-vector of a 6-vector) at @p d, steps @p h. */
  template <typename Function>
  Eigen::MatrixXd
  central_differences(const Function &force_of, const Eigen::VectorXd &d, const Eigen::VectorXd &h)
  {
    Eigen::MatrixXd jacobian(6, 6);
    for (int j = 0; j < 6; ++j)
      {
        Eigen::VectorXd plus = d, minus = d;
        plus[j] += h[j];
        minus[j] -= h[j];
        jacobian.col(j) = (force_of(plus) - force_of(minus)) / (2.0 * h[j]);
      }
    return jacobian;
  }

  /** Finite-difference steps: 1e-6 of the length for translations, 1e-6 rad for rotations. */
  Eigen::VectorXd
  steps(const double length)
  {
    Eigen::VectorXd h(6);
    h << 1e-6 * length, 1e-6 * length, 1e-6, 1e-6 * length, 1e-6 * length, 1e-6;
    return h;
  }

  const Eigen::Vector2d x1(3.0, 1.0), x2(3.0 + 500.0 * std::cos(0.7), 1.0 + 500.0 * std::sin(0.7));
  const double          length = 500.0;
} // namespace

TEST(CorotationalBeam2D, ReferenceTangentIsTheClosedFormLinearStiffness)
{
  const auto beam = make_b21(x1, x2);
  EXPECT_TRUE(beam->supports_large_rotations());
  Eigen::VectorXd force;
  Eigen::MatrixXd tangent, linear;
  beam->internal_force(state_from(Eigen::VectorXd::Zero(6)), force, &tangent);
  beam->linear_stiffness(linear);
  const Eigen::MatrixXd expected = closed_form_stiffness(length, 0.7);
  const double          error    = (tangent - expected).norm() / expected.norm();
  RecordProperty("reference_tangent_relative_error", scientific(error));
  EXPECT_LT(error, 1e-14);
  EXPECT_LT((linear - expected).norm(), 1e-13 * expected.norm());
  EXPECT_EQ(force.norm(), 0.0);
  EXPECT_EQ(beam->strain_energy(state_from(Eigen::VectorXd::Zero(6))), 0.0);
}

TEST(CorotationalBeam2D, RigidlyRotatedTangentHasThreeZeroEigenvaluesOnTheRigidModes)
{
  const auto      beam  = make_b21(x1, x2);
  const double    angle = 200.0 * M_PI / 180.0;
  Eigen::VectorXd force;
  Eigen::MatrixXd tangent;
  beam->internal_force(state_from(rigid_motion(x1, x2, angle, Eigen::Vector2d(-40.0, 10.0))), force,
                       &tangent);
  EXPECT_LT((tangent - tangent.transpose()).norm(),
            1e-14 * tangent.norm()); // zero stress: symmetric
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(tangent);
  int                                                  n_zero = 0;
  for (int i = 0; i < 6; ++i)
    n_zero += std::abs(eigen.eigenvalues()[i]) < 1e-12 * eigen.eigenvalues().maxCoeff();
  EXPECT_EQ(n_zero, 3);
  // The rigid modes of the current (rotated) chord: two translations, a rotation about node 1.
  const Eigen::Vector2d chord = Eigen::Rotation2Dd(angle).toRotationMatrix() * (x2 - x1);
  Eigen::MatrixXd       modes(6, 3);
  modes.col(0) << 1, 0, 0, 1, 0, 0;
  modes.col(1) << 0, 1, 0, 0, 1, 0;
  modes.col(2) << 0, 0, 1, -chord[1], chord[0], 1;
  for (int m = 0; m < 3; ++m)
    EXPECT_LT((tangent * modes.col(m)).norm(), 1e-12 * tangent.norm() * modes.col(m).norm()) << m;
  // And it is the closed-form matrix of the rotated beam.
  const Eigen::MatrixXd expected = closed_form_stiffness(length, 0.7 + angle);
  EXPECT_LT((tangent - expected).norm(), 1e-12 * expected.norm());
}

TEST(CorotationalBeam2D, ConservingForceSatisfiesTheEnergyIdentityWithLargeRotations)
{
  // Crisfield & Shi (1993), eq. 43: Delta d . f = W(n+1) - W(n), for 100 random
  // pairs: each configuration a rigid rotation by up to +-400 degrees about
  // node 1 (so > pi in total), a translation, axial strains up to 1e-2 and
  // local rotations up to 0.2 rad; the chord turns by up to 2.4 rad between n and n+1.
  const auto                             beam = make_b21(x1, x2);
  std::mt19937                           generator(2193);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const auto                             random_state = [&](const double angle) {
    Eigen::VectorXd d =
      rigid_motion(x1, x2, angle,
                                               Eigen::Vector2d(300.0 * uniform(generator), 300.0 * uniform(generator)));
    for (const int i : {0, 1, 3, 4})
      d[i] += 2.5 * uniform(generator);
    d[2] += 0.1 * uniform(generator);
    d[5] += 0.1 * uniform(generator);
    return d;
  };
  double worst = 0.0, worst_tangent = 0.0, largest_total = 0.0;
  for (int trial = 0; trial < 100; ++trial)
    {
      const double          angle_n  = 7.0 * uniform(generator);
      const double          angle_n1 = angle_n + 2.4 * uniform(generator);
      const Eigen::VectorXd d_n = random_state(angle_n), d_n1 = random_state(angle_n1);
      largest_total = std::max({largest_total, std::abs(angle_n), std::abs(angle_n1)});
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      beam->conserving_force(state_from(d_n), state_from(d_n1), force, &tangent);
      const double w_n  = beam->strain_energy(state_from(d_n)),
                   w_n1 = beam->strain_energy(state_from(d_n1));
      worst = std::max(worst, std::abs((d_n1 - d_n).dot(force) - (w_n1 - w_n)) / (w_n + w_n1));

      if (trial % 10 == 0) // d f / d d_{n+1} against central differences
        {
          const auto force_of = [&](const Eigen::VectorXd &x) {
            Eigen::VectorXd f;
            beam->conserving_force(state_from(d_n), state_from(x), f, nullptr);
            return f;
          };
          const Eigen::MatrixXd numerical = central_differences(force_of, d_n1, steps(length));
          worst_tangent = std::max(worst_tangent, (tangent - numerical).norm() / tangent.norm());
        }
    }
  RecordProperty("energy_identity_worst_relative_error", scientific(worst));
  RecordProperty("conserving_tangent_worst_relative_error", scientific(worst_tangent));
  EXPECT_GT(largest_total, M_PI);
  EXPECT_LT(worst, 1e-12);
  EXPECT_LT(worst_tangent, 1e-6);
}

TEST(CorotationalBeam2D, ConservingForceAtEqualStatesIsTheStaticForceAndHalfTheTangent)
{
  // f(d, d) = f_static(d); d f / d d_{n+1} at d_n = d_{n+1} is K/2 because f is
  // symmetric in its two arguments (also checks the small-angle series of Delta alpha/sin).
  const auto      beam = make_b21(x1, x2);
  Eigen::VectorXd d    = rigid_motion(x1, x2, -4.0, Eigen::Vector2d(10.0, 20.0));
  Eigen::VectorXd deformation(6);
  deformation << 2.0, 1.0, -0.1, -1.0, 4.0, 0.2;
  d += deformation;
  Eigen::VectorXd force, conserving;
  Eigen::MatrixXd tangent, conserving_tangent;
  beam->internal_force(state_from(d), force, &tangent);
  beam->conserving_force(state_from(d), state_from(d), conserving, &conserving_tangent);
  EXPECT_LT((conserving - force).norm(), 1e-12 * force.norm());
  EXPECT_LT((conserving_tangent - 0.5 * tangent).norm(), 1e-12 * tangent.norm());
  // Chord rotations on both sides of the series branch of Delta alpha/sin
  // (|Delta alpha| < 0.05) keep the identity exact; the deformation changes
  // too, so W(n+1) - W(n) is of the size of W and not lost to cancellation.
  Eigen::VectorXd other(6);
  other << -1.0, 2.0, 0.05, 1.5, -3.0, -0.1;
  for (const double step : {1e-9, 1e-4, 0.049, 0.051, 1.0})
    {
      const Eigen::VectorXd d_n1 =
        rigid_motion(x1, x2, -4.0 + step, Eigen::Vector2d(10.0, 20.0)) + other;
      beam->conserving_force(state_from(d), state_from(d_n1), conserving, nullptr);
      const double w_n  = beam->strain_energy(state_from(d)),
                   w_n1 = beam->strain_energy(state_from(d_n1));
      EXPECT_LT(std::abs((d_n1 - d).dot(conserving) - (w_n1 - w_n)), 1e-12 * (w_n + w_n1)) << step;
    }
}

TEST(CorotationalBeam2D, PureBendingSectionForcesAfterALargeRotation)
{
  // End rotations -phi, +phi relative to the chord, no stretch: constant moment
  // M = 2 E I phi/L (independent of the shear flexibility), N = 0, V = 0; the
  // chord turned by 150 degrees does not change it.
  const auto      beam = make_b21(x1, x2);
  const double    phi = 0.05, angle = 150.0 * M_PI / 180.0;
  Eigen::VectorXd d = rigid_motion(x1, x2, angle, Eigen::Vector2d(7.0, -3.0));
  d[2] -= phi;
  d[5] += phi;
  std::map<std::string, double> forces;
  for (const auto &[name, value] : beam->section_forces(state_from(d), true))
    forces[name] = value;
  const double moment = 2.0 * e * i11 * phi / length;
  for (const std::string end : {"", "_end1", "_end2"})
    {
      EXPECT_NEAR(forces.at("SM1" + end), -moment, 1e-12 * moment);
      EXPECT_NEAR(forces.at("SF2" + end), 0.0, 1e-12 * moment / length);
      EXPECT_NEAR(forces.at("SF1" + end), 0.0, 1e-12 * moment / length);
    }
  EXPECT_NEAR(beam->strain_energy(state_from(d)), moment * phi, 1e-12 * moment * phi);
  // Small displacements: the linear B21 values (here of the unrotated bending).
  Eigen::VectorXd small = Eigen::VectorXd::Zero(6);
  small[2] = -1e-4, small[5] = 1e-4;
  const auto linear = beam->section_forces(state_from(small), false);
  const auto large  = beam->section_forces(state_from(small), true);
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(linear[i].second, large[i].second, 1e-6 * 2.0 * e * i11 * 1e-4 / length)
      << linear[i].first;
}

TEST(CorotationalBeam2D, LumpedMassIsHalfTheBeamPerNode)
{
  // rho A L/2 on each translation, rho I11 L/2 on each rotation (the section
  // rotary inertia of half the beam); total translational mass rho A L.
  const auto      beam = make_b21(x1, x2);
  Eigen::MatrixXd m, consistent;
  beam->mass(MassKind::lumped, m);
  Eigen::VectorXd expected(6);
  expected << 0.5 * rho * a * length, 0.5 * rho * a * length, 0.5 * rho * i11 * length,
    0.5 * rho * a * length, 0.5 * rho * a * length, 0.5 * rho * i11 * length;
  EXPECT_LT((m - Eigen::MatrixXd(expected.asDiagonal())).norm(), 1e-14 * m.norm());
  beam->mass(MassKind::consistent, consistent);
  Eigen::VectorXd translation(6);
  translation << 0.6, 0.8, 0.0, 0.6, 0.8, 0.0;
  EXPECT_NEAR(translation.dot(consistent * translation), rho * a * length,
              1e-13 * rho * a * length);
}

// K_Delta of *BUCKLE about a deformed base (initial_stress_increment): the
// tangent is b(x)^T K b(x) + G K_sigma(x, s) G^T, and the nodal rotations
// enter only the basic forces s, not the chord x. So along an increment of
// the nodal rotations alone the derivative of the tangent (central
// differences) is exactly K_Delta of that increment; along a translation it
// is not (the material part changes with the chord), which is why *BUCKLE
// does not difference the tangent.
TEST(CorotationalBeam2D, InitialStressIncrementIsTheTangentsDerivativeAlongNodalRotations)
{
  const auto      element = make_b21({0.0, 0.0}, {1000.0, 0.0});
  Eigen::VectorXd base(6);
  base << 3.0, -2.0, 0.4, -20.0, 150.0, 0.3;
  Eigen::VectorXd increment(6);
  increment << 0.0, 0.0, 1.0, 0.0, 0.0, -0.4;
  const double    h = 0.5; // exact: the tangent is linear in the nodal rotations
  Eigen::VectorXd force;
  Eigen::MatrixXd plus, minus, k_delta;
  element->internal_force(state_from(base + h * increment), force, &plus);
  element->internal_force(state_from(base - h * increment), force, &minus);
  element->initial_stress_increment(state_from(base), increment, k_delta);
  const Eigen::MatrixXd derivative = (plus - minus) / (2.0 * h);
  EXPECT_LE((derivative - k_delta).norm(), 1e-7 * k_delta.norm());
  EXPECT_GT(k_delta.norm(), 0.0);
}
