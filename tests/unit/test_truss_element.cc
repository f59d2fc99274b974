/**
 * Co-rotational truss (T2D2, T3D2): closed-form matrices, rigid-body motions,
 * finite rigid rotation, tangent against finite differences, and the
 * energy identity of the Crisfield-Shi conserving force (seed-papers.md 2.1.4-2.1.6).
 */
#include <elements/registry.h>

#include <gtest/gtest.h>

#include <random>

using namespace corot;
using namespace corot::elements;

namespace
{
  constexpr double youngs_modulus = 2.0e5, area = 3.0, density = 7.8e-9;

  std::unique_ptr<Element>
  make_truss(const std::string &type, const Eigen::Vector3d &x1, const Eigen::Vector3d &x2)
  {
    ElementDefinition definition;
    definition.id                  = 1;
    definition.node_ids            = {1, 2};
    definition.reference_positions = {x1, x2};
    definition.section.area        = area;
    definition.material.youngs_modulus = youngs_modulus;
    definition.material.density        = density;
    return ElementRegistry::instance().find(type)->create(definition);
  }

  ElementKinematics
  state_from(const Eigen::VectorXd &d, const unsigned dim)
  {
    ElementKinematics state(2);
    for (unsigned a = 0; a < 2; ++a)
      state[a].displacement.head(dim) = d.segment(a * dim, dim);
    return state;
  }

  const Eigen::Vector3d x1(1.0, 2.0, -1.0), x2(4.0, 6.0, 11.0); // l0 = 13
} // namespace

TEST(TrussElement, LinearStiffnessAndMassesAreClosedForm)
{
  const auto      truss = make_truss("T3D2", x1, x2);
  Eigen::MatrixXd k, m_consistent, m_lumped;
  truss->linear_stiffness(k);
  truss->mass(MassKind::consistent, m_consistent);
  truss->mass(MassKind::lumped, m_lumped);
  const double          l0 = 13.0;
  const Eigen::Vector3d e  = (x2 - x1) / l0;
  const Eigen::Matrix3d ee = youngs_modulus * area / l0 * e * e.transpose();
  EXPECT_NEAR((k.block<3, 3>(0, 0) - ee).norm(), 0.0, 1e-9 * ee.norm());
  EXPECT_NEAR((k.block<3, 3>(0, 3) + ee).norm(), 0.0, 1e-9 * ee.norm());
  const double total = density * area * l0;
  EXPECT_NEAR(m_consistent(0, 0), total / 3.0, 1e-15 * total);
  EXPECT_NEAR(m_consistent(0, 3), total / 6.0, 1e-15 * total);
  EXPECT_NEAR(m_lumped(2, 2), total / 2.0, 1e-15 * total);
  EXPECT_NEAR(m_consistent.sum(), 3.0 * total, 1e-14 * total); // rigid translation in 3 directions
  EXPECT_NEAR(m_lumped.sum(), 3.0 * total, 1e-14 * total);
}

TEST(TrussElement, RigidTranslationAndFiniteRigidRotationGiveZeroForce)
{
  const auto truss = make_truss("T3D2", x1, x2);
  // 70 degrees about an oblique axis through node 1, plus a translation.
  const Eigen::Matrix3d rotation =
    Eigen::AngleAxisd(70.0 * M_PI / 180.0, Eigen::Vector3d(1.0, -2.0, 0.5).normalized()).toRotationMatrix();
  const Eigen::Vector3d shift(5.0, -3.0, 2.0);
  ElementKinematics     state(2);
  state[0].displacement = shift;
  state[1].displacement = x1 + rotation * (x2 - x1) + shift - x2;
  Eigen::VectorXd force;
  truss->internal_force(state, force, nullptr);
  EXPECT_LT(force.norm(), 1e-9 * youngs_modulus * area);
  EXPECT_LT(truss->strain_energy(state), 1e-20);
}

TEST(TrussElement, TangentMatchesFiniteDifferences)
{
  for (const std::string type : {"T2D2", "T3D2"})
    {
      const unsigned  dim   = type == "T2D2" ? 2 : 3;
      const Eigen::Vector3d y2 = dim == 2 ? Eigen::Vector3d(4.0, 6.0, 0.0) : x2;
      const Eigen::Vector3d y1 = dim == 2 ? Eigen::Vector3d(1.0, 2.0, 0.0) : x1;
      const auto      truss = make_truss(type, y1, y2);
      std::mt19937    generator(7);
      std::uniform_real_distribution<double> uniform(-2.0, 2.0);
      Eigen::VectorXd d(2 * dim);
      for (unsigned i = 0; i < 2 * dim; ++i)
        d[i] = uniform(generator);
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      truss->internal_force(state_from(d, dim), force, &tangent);
      Eigen::MatrixXd numeric(2 * dim, 2 * dim);
      const double    h = 1e-6;
      for (unsigned j = 0; j < 2 * dim; ++j)
        {
          Eigen::VectorXd plus = d, minus = d, f_plus, f_minus;
          plus[j] += h;
          minus[j] -= h;
          truss->internal_force(state_from(plus, dim), f_plus, nullptr);
          truss->internal_force(state_from(minus, dim), f_minus, nullptr);
          numeric.col(j) = (f_plus - f_minus) / (2.0 * h);
        }
      EXPECT_LT((tangent - numeric).norm(), 1e-6 * tangent.norm()) << type;
    }
}

TEST(TrussElement, ConservingForceSatisfiesTheEnergyIdentity)
{
  // Delta d . f = W(n+1) - W(n) to round-off for random pairs of configurations,
  // including large rotations within the step (Crisfield & Shi 1993, eqs. 14-21).
  const auto   truss = make_truss("T3D2", x1, x2);
  std::mt19937 generator(2026);
  std::uniform_real_distribution<double> uniform(-6.0, 6.0);
  double       worst = 0.0;
  for (unsigned trial = 0; trial < 100; ++trial)
    {
      Eigen::VectorXd d_n(6), d_n1(6);
      for (unsigned i = 0; i < 6; ++i)
        {
          d_n[i]  = uniform(generator);
          d_n1[i] = uniform(generator);
        }
      Eigen::VectorXd force;
      truss->conserving_force(state_from(d_n, 3), state_from(d_n1, 3), force, nullptr);
      const double work   = (d_n1 - d_n).dot(force);
      const double change = truss->strain_energy(state_from(d_n1, 3)) - truss->strain_energy(state_from(d_n, 3));
      const double scale  = truss->strain_energy(state_from(d_n1, 3)) + truss->strain_energy(state_from(d_n, 3));
      worst               = std::max(worst, std::abs(work - change) / scale);
    }
  EXPECT_LT(worst, 1e-12);
}

TEST(TrussElement, ConservingTangentMatchesFiniteDifferences)
{
  const auto      truss = make_truss("T3D2", x1, x2);
  Eigen::VectorXd d_n(6), d_n1(6);
  d_n << 0.1, -0.3, 0.2, 0.5, 0.4, -0.2;
  d_n1 << 0.8, 1.9, -0.7, -2.0, 3.1, 0.6;
  Eigen::VectorXd force;
  Eigen::MatrixXd tangent;
  truss->conserving_force(state_from(d_n, 3), state_from(d_n1, 3), force, &tangent);
  Eigen::MatrixXd numeric(6, 6);
  const double    h = 1e-6;
  for (unsigned j = 0; j < 6; ++j)
    {
      Eigen::VectorXd plus = d_n1, minus = d_n1, f_plus, f_minus;
      plus[j] += h;
      minus[j] -= h;
      truss->conserving_force(state_from(d_n, 3), state_from(plus, 3), f_plus, nullptr);
      truss->conserving_force(state_from(d_n, 3), state_from(minus, 3), f_minus, nullptr);
      numeric.col(j) = (f_plus - f_minus) / (2.0 * h);
    }
  EXPECT_LT((tangent - numeric).norm(), 1e-6 * tangent.norm());
  EXPECT_GT((tangent - tangent.transpose()).norm(), 1e-6 * tangent.norm()); // non-symmetric, as the paper says
}

TEST(TrussElement, PlanarTrussOutOfPlaneIsRejected)
{
  EXPECT_THROW(make_truss("T2D2", Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 0, 1)),
               std::invalid_argument);
}
