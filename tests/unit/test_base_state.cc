/**
 * What a step hands to the next (issue 11, items 2 and 10): linear steps
 * superpose exactly and keep rotations as plain vectors; perturbation steps
 * state and use the base state of the last general step.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/frequency_results.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace
{
  std::string
  write_deck(const std::string &name, const std::string &text)
  {
    return corot::test::write_scratch_file(name, text);
  }

  corot::io::Results
  run(const std::string &path)
  {
    std::ostringstream progress;
    return corot::analysis::run_analysis(corot::deck::read_deck(path), MPI_COMM_WORLD, progress);
  }

  std::string
  run_error(const std::string &path)
  {
    try
      {
        run(path);
      }
    catch (const corot::core::InputError &error)
      {
        return error.what();
      }
    return "";
  }

  double
  last(const corot::io::StepResult &step, const unsigned node, const std::string &variable)
  {
    return step.node_output.at(node).values.at(variable).back();
  }

  /**
   * A B31 cantilever along x, L = 1, 4 elements, EI = 100 about both axes,
   * GJ = 80 (Euler-Bernoulli: no transverse shear flexibility), density 1.
   */
  const std::string cantilever = R"(*NODE, NSET=ALL
1, 0.0, 0.0, 0.0
2, 0.25, 0.0, 0.0
3, 0.5, 0.0, 0.0
4, 0.75, 0.0, 0.0
5, 1.0, 0.0, 0.0
*NSET, NSET=ROOT
1
*NSET, NSET=TIP
5
*ELEMENT, TYPE=B31, ELSET=BEAM
1, 1, 2
2, 2, 3
3, 3, 4
4, 4, 5
*BEAM GENERAL SECTION, ELSET=BEAM, DENSITY=1.0
1.0, 0.01, 0.0, 0.01, 0.02
0.0, 0.0, -1.0
1.0e4, 4.0e3
*BOUNDARY
ROOT, 1, 6
)";

  const std::string print_requests = R"(*NODE PRINT, NSET=ALL
U, RF
*EL PRINT, ELSET=BEAM
SF
)";
} // namespace

// Item 2: a torque in step 1 and a force added in step 2 (no NLGEOM) must give
// exactly the response of both loads in one step: twist T L/GJ = 288/80 = 3.6
// (beyond pi, so it must not be wrapped to 3.6 - 2 pi), bending
// U2 = P L^3/(3 EI) = 0.01 and UR3 = P L^2/(2 EI) = 0.015, and nothing in z or
// about y. On the former main the second step composed the rotations on SO(3):
// RF3 at the root and UR2 at the tip were non-zero and UR1 read 3.6 - 2 pi.
TEST(BaseState, LinearStepsSuperposeExactly)
{
  const std::string two_steps = write_deck("two_steps.inp", cantilever + R"(*STEP
*STATIC
*CLOAD
TIP, 4, 288.0
)" + print_requests + R"(*END STEP
*STEP
*STATIC
*CLOAD
TIP, 2, 3.0
)" + print_requests + R"(*END STEP
*STEP
*STATIC
*CLOAD
TIP, 4, 0.0
)" + print_requests + R"(*END STEP
)");
  const std::string one_step = write_deck("one_step.inp", cantilever + R"(*STEP
*STATIC
*CLOAD
TIP, 4, 288.0
TIP, 2, 3.0
)" + print_requests + R"(*END STEP
)");
  const corot::io::Results split    = run(two_steps);
  const corot::io::Results combined = run(one_step);
  ASSERT_EQ(split.steps.size(), 3u);

  // Step 1: the twist, not wrapped.
  EXPECT_NEAR(last(split.steps[0], 5, "UR1"), 3.6, 1e-12);
  EXPECT_NEAR(last(split.steps[0], 3, "UR1"), 1.8, 1e-12);
  EXPECT_NEAR(split.steps[0].element_output.at(4).values.at("SM3").back(),
              combined.steps[0].element_output.at(4).values.at("SM3").back(), 1e-9);
  EXPECT_NEAR(std::abs(split.steps[0].element_output.at(4).values.at("SM3").back()), 288.0, 1e-9);

  // Step 2: the closed forms, and the one-step answer to round-off.
  const corot::io::StepResult &second = split.steps[1];
  EXPECT_NEAR(last(second, 5, "UR1"), 3.6, 1e-12);
  EXPECT_NEAR(last(second, 5, "U2"), 0.01, 1e-14);
  EXPECT_NEAR(last(second, 5, "UR3"), 0.015, 1e-14);
  EXPECT_NEAR(last(second, 5, "U3"), 0.0, 1e-14);
  EXPECT_NEAR(last(second, 5, "UR2"), 0.0, 1e-14);
  EXPECT_NEAR(last(second, 1, "RF3"), 0.0, 1e-11);
  EXPECT_NEAR(last(second, 1, "RF2"), -3.0, 1e-11);
  EXPECT_NEAR(last(second, 1, "RM1"), -288.0, 1e-9);
  for (const char *variable :
       {"U1", "U2", "U3", "UR1", "UR2", "UR3", "RF1", "RF2", "RF3", "RM1", "RM2", "RM3"})
    for (const unsigned node : {1u, 3u, 5u})
      EXPECT_NEAR(last(second, node, variable), last(combined.steps[0], node, variable), 1e-10)
        << variable << " of node " << node;
  for (const auto &[name, values] : combined.steps[0].element_output.at(1).values)
    EXPECT_NEAR(second.element_output.at(1).values.at(name).back(), values.back(), 1e-9) << name;

  // Step 3: the torque removed, the twist is gone and the bending stays.
  EXPECT_NEAR(last(split.steps[2], 5, "UR1"), 0.0, 1e-14);
  EXPECT_NEAR(last(split.steps[2], 5, "UR3"), 0.015, 1e-14);
  EXPECT_NEAR(last(split.steps[2], 5, "UR2"), 0.0, 1e-14);
}

// A *FREQUENCY or *BUCKLE after a linear preload: the reference
// configuration, no stress stiffening (Abaqus *FREQUENCY: initial stress
// enters only with NLGEOM in the base state; CalculiX without *STEP,
// PERTURBATION), and the step says so.
TEST(BaseState, PerturbationStepsStateTheirBaseState)
{
  const std::string        path    = write_deck("linear_preload.inp", cantilever + R"(*STEP
*FREQUENCY
2
*END STEP
*STEP
*STATIC
*CLOAD
TIP, 1, -0.1
*END STEP
*STEP
*FREQUENCY
2
*END STEP
*STEP
*BUCKLE
2
*CLOAD
TIP, 1, -0.01
*END STEP
)");
  const corot::io::Results results = run(path);
  ASSERT_EQ(results.steps.size(), 4u);
  EXPECT_TRUE(results.steps[0].base_state.present);
  EXPECT_EQ(results.steps[0].base_state.step, 0u);
  EXPECT_FALSE(results.steps[1].base_state.present);
  EXPECT_EQ(results.steps[2].base_state.step, 2u);
  EXPECT_FALSE(results.steps[2].base_state.deformed);
  EXPECT_FALSE(results.steps[2].base_state.stress_stiffening);
  EXPECT_NE(results.steps[2].base_state.description.find("end of step 2 (linear)"),
            std::string::npos);
  EXPECT_DOUBLE_EQ(results.steps[2].results_as<corot::analysis::FrequencyResults>().frequencies[0],
                   results.steps[0].results_as<corot::analysis::FrequencyResults>().frequencies[0]);
  EXPECT_EQ(results.steps[3].base_state.step, 2u);
  EXPECT_FALSE(results.steps[3].base_state.stress_stiffening);
}

// *BUCKLE about the deformed, stressed base state of an NLGEOM step needs the
// differential initial stress of the perturbation response at the base
// geometry (Abaqus), which the elements do not provide yet: an error naming
// the step, never the unloaded reference's factor (the value before issue 11:
// P_cr whatever the preload) nor the derivative of the whole co-rotational
// tangent (tried first: with a load-free base 736 instead of Euler's 987 for
// 8 B21, 253 for 32). The cantilever of euler_column_buckle.inp (4 B31,
// EI = 800, L = 100, EA = 1e4), NLGEOM preload P0 = 0.1 in compression, then
// in tension, and Q = 1.
TEST(BaseState, BuckleAboutNlgeomPreloadIsAnError)
{
  const std::string column = R"(*NODE, NSET=ALL
1, 0, 0, 0
2, 25, 0, 0
3, 50, 0, 0
4, 75, 0, 0
5, 100, 0, 0
*NSET, NSET=ROOT
1
*NSET, NSET=TIP
5
*ELEMENT, TYPE=B31, ELSET=COLUMN
1, 1, 2
2, 2, 3
3, 3, 4
4, 4, 5
*BEAM GENERAL SECTION, ELSET=COLUMN
1.0, 0.08, 0.0, 0.08, 0.16
0.0, 0.0, -1.0
1.0e4, 4.0e3
*BOUNDARY
ROOT, 1, 6
)";
  for (const double preload : {0.1, -0.1})
    {
      std::ostringstream deck;
      deck
        << column << "*STEP, NLGEOM\n*STATIC\n*CLOAD\nTIP, 1, " << -preload
        << "\n*NODE PRINT, NSET=TIP\nU\n*END STEP\n*STEP\n*BUCKLE\n2\n*CLOAD\nTIP, 1, -1.0\n*END STEP\n";
      const std::string message = run_error(write_deck("buckle_after_nlgeom.inp", deck.str()));
      EXPECT_NE(message.find("buckle_after_nlgeom.inp:"), std::string::npos) << message;
      EXPECT_NE(message.find("*BUCKLE after the NLGEOM step 1"), std::string::npos) << message;
    }
}

// CMS about a preloaded NLGEOM base state would silently use unstressed
// component matrices: it is an error that names the step.
TEST(BaseState, ModalSynthesisAfterNlgeomIsAnError)
{
  const std::string path = write_deck("cms_after_nlgeom.inp", cantilever + R"(*ELSET, ELSET=LEFT
1, 2
*ELSET, ELSET=RIGHT
3, 4
*COMPONENT, NAME=left, ELSET=LEFT
*COMPONENT, NAME=right, ELSET=RIGHT
*STEP, NLGEOM
*STATIC
*CLOAD
TIP, 1, 10.0
*END STEP
*STEP
*MODAL SYNTHESIS, METHOD=FREE INTERFACE, CUTOFF=1000.0
4
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("cms_after_nlgeom.inp:"), std::string::npos) << message;
  EXPECT_NE(message.find("non-linear step 1"), std::string::npos) << message;
}

// A *BUCKLE step's load factors are for its own loads: without any it is an error.
TEST(BaseState, BuckleWithoutPerturbationLoadIsAnError)
{
  const std::string path    = write_deck("buckle_no_load.inp", cantilever + R"(*STEP
*STATIC
*CLOAD
TIP, 1, -0.1
*END STEP
*STEP
*BUCKLE
2
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("perturbation load"), std::string::npos) << message;
}

// The mass of a base state turned by an NLGEOM step turns with the elements:
// a B21 beam (8 elements, L = 1, EI = 100, pinned at both ends) whose tip is
// moved from (1, 0) to (0, 1) turns rigidly by pi/2, unstressed, and has the
// frequencies of the same beam after an NLGEOM step that does not move it (the
// tangent stiffness there, the reference mass); the unturned mass would not.
TEST(BaseState, RigidlyTurnedBaseStateKeepsTheFrequencies)
{
  const auto deck = [](const double tip_x, const double tip_y) {
    std::ostringstream text;
    text << "*NODE, NSET=ALL\n";
    for (unsigned i = 0; i <= 8; ++i)
      text << i + 1 << ", " << i / 8.0 << ", 0.0\n";
    text << "*NSET, NSET=ROOT\n1\n*NSET, NSET=TIP\n9\n*ELEMENT, TYPE=B21, ELSET=BEAM\n";
    for (unsigned i = 1; i <= 8; ++i)
      text << i << ", " << i << ", " << i + 1 << "\n";
    text << "*BEAM GENERAL SECTION, ELSET=BEAM, DENSITY=1.0\n1.0, 0.01, 0.0, 0.01, 0.02\n"
            "0.0, 0.0, -1.0\n1.0e4, 4.0e3\n*BOUNDARY\nROOT, 1, 2\nTIP, 1, 2\n"
            "*STEP, NLGEOM\n*STATIC\n0.05, 1.0, 1e-6, 0.05\n*BOUNDARY\nTIP, 1, 1, "
         << tip_x << "\nTIP, 2, 2, " << tip_y
         << "\n*NODE PRINT, NSET=ALL\nU\n*END STEP\n*STEP\n*FREQUENCY\n6\n*END STEP\n";
    return text.str();
  };
  const corot::io::Results turned   = run(write_deck("turned.inp", deck(-1.0, 1.0)));
  const corot::io::Results unturned = run(write_deck("unturned.inp", deck(0.0, 0.0)));
  ASSERT_EQ(turned.steps.size(), 2u);
  EXPECT_NEAR(last(turned.steps[0], 5, "U1"), -0.5, 1e-10);
  EXPECT_NEAR(last(turned.steps[0], 5, "U2"), 0.5, 1e-10);
  EXPECT_NEAR(last(turned.steps[0], 5, "UR3"), 0.5 * M_PI, 1e-10);
  EXPECT_TRUE(turned.steps[1].base_state.deformed);
  const auto &a = unturned.steps[1].results_as<corot::analysis::FrequencyResults>().frequencies;
  const auto &b = turned.steps[1].results_as<corot::analysis::FrequencyResults>().frequencies;
  ASSERT_EQ(b.size(), 6u);
  ASSERT_EQ(a.size(), b.size());
  for (unsigned mode = 0; mode < a.size(); ++mode)
    EXPECT_NEAR(b[mode], a[mode], 1e-9 * a[mode]) << "mode " << mode + 1;
}

// Item 10's base state must change nothing when the NLGEOM step leaves the
// structure unloaded: the tangent there is the linear stiffness and the mass
// turned by identity rotations is the consistent mass, so *FREQUENCY after a
// load-free NLGEOM step gives the linear frequencies. The first version of the
// turned mass read the rotation's entries at the DOF index (3..5 for
// rotations, outside the 3 x 3 matrix): it zeroed the rotary mass, moved the
// bending frequencies (+2.4 % on the third bending mode of a B21 beam) and
// lost the B31 torsion modes.
TEST(BaseState, UnloadedNlgeomBaseStateGivesTheLinearFrequencies)
{
  std::ostringstream planar;
  planar << "*NODE, NSET=ALL\n";
  for (unsigned i = 0; i <= 8; ++i)
    planar << i + 1 << ", " << i / 8.0 << ", 0.0\n";
  planar << "*NSET, NSET=ENDS\n1, 9\n*ELEMENT, TYPE=B21, ELSET=BEAM\n";
  for (unsigned i = 1; i <= 8; ++i)
    planar << i << ", " << i << ", " << i + 1 << "\n";
  planar << "*BEAM GENERAL SECTION, ELSET=BEAM, DENSITY=1.0\n1.0, 0.01, 0.0, 0.01, 0.02\n"
            "0.0, 0.0, -1.0\n1.0e4, 4.0e3\n*BOUNDARY\nENDS, 1, 2\n";
  const std::string frequency = "*STEP\n*FREQUENCY\n6\n*END STEP\n";
  const std::string unloaded  = "*STEP, NLGEOM\n*STATIC\n*END STEP\n";
  for (const std::string &model : {planar.str(), cantilever})
    {
      const corot::io::Results linear = run(write_deck("linear.inp", model + frequency));
      const corot::io::Results based  = run(write_deck("based.inp", model + unloaded + frequency));
      ASSERT_EQ(based.steps.size(), 2u);
      EXPECT_TRUE(based.steps[1].base_state.deformed);
      const auto &a = linear.steps[0].results_as<corot::analysis::FrequencyResults>().frequencies;
      const auto &b = based.steps[1].results_as<corot::analysis::FrequencyResults>().frequencies;
      ASSERT_EQ(a.size(), 6u);
      ASSERT_EQ(b.size(), a.size());
      for (unsigned mode = 0; mode < a.size(); ++mode)
        EXPECT_NEAR(b[mode], a[mode], 1e-9 * a[mode]) << "mode " << mode + 1;
    }
}
