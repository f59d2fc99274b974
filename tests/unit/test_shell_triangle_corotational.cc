/**
 * @file
 * Co-rotational shell triangle (CorotationalShell<3> with the EICR
 * frame ShellFrame<3>): zero force and energy under finite rigid
 * motions; objectivity (a rigid motion after a deformation rotates force and
 * tangent); the force is the gradient of the strain energy and the tangent
 * the Jacobian of the force (central differences, rotations as spatial
 * rotation vectors) at random deformed states; invariance to cyclic node
 * renumbering; the tangent at the reference is the linear stiffness, six zero
 * eigenvalues at a rigidly rotated stress-free state; the non-symmetric part
 * of the tangent.
 */
#include <elements/corotational_shell.h>

#include "shell_triangle_states.h"

#include <gtest/gtest.h>

#include <iomanip>
#include <iostream>

using namespace corot;
using namespace corot::elements;
using namespace corot::test;

namespace
{
  using CorotationalShellTriangle = CorotationalShell<3>;

  // A general triangle in space (mm, N, steel-like), t = 2.
  const ShellPositions reference{{Eigen::Vector3d(10.0, -4.0, 3.0),
                                  Eigen::Vector3d(60.0, 6.0, -9.0),
                                  Eigen::Vector3d(25.0, 41.0, 12.0)}};

  ShellDefinition
  definition(const ShellPositions &x = reference)
  {
    ShellDefinition d;
    d.reference_positions = {x[0], x[1], x[2]};
    d.thickness           = 2.0;
    d.youngs_modulus      = 2.1e5;
    d.poisson_ratio       = 0.3;
    d.density             = 7.85e-9;
    return d;
  }

  double
  stiffness_scale(const CorotationalShellTriangle &shell)
  {
    Eigen::MatrixXd k;
    shell.linear_stiffness(k);
    return k.norm();
  }

  /** 18 x 18 block-diagonal matrix of six copies of @p q. */
  Eigen::MatrixXd
  block_rotation(const Eigen::Matrix3d &q)
  {
    Eigen::MatrixXd r = Eigen::MatrixXd::Zero(18, 18);
    for (int b = 0; b < 6; ++b)
      r.block<3, 3>(3 * b, 3 * b) = q;
    return r;
  }
} // namespace

TEST(CorotationalShellTriangle, FiniteRigidMotionGivesZeroForce)
{
  const CorotationalShellTriangle shell(definition());
  const double                    scale = stiffness_scale(shell) * 50.0; // stiffness x element size
  std::mt19937                    rng(3);
  double                          worst = 0.0;
  for (int trial = 0; trial < 20; ++trial)
    {
      const Eigen::Matrix3d   q = random_rotation(rng, 3.1);
      const ElementKinematics state =
        rigidly_moved(ElementKinematics(3), reference, q, Eigen::Vector3d(30.0, -70.0, 110.0));
      Eigen::VectorXd f;
      shell.internal_force(state, f, nullptr);
      worst = std::max(worst, f.norm() / scale);
      EXPECT_LT(std::abs(shell.strain_energy(state)), 1e-20 * scale * 50.0);
      EXPECT_LT(shell.frame().evaluate(state).deformation.norm(), 1e-12 * 50.0);
    }
  std::cout << "rigid motions (rotations up to 3.1 rad): max |f|/(|K| L) = " << worst << '\n';
  EXPECT_LT(worst, 1e-14);
}

TEST(CorotationalShellTriangle, ObjectiveForceTangentAndEnergy)
{
  const CorotationalShellTriangle shell(definition());
  std::mt19937                    rng(11);
  for (int trial = 0; trial < 10; ++trial)
    {
      const ElementKinematics state = random_state(rng, reference, 0.02, 0.3, 1.0);
      const Eigen::Matrix3d   q     = random_rotation(rng, 3.0);
      const ElementKinematics moved =
        rigidly_moved(state, reference, q, Eigen::Vector3d(-5.0, 8.0, 2.0));
      Eigen::VectorXd f, f_moved;
      Eigen::MatrixXd k, k_moved;
      shell.internal_force(state, f, &k);
      shell.internal_force(moved, f_moved, &k_moved);
      const Eigen::MatrixXd r = block_rotation(q);
      EXPECT_LT((f_moved - r * f).norm(), 1e-12 * f.norm());
      EXPECT_LT((k_moved - r * k * r.transpose()).norm(), 1e-12 * k.norm());
      EXPECT_NEAR(shell.strain_energy(moved), shell.strain_energy(state),
                  1e-12 * shell.strain_energy(state));
    }
}

TEST(CorotationalShellTriangle, ForceIsEnergyGradientAndTangentIsForceJacobian)
{
  const CorotationalShellTriangle shell(definition());
  std::mt19937                    rng(7);
  double                          worst_force = 0.0, worst_tangent = 0.0;
  for (int trial = 0; trial < 8; ++trial)
    {
      // Strains up to 1 %, nodal rotations up to 0.4 rad relative to each
      // other, any rigid rotation.
      const ElementKinematics state = random_state(rng, reference, 0.01, 0.4, 3.0);
      Eigen::VectorXd         f;
      Eigen::MatrixXd         k;
      shell.internal_force(state, f, &k);
      Eigen::VectorXd fd_force(18);
      Eigen::MatrixXd fd_tangent(18, 18);
      for (unsigned dof = 0; dof < 18; ++dof)
        {
          const double h    = dof % 6 < 3 ? 1e-5 * 50.0 : 1e-5;
          const auto   plus = perturbed(state, dof, h), minus = perturbed(state, dof, -h);
          fd_force[dof] = (shell.strain_energy(plus) - shell.strain_energy(minus)) / (2.0 * h);
          Eigen::VectorXd f_plus, f_minus;
          shell.internal_force(plus, f_plus, nullptr);
          shell.internal_force(minus, f_minus, nullptr);
          fd_tangent.col(dof) = (f_plus - f_minus) / (2.0 * h);
        }
      const double error_force   = (fd_force - f).norm() / f.norm();
      const double error_tangent = (fd_tangent - k).norm() / k.norm();
      worst_force                = std::max(worst_force, error_force);
      worst_tangent              = std::max(worst_tangent, error_tangent);
      std::cout << "state " << trial << ": |f - dW/dd|/|f| = " << std::setprecision(3)
                << error_force << ", |K - df/dd|/|K| = " << error_tangent
                << ", |K - K^T|/|K| = " << (k - k.transpose()).norm() / k.norm() << '\n';
    }
  EXPECT_LT(worst_force, 1e-7);
  EXPECT_LT(worst_tangent, 1e-7);
}

TEST(CorotationalShellTriangle, CyclicNodeRenumberingGivesTheSameElement)
{
  const CorotationalShellTriangle shell(definition());
  const ShellPositions            shifted{{reference[1], reference[2], reference[0]}};
  const CorotationalShellTriangle renumbered(definition(shifted));
  std::mt19937                    rng(5);
  for (int trial = 0; trial < 5; ++trial)
    {
      const ElementKinematics state = random_state(rng, reference, 0.02, 0.5, 3.0);
      const ElementKinematics state_shifted{state[1], state[2], state[0]};
      Eigen::VectorXd         f, g;
      Eigen::MatrixXd         k, kg;
      shell.internal_force(state, f, &k);
      renumbered.internal_force(state_shifted, g, &kg);
      Eigen::MatrixXd permutation = Eigen::MatrixXd::Zero(18, 18); // new DOF a <- old DOF
      for (int a = 0; a < 18; ++a)
        permutation(a, (a + 6) % 18) = 1.0;
      EXPECT_LT((g - permutation * f).norm(), 1e-12 * f.norm());
      EXPECT_LT((kg - permutation * k * permutation.transpose()).norm(), 1e-12 * k.norm());
      EXPECT_NEAR(renumbered.strain_energy(state_shifted), shell.strain_energy(state),
                  1e-12 * shell.strain_energy(state));
    }
}

TEST(CorotationalShellTriangle, TangentAtReferenceAndRigidlyRotatedStates)
{
  const CorotationalShellTriangle shell(definition());
  Eigen::VectorXd                 f;
  Eigen::MatrixXd                 k, k_linear;
  shell.internal_force(ElementKinematics(3), f, &k);
  shell.linear_stiffness(k_linear);
  EXPECT_LT((k - k_linear).norm(), 1e-14 * k.norm());
  EXPECT_LT((k - k.transpose()).norm(), 1e-14 * k.norm());

  std::mt19937          rng(2);
  const Eigen::Matrix3d q = random_rotation(rng, 3.0);
  const auto            state =
    rigidly_moved(ElementKinematics(3), reference, q, Eigen::Vector3d(1.0, 2.0, 3.0));
  shell.internal_force(state, f, &k);
  const Eigen::MatrixXd r = block_rotation(q);
  EXPECT_LT((k - r * k_linear * r.transpose()).norm(), 1e-12 * k.norm());
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(0.5 * (k + k.transpose()));
  std::cout << "rigidly rotated stress-free state, eigenvalues/max:";
  for (int i = 0; i < 8; ++i)
    std::cout << ' ' << std::setprecision(3) << eigen.eigenvalues()[i] / eigen.eigenvalues()[17];
  std::cout << " ...\n";
  for (int i = 0; i < 6; ++i)
    EXPECT_LT(std::abs(eigen.eigenvalues()[i]), 1e-13 * eigen.eigenvalues()[17]);
  EXPECT_GT(eigen.eigenvalues()[6], 1e-8 * eigen.eigenvalues()[17]);
}

TEST(CorotationalShellTriangle, NonSymmetricPartIsTheNodalMomentSpin)
{
  // With spatial rotation increments, K(a, b) is the derivative of the
  // energy along exp(h_a e_a) exp(h_b e_b) R, whose mixed derivatives differ
  // by the bracket: K(a, b) - K(b, a) = (e_a x e_b) . m_i on the rotations
  // of node i (m_i its nodal moment), i.e. K - K^T = -skew(m_i) there and
  // zero elsewhere. So the assembled tangent is symmetric at an equilibrium
  // state without applied moments (the nodal moments cancel), and not before.
  const CorotationalShellTriangle shell(definition());
  std::mt19937                    rng(19);
  for (int trial = 0; trial < 5; ++trial)
    {
      const ElementKinematics state = random_state(rng, reference, 0.02, 0.5, 3.0);
      Eigen::VectorXd         f;
      Eigen::MatrixXd         k;
      shell.internal_force(state, f, &k);
      Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(18, 18);
      for (int i = 0; i < 3; ++i)
        {
          const Eigen::Vector3d m = f.segment<3>(6 * i + 3);
          Eigen::Matrix3d       s;
          s << 0.0, -m[2], m[1], m[2], 0.0, -m[0], -m[1], m[0], 0.0;
          expected.block<3, 3>(6 * i + 3, 6 * i + 3) = -s;
        }
      const double error = (k - k.transpose() - expected).norm() / k.norm();
      std::cout << "|K - K^T + skew(m)|/|K| = " << error
                << " (|K - K^T|/|K| = " << (k - k.transpose()).norm() / k.norm() << ")\n";
      EXPECT_LT(error, 1e-13);
    }
}

TEST(CorotationalShellTriangle, MassTotalAndRigidBodyKineticEnergy)
{
  // Closed forms for the prism of thickness t on the triangle: mass rho t A;
  // inertia tensor about the centroid J = rho t (A/12) sum_i (|p_i|^2 I - p_i p_i^T)
  // + rho t^3/12 A (I - N N^T) (the triangle's second moments about its
  // centroid are A/12 sum_i p_i p_i^T, p_i = X_i - C), plus the drilling
  // inertia rho t^3/12 A N N^T that Abaqus gives shells with three global
  // rotations (the prism's own spin about N counted again, by (t/h)^2/12).
  const ShellDefinition           def = definition();
  const CorotationalShellTriangle shell(def);
  const double                    rho = def.density, t = def.thickness;
  const Eigen::Vector3d           area_vector =
    0.5 * (reference[1] - reference[0]).cross(reference[2] - reference[0]);
  const double          area     = area_vector.norm();
  const Eigen::Vector3d centroid = (reference[0] + reference[1] + reference[2]) / 3.0;
  Eigen::Matrix3d       inertia  = rho * t * t * t / 12.0 * area * Eigen::Matrix3d::Identity();
  for (const auto &x : reference)
    {
      const Eigen::Vector3d p = x - centroid;
      inertia +=
        rho * t * area / 12.0 * (p.squaredNorm() * Eigen::Matrix3d::Identity() - p * p.transpose());
    }
  const double          mass_total = rho * t * area;
  const Eigen::Vector3d velocity(0.3, -1.2, 2.0), omega(0.7, 0.4, -1.1), pivot(-20.0, 35.0, 8.0);
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      Eigen::MatrixXd m;
      shell.mass(kind, m);
      EXPECT_LT((m - m.transpose()).norm(), 1e-15 * m.norm());
      Eigen::VectorXd translation = Eigen::VectorXd::Zero(18), rotation = Eigen::VectorXd::Zero(18);
      for (int a = 0; a < 3; ++a)
        {
          translation.segment<3>(6 * a)  = velocity;
          rotation.segment<3>(6 * a)     = omega.cross(reference[a] - pivot);
          rotation.segment<3>(6 * a + 3) = omega;
        }
      const double kinetic_translation = 0.5 * translation.dot(m * translation);
      std::cout << (kind == MassKind::consistent ? "consistent" : "lumped") << " mass: total "
                << std::setprecision(12) << 2.0 * kinetic_translation / velocity.squaredNorm()
                << " (rho t A " << mass_total << ")";
      EXPECT_NEAR(kinetic_translation, 0.5 * mass_total * velocity.squaredNorm(),
                  1e-14 * kinetic_translation);
      const Eigen::Vector3d v_centroid = omega.cross(centroid - pivot);
      const double          exact_rotation =
        0.5 * mass_total * v_centroid.squaredNorm() + 0.5 * omega.dot(inertia * omega);
      const double kinetic_rotation = 0.5 * rotation.dot(m * rotation);
      std::cout << ", rigid rotation about an outside point: T/T_exact = "
                << kinetic_rotation / exact_rotation << '\n';
      if (kind == MassKind::consistent)
        EXPECT_NEAR(kinetic_rotation, exact_rotation, 1e-13 * exact_rotation);
      else // lumping moves the mass to the corners: the centroidal second moments grow fourfold
        {
          Eigen::Matrix3d lumped_inertia =
            rho * t * t * t / 12.0 * area * Eigen::Matrix3d::Identity();
          for (const auto &x : reference)
            {
              const Eigen::Vector3d p = x - centroid;
              lumped_inertia += rho * t * area / 3.0 *
                                (p.squaredNorm() * Eigen::Matrix3d::Identity() - p * p.transpose());
            }
          EXPECT_NEAR(kinetic_rotation,
                      0.5 * mass_total * v_centroid.squaredNorm() +
                        0.5 * omega.dot(lumped_inertia * omega),
                      1e-13 * exact_rotation);
        }
    }
}
