/**
 * Output requests lose nothing silently (issue 11): requests of one kind that
 * cover the same node or element write the union of their variables into one
 * row per time, and what corot does not write is a "file:line: warning:" line
 * in the step's log naming the request (OutputRecorder::report_unwritten).
 * The model: a bar (T3D2, EA/L = 100) from node 1 (clamped) to node 2, with a
 * MASS on node 2 and a node 3 that no element uses; a load of 10 along x on
 * node 2, so U1 = 0.1 there and RF1 = -10 at node 1 (statics).
 */
#include "deck_test_fixture.h"

#include <src/analysis/analysis_runner.h>

#include <algorithm>
#include <cmath>

using namespace corot;

namespace
{
  const std::string model_data = R"(*NODE, NSET=ALL
1, 0, 0, 0
2, 1, 0, 0
3, 2, 0, 0
*NSET, NSET=ROOT
1
*NSET, NSET=LOOSE
2, 3
*ELEMENT, TYPE=T3D2, ELSET=BAR
1, 1, 2
*ELEMENT, TYPE=MASS, ELSET=POINT
2, 2
*ELSET, ELSET=BOTH
BAR, POINT
*MATERIAL, NAME=M
*ELASTIC
100.0, 0.0
*SOLID SECTION, ELSET=BAR, MATERIAL=M
1.0
*MASS, ELSET=POINT
1.0
*BOUNDARY
1, 1, 3
2, 2, 3
)";

  class OutputRequests : public test::DeckFileTest
  {
  protected:
    /** Runs @p deck (written as deck.inp); the results, the progress in @p progress. */
    io::Results
    run(const std::string &deck, std::string &progress)
    {
      std::ostringstream out;
      io::Results        results =
        analysis::run_analysis(deck::read_deck(write("deck.inp", deck)), MPI_COMM_WORLD, out);
      progress = out.str();
      return results;
    }

    /** The log line of @p step that starts with "deck.inp:N: warning: " for N the line @p at_line of @p deck and contains @p text. */
    void
    expect_warning(const io::StepResult &step, const std::string &deck, const std::string &at_line,
                   const std::string &text)
    {
      const std::string prefix = (directory_ / "deck.inp").string() + ":" +
                                 std::to_string(line_of(deck, at_line)) + ": warning: ";
      const bool found =
        std::any_of(step.log.begin(), step.log.end(), [&](const std::string &line) {
          return line.rfind(prefix, 0) == 0 && line.find(text) != std::string::npos;
        });
      std::string log;
      for (const std::string &line : step.log)
        log += line + "\n";
      EXPECT_TRUE(found) << "no warning '" << prefix << "..." << text << "' in the log:\n" << log;
    }
  };
} // namespace

// Fails before the fix: the second *NODE PRINT on node 1 was skipped, so node 1 had U1 but no RF1.
TEST_F(OutputRequests, TwoNodePrintsOnOneSetWriteTheUnion)
{
  const std::string deck = model_data + R"(*STEP
*STATIC
*CLOAD
2, 1, 10.0
*NODE PRINT, NSET=ROOT
U
*NODE PRINT, NSET=ROOT
RF
*NODE PRINT, NSET=ALL
U
*END STEP
*STEP
*STATIC
*END STEP
)";
  std::string       progress;
  const io::Results results = run(deck, progress);
  ASSERT_EQ(results.steps.size(), 2u);
  for (const io::StepResult &step : results.steps)
    {
      const io::History &root = step.node_output.at(1);
      ASSERT_EQ(root.time.size(), 1u);
      ASSERT_EQ(root.values.count("U1"), 1u);
      ASSERT_EQ(root.values.count("RF1"), 1u) << "the second *NODE PRINT was dropped";
      EXPECT_EQ(root.values.at("U1").size(), 1u);
      EXPECT_EQ(root.values.at("RF1").size(), 1u);
      EXPECT_NEAR(root.values.at("RF1")[0], -10.0, 1e-9);                 // statics: -P
      EXPECT_NEAR(step.node_output.at(2).values.at("U1")[0], 0.1, 1e-12); // P L / (E A)
      // Node 3 has no degree of freedom: not written (a time-only history before).
      EXPECT_EQ(step.node_output.count(3), 0u);
    }
}

// Fails before the fix: V (every 2nd increment) had fewer entries than "time" and sat in the wrong rows.
TEST_F(OutputRequests, DifferentFrequenciesShareRowsAndLeaveGapsNaN)
{
  const std::string  deck = model_data + R"(*STEP
*DYNAMIC, DIRECT
0.1, 0.5
*NODE PRINT, NSET=LOOSE, FREQUENCY=1
U
*NODE PRINT, NSET=LOOSE, FREQUENCY=2
V
*END STEP
)";
  std::string        progress;
  const io::Results  results = run(deck, progress);
  const io::History &tip     = results.steps.at(0).node_output.at(2);
  ASSERT_EQ(tip.time.size(), 6u); // increments 0 ... 5
  const std::vector<double> &u = tip.values.at("U1"), &v = tip.values.at("V1");
  ASSERT_EQ(u.size(), 6u);
  ASSERT_EQ(v.size(), 6u);
  for (unsigned row = 0; row < 6; ++row)
    {
      EXPECT_TRUE(std::isfinite(u[row])) << row;
      // FREQUENCY=2: increments 0, 2, 4 and the last (5).
      EXPECT_EQ(std::isfinite(v[row]), row % 2 == 0 || row == 5) << row;
    }
  EXPECT_EQ(v[0], 0.0); // at rest
}

TEST_F(OutputRequests, WhatIsNotWrittenIsAWarningNamingTheRequest)
{
  const std::string     deck = model_data + R"(*STEP
*STATIC
*CLOAD
2, 1, 10.0
*NODE PRINT, NSET=LOOSE
U, V
*EL PRINT, ELSET=BOTH
S, ENER
*ENERGY PRINT
*END STEP
*STEP
*FREQUENCY
1
*END STEP
)";
  std::string           progress;
  const io::Results     results = run(deck, progress);
  const io::StepResult &statics = results.steps.at(0);
  expect_warning(statics, deck, "*NODE PRINT, NSET=LOOSE", "V is not written in a *STATIC step");
  expect_warning(statics, deck, "*NODE PRINT, NSET=LOOSE",
                 "nodes without degrees of freedom (no element) are not written: 1 (3)");
  expect_warning(statics, deck, "*EL PRINT, ELSET=BOTH", "ENER is not written");
  expect_warning(statics, deck, "*EL PRINT, ELSET=BOTH",
                 "elements without section forces (MASS, ROTARYI) are not written: 1 (2)");
  expect_warning(statics, deck, "*ENERGY PRINT", "is not written in a *STATIC step");
  EXPECT_EQ(statics.node_output.at(2).values.count("V1"), 0u);
  EXPECT_EQ(statics.node_output.at(2).values.count("U1"), 1u);
  EXPECT_EQ(statics.element_output.count(2), 0u);
  EXPECT_NEAR(statics.element_output.at(1).values.at("SF1")[0], 10.0,
              1e-9); // S: axial force SF1 = P
  // The requests are carried into the *FREQUENCY step, which writes no node or element output.
  const io::StepResult &frequency = results.steps.at(1);
  expect_warning(frequency, deck, "*NODE PRINT, NSET=LOOSE", "is not written in a *FREQUENCY step");
  expect_warning(frequency, deck, "*EL PRINT, ELSET=BOTH", "is not written in a *FREQUENCY step");
  EXPECT_NE(progress.find("warning: *NODE PRINT, NSET=LOOSE is not written in a *FREQUENCY step"),
            std::string::npos);
  EXPECT_TRUE(frequency.node_output.empty());
}

// Fails before the fix: a *DYNAMIC step whose supports do not move computes no reactions, and
// RF was written as zeros (the clamp of this bar carries -k u).
TEST_F(OutputRequests, DynamicReactionsNotComputedAreNotWrittenAsZeros)
{
  const std::string     deck = model_data + R"(*INITIAL CONDITIONS, TYPE=VELOCITY
2, 1, 1.0
*STEP
*DYNAMIC, DIRECT, INTEGRATOR=MIDPOINT
0.1, 0.3
*NODE PRINT, NSET=ROOT
U, RF
*END STEP
)";
  std::string           progress;
  const io::Results     results = run(deck, progress);
  const io::StepResult &step    = results.steps.at(0);
  expect_warning(step, deck, "*NODE PRINT, NSET=ROOT",
                 "RF is not written where the step computed no reactions");
  const io::History &root = step.node_output.at(1);
  ASSERT_EQ(root.time.size(), 4u);
  if (root.values.count("RF1") > 0)
    {
      for (const double value : root.values.at("RF1"))
        EXPECT_TRUE(std::isnan(value))
          << "a reaction that was not computed is written as " << value;
    }
}
