/**
 * What a step hands to the next (issue 11, item 2): linear steps superpose
 * exactly and keep rotations as plain vectors.
 */
#include <src/analysis/analysis_runner.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

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
    const auto directory = std::filesystem::temp_directory_path() / "corot_base_state";
    std::filesystem::create_directories(directory);
    const auto path = directory / name;
    std::ofstream(path) << text;
    return path.string();
  }

  corot::io::Results
  run(const std::string &path)
  {
    std::ostringstream progress;
    return corot::analysis::run_analysis(corot::deck::read_deck(path), MPI_COMM_WORLD, progress);
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
  EXPECT_NEAR(split.steps[0].element_output.at(4).values.at("T").back(),
              combined.steps[0].element_output.at(4).values.at("T").back(), 1e-9);
  EXPECT_NEAR(std::abs(split.steps[0].element_output.at(4).values.at("T").back()), 288.0, 1e-9);

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
  for (const char *variable : {"U1", "U2", "U3", "UR1", "UR2", "UR3", "RF1", "RF2", "RF3", "RM1", "RM2", "RM3"})
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
