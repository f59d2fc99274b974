/**
 * *CONTROLS (Abaqus/CalculiX): the subset that maps onto
 * solvers::NewtonControls is read, stays in force in later steps until
 * RESET, and every field corot has no rule for is an error at its file:line.
 */
#include <src/deck/deck_reader.h>
#include <tests/unit/deck_test_fixture.h>

#include <gtest/gtest.h>

#include <sstream>

using namespace corot;

namespace
{
  class ControlsKeywordTest : public test::DeckFileTest
  {
  protected:
    core::Model
    read(const std::string &text)
    {
      const std::string  path = write("deck.inp", text);
      std::ostringstream warnings;
      return deck::read_deck(path, warnings);
    }
  };

  const std::string model = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2, ELSET=B\n1, 1, 2\n"
                            "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
                            "*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n1e-4\n"
                            "*BOUNDARY\n1, 1, 3\n2, 2, 3\n";

  std::string
  step(const std::string &controls)
  {
    return "*STEP, NLGEOM\n*STATIC\n0.1, 1.0\n" + controls + "*CLOAD\n2, 1, 1e3\n*END STEP\n";
  }
} // namespace

TEST_F(ControlsKeywordTest, ReadsTheSubsetOfNewtonControlsAndInheritsUntilReset)
{
  const core::Model m =
    read(model +
         step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n, , , 6, , , , 3\n0.5\n"
              "*CONTROLS, PARAMETERS=FIELD\n1e-6, 1e-4\n") +
         step("") + step("*CONTROLS, RESET\n") + step(""));
  ASSERT_EQ(m.steps.size(), 4u);
  for (const unsigned s : {0u, 1u}) // step 2 inherits step 1's
    {
      const solvers::NewtonControls c = m.steps[s].controls.applied_to({});
      EXPECT_EQ(c.max_iterations, 6u);
      EXPECT_EQ(c.max_cut_backs, 3u);
      EXPECT_DOUBLE_EQ(c.cut_back_factor, 0.5);
      EXPECT_DOUBLE_EQ(c.residual_tolerance, 1e-6);
      EXPECT_DOUBLE_EQ(c.correction_tolerance, 1e-4);
    }
  for (const unsigned s : {2u, 3u}) // RESET: the defaults again, also in the step after
    {
      const solvers::NewtonControls c = m.steps[s].controls.applied_to({});
      const solvers::NewtonControls defaults;
      EXPECT_EQ(c.max_iterations, defaults.max_iterations);
      EXPECT_EQ(c.max_cut_backs, defaults.max_cut_backs);
      EXPECT_EQ(c.cut_back_factor, defaults.cut_back_factor);
      EXPECT_EQ(c.residual_tolerance, defaults.residual_tolerance);
      EXPECT_EQ(c.correction_tolerance, defaults.correction_tolerance);
    }
  // Unset fields keep the procedure's defaults (here those of *DYNAMIC, DIRECT).
  const core::Model only_iterations =
    read(model + step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n, , , 40\n"));
  const solvers::NewtonControls c = only_iterations.steps[0].controls.applied_to(
    solvers::NewtonControls::for_fixed_time_increments());
  EXPECT_EQ(c.max_iterations, 40u);
  EXPECT_EQ(c.max_cut_backs, 4u);
  EXPECT_DOUBLE_EQ(c.cut_back_factor, 0.5);
  EXPECT_DOUBLE_EQ(c.correction_tolerance, 1e-8);
}

TEST_F(ControlsKeywordTest, FieldsWithoutARuleAreErrorsAtTheirLine)
{
  // CalculiX's test decks (e.g. contact7.inp) write the whole first line.
  expect_error(model + step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n100,100,9,100,10,4,,5\n"),
               "100,100,9,100,10,4,,5", "field 1 (I_0) is not implemented; corot reads I_C, I_A");
  expect_error(model + step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n, , , 8\n.25,.5\n"),
               ".25,.5", "field 2 (D_C) is not implemented; corot reads D_f");
  expect_error(model + step("*CONTROLS, PARAMETERS=FIELD\n0.005, 0.01, 0.01\n"),
               "0.005, 0.01, 0.01", "field 3 (q_0) is not implemented");
  expect_error(model + step("*CONTROLS, PARAMETERS=LINE SEARCH\n,1.,1.\n"),
               "*CONTROLS, PARAMETERS=LINE SEARCH", "PARAMETERS=LINE SEARCH is not implemented");
  expect_error(model + step("*CONTROLS, RESET, PARAMETERS=FIELD\n1e-6\n"),
               "*CONTROLS, RESET, PARAMETERS=FIELD", "exclude each other");
  expect_error(model + step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n, , , 0\n"), ", , , 0",
               "I_C (iterations per increment) must be a whole number of at least 1");
  expect_error(model + step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n, , , 4.5\n"), ", , , 4.5",
               "must be a whole number");
  expect_error(model + step("*CONTROLS, PARAMETERS=TIME INCREMENTATION\n, , , 8\n1.5\n"), "1.5",
               "D_f (cut-back factor) must lie between 0 and 1");
  expect_error(model + step("*CONTROLS, PARAMETERS=FIELD\n-1e-6\n"), "-1e-6",
               "R_n (residual tolerance) must be positive");
  expect_error(model + "*CONTROLS, PARAMETERS=FIELD\n1e-6\n" + step(""),
               "*CONTROLS, PARAMETERS=FIELD", "*CONTROLS is step data");
}
