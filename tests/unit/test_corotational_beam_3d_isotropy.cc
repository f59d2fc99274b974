/**
 * @file
 * B31 with an isotropic section (I11 = I22, equal shear factors, any J) is
 * isotropic in the section plane: turning the section's n1 about the beam
 * axis changes neither the strain energy nor the forces of the element, and
 * a cantilever bent by a force in a plane through its axis stays in that
 * plane whatever the angle between n1 and the load (issue 11: with a frame
 * whose twist followed e2 alone, n1 at 45 degrees made the beam twist and
 * leave the plane).
 */
#include <elements/corotational_beam_3d.h>

#include <src/analysis/analysis_runner.h>
#include <src/core/configuration.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>

using namespace corot;
using namespace corot::elements;

namespace
{
  const Eigen::Vector3d x1_ref(10.0, -4.0, 3.0), x2_ref(40.0, 26.0, -12.0);

  /** An isotropic section (I11 = I22, k1 = k2, J unrelated), n1 turned by @p angle about the axis. */
  ElementDefinition
  isotropic_definition(const double angle)
  {
    const Eigen::Vector3d t  = (x2_ref - x1_ref).normalized();
    Eigen::Vector3d       n1 = Eigen::Vector3d(0.2, 0.7, -0.4);
    n1                       = (n1 - n1.dot(t) * t).normalized();
    ElementDefinition d;
    d.id                              = 7;
    d.node_ids                        = {1, 2};
    d.reference_positions             = {x1_ref, x2_ref};
    d.section.beam().area             = 200.0;
    d.section.beam().i11              = 4000.0;
    d.section.beam().i22              = 4000.0;
    d.section.beam().torsion_constant = 2500.0;
    d.section.beam().shear_factor_1   = 0.85;
    d.section.beam().shear_factor_2   = 0.85;
    d.section.beam().n1               = Eigen::AngleAxisd(angle, t) * n1;
    d.material.youngs_modulus         = 2.1e5;
    d.material.shear_modulus          = 8.0e4;
    d.material.density                = 7.85e-9;
    return d;
  }

  Eigen::Matrix3d
  random_rotation(std::mt19937 &rng, const double max_angle)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(0.0, max_angle);
    const Eigen::Vector3d                  axis(unit(rng), unit(rng), unit(rng));
    return Eigen::AngleAxisd(angle(rng), axis.normalized()).toRotationMatrix();
  }

  /** Displacements of 2 % of l, nodal rotations up to @p local rad, then a rigid rotation up to 2.5 rad. */
  ElementKinematics
  deformed_state(std::mt19937 &rng, const double local)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const double                           l = (x2_ref - x1_ref).norm();
    const Eigen::Matrix3d                  q = random_rotation(rng, 2.5);
    const Eigen::Vector3d                  c = l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
    const Eigen::Vector3d                  x[2] = {x1_ref, x2_ref};
    ElementKinematics                      state(2);
    for (int n = 0; n < 2; ++n)
      {
        const Eigen::Vector3d u = 0.02 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
        state[n].displacement   = q * (x[n] + u) + c - x[n];
        state[n].rotation       = Eigen::Quaterniond(q * random_rotation(rng, local));
      }
    return state;
  }

  /** Runs @p deck (text) and returns its results. */
  io::Results
  run_deck(const std::string &name, const std::string &deck)
  {
    const auto directory = corot::test::scratch_directory();
    std::filesystem::create_directories(directory);
    const auto path = directory / name;
    std::ofstream(path) << deck;
    std::ostringstream progress;
    return analysis::run_analysis(deck::read_deck(path.string()), MPI_COMM_WORLD, progress);
  }
} // namespace

TEST(CorotationalBeam3DIsotropy, EnergyAndForcesDoNotDependOnTheTurnOfN1)
{
  // Nodal rotations up to 0.5 rad relative to a rigid motion: the local
  // rotations of the frame are of that size, where the second-order strains
  // combined with a frame twisted by e2 alone gave energies differing by
  // 1e-4 and more between two turns of n1.
  std::mt19937             rng(17);
  const CorotationalBeam3D reference(isotropic_definition(0.0));
  double worst_energy = 0.0, worst_force = 0.0, worst_tangent = 0.0, worst_conserving = 0.0;
  for (const double angle : {0.4, M_PI / 4.0, 1.3, 2.5, -2.0})
    {
      const CorotationalBeam3D turned(isotropic_definition(angle));
      for (int trial = 0; trial < 4; ++trial)
        {
          const ElementKinematics state = deformed_state(rng, 0.5), next = deformed_state(rng, 0.5);
          const double            w = reference.strain_energy(state);
          ASSERT_GT(w, 0.0);
          worst_energy = std::max(worst_energy, std::abs(turned.strain_energy(state) - w) / w);
          Eigen::VectorXd f_ref, f_turned, g_ref, g_turned;
          Eigen::MatrixXd k_ref, k_turned;
          reference.internal_force(state, f_ref, &k_ref);
          turned.internal_force(state, f_turned, &k_turned);
          worst_force   = std::max(worst_force, (f_turned - f_ref).norm() / f_ref.norm());
          worst_tangent = std::max(worst_tangent, (k_turned - k_ref).norm() / k_ref.norm());
          reference.conserving_force(state, next, g_ref, nullptr);
          turned.conserving_force(state, next, g_turned, nullptr);
          worst_conserving = std::max(worst_conserving, (g_turned - g_ref).norm() / g_ref.norm());
        }
    }
  std::cout << "n1 turned about the axis, relative change of: energy " << worst_energy << ", force "
            << worst_force << ", tangent " << worst_tangent << ", conserving force "
            << worst_conserving << "\n";
  EXPECT_LT(worst_energy, 1e-12);
  EXPECT_LT(worst_force, 1e-11);
  EXPECT_LT(worst_tangent, 1e-11);
  EXPECT_LT(worst_conserving, 1e-10);
}

namespace
{
  /**
   * A cantilever along x (L = 10, 4 B31, EI = 1e4 about both axes, GJ = 8e3,
   * EA = 1e6, no shear flexibility) under a tip force P = 300 along
   * (0, 1, 1)/sqrt(2) (P L^2/EI = 3), NLGEOM; the section's n1 is @p n1.
   * Returns the tip's (U1, U2, U3, UR1, UR2, UR3).
   */
  std::array<double, 6>
  tip_under_oblique_force(const Eigen::Vector3d &n1)
  {
    std::ostringstream deck;
    deck << std::setprecision(17) << R"(*NODE, NSET=ALL
1, 0, 0, 0
2, 2.5, 0, 0
3, 5.0, 0, 0
4, 7.5, 0, 0
5, 10.0, 0, 0
*ELEMENT, TYPE=B31, ELSET=BEAM
1, 1, 2
2, 2, 3
3, 3, 4
4, 4, 5
*BEAM GENERAL SECTION, ELSET=BEAM
0.1, 1.0e-3, 0.0, 1.0e-3, 2.0e-3
)" << n1[0]
         << ", " << n1[1] << ", " << n1[2] << R"(
1.0e7, 4.0e6
*BOUNDARY
1, 1, 6
*STEP, NLGEOM, INC=100
*STATIC
0.1, 1.0, 1e-6, 0.1
*CLOAD
5, 2, )" << 300.0 / std::sqrt(2.0)
         << "\n5, 3, " << 300.0 / std::sqrt(2.0) << R"(
*NODE PRINT, NSET=ALL
U
*END STEP
)";
    const io::Results     results = run_deck("oblique_force.inp", deck.str());
    const io::History    &tip     = results.steps.at(0).node_output.at(5);
    std::array<double, 6> values;
    const char           *names[6] = {"U1", "U2", "U3", "UR1", "UR2", "UR3"};
    for (int k = 0; k < 6; ++k)
      values[k] = tip.values.at(names[k]).back();
    return values;
  }
} // namespace

TEST(CorotationalBeam3DIsotropy, CantileverBentObliquelyStaysInTheLoadPlane)
{
  // The load plane is spanned by x and (0, 1, 1): with an isotropic section
  // the tip must move in it (U2 = U3) and turn about its normal (0, -1, 1)
  // (UR1 = 0, UR2 = -UR3), whatever n1 is. n1 = (0, 0, -1) is at 45 degrees
  // to the load plane (the case of issue 11: the tip twisted by 0.015 rad and
  // left the plane by 1.16e-3 with a frame twisted by e2 alone), n1 =
  // (0, 1, -1)/sqrt(2) is normal to it (planar before and after), and the
  // two must give the same tip motion.
  const std::array<double, 6> oblique = tip_under_oblique_force(Eigen::Vector3d(0.0, 0.0, -1.0));
  const std::array<double, 6> aligned =
    tip_under_oblique_force(Eigen::Vector3d(0.0, 1.0, -1.0) / std::sqrt(2.0));
  for (const auto &tip : {oblique, aligned})
    {
      const double deflection   = (tip[1] + tip[2]) / std::sqrt(2.0),
                   out_of_plane = (tip[1] - tip[2]) / std::sqrt(2.0);
      const double bending = (tip[5] - tip[4]) / std::sqrt(2.0), twist = tip[3],
                   in_plane_turn = (tip[4] + tip[5]) / std::sqrt(2.0);
      std::cout << "tip deflection " << deflection << ", out of plane " << out_of_plane
                << "; rotation about the "
                << "load plane's normal " << bending << ", twist " << twist << ", about (0,1,1) "
                << in_plane_turn << "\n";
      ASSERT_GT(deflection, 3.0); // a large deflection (the elastica gives 0.603 L at P L^2/EI = 3)
      EXPECT_LT(std::abs(out_of_plane), 1e-12 * deflection);
      EXPECT_LT(std::abs(twist), 1e-12 * std::abs(bending));
      EXPECT_LT(std::abs(in_plane_turn), 1e-12 * std::abs(bending));
    }
  for (int k = 0; k < 6; ++k)
    EXPECT_NEAR(oblique[k], aligned[k], 1e-10 * (std::abs(aligned[k]) + std::abs(aligned[1]))) << k;
}
