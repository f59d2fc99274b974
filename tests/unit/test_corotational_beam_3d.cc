/**
 * @file
 * Co-rotational B31 (CorotationalBeam3D with CorotationalFrame3D): the deck
 * type B31 is this element and its tangent at the reference is the linear
 * TimoshenkoBeam3D stiffness; zero force under finite rigid motions; six
 * zero eigenvalues of the tangent at a rigidly rotated stress-free state;
 * the force is the gradient of the strain energy and the tangent the
 * Jacobian of the force (central differences, rotations perturbed as
 * spatial rotation vectors through core::Configuration); objectivity of the
 * strain energy; the local Meijaard kernel's own consistency; the discrete
 * gradient identity.
 */
#include <elements/corotational_beam_3d.h>
#include <elements/registry.h>
#include <elements/timoshenko_beam_3d.h>

#include <src/core/configuration.h>
#include <src/core/dof_map.h>

#include <gtest/gtest.h>

#include <iostream>
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

  // A steel-like rectangular beam (mm, N): unequal bending stiffnesses so that
  // every modified strain of Meijaard's eq. 16 is active.
  constexpr double e = 2.1e5, g = 8.0e4, a = 200.0, i11 = 6666.0, i22 = 1666.0, j = 4500.0;

  const Eigen::Vector3d x1_ref(10.0, -4.0, 3.0), x2_ref(40.0, 26.0, -12.0);

  ElementDefinition
  definition(const double k1 = 0.8, const double k2 = 0.9)
  {
    ElementDefinition d;
    d.id                       = 5;
    d.node_ids                 = {1, 2};
    d.reference_positions      = {x1_ref, x2_ref};
    d.section.area             = a;
    d.section.i11              = i11;
    d.section.i22              = i22;
    d.section.torsion_constant = j;
    d.section.shear_factor_1   = k1;
    d.section.shear_factor_2   = k2;
    d.section.n1               = Eigen::Vector3d(0.2, 0.7, -0.4);
    d.material.youngs_modulus  = e;
    d.material.shear_modulus   = g;
    d.material.density         = 7.85e-9;
    return d;
  }

  Eigen::Matrix3d
  random_rotation(std::mt19937 &rng, const double max_angle)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(0.0, max_angle);
    Eigen::Vector3d                        axis(unit(rng), unit(rng), unit(rng));
    return Eigen::AngleAxisd(angle(rng), axis.normalized()).toRotationMatrix();
  }

  /** The two-node configuration of the element as a core::Configuration. */
  struct TwoNodes
  {
    TwoNodes()
      : configuration(2)
      , dofs({all(), all()}, {1, 2})
    {}

    static std::array<bool, core::n_dof_kinds>
    all()
    {
      std::array<bool, core::n_dof_kinds> active{};
      for (unsigned k = 0; k < 6; ++k)
        active[k] = true;
      return active;
    }

    ElementKinematics
    kinematics() const
    {
      ElementKinematics state(2);
      for (int n = 0; n < 2; ++n)
        {
          state[n].displacement = configuration.displacements[n];
          state[n].rotation     = configuration.rotations[n];
        }
      return state;
    }

    /** Applies increment h e_dof (rotations: R <- exp(h e_k) R, Configuration's own rule). */
    TwoNodes
    perturbed(const unsigned dof, const double h) const
    {
      TwoNodes        copy = *this;
      Eigen::VectorXd delta = Eigen::VectorXd::Zero(12);
      delta[dof]            = h;
      copy.configuration.apply_increment(dofs, delta);
      return copy;
    }

    core::Configuration configuration;
    core::DofMap        dofs;
  };

  /** Superposes the rigid motion x -> Q x + c on @p nodes. */
  void
  superpose_rigid_motion(TwoNodes &nodes, const Eigen::Matrix3d &q, const Eigen::Vector3d &c)
  {
    const Eigen::Vector3d x[2] = {x1_ref, x2_ref};
    for (int n = 0; n < 2; ++n)
      {
        const Eigen::Vector3d current = x[n] + nodes.configuration.displacements[n];
        nodes.configuration.displacements[n] = q * current + c - x[n];
        nodes.configuration.rotations[n]     = Eigen::Quaterniond(q) * nodes.configuration.rotations[n];
      }
  }

  /** A deformed state: random displacements of 2 % of l and local rotations up to 0.3 rad, then a large rotation. */
  TwoNodes
  deformed_rotated_state(std::mt19937 &rng)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    TwoNodes                               nodes;
    const double                           l = (x2_ref - x1_ref).norm();
    for (int n = 0; n < 2; ++n)
      {
        nodes.configuration.displacements[n] = 0.02 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
        nodes.configuration.rotations[n]     = Eigen::Quaterniond(random_rotation(rng, 0.3));
      }
    superpose_rigid_motion(nodes, random_rotation(rng, 2.5), Eigen::Vector3d(unit(rng), unit(rng), unit(rng)) * l);
    return nodes;
  }

  double
  stiffness_scale(const Element &beam)
  {
    Eigen::MatrixXd k;
    beam.linear_stiffness(k);
    return k.norm();
  }
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

TEST(CorotationalBeam3D, ZeroForceUnderFiniteRigidMotions)
{
  std::mt19937     rng(11);
  const auto       beam  = ElementRegistry::instance().find("B31")->create(definition());
  const double     scale = stiffness_scale(*beam) * (x2_ref - x1_ref).norm();
  double           worst = 0.0;
  for (int trial = 0; trial < 8; ++trial)
    {
      TwoNodes nodes;
      superpose_rigid_motion(nodes, random_rotation(rng, 3.1), Eigen::Vector3d(3.0, -7.0, 2.0 * trial));
      Eigen::VectorXd force;
      beam->internal_force(nodes.kinematics(), force, nullptr);
      worst = std::max(worst, force.norm() / scale);
      EXPECT_LT(beam->strain_energy(nodes.kinematics()), 1e-20 * scale * (x2_ref - x1_ref).norm());
    }
  RecordProperty("rigid_motion_force_relative", scientific(worst));
  EXPECT_LT(worst, 1e-12);
}

TEST(CorotationalBeam3D, SixZeroEigenvaluesAtARigidlyRotatedStressFreeState)
{
  std::mt19937 rng(3);
  const auto   beam = ElementRegistry::instance().find("B31")->create(definition());
  for (int trial = 0; trial < 4; ++trial)
    {
      TwoNodes nodes;
      superpose_rigid_motion(nodes, random_rotation(rng, 3.0), Eigen::Vector3d(1.0, 2.0, 3.0));
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      beam->internal_force(nodes.kinematics(), force, &tangent);
      EXPECT_LT((tangent - tangent.transpose()).norm(), 1e-12 * tangent.norm());
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(0.5 * (tangent + tangent.transpose()));
      const Eigen::VectorXd values = solver.eigenvalues();
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

TEST(CorotationalBeam3D, ForceIsTheEnergyGradientAndTangentIsTheForceJacobian)
{
  std::mt19937 rng(7);
  for (const bool modified : {true, false})
    for (int trial = 0; trial < 3; ++trial)
      {
        const CorotationalBeam3D beam(definition(), modified);
        const TwoNodes           nodes = deformed_rotated_state(rng);
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
              (beam.strain_energy(plus.kinematics()) - beam.strain_energy(minus.kinematics())) / (2.0 * h);
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
  const auto   beam = ElementRegistry::instance().find("B31")->create(definition());
  double       worst = 0.0;
  for (int trial = 0; trial < 6; ++trial)
    {
      TwoNodes     nodes = deformed_rotated_state(rng);
      const double w     = beam->strain_energy(nodes.kinematics());
      ASSERT_GT(w, 0.0);
      superpose_rigid_motion(nodes, random_rotation(rng, 3.1), Eigen::Vector3d(-5.0, 4.0, 1.0));
      worst = std::max(worst, std::abs(beam->strain_energy(nodes.kinematics()) - w) / w);
    }
  RecordProperty("objectivity_relative", scientific(worst));
  EXPECT_LT(worst, 1e-11);
}

TEST(CorotationalBeam3D, LocalKernelForceAndTangentAreConsistent)
{
  // Meijaard's strains and modified strains: f_l = dW/dd_l and K_l = df_l/dd_l.
  const CorotationalBeam3D           beam(definition());
  CorotationalBeam3D::Vector7        d_l;
  d_l << 0.05, 0.1, -0.2, 0.15, -0.05, 0.25, -0.1;
  CorotationalBeam3D::Vector7 force, f_p, f_m;
  CorotationalBeam3D::Matrix7 tangent, k_p, k_m, jacobian;
  beam.local_response(d_l, force, tangent);
  CorotationalBeam3D::Vector7 gradient;
  for (int i = 0; i < 7; ++i)
    {
      const double                h = 1e-6;
      CorotationalBeam3D::Vector7 plus = d_l, minus = d_l;
      plus[i] += h;
      minus[i] -= h;
      gradient[i]     = (beam.local_response(plus, f_p, k_p) - beam.local_response(minus, f_m, k_m)) / (2 * h);
      jacobian.col(i) = (f_p - f_m) / (2 * h);
    }
  EXPECT_LT((gradient - force).norm() / force.norm(), 1e-8);
  EXPECT_LT((jacobian - tangent).norm() / tangent.norm(), 1e-8);
  EXPECT_LT((tangent - tangent.transpose()).norm(), 1e-12 * tangent.norm());
}

TEST(CorotationalBeam3D, DiscreteGradientSatisfiesTheEnergyIdentity)
{
  std::mt19937             rng(9);
  const CorotationalBeam3D beam(definition());
  double                   worst = 0.0;
  for (int trial = 0; trial < 5; ++trial)
    {
      const TwoNodes    n = deformed_rotated_state(rng), n1 = deformed_rotated_state(rng);
      Eigen::VectorXd   force;
      beam.conserving_force(n.kinematics(), n1.kinematics(), force, nullptr);
      Eigen::VectorXd delta(12);
      for (int node = 0; node < 2; ++node)
        {
          delta.segment<3>(6 * node) = n1.configuration.displacements[node] - n.configuration.displacements[node];
          delta.segment<3>(6 * node + 3) = CorotationalFrame3D::log_map(
            (n1.configuration.rotations[node] * n.configuration.rotations[node].conjugate()).toRotationMatrix());
        }
      const double dw = beam.strain_energy(n1.kinematics()) - beam.strain_energy(n.kinematics());
      worst = std::max(worst, std::abs(delta.dot(force) - dw) / std::abs(dw));
    }
  RecordProperty("conserving_identity_relative", scientific(worst));
  EXPECT_LT(worst, 1e-10);
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
      nodes.configuration.displacements[n] = 1e-6 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
      nodes.configuration.rotations[n] =
        core::Configuration::exp_map(1e-6 * Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
    }
  const auto small = linear.section_forces(nodes.kinematics(), false);
  superpose_rigid_motion(nodes, random_rotation(rng, 3.0), Eigen::Vector3d(2.0, 1.0, -4.0));
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

TEST(CorotationalBeam3D, ConservingTangentMatchesFiniteDifferences)
{
  // The tangent of the discrete gradient with respect to d_{n+1}: exact on the
  // translational columns (K_m/2 plus the derivative of the Gonzalez
  // correction), first order in the step's Dtheta on the rotational ones
  // (spatial spins at R_{n+1}; the mid-point rotation exp(Dtheta/2) R_n is
  // differentiated as if Dtheta/2 added). Step: 1 % of l, 0.02 rad.
  std::mt19937                           rng(21);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const CorotationalBeam3D               beam(definition());
  const double                           l = (x2_ref - x1_ref).norm();
  double worst_translation = 0.0, worst_rotation = 0.0, worst_mid_only = 0.0;
  for (int trial = 0; trial < 5; ++trial)
    {
      const TwoNodes n  = deformed_rotated_state(rng);
      TwoNodes       n1 = n;
      for (int node = 0; node < 2; ++node)
        {
          n1.configuration.displacements[node] += 0.01 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
          n1.configuration.rotations[node] =
            core::Configuration::exp_map(0.02 * Eigen::Vector3d(unit(rng), unit(rng), unit(rng))) *
            n1.configuration.rotations[node];
        }
      Eigen::VectorXd force;
      Eigen::MatrixXd tangent;
      beam.conserving_force(n.kinematics(), n1.kinematics(), force, &tangent);
      Eigen::MatrixXd jacobian(12, 12);
      for (int j = 0; j < 12; ++j)
        {
          const double h = 1e-6 * (j % 6 < 3 ? l : 1.0);
          auto         perturbed = [&](const double step) {
            TwoNodes        p    = n1;
            const int       node = j / 6, k = j % 6;
            Eigen::Vector3d e    = Eigen::Vector3d::Zero();
            e[k % 3]             = step;
            if (k < 3)
              p.configuration.displacements[node] += e;
            else
              p.configuration.rotations[node] = core::Configuration::exp_map(e) * p.configuration.rotations[node];
            Eigen::VectorXd f;
            beam.conserving_force(n.kinematics(), p.kinematics(), f, nullptr);
            return f;
          };
          jacobian.col(j) = (perturbed(h) - perturbed(-h)) / (2.0 * h);
        }
      Eigen::MatrixXd mid_only;
      {
        // The mid-point part alone, K(d_m)/2, as the tangent was before.
        ElementKinematics mid(2);
        for (int node = 0; node < 2; ++node)
          {
            mid[node].displacement =
              0.5 * (n.configuration.displacements[node] + n1.configuration.displacements[node]);
            const Eigen::Vector3d dtheta = CorotationalFrame3D::log_map(
              (n1.configuration.rotations[node] * n.configuration.rotations[node].conjugate()).toRotationMatrix());
            mid[node].rotation = core::Configuration::exp_map(0.5 * dtheta) * n.configuration.rotations[node];
          }
        Eigen::VectorXd f_mid;
        beam.internal_force(mid, f_mid, &mid_only);
        mid_only *= 0.5;
      }
      const double scale = jacobian.norm();
      for (int j = 0; j < 12; ++j)
        {
          const double error = (tangent.col(j) - jacobian.col(j)).norm() / scale;
          (j % 6 < 3 ? worst_translation : worst_rotation) =
            std::max(j % 6 < 3 ? worst_translation : worst_rotation, error);
          worst_mid_only = std::max(worst_mid_only, (mid_only.col(j) - jacobian.col(j)).norm() / scale);
        }
    }
  RecordProperty("translation_columns", scientific(worst_translation));
  RecordProperty("rotation_columns", scientific(worst_rotation));
  RecordProperty("mid_point_part_only", scientific(worst_mid_only));
  std::cout << "conserving tangent vs finite differences: translation columns " << worst_translation
            << ", rotation columns " << worst_rotation << " (K_m/2 alone: " << worst_mid_only << ")\n";
  EXPECT_LT(worst_translation, 1e-6);
  EXPECT_LT(worst_rotation, 0.01); // measured 2.8e-3: the mid-point rotation's derivative to O(Dtheta)
  EXPECT_LT(std::max(worst_translation, worst_rotation), 0.5 * worst_mid_only);
}
