/**
 * What a step inherits from the one before it (input_decks/README.md, "What a
 * step inherits"): NLGEOM and the output requests as the parser resolves
 * them, *STEP, AMPLITUDE= and OP=NEW flags, and the clear errors for
 * *STEP, PERTURBATION where corot cannot honour it. The load and boundary
 * semantics are checked end to end by the steps_*.inp decks against
 * CalculiX.
 */
#include <src/analysis/analysis_runner.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace corot;

namespace
{
  /** Writes @p text to a deck file in a temporary directory and returns its path. */
  std::string
  write_deck(const std::string &name, const std::string &text)
  {
    return corot::test::write_scratch_file(name, text);
  }

  /** Reads the deck, or returns the InputError message in @p message. */
  core::Model
  read(const std::string &path, std::string &message)
  {
    try
      {
        return deck::read_deck(path);
      }
    catch (const core::InputError &error)
      {
        message = error.what();
      }
    return core::Model();
  }

  /** Runs the deck and returns the InputError message (empty if none was thrown). */
  std::string
  run_error(const std::string &path)
  {
    try
      {
        std::ostringstream progress;
        analysis::run_analysis(deck::read_deck(path), MPI_COMM_WORLD, progress);
      }
    catch (const core::InputError &error)
      {
        return error.what();
      }
    return "";
  }

  // Two T3D2 bars along x, node 1 held, nodes 2 and 3 free in x only.
  const std::string bar = R"(*NODE
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
3, 2.0, 0.0, 0.0
*NSET, NSET=ENDS
1, 3
*NSET, NSET=MIDDLE
2
*ELEMENT, TYPE=T3D2, ELSET=BAR
1, 1, 2
2, 2, 3
*MATERIAL, NAME=M
*ELASTIC
1.0e6, 0.0
*DENSITY
1.0
*SOLID SECTION, ELSET=BAR, MATERIAL=M
1.0
*BOUNDARY
1, 1, 3
2, 2, 3
3, 2, 3
)";

  using Kind = core::OutputRequest::Kind;
} // namespace

TEST(StepInheritance, NlgeomIsCarriedIntoLaterSteps)
{
  // CalculiX and Abaqus: once a step has NLGEOM, later steps keep it, through
  // a *FREQUENCY step too; CalculiX turns it off again on NLGEOM=NO.
  std::string       message;
  const core::Model model = read(write_deck("nlgeom.inp", bar + R"(*STEP, NLGEOM
*STATIC
*END STEP
*STEP
*STATIC
*END STEP
*STEP
*FREQUENCY
2
*END STEP
*STEP
*STATIC
*END STEP
*STEP, NLGEOM=NO
*STATIC
*END STEP
*STEP
*STATIC
*END STEP
)"),
                                 message);
  ASSERT_EQ(message, "");
  ASSERT_EQ(model.steps.size(), 6u);
  EXPECT_TRUE(model.steps[0].nlgeom);
  EXPECT_TRUE(model.steps[1].nlgeom);
  EXPECT_TRUE(model.steps[2].nlgeom);
  EXPECT_TRUE(model.steps[3].nlgeom);
  EXPECT_FALSE(model.steps[4].nlgeom);
  EXPECT_FALSE(model.steps[5].nlgeom);
}

TEST(StepInheritance, RiksAcceptsInheritedNlgeom)
{
  std::string       message;
  const core::Model model = read(write_deck("riks.inp", bar + R"(*STEP, NLGEOM
*STATIC
*CLOAD
3, 1, 1.0
*END STEP
*STEP
*STATIC, RIKS
0.1, 1.0, , , 2.0
*CLOAD
3, 1, 1.0
*END STEP
)"),
                                 message);
  EXPECT_EQ(message, "");
  ASSERT_EQ(model.steps.size(), 2u);
  EXPECT_NE(model.steps[1].parameters_of<core::RiksParameters>(), nullptr);
}

TEST(StepInheritance, OutputRequestsAreCarriedUntilRedefinedPerKind)
{
  // CalculiX 2.20 (checked): requests stay in force in later steps; a step's
  // own *NODE PRINT replaces every earlier *NODE PRINT (both sets of step 1
  // here) and leaves the *EL PRINT in force.
  std::string       message;
  const core::Model model = read(write_deck("outputs.inp", bar + R"(*STEP
*STATIC
*NODE PRINT, NSET=ENDS
U
*NODE PRINT, NSET=MIDDLE, FREQUENCY=2
U
*EL PRINT, ELSET=BAR
S
*END STEP
*STEP
*STATIC
*END STEP
*STEP
*STATIC
*NODE PRINT, NSET=MIDDLE
RF
*END STEP
*STEP
*FREQUENCY
2
*NODE FILE
U
*END STEP
*STEP
*STATIC
*END STEP
)"),
                                 message);
  ASSERT_EQ(message, "");
  ASSERT_EQ(model.steps.size(), 5u);

  const auto &own = model.steps[0].outputs;
  ASSERT_EQ(own.size(), 3u);
  EXPECT_FALSE(own[0].inherited);

  const auto &carried = model.steps[1].outputs;
  ASSERT_EQ(carried.size(), 3u);
  for (const core::OutputRequest &request : carried)
    EXPECT_TRUE(request.inherited);
  EXPECT_EQ(carried[0].kind, Kind::node_print);
  EXPECT_EQ(carried[0].ids, (std::vector<unsigned>{1, 3}));
  EXPECT_EQ(carried[1].ids, (std::vector<unsigned>{2}));
  EXPECT_EQ(carried[1].frequency, 2u);
  EXPECT_EQ(carried[2].kind, Kind::element_print);
  EXPECT_EQ(carried[2].ids, (std::vector<unsigned>{1, 2}));

  const auto &replaced = model.steps[2].outputs;
  ASSERT_EQ(replaced.size(), 2u);
  EXPECT_EQ(replaced[0].kind, Kind::node_print);
  EXPECT_FALSE(replaced[0].inherited);
  EXPECT_EQ(replaced[0].variables, (std::vector<std::string>{"RF"}));
  EXPECT_EQ(replaced[1].kind, Kind::element_print);
  EXPECT_TRUE(replaced[1].inherited);

  // The frequency step adds a *NODE FILE; the last step keeps all three kinds.
  EXPECT_EQ(model.steps[3].outputs.size(), 3u);
  const auto &last = model.steps[4].outputs;
  ASSERT_EQ(last.size(), 3u);
  EXPECT_EQ(last[0].kind, Kind::node_file);
  EXPECT_EQ(last[1].kind, Kind::node_print);
  EXPECT_EQ(last[1].ids, (std::vector<unsigned>{2}));
  EXPECT_EQ(last[2].kind, Kind::element_print);
}

TEST(StepInheritance, StepAmplitudeAndOpNewFlags)
{
  std::string       message;
  const core::Model model = read(write_deck("flags.inp", bar + R"(*STEP, AMPLITUDE=STEP
*STATIC
*DLOAD
BAR, GRAV, 1.0, 1.0, 0.0, 0.0
*END STEP
*STEP, AMPLITUDE=RAMP
*DYNAMIC
0.1, 1.0
*DLOAD, OP=NEW
*END STEP
*STEP
*STATIC
*END STEP
)"),
                                 message);
  ASSERT_EQ(message, "");
  ASSERT_EQ(model.steps.size(), 3u);
  ASSERT_TRUE(model.steps[0].ramp.has_value());
  EXPECT_FALSE(*model.steps[0].ramp);
  EXPECT_FALSE(model.steps[0].new_distributed_loads);
  ASSERT_TRUE(model.steps[1].ramp.has_value());
  EXPECT_TRUE(*model.steps[1].ramp);
  EXPECT_TRUE(model.steps[1].new_distributed_loads);
  EXPECT_FALSE(model.steps[2].ramp.has_value());
}

TEST(StepInheritance, UnknownStepAmplitudeNamesTheLine)
{
  std::string message;
  read(write_deck("bad_amplitude.inp", bar + "*STEP, AMPLITUDE=SMOOTH\n*STATIC\n*END STEP\n"),
       message);
  EXPECT_NE(message.find("bad_amplitude.inp:23:"), std::string::npos) << message;
  EXPECT_NE(message.find("RAMP or STEP"), std::string::npos) << message;
}

TEST(StepInheritance, PerturbationStaticStepIsAnError)
{
  // Abaqus' *STEP, PERTURBATION with *STATIC is a linear perturbation about
  // the base state that leaves the base state alone; corot has none, and
  // used to run it silently as a general step.
  const std::string message = run_error(write_deck("perturbation_static.inp", bar + R"(*STEP
*STATIC
*CLOAD
3, 1, 1.0
*END STEP
*STEP, PERTURBATION
*STATIC
*CLOAD
3, 1, 1.0
*END STEP
)"));
  EXPECT_NE(message.find("perturbation_static.inp:28:"), std::string::npos) << message;
  EXPECT_NE(message.find("PERTURBATION"), std::string::npos) << message;
}

TEST(StepInheritance, PerturbationFrequencyAfterALinearStepIsAnError)
{
  // CalculiX: PERTURBATION on a *FREQUENCY step after a linear *STATIC step
  // adds that step's linear preload stiffening; corot's base state of a
  // linear step (as Abaqus without NLGEOM) has none, so it says so instead of
  // answering another question.
  const std::string message = run_error(write_deck("perturbation_frequency.inp", bar + R"(*STEP
*STATIC
*CLOAD
3, 1, 1.0
*END STEP
*STEP, PERTURBATION
*FREQUENCY
1
*END STEP
)"));
  EXPECT_NE(message.find("perturbation_frequency.inp:28:"), std::string::npos) << message;
  EXPECT_NE(message.find("after the linear step 1"), std::string::npos) << message;
}

TEST(StepInheritance, PerturbationFrequencyAsFirstStepRuns)
{
  // Without an earlier general step the base state is the reference state,
  // which is what corot's *FREQUENCY uses.
  EXPECT_EQ(run_error(write_deck("perturbation_first.inp",
                                 bar + "*STEP, PERTURBATION\n*FREQUENCY\n1\n*END STEP\n")),
            "");
}
