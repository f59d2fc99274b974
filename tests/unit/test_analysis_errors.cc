/**
 * Solver-level user errors name the deck line and the offending node and DOF:
 * an unrestrained mechanism, NLGEOM with small-rotation elements, an
 * *EQUATION on a missing DOF.
 */
#include <src/analysis/analysis_runner.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace
{
  /** Writes @p text to a deck file in a temporary directory and returns its path. */
  std::string
  write_deck(const std::string &name, const std::string &text)
  {
    const auto directory = std::filesystem::temp_directory_path() / "corot_analysis_errors";
    std::filesystem::create_directories(directory);
    const auto path = directory / name;
    std::ofstream(path) << text;
    return path.string();
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
  // Line 11 is *BOUNDARY, 12 the fixed node, 13 *STEP: node 2 can move in y and z freely.
  const std::string path = write_deck("mechanism.inp", truss_model + R"(*BOUNDARY
1, 1, 3
*STEP
*STATIC
*CLOAD
2, 1, 1.0
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
  const std::string path = write_deck("equation.inp", truss_model + R"(*EQUATION
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
  const std::string path = write_deck("square.inp", R"(*NODE
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
