/**
 * Consistent mass of the shear-flexible beams (TimoshenkoBeam2D, the kernel of B21, and
 * TimoshenkoBeam3D, the kernel of B31): it must be the kinetic energy of the interpolation the
 * stiffness is exact for (Przemieniecki 1968, ch. 11; Friedman & Kosmatka, Computers & Structures
 * 47 (1993) 473-481), not the Euler-Bernoulli Hermite mass with the rotary inertia put on q'.
 *
 * The reference is built here independently of the kernel: the homogeneous Timoshenko equations
 * EI r'' + kGA (q' - r) = 0, (kGA (q' - r))' = 0 have the solutions r = a1 + a2 x + a3 x^2,
 * q = b0 + a1 x + a2 x^2/2 + a3 x^3/3 + gamma x with the constant shear strain
 * gamma = q' - r = -2 a3 EI/(kGA); the four coefficients follow from the nodal values by a
 * linear solve, and the element matrices are Gauss integrals (deal.II QGauss) of
 * EI r'^2 + kGA gamma^2 (stiffness: checks that this is the interpolation behind the
 * element's stiffness) and rho A q^2 + rho I r^2 (mass).
 */
#include <elements/beam_plane_matrices.h>
#include <elements/timoshenko_beam_2d.h>
#include <elements/timoshenko_beam_3d.h>

#include <deal.II/base/quadrature_lib.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>

using namespace corot;
using namespace corot::elements;

namespace
{
  constexpr double e = 2.1e11, g = e / 2.6, rho = 7850.0;

  /** Stiffness and mass of one bending plane (DOFs q1, r1, q2, r2; r = +dq/dx) by quadrature. */
  struct PlaneMatrices
  {
    Eigen::Matrix4d stiffness = Eigen::Matrix4d::Zero(), mass = Eigen::Matrix4d::Zero();
  };

  /**
   * The exact static interpolation of a Timoshenko beam of length @p l with bending stiffness
   * @p ei and shear stiffness @p kga (kga = 0: Euler-Bernoulli, gamma = 0), integrated with
   * four Gauss points (exact: the integrands are polynomials of degree <= 6).
   */
  PlaneMatrices
  integrated_plane(const double ei, const double kga, const double rho_a, const double rho_i,
                   const double l)
  {
    const double c = kga > 0.0 ? 2.0 * ei / kga : 0.0; // gamma = -c a3
    // Field coefficients p = (b0, a1, a2, a3): q(x) = qx . p, r(x) = rx . p.
    const auto q_row = [&](const double x) {
      return Eigen::RowVector4d(1.0, x, x * x / 2.0, x * x * x / 3.0 - c * x);
    };
    const auto r_row  = [&](const double x) { return Eigen::RowVector4d(0.0, 1.0, x, x * x); };
    const auto dr_row = [&](const double x) { return Eigen::RowVector4d(0.0, 0.0, 1.0, 2.0 * x); };
    const Eigen::RowVector4d gamma_row(0.0, 0.0, 0.0, -c);
    Eigen::Matrix4d          nodal; // nodal values (q1, r1, q2, r2) = nodal p
    nodal << q_row(0.0), r_row(0.0), q_row(l), r_row(l);
    const Eigen::Matrix4d to_coefficients = nodal.inverse(); // p = to_coefficients d

    PlaneMatrices           result;
    const dealii::QGauss<1> gauss(4);
    for (unsigned p = 0; p < gauss.size(); ++p)
      {
        const double             x = l * gauss.point(p)[0], w = l * gauss.weight(p);
        const Eigen::RowVector4d nq = q_row(x) * to_coefficients, nr = r_row(x) * to_coefficients;
        const Eigen::RowVector4d kappa = dr_row(x) * to_coefficients,
                                 gamma = gamma_row * to_coefficients;
        result.stiffness += w * (ei * kappa.transpose() * kappa + kga * gamma.transpose() * gamma);
        result.mass += w * (rho_a * nq.transpose() * nq + rho_i * nr.transpose() * nr);
      }
    return result;
  }

  /** A beam from the origin along +x (local 1 = -z, local 2 = +y) with a circle of radius r. */
  ElementDefinition
  circle_along_x(const double length, const double r, const double k_1, const double k_2)
  {
    ElementDefinition definition;
    definition.id                  = 3;
    definition.node_ids            = {1, 2};
    definition.reference_positions = {Eigen::Vector3d::Zero(), Eigen::Vector3d(length, 0.0, 0.0)};
    definition.section.beam().area = M_PI * r * r;
    definition.section.beam().i11  = M_PI * std::pow(r, 4) / 4.0;
    definition.section.beam().i22  = 0.5 * definition.section.beam().i11; // distinct planes
    definition.section.beam().torsion_constant = 2.0 * definition.section.beam().i11;
    definition.section.beam().shear_factor_1   = k_1;
    definition.section.beam().shear_factor_2   = k_2;
    definition.section.beam().n1               = Eigen::Vector3d(0.0, 0.0, -1.0);
    definition.material.youngs_modulus         = e;
    definition.material.shear_modulus          = g;
    definition.material.density                = rho;
    return definition;
  }

  /** Rows/columns @p idx of @p m with the rotations (entries 1 and 3) times @p sign. */
  Eigen::Matrix4d
  plane_block(const Eigen::MatrixXd &m, const std::array<int, 4> &idx, const double sign)
  {
    Eigen::Matrix4d block;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        block(i, j) = m(idx[i], idx[j]);
    const Eigen::Vector4d s(1.0, sign, 1.0, sign);
    return s.asDiagonal() * block * s.asDiagonal();
  }
} // namespace

TEST(TimoshenkoBeamMass, PhiZeroIsTheEulerBernoulliHermiteMass)
{
  const double    l = 0.7, rho_a = 3.1, rho_i = 0.02;
  Eigen::Matrix4d translational, rotary;
  translational << 156, 22 * l, 54, -13 * l, 22 * l, 4 * l * l, 13 * l, -3 * l * l, 54, 13 * l, 156,
    -22 * l, -13 * l, -3 * l * l, -22 * l, 4 * l * l;
  rotary << 36, 3 * l, -36, 3 * l, 3 * l, 4 * l * l, -3 * l, -l * l, -36, -3 * l, 36, -3 * l, 3 * l,
    -l * l, -3 * l, 4 * l * l;
  const Eigen::Matrix4d hermite = rho_a * l / 420.0 * translational + rho_i / (30.0 * l) * rotary;
  for (const double sign : {1.0, -1.0})
    {
      const Eigen::Vector4d s(1.0, sign, 1.0, sign);
      const Eigen::Matrix4d expected = s.asDiagonal() * hermite * s.asDiagonal();
      EXPECT_LT((beam_plane::mass(rho_a, rho_i, 0.0, l, sign) - expected).norm(),
                1e-15 * expected.norm());
    }
  // Elements without shear flexibility (k = 0: Phi = 0) keep the Hermite mass in both planes.
  const ElementDefinition definition = circle_along_x(0.7, 0.05, 0.0, 0.0);
  Eigen::MatrixXd         m3, m2;
  TimoshenkoBeam3D(definition).mass(MassKind::consistent, m3);
  TimoshenkoBeam2D(definition).mass(MassKind::consistent, m2);
  const double a = definition.section.beam().area, i11 = definition.section.beam().i11,
               i22      = definition.section.beam().i22;
  const auto hermite_of = [&](const double rho_inertia) {
    return (rho * a * l / 420.0 * translational + rho * rho_inertia / (30.0 * l) * rotary).eval();
  };
  EXPECT_LT((plane_block(m3, {{1, 5, 7, 11}}, 1.0) - hermite_of(i11)).norm(), 1e-14 * m3.norm());
  EXPECT_LT((plane_block(m3, {{2, 4, 8, 10}}, -1.0) - hermite_of(i22)).norm(), 1e-14 * m3.norm());
  EXPECT_LT((plane_block(m2, {{1, 2, 4, 5}}, 1.0) - hermite_of(i11)).norm(), 1e-14 * m2.norm());
}

TEST(TimoshenkoBeamMass, MassIsTheKineticEnergyOfTheStiffnessInterpolation)
{
  // Slender to very stubby elements: Phi from about 1e-4 to 300 (l/r = 100 ... 0.05).
  for (const double l : {5.0, 0.5, 0.1, 0.02, 0.0025})
    {
      const double            r = 0.05, k1 = 0.7, k2 = 6.0 * 1.3 / 8.8;
      const ElementDefinition definition = circle_along_x(l, r, k1, k2);
      const double a = definition.section.beam().area, i11 = definition.section.beam().i11,
                   i22 = definition.section.beam().i22;
      // (uy, rz): bending about local 1 (I11, k2), rz = +d uy/dx; (uz, ry): about local 2 (I22,
      // k1), ry = -d uz/dx.
      const PlaneMatrices    about_1 = integrated_plane(e * i11, k2 * g * a, rho * a, rho * i11, l);
      const PlaneMatrices    about_2 = integrated_plane(e * i22, k1 * g * a, rho * a, rho * i22, l);
      const double           phi     = 12.0 * e * i11 / (k2 * g * a * l * l);
      Eigen::MatrixXd        k3, m3, k2d, m2d;
      const TimoshenkoBeam3D b31(definition);
      const TimoshenkoBeam2D b21(definition);
      b31.linear_stiffness(k3);
      b31.mass(MassKind::consistent, m3);
      b21.linear_stiffness(k2d);
      b21.mass(MassKind::consistent, m2d);
      const std::array<int, 4> v = {{1, 5, 7, 11}}, w = {{2, 4, 8, 10}}, planar = {{1, 2, 4, 5}};
      // The interpolation is the one the stiffness is exact for ...
      EXPECT_LT((plane_block(k3, v, 1.0) - about_1.stiffness).norm(),
                1e-12 * about_1.stiffness.norm())
        << l;
      EXPECT_LT((plane_block(k3, w, -1.0) - about_2.stiffness).norm(),
                1e-12 * about_2.stiffness.norm())
        << l;
      // ... and the consistent mass is its kinetic energy, in both planes of B31 and in B21.
      const double error_1 = (plane_block(m3, v, 1.0) - about_1.mass).norm() / about_1.mass.norm();
      const double error_2 = (plane_block(m3, w, -1.0) - about_2.mass).norm() / about_2.mass.norm();
      const double error_p =
        (plane_block(m2d, planar, 1.0) - about_1.mass).norm() / about_1.mass.norm();
      RecordProperty("relative_mass_error_phi_" + std::to_string(phi), std::to_string(error_1));
      EXPECT_LT(error_1, 1e-13) << "l = " << l << ", Phi = " << phi;
      EXPECT_LT(error_2, 1e-13) << "l = " << l;
      EXPECT_LT(error_p, 1e-13) << "l = " << l;
      EXPECT_LT((plane_block(k2d, planar, 1.0) - about_1.stiffness).norm(),
                1e-12 * about_1.stiffness.norm());
    }
}

TEST(TimoshenkoBeamMass, SymmetricPositiveDefiniteWithRigidBodyKineticEnergy)
{
  const Eigen::Vector3d x1(0.5, -1.0, 2.0), x2(0.8, -0.6, 2.0); // l = 0.5
  const double          l = 0.5, r = 0.2;
  for (const double k : {0.0, 0.9, 1e-3}) // Phi = 0, 1.4 and 1250 about local 1
    {
      ElementDefinition definition   = circle_along_x(l, r, k, k);
      definition.reference_positions = {x1, x2};
      definition.section.beam().n1   = Eigen::Vector3d(0.2, 0.1, -1.0);
      const TimoshenkoBeam3D beam(definition);
      const double a = definition.section.beam().area, i11 = definition.section.beam().i11,
                   i22 = definition.section.beam().i22, total = rho * a * l;
      Eigen::MatrixXd m;
      beam.mass(MassKind::consistent, m);
      EXPECT_LT((m - m.transpose()).norm(), 1e-15 * m.norm());
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(m);
      EXPECT_GT(eigen.eigenvalues().minCoeff(), 1e-8 * eigen.eigenvalues().maxCoeff()) << k;
      for (int direction = 0; direction < 3; ++direction)
        {
          Eigen::VectorXd translation = Eigen::VectorXd::Zero(12);
          translation[direction] = translation[6 + direction] = 1.0;
          EXPECT_NEAR(translation.dot(m * translation), total, 1e-13 * total) << k;
        }
      // Rigid rotation omega about the mid-point: 2T = omega^T J omega, J = rho A l^3/12 (I - t t^T)
      // + rho l ((I11 + I22) t t^T + I11 e1 e1^T + I22 e2 e2^T); about the axis t alone rho J_p l.
      const Eigen::Vector3d t = (x2 - x1) / l;
      const Eigen::Vector3d e1 =
        (definition.section.beam().n1 - definition.section.beam().n1.dot(t) * t).normalized();
      const Eigen::Vector3d e2 = t.cross(e1), centre = 0.5 * (x1 + x2);
      const Eigen::Matrix3d inertia =
        rho * a * l * l * l / 12.0 * (Eigen::Matrix3d::Identity() - t * t.transpose()) +
        rho * l *
          ((i11 + i22) * t * t.transpose() + i11 * e1 * e1.transpose() + i22 * e2 * e2.transpose());
      for (const Eigen::Vector3d &omega : {Eigen::Vector3d(t), Eigen::Vector3d(e1),
                                           Eigen::Vector3d(e2), Eigen::Vector3d(0.3, -1.2, 0.7)})
        {
          Eigen::VectorXd velocity(12);
          velocity << omega.cross(x1 - centre), omega, omega.cross(x2 - centre), omega;
          const double expected = omega.dot(inertia * omega);
          EXPECT_NEAR(velocity.dot(m * velocity), expected, 1e-12 * expected) << k;
        }
      Eigen::VectorXd spin = Eigen::VectorXd::Zero(12);
      spin << Eigen::Vector3d::Zero(), t, Eigen::Vector3d::Zero(), t;
      EXPECT_NEAR(spin.dot(m * spin), rho * (i11 + i22) * l, 1e-13 * rho * (i11 + i22) * l);
    }
}

TEST(TimoshenkoBeamMass, DesignDerivativesMatchCentralDifferences)
{
  // A stubby beam (Phi about 1.4 and 0.8): the mass depends on Phi = 12 EI/(kGA l^2), which the design
  // properties leave unchanged (MODULUS scales E and G together, DENSITY only rho), so K and M
  // stay linear in alpha and the CMS modification K + alpha dK, M + alpha dM is exact; the
  // derivatives are checked against central differences of rebuilt elements.
  const ElementDefinition base = circle_along_x(0.5, 0.2, 0.9, 0.8);
  const double            h    = 1e-4;
  for (const DesignProperty property : {DesignProperty::modulus, DesignProperty::density})
    for (const bool planar : {false, true})
      {
        // The matrices of the kernel at design change alpha.
        struct Matrices
        {
          Eigen::MatrixXd k, m, dk, dm;
        };
        const auto evaluate = [&](const double alpha) {
          ElementDefinition definition = base;
          if (property == DesignProperty::modulus)
            {
              definition.material.youngs_modulus *= 1.0 + alpha;
              definition.material.shear_modulus *= 1.0 + alpha;
            }
          else
            definition.material.density *= 1.0 + alpha;
          Matrices   result;
          const auto fill = [&](const auto &beam) {
            beam.linear_stiffness(result.k);
            beam.mass(MassKind::consistent, result.m);
            beam.design_derivative(property, result.dk, result.dm);
          };
          if (planar)
            fill(TimoshenkoBeam2D(definition));
          else
            fill(TimoshenkoBeam3D(definition));
          return result;
        };
        const Matrices         at_zero = evaluate(0.0), plus = evaluate(h), minus = evaluate(-h);
        const Eigen::MatrixXd &dk = at_zero.dk, &dm = at_zero.dm;
        const Eigen::MatrixXd &k_plus = plus.k, &k_minus = minus.k, &m_plus = plus.m,
                              &m_minus = minus.m;
        const Eigen::MatrixXd fd_k     = (k_plus - k_minus) / (2.0 * h),
                              fd_m     = (m_plus - m_minus) / (2.0 * h);
        EXPECT_LT((dk - fd_k).norm(), 1e-9 * std::max(1.0, k_plus.norm())) << planar;
        EXPECT_LT((dm - fd_m).norm(), 1e-9 * m_plus.norm()) << planar;
        // Exactly linear: the change over a finite alpha = 0.5 is alpha times the derivative.
        const Matrices         half   = evaluate(0.5);
        const Eigen::MatrixXd &k_half = half.k, &m_half = half.m, &k0 = at_zero.k, &m0 = at_zero.m;
        EXPECT_LT((k_half - k0 - 0.5 * dk).norm(), 1e-13 * k0.norm()) << planar;
        EXPECT_LT((m_half - m0 - 0.5 * dm).norm(), 1e-13 * m0.norm()) << planar;
      }
  // A beam's area cannot be a design variable: A and I (hence Phi and the mass) change together.
  Eigen::MatrixXd dk, dm;
  EXPECT_THROW(TimoshenkoBeam3D(base).design_derivative(DesignProperty::area, dk, dm),
               std::invalid_argument);
  EXPECT_THROW(TimoshenkoBeam2D(base).design_derivative(DesignProperty::area, dk, dm),
               std::invalid_argument);
}
