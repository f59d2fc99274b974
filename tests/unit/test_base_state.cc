/**
 * What a step hands to the next (issue 11, items 2 and 10): linear steps
 * superpose exactly and keep rotations as plain vectors; perturbation steps
 * state and use the base state of the last general step.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/buckle_results.h>
#include <src/analysis/cms_results.h>
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

// *BUCKLE after an NLGEOM step that leaves the structure unloaded must give
// the factors of *BUCKLE on the undeformed model: the tangent there is the
// linear stiffness, and the differential initial stress of the perturbation
// response at the (reference) base geometry is the initial-stress matrix of
// the linear buckle (Element::initial_stress_increment equals
// geometric_stiffness at the reference for B31). Three B31 decks with three
// kinds of pre-buckling stress: axial (euler_column_buckle.inp), bending and
// shear (lateral_buckling_m1_4el.inp, Meijaard 1993) and torsion by a
// semi-tangential end moment (torsional_buckling_m2_4el.inp). Before issue 11
// item 10 this was an error; the first attempt (the derivative of the whole
// co-rotational tangent along the response) gave 736 instead of 987 for a
// B21 column because it adds the change of the material stiffness.
TEST(BaseState, BuckleAboutUnloadedNlgeomBaseIsTheLinearBuckle)
{
  for (const std::string name :
       {"euler_column_buckle", "lateral_buckling_m1_4el", "torsional_buckling_m2_4el"})
    {
      std::ifstream      file(std::string(COROT_SOURCE_DIR) + "/input_decks/" + name + ".inp");
      std::ostringstream text;
      text << file.rdbuf();
      const std::string deck  = text.str();
      const auto        first = deck.find("\n*STEP\n");
      ASSERT_NE(first, std::string::npos) << name;
      const std::string based_deck =
        deck.substr(0, first + 1) + "*STEP, NLGEOM\n*STATIC\n*END STEP\n" + deck.substr(first + 1);
      const corot::io::Results linear = run(write_deck(name + ".inp", deck));
      const corot::io::Results based  = run(write_deck(name + "_based.inp", based_deck));
      ASSERT_EQ(based.steps.size(), 2u) << name;
      EXPECT_TRUE(based.steps[1].base_state.deformed) << name;
      EXPECT_TRUE(based.steps[1].base_state.stress_stiffening) << name;
      EXPECT_EQ(based.steps[1].base_state.step, 1u) << name;
      const auto &a = linear.steps[0].results_as<corot::analysis::BuckleResults>().load_factors;
      const auto &b = based.steps[1].results_as<corot::analysis::BuckleResults>().load_factors;
      ASSERT_GE(a.size(), 3u) << name;
      ASSERT_EQ(b.size(), a.size()) << name;
      for (unsigned mode = 0; mode < a.size(); ++mode)
        EXPECT_NEAR(b[mode], a[mode], 1e-9 * a[mode]) << name << ", mode " << mode + 1;
    }
}

namespace
{
  /**
   * A B21 column along x (L = 10, 8 elements, EI = 100, EA = 1e4), clamped at
   * node 1, with an NLGEOM axial tip load -@p preload (compression positive)
   * and then *BUCKLE with Q = 1 in compression.
   */
  std::string
  b21_column(const double preload)
  {
    std::ostringstream text;
    text << "*NODE, NSET=ALL\n";
    for (unsigned i = 0; i <= 8; ++i)
      text << i + 1 << ", " << 10.0 * i / 8.0 << ", 0.0\n";
    text << "*NSET, NSET=ROOT\n1\n*NSET, NSET=TIP\n9\n*ELEMENT, TYPE=B21, ELSET=BEAM\n";
    for (unsigned i = 1; i <= 8; ++i)
      text << i << ", " << i << ", " << i + 1 << "\n";
    text << "*BEAM GENERAL SECTION, ELSET=BEAM, DENSITY=1.0\n1.0, 0.01, 0.0, 0.01, 0.02\n"
            "0.0, 0.0, -1.0\n1.0e4, 4.0e3\n*BOUNDARY\nROOT, 1, 2\nROOT, 6, 6\n"
            "*STEP, NLGEOM\n*STATIC\n*CLOAD\nTIP, 1, "
         << -preload
         << "\n*NODE PRINT, NSET=TIP\nU\n*END STEP\n*STEP\n*BUCKLE\n2\n*CLOAD\nTIP, 1, "
            "-1.0\n*END STEP\n";
    return text.str();
  }
} // namespace

// The reported factor multiplies the perturbation load only (Abaqus): about an
// NLGEOM preload P0 of a B21 column, P0 + lambda Q is the column's buckling
// load P_cr, which the load-free base gives as lambda_0 Q (the same mesh and
// the same initial stress: B21's tangent carries the chord's N/l term). The
// base state is shortened by P0/EA = 1.2e-4 (stretched in tension), so P_cr
// of the base geometry differs from lambda_0 by that order: rtol 5e-4.
// lambda_0 itself converges to Euler's pi^2 EI/(4 L^2) = 2.4674011 in h^2
// (8 elements: +0.32 %, the same discrete eigenproblem solved by inverse
// iteration; checked to 0.5 %).
TEST(BaseState, BuckleAboutNlgeomPreloadScalesThePerturbationLoad)
{
  const auto factor = [](const double preload, const std::string &name) {
    const corot::io::Results results = run(write_deck(name, b21_column(preload)));
    EXPECT_EQ(results.steps[1].base_state.step, 1u);
    EXPECT_TRUE(results.steps[1].base_state.stress_stiffening);
    EXPECT_NE(results.steps[1].base_state.description.find("end of step 1 (NLGEOM)"),
              std::string::npos);
    return results.steps[1].results_as<corot::analysis::BuckleResults>().load_factors.at(0);
  };
  const double euler    = M_PI * M_PI * 100.0 / (4.0 * 100.0);
  const double critical = factor(0.0, "b21_unloaded.inp");
  EXPECT_NEAR(critical, euler, 5e-3 * euler);
  for (const double preload : {0.5 * euler, -0.5 * euler})
    EXPECT_NEAR(preload + factor(preload, "b21_preloaded.inp"), critical, 5e-4 * critical)
      << "preload " << preload;
}

// The base geometry enters K_Delta: a B21 beam (8 elements, L = 1, EI = 100,
// pinned, the far end on a roller along the beam) turned rigidly by pi/2 in an
// NLGEOM step buckles under the same axial load as the unturned beam (Euler
// pinned-pinned with the chord's initial stress). Linear buckling about the
// reference geometry would see a load across the beam and no axial stress.
TEST(BaseState, BuckleAboutRigidlyTurnedBaseKeepsTheFactor)
{
  const auto deck = [](const double tip_x, const double tip_y) {
    std::ostringstream text;
    text << "*NODE, NSET=ALL\n";
    for (unsigned i = 0; i <= 8; ++i)
      text << i + 1 << ", " << i / 8.0 << ", 0.0\n";
    text << "*NSET, NSET=ROOT\n1\n*NSET, NSET=TIP\n9\n*ELEMENT, TYPE=B21, ELSET=BEAM\n";
    for (unsigned i = 1; i <= 8; ++i)
      text << i << ", " << i << ", " << i + 1 << "\n";
    // The buckle step holds the tip across the turned axis only: U1 after
    // the turn, U2 without it.
    const bool turned = tip_x != 0.0;
    text << "*BEAM GENERAL SECTION, ELSET=BEAM, DENSITY=1.0\n1.0, 0.01, 0.0, 0.01, 0.02\n"
            "0.0, 0.0, -1.0\n1.0e4, 4.0e3\n*BOUNDARY\nROOT, 1, 2\nTIP, 1, 2\n"
            "*STEP, NLGEOM\n*STATIC\n0.05, 1.0, 1e-6, 0.05\n*BOUNDARY\nTIP, 1, 1, "
         << tip_x << "\nTIP, 2, 2, " << tip_y
         << "\n*NODE PRINT, NSET=ALL\nU\n*END STEP\n*STEP\n*BUCKLE\n2\n*BOUNDARY, OP=NEW\n"
            "ROOT, 1, 2\n"
         << (turned ? "TIP, 1, 1, " : "TIP, 2, 2, ") << (turned ? tip_x : tip_y) << "\n*CLOAD\n"
         << (turned ? "TIP, 2, -1.0\n" : "TIP, 1, -1.0\n") << "*END STEP\n";
    return text.str();
  };
  const corot::io::Results turned   = run(write_deck("turned_buckle.inp", deck(-1.0, 1.0)));
  const corot::io::Results unturned = run(write_deck("unturned_buckle.inp", deck(0.0, 0.0)));
  ASSERT_EQ(turned.steps.size(), 2u);
  EXPECT_NEAR(last(turned.steps[0], 9, "U1"), -1.0, 1e-12);
  EXPECT_NEAR(last(turned.steps[0], 9, "U2"), 1.0, 1e-12);
  EXPECT_NEAR(last(turned.steps[0], 5, "UR3"), 0.5 * M_PI, 1e-10);
  const auto &a = unturned.steps[1].results_as<corot::analysis::BuckleResults>().load_factors;
  const auto &b = turned.steps[1].results_as<corot::analysis::BuckleResults>().load_factors;
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), a.size());
  // Euler pinned-pinned, pi^2 EI/L^2 = 987.0, to the mesh's error: the chord's
  // initial stress N/l with cubic bending converges in h^2, +1.29 % with 8
  // elements (the same discrete eigenproblem solved by inverse iteration).
  EXPECT_NEAR(a[0], M_PI * M_PI * 100.0, 0.015 * M_PI * M_PI * 100.0);
  for (unsigned mode = 0; mode < a.size(); ++mode)
    EXPECT_NEAR(b[mode], a[mode], 1e-8 * a[mode]) << "mode " << mode + 1;
}

// CMS after an NLGEOM step reduces about its base state (the components'
// tangent stiffness and turned mass, as *FREQUENCY): with every component
// mode kept and no residual modes the synthesis is exact, so it reproduces
// *FREQUENCY of the same base state (here a cantilever under an NLGEOM axial
// tip tension of 10, which stiffens its bending modes). A design step after
// that synthesis is an error naming the step: a design change of a preloaded
// structure changes its base state too, and no design derivative about it is
// available.
TEST(BaseState, ModalSynthesisAfterNlgeomUsesTheBaseStateAndDesignStepsAreAnError)
{
  const std::string        model   = cantilever + R"(*ELSET, ELSET=LEFT
1, 2
*ELSET, ELSET=RIGHT
3, 4
*COMPONENT, NAME=left, ELSET=LEFT
*COMPONENT, NAME=right, ELSET=RIGHT
*DESIGN PARAMETER, NAME=RHO, COMPONENT=right, PROPERTY=DENSITY
*STEP
*FREQUENCY
4
*END STEP
*STEP, NLGEOM
*STATIC
*CLOAD
TIP, 1, 10.0
*END STEP
*STEP
*FREQUENCY
4
*END STEP
*STEP
*MODAL SYNTHESIS, METHOD=FREE INTERFACE, CUTOFF=1.0e9, RESIDUAL=NO, COMPARE=FULL
4
*END STEP
)";
  const corot::io::Results results = run(write_deck("cms_after_nlgeom.inp", model));
  ASSERT_EQ(results.steps.size(), 4u);
  const auto &unstressed =
    results.steps[0].results_as<corot::analysis::FrequencyResults>().frequencies;
  const auto &stressed =
    results.steps[2].results_as<corot::analysis::FrequencyResults>().frequencies;
  const corot::io::StepResult &cms = results.steps[3];
  EXPECT_EQ(cms.base_state.step, 2u);
  EXPECT_TRUE(cms.base_state.stress_stiffening);
  EXPECT_NE(cms.base_state.description.find("end of step 2 (NLGEOM)"), std::string::npos)
    << cms.base_state.description;
  ASSERT_EQ(stressed.size(), 4u);
  EXPECT_GT(stressed[0], unstressed[0] * 1.001);
  const auto &reduced = cms.results_as<corot::analysis::CmsResults>().frequencies;
  ASSERT_EQ(reduced.size(), 4u);
  for (unsigned mode = 0; mode < 4; ++mode)
    EXPECT_NEAR(reduced[mode], stressed[mode], 1e-7 * stressed[mode]) << "mode " << mode + 1;

  const std::string design =
    write_deck("design_after_nlgeom.inp", model + "*STEP\n*MODIFICATION\nRHO, 0.5\n*END STEP\n");
  const std::string message = run_error(design);
  EXPECT_NE(message.find("design_after_nlgeom.inp:"), std::string::npos) << message;
  EXPECT_NE(message.find("NLGEOM base state of step 2"), std::string::npos) << message;
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
