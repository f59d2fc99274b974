/**
 * Timoshenko beam (B31, B21): closed-form stiffness, six rigid-body modes,
 * cantilever tip deflection P L^3/(3EI) + P L/(kGA), mass totals.
 */
#include <elements/registry.h>

#include <gtest/gtest.h>

using namespace corot;
using namespace corot::elements;

namespace
{
  constexpr double e = 2.1e5, g = 8.0e4, rho = 7.85e-9, a = 200.0, i11 = 6666.0, i22 = 1666.0,
                   j = 4500.0, k_shear = 5.0 / 6.0;

  std::unique_ptr<Element>
  make_beam(const std::string &type, const Eigen::Vector3d &x1, const Eigen::Vector3d &x2,
            const Eigen::Vector3d &n1 = Eigen::Vector3d(0.0, 0.0, -1.0))
  {
    ElementDefinition definition;
    definition.id                      = 1;
    definition.node_ids                = {1, 2};
    definition.reference_positions     = {x1, x2};
    definition.section.area            = a;
    definition.section.i11             = i11;
    definition.section.i22             = i22;
    definition.section.torsion_constant = j;
    definition.section.shear_factor_1  = k_shear;
    definition.section.shear_factor_2  = k_shear;
    definition.section.n1              = n1;
    definition.material.youngs_modulus = e;
    definition.material.shear_modulus  = g;
    definition.material.density        = rho;
    return ElementRegistry::instance().find(type)->create(definition);
  }

  /** Tip displacement of a one-element cantilever clamped at node 1 under tip load @p load (6 entries). */
  Eigen::VectorXd
  cantilever_tip(const Element &beam, const Eigen::VectorXd &load)
  {
    Eigen::MatrixXd k;
    beam.linear_stiffness(k);
    const int n = k.rows() / 2;
    return k.bottomRightCorner(n, n).ldlt().solve(load);
  }
} // namespace

TEST(BeamElement, CantileverTipDeflectionIsTimoshenkoClosedForm)
{
  const double    length = 1000.0;
  const auto      beam   = make_beam("B31", Eigen::Vector3d::Zero(), Eigen::Vector3d(length, 0.0, 0.0));
  // Load along +y = local 2 (t x n1 with n1 = -z): bending about local 1, I11.
  Eigen::VectorXd load = Eigen::VectorXd::Zero(6);
  load[1]              = 100.0;
  const Eigen::VectorXd tip = cantilever_tip(*beam, load);
  const double expected = 100.0 * std::pow(length, 3) / (3.0 * e * i11) + 100.0 * length / (k_shear * g * a);
  EXPECT_NEAR(tip[1], expected, 1e-10 * expected);
  // Load along z = -local 1: bending about local 2, I22.
  load.setZero();
  load[2] = 100.0;
  const double expected_z = 100.0 * std::pow(length, 3) / (3.0 * e * i22) + 100.0 * length / (k_shear * g * a);
  EXPECT_NEAR(cantilever_tip(*beam, load)[2], expected_z, 1e-10 * expected_z);
  // Axial and torsion.
  load.setZero();
  load[0] = 100.0;
  load[3] = 50.0;
  const Eigen::VectorXd axial = cantilever_tip(*beam, load);
  EXPECT_NEAR(axial[0], 100.0 * length / (e * a), 1e-12);
  EXPECT_NEAR(axial[3], 50.0 * length / (g * j), 1e-15);
}

TEST(BeamElement, OrientedBeamHasSixRigidBodyModes)
{
  const auto beam = make_beam("B31", Eigen::Vector3d(1.0, 2.0, 3.0), Eigen::Vector3d(4.0, -2.0, 15.0),
                              Eigen::Vector3d(0.3, 0.9, 0.1));
  Eigen::MatrixXd k;
  beam->linear_stiffness(k);
  EXPECT_LT((k - k.transpose()).norm(), 1e-12 * k.norm());
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(k);
  int n_zero = 0;
  for (int i = 0; i < 12; ++i)
    n_zero += std::abs(eigen.eigenvalues()[i]) < 1e-9 * eigen.eigenvalues().maxCoeff();
  EXPECT_EQ(n_zero, 6);
  // An infinitesimal rigid rotation omega about node 1: u = omega x (x - x1), theta = omega.
  const Eigen::Vector3d omega(0.2, -0.1, 0.3), arm(3.0, -4.0, 12.0);
  Eigen::VectorXd       rigid(12);
  rigid << Eigen::Vector3d::Zero(), omega, omega.cross(arm), omega;
  EXPECT_LT((k * rigid).norm(), 1e-10 * k.norm() * rigid.norm());
}

TEST(BeamElement, ConsistentMassCarriesTheTotalMass)
{
  const auto beam = make_beam("B31", Eigen::Vector3d::Zero(), Eigen::Vector3d(3.0, 4.0, 0.0));
  Eigen::MatrixXd m;
  beam->mass(MassKind::consistent, m);
  const double total = rho * a * 5.0;
  for (int direction = 0; direction < 3; ++direction)
    {
      Eigen::VectorXd translation = Eigen::VectorXd::Zero(12);
      translation[direction] = translation[6 + direction] = 1.0;
      EXPECT_NEAR(translation.dot(m * translation), total, 1e-12 * total);
    }
  EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues().minCoeff(), 0.0);
}

TEST(BeamElement, PlanarBeamMatchesClosedForm)
{
  const double length = 500.0;
  const auto   beam   = make_beam("B21", Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, length, 0.0));
  Eigen::VectorXd load = Eigen::VectorXd::Zero(3);
  load[0]              = -10.0; // transverse to a beam along y
  const double expected = -10.0 * std::pow(length, 3) / (3.0 * e * i11) - 10.0 * length / (k_shear * g * a);
  EXPECT_NEAR(cantilever_tip(*beam, load)[0], expected, 1e-10 * std::abs(expected));
}
