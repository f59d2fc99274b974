/**
 * @file
 * Co-rotational B31 (CorotationalBeam3D with CorotationalFrame3D): the deck
 * type B31 is this element and its tangent at the reference is the linear
 * TimoshenkoBeam3D stiffness; with Meijaard's plain (unmodified) strains too,
 * the force is the gradient of the strain energy and the tangent the
 * Jacobian of the force (central differences, rotations perturbed as
 * spatial rotation vectors through core::Configuration); objectivity of the
 * strain energy; the local Meijaard kernel's own consistency; the
 * energy-momentum conserving force (equilibrium at the mid-point positions,
 * rigid steps, second-order consistency, tangent at finite steps). Zero force
 * under rigid motions, the six rigid modes and the energy identity of the
 * registered B31 are in test_element_properties.cc.
 */
#include <elements/corotational_beam_3d.h>
#include <elements/registry.h>
#include <elements/timoshenko_beam_3d.h>

#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/rotation_vector.h>

#include "two_node_beam_states.h"

#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <sstream>

using namespace corot;
using namespace corot::elements;
using namespace corot::test;

namespace
{
  std::string
  scientific(const double value)
  {
    std::ostringstream text;
    text << std::scientific << value;
    return text.str();
  }

  // A steel-like rectangular beam (mm, N): unequal bending stiffnesses so that
  // every modified strain of Meijaard's eq. 16 is active.
  constexpr double e = 2.1e5, g = 8.0e4, a = 200.0, i11 = 6666.0, i22 = 1666.0, j = 4500.0;

  const Eigen::Vector3d x1_ref(10.0, -4.0, 3.0), x2_ref(40.0, 26.0, -12.0);

  ElementDefinition
  definition(const double k1 = 0.8, const double k2 = 0.9)
  {
    ElementDefinition d;
    d.id                              = 5;
    d.node_ids                        = {1, 2};
    d.reference_positions             = {x1_ref, x2_ref};
    d.section.beam().area             = a;
    d.section.beam().i11              = i11;
    d.section.beam().i22              = i22;
    d.section.beam().torsion_constant = j;
    d.section.beam().shear_factor_1   = k1;
    d.section.beam().shear_factor_2   = k2;
    d.section.beam().n1               = Eigen::Vector3d(0.2, 0.7, -0.4);
    d.material.youngs_modulus         = e;
    d.material.shear_modulus          = g;
    d.material.density                = 7.85e-9;
    return d;
  }

  const std::array<Eigen::Vector3d, 2> reference{{x1_ref, x2_ref}};
} // namespace

TEST(CorotationalBeam3D, DeckTypeB31IsCorotationalAndEqualsTheLinearBeamAtTheReference)
{
  const auto beam = ElementRegistry::instance().find("B31")->create(definition());
  EXPECT_TRUE(beam->supports_large_rotations());
  const TimoshenkoBeam3D linear(definition());
  Eigen::MatrixXd        k_linear, tangent, m_beam, m_linear;
  Eigen::VectorXd        force;
  linear.linear_stiffness(k_linear);
  beam->internal_force(ElementKinematics(2), force, &tangent);
  EXPECT_LT(force.norm(), 1e-12 * k_linear.norm());
  const double error = (tangent - k_linear).norm() / k_linear.norm();
  RecordProperty("reference_tangent_vs_linear", scientific(error));
  EXPECT_LT(error, 1e-13);
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      beam->mass(kind, m_beam);
      linear.mass(kind, m_linear);
      EXPECT_EQ((m_beam - m_linear).norm(), 0.0);
    }
}

TEST(CorotationalBeam3D, ForceIsTheEnergyGradientAndTangentIsTheForceJacobian)
{
  std::mt19937 rng(7);
  // Modified strains (the registered B31): test_element_properties.cc.
  for (const bool modified : {false})
    for (int trial = 0; trial < 3; ++trial)
      {
        const CorotationalBeam3D beam(definition(), modified);
        const TwoNodes           nodes = deformed_rotated_state(rng, reference);
        const double             l     = (x2_ref - x1_ref).norm();
        Eigen::VectorXd          force;
        Eigen::MatrixXd          tangent;
        beam.internal_force(nodes.kinematics(), force, &tangent);

        Eigen::VectorXd energy_gradient(12);
        Eigen::MatrixXd jacobian(12, 12);
        for (unsigned dof = 0; dof < 12; ++dof)
          {
            const bool      rotation = (dof % 6) >= 3;
            const double    h        = rotation ? 1e-5 : 1e-5 * l;
            const TwoNodes  plus = nodes.perturbed(dof, h), minus = nodes.perturbed(dof, -h);
            Eigen::VectorXd f_plus, f_minus;
            beam.internal_force(plus.kinematics(), f_plus, nullptr);
            beam.internal_force(minus.kinematics(), f_minus, nullptr);
            jacobian.col(dof) = (f_plus - f_minus) / (2.0 * h);
            energy_gradient[dof] =
              (beam.strain_energy(plus.kinematics()) - beam.strain_energy(minus.kinematics())) /
              (2.0 * h);
          }
        const double gradient_error = (energy_gradient - force).norm() / force.norm();
        const double tangent_error  = (jacobian - tangent).norm() / tangent.norm();
        RecordProperty(std::string("gradient_error_") + (modified ? "modified_" : "plain_") +
                         std::to_string(trial),
                       scientific(gradient_error));
        RecordProperty(std::string("tangent_error_") + (modified ? "modified_" : "plain_") +
                         std::to_string(trial),
                       scientific(tangent_error));
        EXPECT_LT(gradient_error, 1e-6);
        EXPECT_LT(tangent_error, 1e-6);
      }
}

TEST(CorotationalBeam3D, StrainEnergyIsObjective)
{
  std::mt19937 rng(5);
  const auto   beam  = ElementRegistry::instance().find("B31")->create(definition());
  double       worst = 0.0;
  for (int trial = 0; trial < 6; ++trial)
    {
      TwoNodes     nodes = deformed_rotated_state(rng, reference);
      const double w     = beam->strain_energy(nodes.kinematics());
      ASSERT_GT(w, 0.0);
      superpose_rigid_motion(nodes, reference, random_rotation(rng, 3.1),
                             Eigen::Vector3d(-5.0, 4.0, 1.0));
      worst = std::max(worst, std::abs(beam->strain_energy(nodes.kinematics()) - w) / w);
    }
  RecordProperty("objectivity_relative", scientific(worst));
  EXPECT_LT(worst, 1e-11);
}

TEST(CorotationalBeam3D, LocalKernelForceAndTangentAreConsistent)
{
  // Meijaard's strains and modified strains: f_l = dW/dd_l and K_l = df_l/dd_l.
  const CorotationalBeam3D    beam(definition());
  CorotationalBeam3D::Vector7 d_l;
  d_l << 0.05, 0.1, -0.2, 0.15, -0.05, 0.25, -0.1;
  CorotationalBeam3D::Vector7 force, f_p, f_m;
  CorotationalBeam3D::Matrix7 tangent, k_p, k_m, jacobian;
  beam.local_response(d_l, force, tangent);
  CorotationalBeam3D::Vector7 gradient;
  for (int i = 0; i < 7; ++i)
    {
      const double                h    = 1e-6;
      CorotationalBeam3D::Vector7 plus = d_l, minus = d_l;
      plus[i] += h;
      minus[i] -= h;
      gradient[i] =
        (beam.local_response(plus, f_p, k_p) - beam.local_response(minus, f_m, k_m)) / (2 * h);
      jacobian.col(i) = (f_p - f_m) / (2 * h);
    }
  EXPECT_LT((gradient - force).norm() / force.norm(), 1e-8);
  EXPECT_LT((jacobian - tangent).norm() / tangent.norm(), 1e-8);
  EXPECT_LT((tangent - tangent.transpose()).norm(), 1e-12 * tangent.norm());
}

TEST(CorotationalBeam3D, LargeDisplacementSectionForcesAreObjective)
{
  // A small deformation (1e-6 of the length) under a superposed finite rigid
  // rotation: the co-rotated section forces equal the linear kernel's values
  // of the unrotated small deformation up to second-order terms (~1e-6 relative).
  std::mt19937                           rng(13);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const CorotationalBeam3D               beam(definition());
  const TimoshenkoBeam3D                 linear(definition());
  const double                           l = (x2_ref - x1_ref).norm();
  TwoNodes                               nodes;
  for (int n = 0; n < 2; ++n)
    {
      nodes.configuration.displacements[n] =
        1e-6 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
      nodes.configuration.rotations[n] =
        core::Configuration::exp_map(1e-6 * Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
    }
  const auto small = linear.section_forces(nodes.kinematics(), false);
  superpose_rigid_motion(nodes, reference, random_rotation(rng, 3.0),
                         Eigen::Vector3d(2.0, 1.0, -4.0));
  const auto large = beam.section_forces(nodes.kinematics(), true);
  ASSERT_EQ(small.size(), large.size());
  double scale = 0.0;
  for (const auto &[name, value] : small)
    scale = std::max(scale, std::abs(value));
  for (unsigned i = 0; i < small.size(); ++i)
    {
      EXPECT_EQ(small[i].first, large[i].first);
      EXPECT_NEAR(large[i].second, small[i].second, 1e-4 * scale) << small[i].first;
    }
}

namespace
{
  /** Increments of the step n -> n1: translations and Cayley vectors of the step rotations. */
  Eigen::VectorXd
  step_increment(const TwoNodes &n, const TwoNodes &n1)
  {
    Eigen::VectorXd delta(12);
    for (int node = 0; node < 2; ++node)
      {
        delta.segment<3>(6 * node) =
          n1.configuration.displacements[node] - n.configuration.displacements[node];
        delta.segment<3>(6 * node + 3) = core::RotationVector::cayley_vector(
          n1.configuration.rotations[node] * n.configuration.rotations[node].conjugate());
      }
    return delta;
  }

  /**
   * The state after a step from @p n: deformation increments @p scale times
   * (1 % of l, 0.03 rad) in random directions, then a rigid rotation by
   * @p scale times @p rigid_angle about a random axis through a point 2 l away.
   */
  TwoNodes
  stepped_state(const TwoNodes &n, const unsigned seed, const double scale,
                const double rigid_angle)
  {
    std::mt19937                           rng(seed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const double                           l  = (x2_ref - x1_ref).norm();
    TwoNodes                               n1 = n;
    for (int node = 0; node < 2; ++node)
      {
        n1.configuration.displacements[node] +=
          scale * 0.01 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
        n1.configuration.rotations[node] =
          core::Configuration::exp_map(scale * 0.03 *
                                       Eigen::Vector3d(unit(rng), unit(rng), unit(rng))) *
          n1.configuration.rotations[node];
      }
    const Eigen::Vector3d axis = Eigen::Vector3d(unit(rng), unit(rng), unit(rng)).normalized();
    const Eigen::Vector3d centre =
      x1_ref + 2.0 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng)).normalized();
    const Eigen::Matrix3d q = Eigen::AngleAxisd(scale * rigid_angle, axis).toRotationMatrix();
    superpose_rigid_motion(n1, reference, q, centre - q * centre);
    return n1;
  }

  /** Current position of node @p node of @p nodes. */
  Eigen::Vector3d
  position(const TwoNodes &nodes, const int node)
  {
    return (node == 0 ? x1_ref : x2_ref) + nodes.configuration.displacements[node];
  }

  /** Sum of |Delta d_i f_i|: the scale of the work of a step. */
  double
  work_scale(const Eigen::VectorXd &delta, const Eigen::VectorXd &force)
  {
    return delta.cwiseProduct(force).cwiseAbs().sum();
  }
} // namespace

TEST(CorotationalBeam3D, ConservingForceHasNoNetForceOrMomentAboutTheMidpointPositions)
{
  // Sum f = 0 and sum x_m x f + m = 0: with Cayley increments, the discrete
  // balance of linear and angular momentum of a free structure.
  std::mt19937             rng(10);
  const CorotationalBeam3D beam(definition());
  double                   worst_force = 0.0, worst_moment = 0.0;
  const double             l = (x2_ref - x1_ref).norm();
  for (unsigned trial = 0; trial < 6; ++trial)
    {
      const TwoNodes n  = deformed_rotated_state(rng, reference),
                     n1 = stepped_state(n, 200 + trial, 1.0, 0.2 * trial);
      Eigen::VectorXd force;
      beam.conserving_force(n.kinematics(), n1.kinematics(), force, nullptr);
      Eigen::Vector3d net_force = Eigen::Vector3d::Zero(), net_moment = Eigen::Vector3d::Zero();
      for (int node = 0; node < 2; ++node)
        {
          const Eigen::Vector3d x_m = 0.5 * (position(n, node) + position(n1, node));
          net_force += force.segment<3>(6 * node);
          net_moment += x_m.cross(force.segment<3>(6 * node)) + force.segment<3>(6 * node + 3);
        }
      const double scale = force.segment<3>(0).norm() + force.segment<3>(3).norm() / l;
      worst_force        = std::max(worst_force, net_force.norm() / scale);
      worst_moment = std::max(worst_moment, net_moment.norm() / (scale * (x2_ref.norm() + l)));
    }
  std::cout << "equilibrium at the mid-point positions: net force " << worst_force
            << ", net moment " << worst_moment << " (relative)\n";
  EXPECT_LT(worst_force, 1e-13);
  EXPECT_LT(worst_moment, 1e-13);
}

TEST(CorotationalBeam3D, RigidStepsCarryNoArtificialStrain)
{
  // A rigid step (here 1 rad and 0.25 rad) leaves the local deformations
  // unchanged, so the averaged stresses are those of the state: a stress-free
  // beam gets no force at all (the plain mid-point rule, evaluating the force
  // at the mean positions, would shorten the chord by 1 - cos(rho/2) and load
  // it with EA (1 - cos(rho/2))), and a stressed beam gets no work and the
  // state's static force turned half-way, Q_h f(n), up to the second-order
  // error of the mean geometry (the mean of a turned director is shorter by
  // cos(rho/2)).
  std::mt19937             rng(11);
  const CorotationalBeam3D beam(definition());
  const TwoNodes           n = deformed_rotated_state(rng, reference);
  Eigen::VectorXd          statics;
  beam.internal_force(n.kinematics(), statics, nullptr);
  const Eigen::Vector3d axis = Eigen::Vector3d(0.3, -0.8, 0.5).normalized();
  std::vector<double>   errors;
  for (const double rho : {1.0, 0.25})
    {
      const Eigen::Matrix3d q = Eigen::AngleAxisd(rho, axis).toRotationMatrix();
      TwoNodes              free_n, free_n1; // stress-free, rigidly displaced and turned
      superpose_rigid_motion(free_n, reference, random_rotation(rng, 3.0),
                             Eigen::Vector3d(1.0, 2.0, 3.0));
      free_n1 = free_n;
      superpose_rigid_motion(free_n1, reference, q, Eigen::Vector3d(5.0, -2.0, 1.0));
      Eigen::VectorXd free_force;
      beam.conserving_force(free_n.kinematics(), free_n1.kinematics(), free_force, nullptr);
      EXPECT_LT(free_force.norm(), 1e-9 * e * a * (1.0 - std::cos(0.5 * rho)));

      TwoNodes n1 = n;
      superpose_rigid_motion(n1, reference, q, Eigen::Vector3d(5.0, -2.0, 1.0));
      Eigen::VectorXd conserving;
      beam.conserving_force(n.kinematics(), n1.kinematics(), conserving, nullptr);
      const Eigen::VectorXd delta = step_increment(n, n1);
      const Eigen::Matrix3d half  = Eigen::AngleAxisd(0.5 * rho, axis).toRotationMatrix();
      Eigen::VectorXd       turned(12);
      for (int k = 0; k < 4; ++k)
        turned.segment<3>(3 * k) = half * statics.segment<3>(3 * k);
      errors.push_back((conserving - turned).norm() / statics.norm());
      std::cout << "rigid step of " << rho << " rad: stress-free force " << free_force.norm()
                << " (plain mid-point rule: EA (1 - cos(rho/2)) = "
                << e * a * (1.0 - std::cos(0.5 * rho)) << "); stressed: work "
                << delta.dot(conserving) << " (scale " << work_scale(delta, conserving)
                << "), |f - Q_h f(n)| / |f(n)| = " << errors.back() << "\n";
      EXPECT_LT(std::abs(delta.dot(conserving)), 1e-13 * work_scale(delta, conserving));
      EXPECT_LT(errors.back(), rho * rho / 4.0);
    }
  EXPECT_NEAR(std::log(errors[0] / errors[1]) / std::log(4.0), 2.0, 0.2); // second order in rho
}

TEST(CorotationalBeam3D, ConservingForceIsTheMidpointForceToSecondOrder)
{
  // Steps s (Delta, 0.5 rad rigid) for s = 0.2, 0.1, 0.05: the distance of
  // the conserving force from the static force at the mid-point configuration
  // (mean positions, rotations half-way) falls as s^2.
  std::mt19937             rng(12);
  const CorotationalBeam3D beam(definition());
  const TwoNodes           n = deformed_rotated_state(rng, reference);
  std::vector<double>      errors;
  for (const double s : {0.2, 0.1, 0.05})
    {
      const TwoNodes    n1 = stepped_state(n, 300, s, 0.5);
      ElementKinematics mid(2);
      for (int node = 0; node < 2; ++node)
        {
          const Eigen::Quaterniond step =
            n1.configuration.rotations[node] * n.configuration.rotations[node].conjugate();
          mid[node].displacement =
            0.5 * (n.configuration.displacements[node] + n1.configuration.displacements[node]);
          mid[node].rotation =
            Eigen::Quaterniond::Identity().slerp(0.5, step) * n.configuration.rotations[node];
        }
      Eigen::VectorXd conserving, statics;
      beam.conserving_force(n.kinematics(), n1.kinematics(), conserving, nullptr);
      beam.internal_force(mid, statics, nullptr);
      errors.push_back((conserving - statics).norm() / statics.norm());
    }
  const double order_1 = std::log2(errors[0] / errors[1]),
               order_2 = std::log2(errors[1] / errors[2]);
  std::cout << "conserving vs mid-point force: " << errors[0] << ", " << errors[1] << ", "
            << errors[2] << " (orders " << order_1 << ", " << order_2 << ")\n";
  EXPECT_NEAR(order_1, 2.0, 0.15);
  EXPECT_NEAR(order_2, 2.0, 0.1);
}

TEST(CorotationalBeam3D, ConservingTangentIsExactAsTheStepVanishes)
{
  // The tangent of the conserving force with respect to d_{n+1} (spatial
  // spins at R_{n+1}) against central differences, for steps s times (1 % of
  // l, 0.03 rad of deformation, 0.1 rad of rigid rotation), s = 1, 1/2, 1/4.
  // It approximates the change of G by the mid-point configuration's
  // geometric tangent, so it is a quasi-Newton tangent whose error vanishes
  // with the step (at first order at least).
  std::mt19937             rng(21);
  const CorotationalBeam3D beam(definition());
  const double             l = (x2_ref - x1_ref).norm();
  const TwoNodes           n = deformed_rotated_state(rng, reference);
  std::vector<double>      errors;
  for (const double scale : {1.0, 0.5, 0.25})
    {
      const TwoNodes  n1 = stepped_state(n, 400, scale, 0.1);
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      beam.conserving_force(n.kinematics(), n1.kinematics(), force, &tangent);
      Eigen::MatrixXd jacobian(12, 12);
      for (int j = 0; j < 12; ++j)
        {
          const double h         = 1e-6 * (j % 6 < 3 ? l : 1.0);
          auto         perturbed = [&](const double step) {
            TwoNodes        p    = n1;
            const int       node = j / 6, k = j % 6;
            Eigen::Vector3d e = Eigen::Vector3d::Zero();
            e[k % 3]          = step;
            if (k < 3)
              p.configuration.displacements[node] += e;
            else
              p.configuration.rotations[node] =
                core::Configuration::exp_map(e) * p.configuration.rotations[node];
            Eigen::VectorXd f;
            beam.conserving_force(n.kinematics(), p.kinematics(), f, nullptr);
            return f;
          };
          jacobian.col(j) = (perturbed(h) - perturbed(-h)) / (2.0 * h);
        }
      errors.push_back((tangent - jacobian).norm() / jacobian.norm());
    }
  RecordProperty("tangent_relative", scientific(errors[0]));
  std::cout << "conserving tangent vs finite differences: " << errors[0] << ", " << errors[1]
            << ", " << errors[2] << " (orders " << std::log2(errors[0] / errors[1]) << ", "
            << std::log2(errors[1] / errors[2]) << ")\n";
  EXPECT_LT(errors[0], 0.05);
  EXPECT_GT(std::log2(errors[0] / errors[1]), 0.9);
  EXPECT_GT(std::log2(errors[1] / errors[2]), 0.9);
}
