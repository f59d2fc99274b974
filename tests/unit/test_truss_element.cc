/**
 * Co-rotational truss (T2D2, T3D2): closed-form matrices, the energy identity
 * of the Crisfield-Shi conserving force for arbitrary (large-strain) pairs of
 * configurations and its non-symmetric tangent (Crisfield & Shi 1993). The
 * properties every element has (rigid motions, rigid modes, tangent against
 * central differences, ...) are in test_element_properties.cc.
 */
#include <elements/registry.h>

#include <gtest/gtest.h>

#include <random>
#include <sstream>

using namespace corot;
using namespace corot::elements;

namespace
{
  /** @p value in scientific notation, for RecordProperty. */
  std::string
  scientific(const double value)
  {
    std::ostringstream text;
    text << std::scientific << value;
    return text.str();
  }

  constexpr double youngs_modulus = 2.0e5, area = 3.0, density = 7.8e-9;

  std::unique_ptr<Element>
  make_truss(const std::string &type, const Eigen::Vector3d &x1, const Eigen::Vector3d &x2)
  {
    ElementDefinition definition;
    definition.id                      = 1;
    definition.node_ids                = {1, 2};
    definition.reference_positions     = {x1, x2};
    definition.section.truss().area    = area;
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

TEST(TrussElement, ConservingForceSatisfiesTheEnergyIdentity)
{
  // Delta d . f = W(n+1) - W(n) to round-off for random pairs of configurations,
  // including large rotations within the step (Crisfield & Shi 1993, eqs. 14-21).
  const auto                             truss = make_truss("T3D2", x1, x2);
  std::mt19937                           generator(2026);
  std::uniform_real_distribution<double> uniform(-6.0, 6.0);
  double                                 worst = 0.0;
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
      const double work = (d_n1 - d_n).dot(force);
      const double change =
        truss->strain_energy(state_from(d_n1, 3)) - truss->strain_energy(state_from(d_n, 3));
      const double scale =
        truss->strain_energy(state_from(d_n1, 3)) + truss->strain_energy(state_from(d_n, 3));
      worst = std::max(worst, std::abs(work - change) / scale);
    }
  RecordProperty("energy_identity_worst_relative_error", scientific(worst));
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
  RecordProperty("conserving_tangent_fd_relative_error",
                 scientific((tangent - numeric).norm() / tangent.norm()));
  EXPECT_LT((tangent - numeric).norm(), 1e-6 * tangent.norm());
  EXPECT_GT((tangent - tangent.transpose()).norm(),
            1e-6 * tangent.norm()); // non-symmetric, as the paper says
}

TEST(TrussElement, GeometricStiffnessSectionForceAndDesignDerivatives)
{
  const auto            truss = make_truss("T3D2", x1, x2);
  const double          l0    = 13.0;
  const Eigen::Vector3d e0    = (x2 - x1) / l0;
  // Stretch by 0.013 along the axis: N = EA 0.001.
  Eigen::VectorXd d = Eigen::VectorXd::Zero(6);
  d.tail(3)         = 0.013 * e0;
  const double    n = youngs_modulus * area * 0.001;
  Eigen::MatrixXd kg;
  truss->geometric_stiffness(state_from(d, 3), kg);
  const Eigen::Matrix3d block = n / l0 * (Eigen::Matrix3d::Identity() - e0 * e0.transpose());
  EXPECT_LT((kg.block<3, 3>(0, 0) - block).norm(), 1e-9 * block.norm());
  EXPECT_LT((kg.block<3, 3>(0, 3) + block).norm(), 1e-9 * block.norm());
  EXPECT_LT((kg.block<3, 3>(3, 3) - block).norm(), 1e-9 * block.norm());
  const auto large = truss->section_forces(state_from(d, 3), true);
  const auto small = truss->section_forces(state_from(d, 3), false);
  ASSERT_EQ(large.size(), 3u); // SF1, SF1_end1, SF1_end2
  EXPECT_EQ(large.front().first, "SF1");
  for (std::size_t k = 0; k < 3; ++k)
    {
      EXPECT_NEAR(large[k].second, n, 1e-9 * n);
      EXPECT_NEAR(small[k].second, n, 1e-9 * n);
    }
  EXPECT_EQ(large[1].first, "SF1_end1");
  EXPECT_EQ(large[2].first, "SF1_end2");

  Eigen::MatrixXd k, m, dk, dm;
  truss->linear_stiffness(k);
  truss->mass(MassKind::consistent, m);
  truss->design_derivative(DesignProperty::density, dk, dm);
  EXPECT_EQ(dk.norm(), 0.0);
  EXPECT_EQ((dm - m).norm(), 0.0);
  truss->design_derivative(DesignProperty::modulus, dk, dm);
  EXPECT_EQ((dk - k).norm(), 0.0);
  EXPECT_EQ(dm.norm(), 0.0);
  truss->design_derivative(DesignProperty::area, dk, dm);
  EXPECT_EQ((dk - k).norm() + (dm - m).norm(), 0.0);
  truss->design_derivative(DesignProperty::thickness, dk, dm);
  EXPECT_EQ(dk.norm() + dm.norm(), 0.0);
  EXPECT_TRUE(truss->supports_large_rotations());
  EXPECT_FALSE(truss->is_point_inertia());
}

TEST(TrussElement, PlanarTrussMatricesAndDofs)
{
  const auto truss =
    make_truss("T2D2", Eigen::Vector3d(1.0, 2.0, 0.0), Eigen::Vector3d(4.0, 6.0, 0.0));
  ASSERT_EQ(truss->n_dofs(), 4u);
  EXPECT_EQ(truss->dof_kinds().back(), core::DofKind::uy);
  Eigen::MatrixXd k, m;
  truss->linear_stiffness(k);
  const Eigen::Vector2d e(0.6, 0.8);
  EXPECT_LT((k.block<2, 2>(0, 0) - youngs_modulus * area / 5.0 * e * e.transpose()).norm(), 1e-9);
  truss->mass(MassKind::lumped, m);
  EXPECT_LT((m - density * area * 5.0 / 2.0 * Eigen::MatrixXd::Identity(4, 4)).norm(), 1e-20);
  truss->mass(MassKind::consistent, m);
  EXPECT_NEAR(m(0, 2), density * area * 5.0 / 6.0, 1e-20);
  EXPECT_NEAR(m(1, 1), density * area * 5.0 / 3.0, 1e-20);
}

TEST(TrussElement, PlanarTrussOutOfPlaneIsRejected)
{
  EXPECT_THROW(make_truss("T2D2", Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 0, 1)),
               std::invalid_argument);
}

TEST(TrussElement, GeometricStiffnessTakesTheLinearPreBucklingForce)
{
  // Linear buckling, (K0 + lambda K_sigma) phi = 0, needs K_sigma of the
  // linear pre-buckling state: linear in the displacements, with the
  // small-displacement force N = EA/l0 e0 . (u2 - u1). A displacement normal
  // to the bar (here 20 % of l0) stretches the chord by l0 (sqrt(1.04) - 1)
  // but carries no linear axial force, so K_sigma = 0; and K_sigma(2 d) =
  // 2 K_sigma(d) for any d (a pure stretch, as in the test above, cannot tell
  // the two forces apart).
  const auto            truss  = make_truss("T3D2", x1, x2);
  const double          l0     = 13.0;
  const Eigen::Vector3d e0     = (x2 - x1) / l0;
  const Eigen::Vector3d normal = e0.cross(Eigen::Vector3d(1.0, 0.0, 0.0)).normalized();
  Eigen::VectorXd       d      = Eigen::VectorXd::Zero(6);
  d.tail(3)                    = 0.2 * l0 * normal;
  Eigen::MatrixXd kg, kg2;
  truss->geometric_stiffness(state_from(d, 3), kg);
  Eigen::MatrixXd k;
  truss->linear_stiffness(k);
  EXPECT_LT(kg.norm(), 1e-14 * k.norm()) << "N used: " << kg(0, 0) * l0;

  std::mt19937                           rng(4);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (unsigned i = 0; i < 6; ++i)
    d[i] = 0.1 * l0 * unit(rng);
  truss->geometric_stiffness(state_from(d, 3), kg);
  truss->geometric_stiffness(state_from(2.0 * d, 3), kg2);
  EXPECT_LT((kg2 - 2.0 * kg).norm(), 1e-13 * kg.norm());
  const double n = youngs_modulus * area / l0 * e0.dot(d.tail(3) - d.head(3));
  EXPECT_NEAR(kg(0, 0), n / l0 * (1.0 - e0[0] * e0[0]), 1e-13 * std::abs(n) / l0);
}
