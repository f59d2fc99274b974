/**
 * Solver-level user errors name the deck line and the offending node and DOF:
 * an unrestrained mechanism, NLGEOM with small-rotation elements, an
 * *EQUATION on a missing DOF.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/static_results.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace
{
  /** Writes @p text to a deck file in a temporary directory and returns its path. */
  std::string
  write_deck(const std::string &name, const std::string &text)
  {
    return corot::test::write_scratch_file(name, text);
  }

  /** Runs the deck and returns the InputError message (empty if none was thrown). */
  std::string
  run_error(const std::string &path)
  {
    try
      {
        std::ostringstream progress;
        corot::analysis::run_analysis(corot::deck::read_deck(path), MPI_COMM_WORLD, progress);
      }
    catch (const corot::core::InputError &error)
      {
        return error.what();
      }
    return "";
  }

  const std::string truss_model = R"(*NODE
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
*ELEMENT, TYPE=T3D2, ELSET=BAR
1, 1, 2
*MATERIAL, NAME=STEEL
*ELASTIC
2.0e5, 0.3
*SOLID SECTION, ELSET=BAR, MATERIAL=STEEL
1.0
)";
} // namespace

TEST(AnalysisErrors, MechanismNamesNodeAndDof)
{
  // Line 11 is *BOUNDARY, 12 the fixed node, 13 *STEP: node 2 can move in y and z freely,
  // and loads act there (unloaded, they would be held: test_zero_pivot_hold.cc).
  const std::string path    = write_deck("mechanism.inp", truss_model + R"(*BOUNDARY
1, 1, 3
*STEP
*STATIC
*CLOAD
2, 1, 1.0
2, 2, 1.0
2, 3, 1.0
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("mechanism.inp:13:"), std::string::npos) << message;
  EXPECT_NE(message.find("node 2 UY"), std::string::npos) << message;
  EXPECT_NE(message.find("node 2 UZ"), std::string::npos) << message;
}

TEST(AnalysisErrors, RestrainedTrussSolves)
{
  const std::string path = write_deck("restrained.inp", truss_model + R"(*BOUNDARY
1, 1, 3
2, 2, 3
*STEP
*STATIC
*CLOAD
2, 1, 1.0
*END STEP
)");
  EXPECT_EQ(run_error(path), "");
}

TEST(AnalysisErrors, EquationOnMissingDofNamesItsLine)
{
  // A truss node has no rotation: *EQUATION on DOF 4 is an error at its data line 12.
  const std::string path    = write_deck("equation.inp", truss_model + R"(*EQUATION
2
2, 4, 1.0, 1, 1, -1.0
*BOUNDARY
1, 1, 3
*STEP
*STATIC
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("equation.inp:12:"), std::string::npos) << message;
  EXPECT_NE(message.find("DOF 4 of node 2"), std::string::npos) << message;
}

TEST(AnalysisErrors, SingularMechanismWithStiffDiagonalIsReportedAtTheStep)
{
  // A pin-jointed square without a diagonal: every DOF has stiffness, yet the
  // frame can shear; the factorization finds it. Line 20 is *STATIC.
  const std::string path    = write_deck("square.inp", R"(*NODE
1, 0, 0
2, 1, 0
3, 1, 1
4, 0, 1
*ELEMENT, TYPE=T2D2, ELSET=B
1, 1, 2
2, 2, 3
3, 3, 4
4, 4, 1
*MATERIAL, NAME=M
*ELASTIC
1e6, 0.3
*SOLID SECTION, ELSET=B, MATERIAL=M
1.0
*BOUNDARY
1, 1, 2
2, 2, 2
*STEP
*STATIC
*CLOAD
3, 1, 1.0
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("square.inp:20:"), std::string::npos) << message;
  EXPECT_NE(message.find("singular"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

namespace
{
  /** A two-bar truss (apex node 3) with a *STATIC, RIKS step of data line @p data and @p extra lines. */
  std::string
  two_bar_riks(const std::string &data, const std::string &extra)
  {
    return R"(*NODE
1, -100.0, 0.0
2, 100.0, 0.0
3, 0.0, 10.0
*ELEMENT, TYPE=T2D2, ELSET=BARS
1, 1, 3
2, 2, 3
*MATERIAL, NAME=MAT
*ELASTIC
1.0e6, 0.3
*SOLID SECTION, ELSET=BARS, MATERIAL=MAT
1.0
*BOUNDARY
1, 1, 2
2, 1, 2
*STEP, NLGEOM
*STATIC, RIKS
)" + data + "\n" +
           extra + "*END STEP\n";
  }
} // namespace

TEST(AnalysisErrors, RiksErrorsNameTheirLines)
{
  // Line 17 is *STATIC, RIKS, 18 its data line, 19 the first line after it.
  std::string message =
    run_error(write_deck("riks_node.inp",
                         two_bar_riks("0.1, 1.0, , , , 99, 2, -1.0", "*CLOAD\n3, 2, -1.0\n")));
  EXPECT_NE(message.find("riks_node.inp:18:"), std::string::npos) << message;
  EXPECT_NE(message.find("node 99 of the displacement limit does not exist"), std::string::npos)
    << message;

  message = run_error(write_deck("riks_noload.inp", two_bar_riks("0.1, 1.0", "")));
  EXPECT_NE(message.find("riks_noload.inp:17:"), std::string::npos) << message;
  EXPECT_NE(message.find("needs a reference load"), std::string::npos) << message;

  message =
    run_error(write_deck("riks_bc.inp", two_bar_riks("0.1, 1.0", "*BOUNDARY\n3, 2, 2, -1.0\n")));
  EXPECT_NE(message.find("riks_bc.inp:17:"), std::string::npos) << message;
  EXPECT_NE(message.find("node 3 UY changes during the step"), std::string::npos) << message;

  message =
    run_error(write_deck("riks_amplitude.inp",
                         "*AMPLITUDE, NAME=RAMP\n0.0, 0.0, 1.0, 1.0\n" +
                           two_bar_riks("0.1, 1.0", "*CLOAD, AMPLITUDE=RAMP\n3, 2, -1.0\n")));
  EXPECT_NE(message.find("riks_amplitude.inp:22:"), std::string::npos) << message;
  EXPECT_NE(message.find("AMPLITUDE= does not apply"), std::string::npos) << message;
}

TEST(ArcLengthAnalysis, LeesFrameWithLargeArcCutsBackAndStaysOnThePath)
{
  // Lee's frame (input_decks/lee_frame_riks_b21.inp, 10 B21 per member) started with an arc
  // length 80 times that deck's: the first increment's corrector finds no real root, the arc is
  // cut back, and every accepted increment lies on the path, whose first limit load the fine run
  // puts at 1.86464 (so no accepted LPF exceeds it, and the coarse steps still reach 1.8).
  std::ostringstream deck;
  deck << "*NODE\n";
  for (int i = 0; i <= 10; ++i)
    deck << i + 1 << ", 0.0, " << 12.0 * i << "\n";
  for (int j = 1; j <= 10; ++j)
    deck << 11 + j << ", " << 12.0 * j << ", 120.0\n";
  deck << "*ELEMENT, TYPE=B21, ELSET=FRAME\n";
  for (int e = 1; e <= 20; ++e)
    deck << e << ", " << e << ", " << e + 1 << "\n";
  deck << "*MATERIAL, NAME=MAT\n*ELASTIC\n720.0, 0.3\n"
          "*BEAM SECTION, ELSET=FRAME, MATERIAL=MAT, SECTION=RECT\n3.0, 2.0\n0.0, 0.0, -1.0\n"
          "*BOUNDARY\n1, 1, 2\n21, 1, 2\n*STEP, NLGEOM, INC=20\n*STATIC, RIKS\n"
          "4.0, 1000.0, 1e-5, 4.0, 1.8\n*CLOAD\n13, 2, -1.0\n*END STEP\n";
  std::ostringstream progress;
  const auto         results = corot::analysis::run_analysis(
            corot::deck::read_deck(write_deck("lee_large_arc.inp", deck.str())), MPI_COMM_WORLD, progress);
  const auto &step     = results.steps.at(0);
  bool        cut_back = false;
  for (const std::string &line : step.log)
    cut_back = cut_back || line.find("did not converge; cut back") != std::string::npos;
  EXPECT_TRUE(cut_back);
  ASSERT_FALSE(step.results_as<corot::analysis::StaticResults>().load_factor.empty());
  // The step stops at the first increment whose LPF reaches the maximum 1.8.
  EXPECT_GE(step.results_as<corot::analysis::StaticResults>().load_factor.back(), 1.8);
  EXPECT_LE(*std::max_element(step.results_as<corot::analysis::StaticResults>().load_factor.begin(),
                              step.results_as<corot::analysis::StaticResults>().load_factor.end()),
            1.86464 * (1 + 1e-5));
  EXPECT_EQ(step.results_as<corot::analysis::StaticResults>().load_factor.size(),
            step.results_as<corot::analysis::StaticResults>().arc_length.size());
  EXPECT_NE(step.log.back().find("the LPF reached the maximum 1.8"), std::string::npos)
    << step.log.back();
}

TEST(AnalysisErrors, HigherOrderTimeElementRejectsPrescribedMotionAtTheProcedureLine)
{
  // Lines 11-14 the point mass, 15-16 *BOUNDARY, 17-18 *AMPLITUDE, 19 *STEP, 20 *DYNAMIC.
  const std::string path =
    write_deck("timefe_prescribed.inp", truss_model + R"(*ELEMENT, TYPE=MASS, ELSET=POINT
3, 2
*MASS, ELSET=POINT
1.0
*BOUNDARY
2, 2, 3
*AMPLITUDE, NAME=SHAKE, DEFINITION=EXPRESSION
0.01*sin(10*t)
*STEP
*DYNAMIC, DIRECT, INTEGRATOR=TIMEFE, ORDER=2
0.01, 0.1
*BOUNDARY, AMPLITUDE=SHAKE
1, 1, 1, 1.0
1, 2, 3
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("timefe_prescribed.inp:20:"), std::string::npos) << message;
  EXPECT_NE(message.find("ORDER >= 2 does not handle prescribed motion"), std::string::npos)
    << message;
}

namespace
{
  const std::string shell_model = R"(*NODE
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
3, 1.0, 1.0, 0.0
4, 0.0, 1.0, 0.0
*ELEMENT, TYPE=S4, ELSET=PANEL
1, 1, 2, 3, 4
*ELEMENT, TYPE=B31, ELSET=EDGE
2, 1, 2
*MATERIAL, NAME=STEEL
*ELASTIC
2.0e5, 0.3
*DENSITY
7.8e-9
*SHELL SECTION, ELSET=PANEL, MATERIAL=STEEL
0.01
*BEAM SECTION, ELSET=EDGE, MATERIAL=STEEL, SECTION=RECT
0.1, 0.1
0.0, 0.0, 1.0
*BOUNDARY
1, 1, 6
2, 1, 6
)";
} // namespace

TEST(AnalysisErrors, PressureOnANonShellElementNamesTheDloadLine)
{
  // Line 23 is *STEP, 26 the *DLOAD data line.
  const std::string path    = write_deck("pressure_on_beam.inp", shell_model + R"(*STEP
*STATIC
*DLOAD
2, P, 1.0
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("pressure_on_beam.inp:26:"), std::string::npos) << message;
  EXPECT_NE(message.find("element 2 is a B31"), std::string::npos) << message;
}

TEST(AnalysisErrors, PressureInADynamicStepIsRefusedAtItsLine)
{
  // A pressure carried from the *STATIC step into an NLGEOM *DYNAMIC step with TIMEFE, which
  // does not apply follower loads yet (MIDPOINT, NEWMARK, HHT, GALPHA do): refused at the *DLOAD
  // line (26).
  const std::string path    = write_deck("pressure_dynamic.inp", shell_model + R"(*STEP
*STATIC
*DLOAD
PANEL, P, 1.0
*END STEP
*STEP, NLGEOM
*DYNAMIC, INTEGRATOR=TIMEFE, ORDER=2
0.1, 1.0
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("pressure_dynamic.inp:26:"), std::string::npos) << message;
  EXPECT_NE(message.find("is not applied by INTEGRATOR=TIMEFE yet"), std::string::npos) << message;
}

TEST(AnalysisErrors, PressureWithAnAmplitudeInRiksIsRefusedAtItsLine)
{
  // *STATIC, RIKS scales its loads by the LPF: an AMPLITUDE= on the pressure (line 29, the *DLOAD
  // data line) has no meaning there.
  const std::string path =
    write_deck("pressure_riks_amplitude.inp", shell_model + R"(*AMPLITUDE, NAME=A1
0.0, 0.0, 1.0, 1.0
*STEP, NLGEOM
*STATIC, RIKS
0.1, 1.0
*DLOAD, AMPLITUDE=A1
PANEL, P, 1.0
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("pressure_riks_amplitude.inp:29:"), std::string::npos) << message;
  EXPECT_NE(message.find("AMPLITUDE= does not apply"), std::string::npos) << message;
}

TEST(AnalysisErrors, UnknownDistributedLoadTypeIsNamed)
{
  const std::string path    = write_deck("dload_p2.inp", shell_model + R"(*STEP
*STATIC
*DLOAD
PANEL, P2, 1.0
*END STEP
)");
  const std::string message = run_error(path);
  EXPECT_NE(message.find("dload_p2.inp:26:"), std::string::npos) << message;
  EXPECT_NE(message.find("unsupported *DLOAD type P2"), std::string::npos) << message;
}

namespace
{
  /** A free-floating B31 bar along x (no supports), loaded at both ends along its axis. */
  std::string
  floating_beam(const double left_force, const double right_force)
  {
    return R"(*NODE
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
*ELEMENT, TYPE=B31, ELSET=BAR
1, 1, 2
*MATERIAL, NAME=STEEL
*ELASTIC
2.0e5, 0.3
*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT
0.1, 0.1
0.0, 0.0, 1.0
*STEP
*STATIC
*CLOAD
1, 1, )" + std::to_string(left_force) +
           "\n2, 1, " + std::to_string(right_force) + "\n*END STEP\n";
  }
} // namespace

TEST(AnalysisErrors, UnsupportedPartUnderSelfEquilibratedLoadsIsAnError)
{
  // The pull is balanced: the stretch is determined, the rigid motions are not. Line 13 is
  // *STATIC. (A ring band under pressure held only at two nodes was solved silently before,
  // with an arbitrary rigid motion added: 0.49 for the radial expansion 0.196.)
  const std::string message =
    run_error(write_deck("floating_balanced.inp", floating_beam(-1.0, 1.0)));
  EXPECT_NE(message.find("floating_balanced.inp:13: no boundary condition restrains nodes 1 to 2 "
                         "(2 nodes)"),
            std::string::npos)
    << message;
  EXPECT_NE(message.find("numerical singularity"), std::string::npos) << message;
}

TEST(AnalysisErrors, UnsupportedPartPushedAlongARigidMotionIsAnError)
{
  // Line 13 is *STATIC: a single force drives the free translation along x.
  const std::string message = run_error(write_deck("floating_pushed.inp", floating_beam(0.0, 1.0)));
  EXPECT_NE(message.find("floating_pushed.inp:13:"), std::string::npos) << message;
  EXPECT_NE(message.find("there is no static equilibrium"), std::string::npos) << message;
}

TEST(AnalysisErrors, UnsupportedPartIsAnErrorInRiksToo)
{
  std::string deck = floating_beam(0.0, 1.0);
  deck.replace(deck.find("*STEP\n*STATIC\n"), 14, "*STEP, NLGEOM\n*STATIC, RIKS\n0.1, 1.0\n");
  const std::string message = run_error(write_deck("floating_riks.inp", deck));
  EXPECT_NE(message.find("floating_riks.inp:13: no boundary condition restrains nodes 1 to 2"),
            std::string::npos)
    << message;
  EXPECT_NE(message.find("there is no static equilibrium"), std::string::npos) << message;
}
