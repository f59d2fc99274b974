/**
 * The CMS keywords in decks: every malformed line is a core::InputError that
 * names its file:line, and an unreachable inverse target is a clear message
 * (not a wrong answer). Also: the MatrixMarket export of a reduced model.
 */
#include <src/analysis/analysis_runner.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

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

  /** Reads and runs the deck; returns the InputError message (empty if none). */
  std::string
  error_of(const std::string &name, const std::string &text)
  {
    const std::string path = write_deck(name, text);
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

  /**
   * Lines 1-20: three collinear springs (trusses) and masses, ground at node
   * 1, components A (elements 1, 2) and B (element 3), two parameters.
   */
  const std::string model = R"(*NODE
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
3, 2.0, 0.0, 0.0
4, 3.0, 0.0, 0.0
*ELEMENT, TYPE=T3D2, ELSET=A
1, 1, 2
2, 2, 3
*ELEMENT, TYPE=T3D2, ELSET=B
3, 3, 4
*MATERIAL, NAME=STEEL
*ELASTIC
2.0e5, 0.3
*DENSITY
7.8e-9
*SOLID SECTION, ELSET=A, MATERIAL=STEEL
1.0
*SOLID SECTION, ELSET=B, MATERIAL=STEEL
1.0
*BOUNDARY
)";
  // Lines 21-27.
  const std::string supports = R"(1, 1, 3
2, 2, 3
3, 2, 3
4, 2, 3
*COMPONENT, NAME=A, ELSET=A
*COMPONENT, NAME=B, ELSET=B
*DESIGN PARAMETER, NAME=RHO_B, COMPONENT=B, PROPERTY=DENSITY
)";
  // Lines 28-31.
  const std::string synthesis = R"(*STEP
*MODAL SYNTHESIS, CUTOFF=1.0e9, RESIDUAL=YES
3
*END STEP
)";

  bool
  contains(const std::string &text, const std::string &part)
  {
    return text.find(part) != std::string::npos;
  }
} // namespace

TEST(CmsDeckErrors, MalformedKeywordsNameTheirLine)
{
  std::string message = error_of("no_cutoff.inp", model + supports + R"(*STEP
*MODAL SYNTHESIS, METHOD=FREE INTERFACE
*END STEP
)");
  EXPECT_TRUE(contains(message, "no_cutoff.inp:29: ")) << message;
  EXPECT_TRUE(contains(message, "CUTOFF=")) << message;

  message = error_of("method.inp", model + supports + R"(*STEP
*MODAL SYNTHESIS, METHOD=GUYAN, CUTOFF=10.0
*END STEP
)");
  EXPECT_TRUE(contains(message, "method.inp:29: unknown METHOD=GUYAN")) << message;

  message = error_of("property.inp",
                     model + supports + R"(*DESIGN PARAMETER, NAME=X, COMPONENT=A, PROPERTY=COLOUR
)");
  EXPECT_TRUE(contains(message, "property.inp:28: unknown PROPERTY=COLOUR")) << message;

  message = error_of("component.inp",
                     model + supports + R"(*DESIGN PARAMETER, NAME=X, COMPONENT=C, PROPERTY=DENSITY
)");
  EXPECT_TRUE(contains(message, "component.inp:28: ")) << message;
  EXPECT_TRUE(contains(message, "no *COMPONENT named C")) << message;

  message = error_of("change.inp", model + supports + synthesis + R"(*STEP
*MODIFICATION
RHO_X, 0.5
*END STEP
)");
  EXPECT_TRUE(contains(message, "change.inp:34: no *DESIGN PARAMETER named RHO_X")) << message;

  message = error_of("alpha.inp", model + supports + synthesis + R"(*STEP
*MODIFICATION
RHO_B, -1.5
*END STEP
)");
  EXPECT_TRUE(contains(message, "alpha.inp:34: a fractional change must exceed -1")) << message;

  message = error_of("order.inp", model + supports + R"(*STEP
*SENSITIVITY
1
*END STEP
)");
  EXPECT_TRUE(contains(message, "order.inp:29: ")) << message;
  EXPECT_TRUE(contains(message, "earlier *MODAL SYNTHESIS")) << message;

  message = error_of("variables.inp", model + supports + synthesis + R"(*STEP
*INVERSE FREQUENCY
1, 1000.0
*END STEP
)");
  EXPECT_TRUE(contains(message, "variables.inp:33: ")) << message;
  EXPECT_TRUE(contains(message, "*DESIGN VARIABLES")) << message;

  message = error_of("in_step.inp", model + supports + R"(*STEP
*COMPONENT, NAME=C, ELSET=A
*END STEP
)");
  EXPECT_TRUE(contains(message, "in_step.inp:29: *COMPONENT is model data")) << message;

  message = error_of("overlap.inp", model + supports + R"(*COMPONENT, NAME=C, ELSET=A
)");
  EXPECT_TRUE(contains(message, "overlap.inp:28: element 1 is in components A and C")) << message;
}

TEST(CmsDeckErrors, ConstraintsRefusedWithTheProceduresThatTakeThem)
{
  // Lines 28-29 tie node 4 to node 3; line 31 is *MODAL SYNTHESIS, which the followers of an *MPC
  // do not reach. The procedures named are those registered with takes_followers.
  const std::string message = error_of("mpc_cms.inp", model + supports + R"(*MPC
PIN, 4, 3
)" + synthesis);
  EXPECT_TRUE(contains(message, "mpc_cms.inp:31: *MPC, *RIGID BODY and connectors (")) << message;
  EXPECT_TRUE(contains(message, "mpc_cms.inp:29)")) << message;
  EXPECT_TRUE(contains(message, "supported in *BUCKLE, *DYNAMIC, *FREQUENCY, *STATIC and "
                                "*STATIC, RIKS only in this release"))
    << message;
}

TEST(CmsDeckErrors, ElementOutsideEveryComponentIsNamed)
{
  std::string text = model + supports + synthesis;
  text.replace(text.find("*COMPONENT, NAME=B, ELSET=B\n"), 28, "** (no component B)\n");
  text.replace(text.find("*DESIGN PARAMETER"), text.find("*STEP") - text.find("*DESIGN PARAMETER"),
               "");
  const std::string message = error_of("unassigned.inp", text);
  EXPECT_TRUE(contains(message, "unassigned.inp:10: element 3 belongs to no *COMPONENT"))
    << message;
}

TEST(CmsDeckErrors, ElementWithoutTheDesignPropertyIsNamed)
{
  const std::string message =
    error_of("thickness.inp",
             model + supports + R"(*DESIGN PARAMETER, NAME=T_A, COMPONENT=A, PROPERTY=THICKNESS
)" + synthesis);
  EXPECT_TRUE(contains(message, "thickness.inp:28: design parameter T_A: no element of component A "
                                "depends on PROPERTY=THICKNESS"))
    << message;
}

TEST(CmsDeckErrors, UnreachableTargetIsAClearMessage)
{
  // A lighter B cannot raise the first frequency beyond that of the
  // fixed-free bar A alone (B massless: about pi/4 sqrt(E/rho)/(2 pi) =
  // 6.3e5 Hz with 2 elements of length 1): 1e6 Hz has no admissible root.
  const std::string message = error_of("unreachable.inp", model + supports + synthesis + R"(*STEP
*INVERSE FREQUENCY
1, 1.0e6
*DESIGN VARIABLES
RHO_B
*END STEP
)");
  EXPECT_TRUE(contains(message, "unreachable.inp:33: target not reachable: no admissible change of "
                                "RHO_B moves mode 1"))
    << message;
}

TEST(CmsDeckErrors, ReducedModelIsExportedInMatrixMarket)
{
  const auto        prefix  = corot::test::scratch_directory() / "export";
  const std::string message = error_of("export.inp", model + supports + R"(*STEP
*MODAL SYNTHESIS, CUTOFF=1.0e9, RESIDUAL=NO, EXPORT=)" +
                                                       prefix.string() + R"(
3
*END STEP
)");
  ASSERT_EQ(message, "");
  std::ifstream k(prefix.string() + "_K.mtx"), map(prefix.string() + "_map.mtx");
  std::string   header, comment;
  std::getline(k, header);
  EXPECT_EQ(header, "%%MatrixMarket matrix array real symmetric");
  std::getline(k, comment);
  unsigned rows = 0, cols = 0;
  k >> rows >> cols;
  // Three free axial DOFs (UX of nodes 2-4), all modes kept, one interface
  // constraint: 2 + 2 component modes - 1 = 3 generalized coordinates.
  EXPECT_EQ(rows, 3u);
  EXPECT_EQ(cols, 3u);
  std::getline(map, header);
  EXPECT_EQ(header, "%%MatrixMarket matrix coordinate real general");
}
