/**
 * The linear Timoshenko matrices of B31 and B21 (built through the registry;
 * their linear stiffness, mass, design derivatives and small-displacement
 * section forces are those of the kernels TimoshenkoBeam3D and
 * TimoshenkoBeam2D): the 12 x 12 and 6 x 6 stiffness against the classical
 * Przemieniecki matrix along x and after a rotation (K = T^T K_local T),
 * symmetry, cantilever tip deflection P L^3/(3EI) + P L/(kGA), axial and
 * torsion, mass totals and the kinetic energy of a rigid rotation, B21 =
 * in-plane part of B31, the kernel's geometric stiffness, design derivatives,
 * error messages. Rigid-body modes and the conserving force: test_element_properties.cc.
 */
#include <elements/registry.h>
#include <elements/timoshenko_beam_3d.h>

#include <gtest/gtest.h>

#include <map>

using namespace corot;
using namespace corot::elements;

namespace
{
  constexpr double e = 2.1e5, g = 8.0e4, rho = 7.85e-9, a = 200.0, i11 = 6666.0, i22 = 1666.0,
                   j = 4500.0, k1 = 0.8, k2 = 0.9;

  ElementDefinition
  beam_definition(const Eigen::Vector3d &x1, const Eigen::Vector3d &x2,
                  const Eigen::Vector3d &n1 = Eigen::Vector3d(0.0, 0.0, -1.0),
                  const double k_1 = k1, const double k_2 = k2)
  {
    ElementDefinition definition;
    definition.id                              = 17;
    definition.node_ids                        = {1, 2};
    definition.reference_positions             = {x1, x2};
    definition.section.beam().area             = a;
    definition.section.beam().i11              = i11;
    definition.section.beam().i22              = i22;
    definition.section.beam().torsion_constant = j;
    definition.section.beam().shear_factor_1   = k_1;
    definition.section.beam().shear_factor_2   = k_2;
    definition.section.beam().n1               = n1;
    definition.material.youngs_modulus         = e;
    definition.material.shear_modulus          = g;
    definition.material.density                = rho;
    return definition;
  }

  /** B21 or B31 through the registry. */
  std::unique_ptr<Element>
  make_beam(const std::string &type, const ElementDefinition &definition)
  {
    return ElementRegistry::instance().find(type)->create(definition);
  }

  std::unique_ptr<Element>
  make_beam(const std::string &type, const Eigen::Vector3d &x1, const Eigen::Vector3d &x2,
            const Eigen::Vector3d &n1 = Eigen::Vector3d(0.0, 0.0, -1.0))
  {
    return make_beam(type, beam_definition(x1, x2, n1));
  }

  /** Classical Timoshenko bending block [v1 th1 v2 th2] with th = +dv/dx (Przemieniecki 1968). */
  Eigen::Matrix4d
  bending_block(const double ei, const double phi, const double l)
  {
    Eigen::Matrix4d k;
    k << 12, 6 * l, -12, 6 * l, 6 * l, (4 + phi) * l * l, -6 * l, (2 - phi) * l * l, -12, -6 * l,
      12, -6 * l, 6 * l, (2 - phi) * l * l, -6 * l, (4 + phi) * l * l;
    return ei / ((1 + phi) * l * l * l) * k;
  }

  /** The 12 x 12 matrix of a beam along +x with local 1 = -z, local 2 = +y, written out by hand. */
  Eigen::MatrixXd
  classical_b31_along_x(const double l)
  {
    Eigen::MatrixXd k   = Eigen::MatrixXd::Zero(12, 12);
    const auto      bar = [&](const int i, const int m, const double c) {
      k(i, i) += c, k(m, m) += c, k(i, m) -= c, k(m, i) -= c;
    };
    bar(0, 6, e * a / l);
    bar(3, 9, g * j / l);
    // v (along y = local 2) and theta_z: bending about local 1, I11, shear factor 2.
    const Eigen::Matrix4d kv = bending_block(e * i11, 12 * e * i11 / (k2 * g * a * l * l), l);
    // w (along z = -local 1) and theta_y = -dw/dx: bending about local 2, I22, shear factor 1.
    Eigen::Matrix4d       kw = bending_block(e * i22, 12 * e * i22 / (k1 * g * a * l * l), l);
    const Eigen::Vector4d flip(1, -1, 1, -1);
    kw             = flip.asDiagonal() * kw * flip.asDiagonal();
    const int v[4] = {1, 5, 7, 11}, w[4] = {2, 4, 8, 10};
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c)
        {
          k(v[r], v[c]) += kv(r, c);
          k(w[r], w[c]) += kw(r, c);
        }
    return k;
  }

  Eigen::MatrixXd
  block_diagonal(const Eigen::Matrix3d &q, const int n_blocks)
  {
    Eigen::MatrixXd t = Eigen::MatrixXd::Zero(3 * n_blocks, 3 * n_blocks);
    for (int b = 0; b < n_blocks; ++b)
      t.block<3, 3>(3 * b, 3 * b) = q;
    return t;
  }

  /** Tip displacement of a one-element cantilever clamped at node 1 (node 1 condensed out). */
  Eigen::VectorXd
  cantilever_tip(const Element &beam, const Eigen::VectorXd &load)
  {
    Eigen::MatrixXd k;
    beam.linear_stiffness(k);
    const int n = k.rows() / 2;
    return k.bottomRightCorner(n, n).ldlt().solve(load);
  }

  ElementKinematics
  state_from(const Eigen::VectorXd &d, const bool planar)
  {
    ElementKinematics state(2);
    const int         n = planar ? 3 : 6;
    for (int node = 0; node < 2; ++node)
      {
        Eigen::Vector3d u = Eigen::Vector3d::Zero(), theta = Eigen::Vector3d::Zero();
        if (planar)
          {
            u.head<2>() = d.segment<2>(n * node);
            theta[2]    = d[n * node + 2];
          }
        else
          {
            u     = d.segment<3>(n * node);
            theta = d.segment<3>(n * node + 3);
          }
        state[node].displacement = u;
        if (theta.norm() > 0.0)
          state[node].rotation =
            Eigen::Quaterniond(Eigen::AngleAxisd(theta.norm(), theta.normalized()));
      }
    return state;
  }

  const Eigen::Matrix3d some_rotation =
    Eigen::AngleAxisd(1.1, Eigen::Vector3d(0.3, -0.5, 0.8).normalized()).toRotationMatrix();
} // namespace

TEST(BeamElement, B31StiffnessAlongXIsTheClassicalMatrix)
{
  const double l = 750.0;
  const auto   beam =
    make_beam("B31", Eigen::Vector3d(2.0, 1.0, -3.0), Eigen::Vector3d(2.0 + l, 1.0, -3.0));
  Eigen::MatrixXd k;
  beam->linear_stiffness(k);
  const Eigen::MatrixXd expected = classical_b31_along_x(l);
  EXPECT_LT((k - expected).norm(), 1e-13 * expected.norm());
  EXPECT_EQ(beam->n_dofs(), 12u);
}

TEST(BeamElement, B31RotatedStiffnessIsTransformedLocalMatrix)
{
  // Rotate the beam and its n1 by Q: K_rotated = T K_x T^T with T = diag(Q, Q, Q, Q).
  const double          l = 750.0;
  const Eigen::Vector3d x1(1.0, 2.0, 3.0);
  const auto      beam = make_beam("B31", x1, x1 + some_rotation * Eigen::Vector3d(l, 0.0, 0.0),
                                   some_rotation * Eigen::Vector3d(0.0, 0.0, -1.0));
  Eigen::MatrixXd k, m, m_x;
  beam->linear_stiffness(k);
  const Eigen::MatrixXd t        = block_diagonal(some_rotation, 4);
  const Eigen::MatrixXd expected = t * classical_b31_along_x(l) * t.transpose();
  EXPECT_LT((k - expected).norm(), 1e-12 * expected.norm());
  EXPECT_LT((k - k.transpose()).norm(), 1e-14 * k.norm());
  // The mass transforms the same way.
  beam->mass(MassKind::consistent, m);
  make_beam("B31", Eigen::Vector3d::Zero(), Eigen::Vector3d(l, 0.0, 0.0))
    ->mass(MassKind::consistent, m_x);
  EXPECT_LT((m - t * m_x * t.transpose()).norm(), 1e-12 * m.norm());
  // An n1 with a component along the axis is orthogonalised: same element.
  Eigen::MatrixXd k_skew;
  make_beam("B31", x1, x1 + some_rotation * Eigen::Vector3d(l, 0.0, 0.0),
            some_rotation * Eigen::Vector3d(0.7, 0.0, -2.0))
    ->linear_stiffness(k_skew);
  EXPECT_LT((k_skew - k).norm(), 1e-12 * k.norm());
}

TEST(BeamElement, CantileverTipDeflectionAxialAndTorsion)
{
  const double length = 1000.0, p = 100.0;
  const auto   beam = make_beam("B31", Eigen::Vector3d::Zero(), Eigen::Vector3d(length, 0.0, 0.0));
  // Load along +y = local 2 (t x n1 with n1 = -z): bending about local 1 (I11), shear factor 2.
  Eigen::VectorXd load    = Eigen::VectorXd::Zero(6);
  load[1]                 = p;
  const double expected_y = p * std::pow(length, 3) / (3.0 * e * i11) + p * length / (k2 * g * a);
  EXPECT_NEAR(cantilever_tip(*beam, load)[1], expected_y, 1e-11 * expected_y);
  // Load along z = -local 1: bending about local 2 (I22), shear factor 1.
  load.setZero();
  load[2]                 = p;
  const double expected_z = p * std::pow(length, 3) / (3.0 * e * i22) + p * length / (k1 * g * a);
  EXPECT_NEAR(cantilever_tip(*beam, load)[2], expected_z, 1e-11 * expected_z);
  // Axial and torsion.
  load.setZero();
  load[0]                     = p;
  load[3]                     = 50.0;
  const Eigen::VectorXd axial = cantilever_tip(*beam, load);
  EXPECT_NEAR(axial[0], p * length / (e * a), 1e-12 * p * length / (e * a));
  EXPECT_NEAR(axial[3], 50.0 * length / (g * j), 1e-12 * 50.0 * length / (g * j));
  // k = 0: no shear flexibility, Euler-Bernoulli P L^3/(3EI).
  const auto eb =
    make_beam("B31", beam_definition(Eigen::Vector3d::Zero(), Eigen::Vector3d(length, 0, 0),
                                     Eigen::Vector3d(0, 0, -1), 0.0, 0.0));
  load.setZero();
  load[1] = p;
  EXPECT_NEAR(cantilever_tip(*eb, load)[1], p * std::pow(length, 3) / (3.0 * e * i11),
              1e-11 * expected_y);
}

TEST(BeamElement, SectionForcesOfTheCantilever)
{
  const double length = 1000.0, p = 100.0;
  const auto   beam = make_beam("B31", Eigen::Vector3d::Zero(), Eigen::Vector3d(length, 0.0, 0.0));
  Eigen::VectorXd load      = Eigen::VectorXd::Zero(6);
  load[1]                   = p; // along local 2
  load[0]                   = 2 * p;
  const Eigen::VectorXd tip = cantilever_tip(*beam, load);
  Eigen::VectorXd       d   = Eigen::VectorXd::Zero(12);
  d.tail(6)                 = tip;
  std::map<std::string, double> forces;
  for (const auto &[name, value] : beam->section_forces(state_from(d, false), false))
    forces[name] = value;
  ASSERT_EQ(forces.size(), 18u); // SF1..SM3 at the middle, _end1, _end2
  for (const std::string end : {"", "_end1", "_end2"})
    {
      EXPECT_NEAR(forces["SF1" + end], 2 * p, 1e-9 * p);
      EXPECT_NEAR(forces["SF2" + end], p, 1e-9 * p);
      EXPECT_NEAR(forces["SF3" + end], 0.0, 1e-9 * p);
      EXPECT_NEAR(forces["SM3" + end], 0.0, 1e-9 * p * length);
      EXPECT_NEAR(forces["SM2" + end], 0.0, 1e-9 * p * length);
    }
  // Statics: about local 1 (n1 = -z) the root moment is -P L, the tip's 0, the middle's -P L/2.
  EXPECT_NEAR(forces["SM1_end1"], -p * length, 1e-9 * p * length);
  EXPECT_NEAR(forces["SM1_end2"], 0.0, 1e-9 * p * length);
  EXPECT_NEAR(forces["SM1"], -0.5 * p * length, 1e-9 * p * length);
}

TEST(BeamElement, B31MassTotalsAndRigidRotationKineticEnergy)
{
  const Eigen::Vector3d x1(0.5, -1.0, 2.0), x2(3.5, 3.0, 2.0); // L = 5
  const double          length = 5.0, total = rho * a * length;
  const auto            beam = make_beam("B31", x1, x2, Eigen::Vector3d(0.2, 0.1, -1.0));
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      Eigen::MatrixXd m;
      beam->mass(kind, m);
      EXPECT_LT((m - m.transpose()).norm(), 1e-15 * m.norm());
      for (int direction = 0; direction < 3; ++direction)
        {
          Eigen::VectorXd translation = Eigen::VectorXd::Zero(12);
          translation[direction] = translation[6 + direction] = 1.0;
          EXPECT_NEAR(translation.dot(m * translation), total, 1e-13 * total);
          EXPECT_NEAR((m * translation).sum(), total, 1e-13 * total); // row sums
        }
      EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues().minCoeff(), 0.0);
    }
  // Rigid rotation omega about the mid-point: 2T = omega^T J omega with
  // J = rho A L^3/12 (I - t t^T) + rho L (J_p t t^T + I11 e1 e1^T + I22 e2 e2^T),
  // reproduced exactly by the consistent mass (a linear field is in the interpolation).
  const Eigen::Vector3d t  = (x2 - x1) / length;
  Eigen::Vector3d       e1 = Eigen::Vector3d(0.2, 0.1, -1.0);
  e1                       = (e1 - e1.dot(t) * t).normalized();
  const Eigen::Vector3d e2 = t.cross(e1);
  const Eigen::Matrix3d inertia =
    rho * a * std::pow(length, 3) / 12.0 * (Eigen::Matrix3d::Identity() - t * t.transpose()) +
    rho * length *
      ((i11 + i22) * t * t.transpose() + i11 * e1 * e1.transpose() + i22 * e2 * e2.transpose());
  const Eigen::Vector3d omega(0.3, -1.2, 0.7), centre = 0.5 * (x1 + x2);
  Eigen::VectorXd       velocity(12);
  velocity << omega.cross(x1 - centre), omega, omega.cross(x2 - centre), omega;
  Eigen::MatrixXd m;
  beam->mass(MassKind::consistent, m);
  const double expected = omega.dot(inertia * omega);
  EXPECT_NEAR(velocity.dot(m * velocity), expected, 1e-12 * expected);
}

TEST(BeamElement, B21IsTheInPlanePartOfB31)
{
  // A beam in the x-y plane with the default n1 = -z: B21 matrices equal the
  // UX UY RZ rows and columns of B31, and the section forces agree.
  const Eigen::Vector3d x1(1.0, 2.0, 0.0), x2(-3.0, 5.0, 0.0);
  const auto            b21 = make_beam("B21", x1, x2);
  const auto            b31 = make_beam("B31", x1, x2);
  EXPECT_EQ(b21->n_dofs(), 6u);
  const int in_plane[6] = {0, 1, 5, 6, 7, 11};
  const auto restrict   = [&](const Eigen::MatrixXd &full) {
    Eigen::MatrixXd reduced(6, 6);
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 6; ++c)
        reduced(r, c) = full(in_plane[r], in_plane[c]);
    return reduced;
  };
  Eigen::MatrixXd k2d, k3d, m2d, m3d;
  b21->linear_stiffness(k2d);
  b31->linear_stiffness(k3d);
  EXPECT_LT((k2d - restrict(k3d)).norm(), 1e-13 * k2d.norm());
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      b21->mass(kind, m2d);
      b31->mass(kind, m3d);
      EXPECT_LT((m2d - restrict(m3d)).norm(), 1e-13 * m2d.norm());
    }
  Eigen::VectorXd d2(6), d3 = Eigen::VectorXd::Zero(12);
  d2 << 0.01, -0.02, 0.003, 0.04, 0.01, -0.002;
  for (int i = 0; i < 6; ++i)
    d3[in_plane[i]] = d2[i];
  const auto                    f2 = b21->section_forces(state_from(d2, true), false);
  std::map<std::string, double> f3;
  for (const auto &[name, value] : b31->section_forces(state_from(d3, false), false))
    f3[name] = value;
  ASSERT_EQ(f2.size(), 9u); // SF1 SF2 SM1 at the middle, _end1, _end2
  for (const auto &[name, value] : f2)
    EXPECT_NEAR(value, f3.at(name), 1e-10 * std::abs(f3.at(name))) << name;
}

TEST(BeamElement, B21ClosedFormRigidModesCantileverAndMass)
{
  const double    l    = 500.0;
  const auto      beam = make_beam("B21", Eigen::Vector3d::Zero(), Eigen::Vector3d(l, 0.0, 0.0));
  Eigen::MatrixXd k;
  beam->linear_stiffness(k);
  Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(6, 6);
  expected(0, 0) = expected(3, 3) = e * a / l;
  expected(0, 3) = expected(3, 0) = -e * a / l;
  const Eigen::Matrix4d kb        = bending_block(e * i11, 12 * e * i11 / (k2 * g * a * l * l), l);
  const int             b[4]      = {1, 2, 4, 5};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      expected(b[r], b[c]) = kb(r, c);
  EXPECT_LT((k - expected).norm(), 1e-13 * expected.norm());

  // Rotated in the plane by 40 degrees: K = T^T K_x T.
  const double angle = 40.0 * M_PI / 180.0;
  const auto   rotated =
    make_beam("B21", Eigen::Vector3d(3.0, 1.0, 0.0),
              Eigen::Vector3d(3.0 + l * std::cos(angle), 1.0 + l * std::sin(angle), 0.0));
  Eigen::MatrixXd k_rot;
  rotated->linear_stiffness(k_rot);
  const Eigen::MatrixXd t =
    block_diagonal(Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()).toRotationMatrix(), 2);
  EXPECT_LT((k_rot - t * expected * t.transpose()).norm(), 1e-12 * expected.norm());
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(k_rot);
  int                                                  n_zero = 0;
  for (int i = 0; i < 6; ++i)
    n_zero += std::abs(eigen.eigenvalues()[i]) < 1e-10 * eigen.eigenvalues().maxCoeff();
  EXPECT_EQ(n_zero, 3);
  const Eigen::Vector3d arm(l * std::cos(angle), l * std::sin(angle), 0.0);
  Eigen::VectorXd       rotation(6);
  rotation << 0.0, 0.0, 1.0, -arm[1], arm[0], 1.0; // omega = z: u = z x arm
  EXPECT_LT((k_rot * rotation).norm(), 1e-10 * k_rot.norm() * rotation.norm());

  // Cantilever along y (local 2 = t x (-z) = +x): P L^3/(3 E I11) + P L/(k2 G A).
  const auto vertical  = make_beam("B21", Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, l, 0.0));
  Eigen::VectorXd load = Eigen::VectorXd::Zero(3);
  load[0]              = -10.0;
  const double expected_tip = -10.0 * std::pow(l, 3) / (3.0 * e * i11) - 10.0 * l / (k2 * g * a);
  EXPECT_NEAR(cantilever_tip(*vertical, load)[0], expected_tip, 1e-11 * std::abs(expected_tip));

  // Mass: rigid translation rho A L, rigid rotation rho A L^3/12 + rho I11 L.
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      Eigen::MatrixXd m;
      rotated->mass(kind, m);
      Eigen::VectorXd translation(6);
      translation << 0.6, 0.8, 0.0, 0.6, 0.8, 0.0;
      EXPECT_NEAR(translation.dot(m * translation), rho * a * l, 1e-13 * rho * a * l);
      EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues().minCoeff(), 0.0);
      if (kind == MassKind::consistent)
        {
          Eigen::VectorXd about_middle(6); // omega = 1 about the mid-point
          about_middle << 0.5 * arm[1], -0.5 * arm[0], 1.0, -0.5 * arm[1], 0.5 * arm[0], 1.0;
          const double j_mid = rho * a * std::pow(l, 3) / 12.0 + rho * i11 * l;
          EXPECT_NEAR(about_middle.dot(m * about_middle), j_mid, 1e-12 * j_mid);
        }
    }
}

TEST(BeamElement, GeometricStiffnessAndDesignDerivatives)
{
  // The kernel's initial-stress matrix (the registered B31 has its own, from Meijaard's strains).
  const double           l = 800.0;
  const TimoshenkoBeam3D kernel(
    beam_definition(Eigen::Vector3d::Zero(), Eigen::Vector3d(l, 0.0, 0.0)));
  const auto      beam = make_beam("B31", Eigen::Vector3d::Zero(), Eigen::Vector3d(l, 0.0, 0.0));
  Eigen::VectorXd d    = Eigen::VectorXd::Zero(12);
  d[6]                 = 0.01; // N = EA 0.01/l
  const double    n    = e * a * 0.01 / l;
  Eigen::MatrixXd kg;
  kernel.geometric_stiffness(state_from(d, false), kg);
  EXPECT_NEAR(kg(1, 1), 6.0 * n / (5.0 * l), 1e-12 * n / l);
  EXPECT_NEAR(kg(2, 2), 6.0 * n / (5.0 * l), 1e-12 * n / l);
  EXPECT_NEAR(kg(5, 5), 2.0 * n * l / 15.0, 1e-12 * n * l);
  EXPECT_NEAR(kg(1, 5), n / 10.0, 1e-12 * n);
  EXPECT_NEAR(kg(2, 4), -n / 10.0, 1e-12 * n);
  EXPECT_NEAR(kg(0, 0), 0.0, 1e-15 * n);
  // Rigid-body translations stay zero-energy modes of K + Kg.
  Eigen::VectorXd translation = Eigen::VectorXd::Zero(12);
  translation[1] = translation[7] = 1.0;
  EXPECT_LT((kg * translation).norm(), 1e-12 * kg.norm());

  Eigen::MatrixXd k, m, dk, dm;
  beam->linear_stiffness(k);
  beam->mass(MassKind::consistent, m);
  beam->design_derivative(DesignProperty::modulus, dk, dm);
  EXPECT_EQ((dk - k).norm(), 0.0);
  EXPECT_EQ(dm.norm(), 0.0);
  beam->design_derivative(DesignProperty::density, dk, dm);
  EXPECT_EQ(dk.norm(), 0.0);
  EXPECT_EQ((dm - m).norm(), 0.0);
  beam->design_derivative(DesignProperty::thickness, dk, dm);
  EXPECT_EQ(dk.norm() + dm.norm(), 0.0);
  EXPECT_THROW(beam->design_derivative(DesignProperty::area, dk, dm), std::invalid_argument);
}

TEST(BeamElement, InvalidSectionsAreRejectedWithTheElementId)
{
  const auto message = [](const ElementDefinition &definition, const std::string &type) {
    try
      {
        make_beam(type, definition);
      }
    catch (const std::invalid_argument &error)
      {
        return std::string(error.what());
      }
    return std::string();
  };
  const std::string parallel =
    message(beam_definition(Eigen::Vector3d::Zero(), Eigen::Vector3d(0, 0, 5)), "B31");
  EXPECT_NE(parallel.find("17"), std::string::npos) << parallel;
  EXPECT_NE(parallel.find("n1 is parallel to the beam axis"), std::string::npos) << parallel;
  ElementDefinition skew  = beam_definition(Eigen::Vector3d::Zero(), Eigen::Vector3d(5, 0, 0));
  skew.section.beam().i12 = 10.0;
  for (const std::string type : {"B21", "B31"})
    {
      const std::string i12 = message(skew, type);
      EXPECT_NE(i12.find("I12 != 0 not supported"), std::string::npos) << i12;
      EXPECT_NE(i12.find("17"), std::string::npos) << i12;
    }
  EXPECT_NE(message(beam_definition(Eigen::Vector3d::Zero(), Eigen::Vector3d(5, 0, 1)), "B21"), "");
}
