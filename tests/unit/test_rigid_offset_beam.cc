/**
 * @file
 * B31 with a beam axis offset (RigidOffsetBeam around CorotationalBeam3D):
 * the force is the gradient of the strain energy and the tangent the
 * Jacobian of the force (central differences, rotations perturbed as spatial
 * rotation vectors through core::Configuration); zero force under finite
 * rigid motions; six zero eigenvalues at a rigidly rotated stress-free state;
 * the tangent at the reference equals the linear stiffness; the mass adds
 * the parallel-axis term m |e0|^2 for a spin about the node line; the
 * mid-point force satisfies the energy identity with Cayley increments.
 */
#include <elements/registry.h>
#include <elements/rigid_offset_beam.h>

#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/rotation_vector.h>

#include "two_node_beam_states.h"

#include <gtest/gtest.h>

#include <random>

using namespace corot;
using namespace corot::elements;
using namespace corot::test;

namespace
{
  constexpr double e = 2.1e5, g = 8.0e4, a = 200.0, i11 = 6666.0, i22 = 1666.0, j = 4500.0;

  const Eigen::Vector3d x1_ref(10.0, -4.0, 3.0), x2_ref(40.0, 26.0, -12.0);

  /** A B31 definition whose section centre lies (7, -4) off the node line (local 1, 2). */
  ElementDefinition
  definition(const Eigen::Vector2d &offset = Eigen::Vector2d(7.0, -4.0))
  {
    ElementDefinition d;
    d.id                       = 5;
    d.node_ids                 = {1, 2};
    d.reference_positions      = {x1_ref, x2_ref};
    d.section.area             = a;
    d.section.i11              = i11;
    d.section.i22              = i22;
    d.section.torsion_constant = j;
    d.section.shear_factor_1   = 0.8;
    d.section.shear_factor_2   = 0.9;
    d.section.n1               = Eigen::Vector3d(0.2, 0.7, -0.4);
    d.section.axis_offset      = offset;
    d.material.youngs_modulus  = e;
    d.material.shear_modulus   = g;
    d.material.density         = 7.85e-9;
    return d;
  }

  std::unique_ptr<Element>
  beam(const Eigen::Vector2d &offset = Eigen::Vector2d(7.0, -4.0))
  {
    return ElementRegistry::instance().find("B31")->create(definition(offset));
  }

  const std::array<Eigen::Vector3d, 2> reference{{x1_ref, x2_ref}};

  double
  stiffness_scale(const Element &element)
  {
    Eigen::MatrixXd k;
    element.linear_stiffness(k);
    return k.norm();
  }
} // namespace

TEST(RigidOffsetBeam, ForceIsTheEnergyGradientAndTangentIsTheForceJacobian)
{
  std::mt19937 rng(7);
  const auto   element = beam();
  const double l       = (x2_ref - x1_ref).norm();
  for (int trial = 0; trial < 4; ++trial)
    {
      const TwoNodes  nodes = deformed_rotated_state(rng, reference);
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      element->internal_force(nodes.kinematics(), force, &tangent);

      Eigen::VectorXd energy_gradient(12);
      Eigen::MatrixXd jacobian(12, 12);
      for (unsigned dof = 0; dof < 12; ++dof)
        {
          const bool      rotation = (dof % 6) >= 3;
          const double    h        = rotation ? 1e-5 : 1e-5 * l;
          const TwoNodes  plus = nodes.perturbed(dof, h), minus = nodes.perturbed(dof, -h);
          Eigen::VectorXd f_plus, f_minus;
          element->internal_force(plus.kinematics(), f_plus, nullptr);
          element->internal_force(minus.kinematics(), f_minus, nullptr);
          jacobian.col(dof) = (f_plus - f_minus) / (2.0 * h);
          energy_gradient[dof] =
            (element->strain_energy(plus.kinematics()) - element->strain_energy(minus.kinematics())) /
            (2.0 * h);
        }
      EXPECT_LT((energy_gradient - force).norm() / force.norm(), 1e-6);
      EXPECT_LT((jacobian - tangent).norm() / tangent.norm(), 1e-6);
    }
}

TEST(RigidOffsetBeam, ZeroForceUnderFiniteRigidMotions)
{
  std::mt19937 rng(11);
  const auto   element = beam();
  const double scale   = stiffness_scale(*element) * (x2_ref - x1_ref).norm();
  for (int trial = 0; trial < 8; ++trial)
    {
      TwoNodes nodes;
      superpose_rigid_motion(nodes, reference, random_rotation(rng, 3.1), Eigen::Vector3d(3.0, -7.0, 2.0 * trial));
      Eigen::VectorXd force;
      element->internal_force(nodes.kinematics(), force, nullptr);
      EXPECT_LT(force.norm() / scale, 1e-12);
      EXPECT_LT(element->strain_energy(nodes.kinematics()), 1e-20 * scale * (x2_ref - x1_ref).norm());
    }
}

TEST(RigidOffsetBeam, SixZeroEigenvaluesAtARigidlyRotatedStressFreeState)
{
  std::mt19937 rng(3);
  const auto   element = beam();
  for (int trial = 0; trial < 4; ++trial)
    {
      TwoNodes nodes;
      superpose_rigid_motion(nodes, reference, random_rotation(rng, 3.0), Eigen::Vector3d(1.0, 2.0, 3.0));
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      element->internal_force(nodes.kinematics(), force, &tangent);
      EXPECT_LT((tangent - tangent.transpose()).norm(), 1e-12 * tangent.norm());
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(0.5 * (tangent + tangent.transpose()));
      const Eigen::VectorXd values  = solver.eigenvalues();
      const double          largest = values.cwiseAbs().maxCoeff();
      int                   zeros   = 0;
      for (int i = 0; i < values.size(); ++i)
        {
          if (std::abs(values[i]) < 1e-12 * largest)
            ++zeros;
          else
            EXPECT_GT(values[i], 0.0);
        }
      EXPECT_EQ(zeros, 6) << values.transpose();
    }
}

TEST(RigidOffsetBeam, TangentAtTheReferenceIsTheLinearStiffness)
{
  const auto      element = beam();
  Eigen::VectorXd force;
  Eigen::MatrixXd tangent, stiffness;
  element->internal_force(TwoNodes().kinematics(), force, &tangent);
  element->linear_stiffness(stiffness);
  EXPECT_LT(force.norm(), 1e-12 * stiffness.norm());
  EXPECT_LT((tangent - stiffness).norm(), 1e-12 * stiffness.norm());
  // The offset couples axial force with bending: node 2's axial pull bends.
  Eigen::MatrixXd centred;
  beam(Eigen::Vector2d::Zero())->linear_stiffness(centred);
  EXPECT_GT((stiffness - centred).norm(), 1e-3 * centred.norm());
}

TEST(RigidOffsetBeam, MassAddsTheParallelAxisTermForASpinAboutTheNodeLine)
{
  // A unit spin about the node line t: the centre line, |e0| off it, moves at
  // |e0|, so the kinetic energy rises by m |e0|^2 / 2 (m = rho A l) over that
  // of the centred beam (the section's own rotary inertia is unchanged).
  const Eigen::Vector2d offset(7.0, -4.0);
  const double          l = (x2_ref - x1_ref).norm();
  const double          m = 7.85e-9 * a * l;
  const Eigen::Vector3d t = (x2_ref - x1_ref) / l;
  Eigen::VectorXd       spin = Eigen::VectorXd::Zero(12);
  spin.segment<3>(3)         = t;
  spin.segment<3>(9)         = t;
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      Eigen::MatrixXd with, without;
      beam(offset)->mass(kind, with);
      beam(Eigen::Vector2d::Zero())->mass(kind, without);
      const double difference = 0.5 * spin.dot(with * spin) - 0.5 * spin.dot(without * spin);
      EXPECT_NEAR(difference, 0.5 * m * offset.squaredNorm(), 1e-12 * m * offset.squaredNorm());
      // A rigid translation keeps the total mass.
      Eigen::VectorXd shift = Eigen::VectorXd::Zero(12);
      shift[0] = shift[6] = 1.0;
      EXPECT_NEAR(shift.dot(with * shift), m, 1e-12 * m);
    }
}

TEST(RigidOffsetBeam, ConservingForceSatisfiesTheEnergyIdentityWithCayleyIncrements)
{
  std::mt19937                           rng(9);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto                             element = beam();
  const double                           l       = (x2_ref - x1_ref).norm();
  for (unsigned trial = 0; trial < 6; ++trial)
    {
      const TwoNodes n  = deformed_rotated_state(rng, reference);
      TwoNodes       n1 = n;
      for (int node = 0; node < 2; ++node)
        {
          n1.configuration.displacements[node] += 0.01 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
          n1.configuration.rotations[node] =
            core::Configuration::exp_map(0.2 * Eigen::Vector3d(unit(rng), unit(rng), unit(rng))) *
            n1.configuration.rotations[node];
        }
      Eigen::VectorXd force;
      element->conserving_force(n.kinematics(), n1.kinematics(), force, nullptr);
      Eigen::VectorXd delta(12);
      for (int node = 0; node < 2; ++node)
        {
          delta.segment<3>(6 * node) = n1.configuration.displacements[node] - n.configuration.displacements[node];
          delta.segment<3>(6 * node + 3) = core::RotationVector::cayley_vector(
            n1.configuration.rotations[node] * n.configuration.rotations[node].conjugate());
        }
      const double dw = element->strain_energy(n1.kinematics()) - element->strain_energy(n.kinematics());
      EXPECT_LT(std::abs(delta.dot(force) - dw), 1e-12 * delta.cwiseProduct(force).cwiseAbs().sum());
    }
}
