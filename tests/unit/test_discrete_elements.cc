/**
 * SPRINGA and DASHPOTA (*SPRING, *DASHPOT): the dashpot's damping matrix in
 * closed form and turning with its chord, the spring's force k (l - l0); the
 * damped oscillator (a point mass on a spring and a dashpot) against its
 * closed form x(t) = (v0/w_d) exp(-zeta w0 t) sin(w_d t) at observed order 2
 * with MIDPOINT and NEWMARK (the same trapezoidal rule on a linear system:
 * the same figures), with the energy balance (dissipation included)
 * closed; and a mass whirling on a spring and a dashpot, whose line of action
 * turns: the central forces keep its angular momentum, which the mid-point
 * scheme conserves to round-off while the dashpot dissipates. The properties
 * every element has are in test_element_properties.cc.
 */
#include <elements/registry.h>
#include <src/analysis/dynamic_results.h>

#include "run_deck.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include <cmath>
#include <string>

using namespace corot;

namespace
{
  std::unique_ptr<elements::Element>
  make(const std::string &type, const double coefficient)
  {
    elements::ElementDefinition definition;
    definition.id                             = 1;
    definition.node_ids                       = {1, 2};
    definition.reference_positions            = {Eigen::Vector3d(1.0, 2.0, -1.0),
                                                 Eigen::Vector3d(4.0, 6.0, 11.0)};
    definition.section.discrete().coefficient = coefficient;
    return elements::ElementRegistry::instance().find(type)->create(definition);
  }

  /** The point mass m = 1 on k = 100 and c = 2 (w0 = 10, zeta = 0.1), started at 1 along x. */
  std::string
  oscillator(const std::string &integrator, const double dt, const double period)
  {
    return R"(*NODE, NSET=ALL
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
*ELEMENT, TYPE=SPRINGA, ELSET=SPRING
1, 1, 2
*ELEMENT, TYPE=DASHPOTA, ELSET=DASHPOT
2, 1, 2
*ELEMENT, TYPE=MASS, ELSET=POINT
3, 2
*SPRING, ELSET=SPRING

100.0
*DASHPOT, ELSET=DASHPOT

2.0
*MASS, ELSET=POINT
1.0
*BOUNDARY
1, 1, 3
2, 2, 3
*INITIAL CONDITIONS, TYPE=VELOCITY
2, 1, 1.0
*STEP, NLGEOM
*DYNAMIC, DIRECT, INTEGRATOR=)" +
           integrator + "\n" + std::to_string(dt) + ", " + std::to_string(period) + R"(
*NODE PRINT, NSET=ALL
U
*ENERGY PRINT
*END STEP
)";
  }
} // namespace

TEST(DiscreteElements, DashpotDampingMatrixIsClosedFormAndTurnsWithTheChord)
{
  const auto            dashpot = make("DASHPOTA", 0.3);
  const Eigen::Vector3d x1(1.0, 2.0, -1.0), x2(4.0, 6.0, 11.0);
  // A finite rigid motion plus a stretch: the matrix of the current chord.
  const Eigen::Matrix3d rotation =
    Eigen::AngleAxisd(1.3, Eigen::Vector3d(0.2, -0.5, 0.8).normalized()).toRotationMatrix();
  const Eigen::Vector3d       shift(0.7, -2.0, 0.4);
  elements::ElementKinematics state(2);
  state[0].displacement = rotation * x1 + shift - x1;
  state[1].displacement = rotation * (x1 + 1.5 * (x2 - x1)) + shift - x2;
  Eigen::MatrixXd c;
  dashpot->damping_matrix(state, c);
  const Eigen::Vector3d n = rotation * (x2 - x1).normalized();
  Eigen::MatrixXd       expected(6, 6);
  const Eigen::Matrix3d block = 0.3 * n * n.transpose();
  expected << block, -block, -block, block;
  EXPECT_LT((c - expected).norm(), 1e-15 * expected.norm());
  // Dissipation c (n . (v2 - v1))^2, none for a rigid velocity field.
  Eigen::VectorXd v(6);
  v << 0.3, -1.0, 2.0, -0.4, 0.5, 1.1;
  const double rate = n.dot(v.tail<3>() - v.head<3>());
  EXPECT_NEAR(v.dot(c * v), 0.3 * rate * rate, 1e-14);
  const Eigen::Vector3d spin(0.4, 1.0, -0.3), x1_now = rotation * x1 + shift;
  const Eigen::Vector3d x2_now = x1_now + 1.5 * rotation * (x2 - x1);
  v << spin.cross(x1_now), spin.cross(x2_now);
  EXPECT_LT((c * v).norm(), 1e-14 * v.norm());
}

TEST(DiscreteElements, SpringForceIsStiffnessTimesElongationAlongTheChord)
{
  const auto                  spring = make("SPRINGA", 50.0);
  const Eigen::Vector3d       x1(1.0, 2.0, -1.0), x2(4.0, 6.0, 11.0);
  const double                l0 = (x2 - x1).norm();
  elements::ElementKinematics state(2);
  state[1].displacement       = Eigen::Vector3d(0.5, -1.0, 2.0);
  const Eigen::Vector3d chord = x2 + state[1].displacement - x1;
  Eigen::VectorXd       force;
  spring->internal_force(state, force, nullptr);
  const Eigen::Vector3d expected = 50.0 * (chord.norm() - l0) * chord.normalized();
  EXPECT_LT((force.tail<3>() - expected).norm(), 1e-13 * expected.norm());
  EXPECT_LT((force.head<3>() + expected).norm(), 1e-13 * expected.norm());
  EXPECT_NEAR(spring->strain_energy(state), 25.0 * std::pow(chord.norm() - l0, 2), 1e-12);
}

TEST(DiscreteElements, DampedOscillatorMatchesItsClosedFormAtSecondOrder)
{
  const double w0 = 10.0, zeta = 0.1, wd = w0 * std::sqrt(1.0 - zeta * zeta), t = 1.0;
  const double exact = std::exp(-zeta * w0 * t) * std::sin(wd * t) / wd;
  for (const std::string integrator : {"MIDPOINT", "NEWMARK"})
    {
      double previous = 0.0;
      for (const double dt : {0.004, 0.002, 0.001})
        {
          const io::Results results =
            test::run_deck("oscillator_" + integrator + ".inp", oscillator(integrator, dt, t));
          const io::StepResult &step   = results.steps.front();
          const auto           &energy = step.results_as<analysis::DynamicResults>().energy;
          const double error = std::abs(step.node_output.at(2).values.at("U1").back() - exact);
          std::cout << integrator << " dt = " << dt << ": |x(1) - closed form| = " << error
                    << ", dissipated " << energy.viscous_dissipation.back();
          if (previous > 0.0)
            {
              std::cout << ", observed order " << std::log2(previous / error);
              EXPECT_NEAR(std::log2(previous / error), 2.0, 0.1) << integrator;
            }
          std::cout << std::endl;
          previous = error;
          // Kinetic + strain + dissipated - work stays at the initial 1/2 m v0^2.
          double drift = 0.0;
          for (const double total : energy.total)
            drift = std::max(drift, std::abs(total - 0.5));
          if (integrator == "MIDPOINT")
            {
              EXPECT_LT(drift, 1e-12) << dt;
            }
          // Most of it is gone by t = 1: the energy decays about as exp(-2 zeta w0 t).
          EXPECT_GT(energy.viscous_dissipation.back(), 0.4);
        }
      // Within the trapezoidal rule's phase error w0 t (w0 dt)^2/12 times the
      // amplitude exp(-zeta w0 t)/w_d at dt = 0.001: 3.1e-6.
      EXPECT_LT(previous, w0 * t * std::pow(w0 * 0.001, 2) / 12.0 * std::exp(-zeta * w0 * t) / wd)
        << integrator;
    }
}

TEST(DiscreteElements, WhirlingMassKeepsItsAngularMomentumWhileTheDashpotDissipates)
{
  // The mass starts at (1, 0, 0) with velocity (0.5, 3, 0): radial and
  // tangential. Spring and dashpot act along the turning line to node 1, so
  // L3 = m (x v_y - y v_x) stays 3 while the radial motion dies out.
  std::string deck = oscillator("MIDPOINT", 0.002, 3.0);
  deck.replace(deck.find("2, 2, 3\n"), 8, "2, 3, 3\n");
  deck.replace(deck.find("2, 1, 1.0\n"), 10, "2, 1, 0.5\n2, 2, 3.0\n");
  const io::Results results = test::run_deck("whirl.inp", deck);
  const auto       &energy  = results.steps.front().results_as<analysis::DynamicResults>().energy;
  double            spread = 0.0, drift = 0.0;
  for (unsigned i = 0; i < energy.total.size(); ++i)
    {
      spread = std::max(spread, std::abs(energy.angular_momentum[2][i] - 3.0));
      drift  = std::max(drift, std::abs(energy.total[i] - energy.total.front()));
    }
  std::cout << "|L3 - 3| at most " << spread << ", energy balance within " << drift
            << ", dissipated " << energy.viscous_dissipation.back() << " of "
            << energy.total.front() << std::endl;
  EXPECT_LT(spread, 1e-12);
  EXPECT_LT(drift, 1e-11 * energy.total.front());
  EXPECT_GT(energy.viscous_dissipation.back(), 0.05);
}

TEST(DiscreteElements, ConstantsAreCheckedAtTheirLines)
{
  std::string two_lines = oscillator("MIDPOINT", 0.01, 0.1);
  two_lines.replace(two_lines.find("*SPRING, ELSET=SPRING\n\n"), 23,
                    "*SPRING, ELSET=SPRING\n1, 1\n");
  const std::string dofs = test::error_of_deck("spring_dofs.inp", two_lines);
  EXPECT_NE(dofs.find("spring_dofs.inp:10: *SPRING needs one data line, the spring stiffness (only "
                      "the axial element types SPRINGA"),
            std::string::npos)
    << dofs;

  std::string negative = oscillator("MIDPOINT", 0.01, 0.1);
  negative.replace(negative.find("\n2.0\n"), 5, "\n-2.0\n");
  const std::string sign = test::error_of_deck("dashpot_sign.inp", negative);
  EXPECT_NE(sign.find("dashpot_sign.inp:15: the dashpot coefficient must not be negative"),
            std::string::npos)
    << sign;
}
