/**
 * A beam section's LUMPED= in *DYNAMIC (Abaqus; default YES): the mass each
 * choice gives, seen through the kinetic energy of an initial velocity on one
 * node of a free B21 (closed forms), and the combinations not built yet,
 * refused at the section's line. The co-rotational consistent mass itself is
 * checked in test_planar_consistent_inertia.cc and by the decks
 * spin_up_beam_b21_consistent_mass and slider_crank_b21_consistent_mass.
 */
#include <src/analysis/dynamic_results.h>

#include "run_deck.h"

#include <gtest/gtest.h>

#include <string>

namespace
{
  /**
   * A free B21 of length 2 (rho A = 1: mass 2) whose node 1 starts at UX = 1
   * (line 9 is the section), one step of 1e-3.
   */
  std::string
  free_beam(const std::string &lumped, const std::string &step, const std::string &integrator,
            const std::string &type = "B21")
  {
    return R"(*NODE
1, 0.0, 0.0, 0.0
2, 2.0, 0.0, 0.0
*ELEMENT, TYPE=)" +
           type + R"(, ELSET=BEAM
1, 1, 2
*MATERIAL, NAME=M
*ELASTIC
1000.0, 0.3
*BEAM GENERAL SECTION, ELSET=BEAM, MATERIAL=M, DENSITY=1.0)" +
           lumped + R"(
1.0, 0.01, 0.0, 0.01, 0.02
*INITIAL CONDITIONS, TYPE=VELOCITY
1, 1, 1.0
)" + step + R"(
*DYNAMIC, DIRECT, INTEGRATOR=)" +
           integrator + R"(
0.001, 0.001
*ENERGY PRINT
*END STEP
)";
  }

  double
  initial_kinetic_energy(const std::string &name, const std::string &deck)
  {
    const corot::io::Results results = corot::test::run_deck(name, deck);
    return results.steps.front()
      .results_as<corot::analysis::DynamicResults>()
      .energy.kinetic.front();
  }
} // namespace

TEST(ConsistentDynamicMass, EachChoiceGivesItsMass)
{
  // 1/2 M_11 with M_11 the mass on UX of node 1: lumped rho A L/2 = 1;
  // consistent, linear step: the bar's rho A L/3 (as *FREQUENCY);
  // consistent, NLGEOM: the Hermite cubic's 156/420 rho A L (Meijaard).
  EXPECT_NEAR(initial_kinetic_energy("lumped.inp", free_beam("", "*STEP", "MIDPOINT")), 0.5, 1e-14);
  EXPECT_NEAR(initial_kinetic_energy("lumped_yes.inp",
                                     free_beam(", LUMPED=YES", "*STEP, NLGEOM", "MIDPOINT")),
              0.5, 1e-14);
  EXPECT_NEAR(initial_kinetic_energy("linear.inp", free_beam(", LUMPED=NO", "*STEP", "NEWMARK")),
              0.5 * 2.0 / 3.0, 1e-14);
  EXPECT_NEAR(initial_kinetic_energy("turning.inp",
                                     free_beam(", LUMPED=NO", "*STEP, NLGEOM", "MIDPOINT")),
              0.5 * 156.0 / 420.0 * 2.0, 1e-14);
}

TEST(ConsistentDynamicMass, WhatIsNotBuiltIsRefusedAtTheSection)
{
  const std::string newmark =
    corot::test::error_of_deck("newmark.inp", free_beam(", LUMPED=NO", "*STEP, NLGEOM", "NEWMARK"));
  EXPECT_NE(newmark.find("newmark.inp:9: LUMPED=NO"), std::string::npos) << newmark;
  EXPECT_NE(newmark.find("INTEGRATOR=MIDPOINT only, not by INTEGRATOR=NEWMARK"), std::string::npos)
    << newmark;

  const std::string b31 =
    corot::test::error_of_deck("b31.inp",
                               free_beam(", LUMPED=NO", "*STEP, NLGEOM", "MIDPOINT", "B31"));
  EXPECT_NE(b31.find("b31.inp:9: LUMPED=NO cannot be applied"), std::string::npos) << b31;
  EXPECT_NE(b31.find("built for B21 only"), std::string::npos) << b31;

  const std::string bad =
    corot::test::error_of_deck("bad.inp", free_beam(", LUMPED=MAYBE", "*STEP, NLGEOM", "MIDPOINT"));
  EXPECT_NE(bad.find("bad.inp:9:"), std::string::npos) << bad;
  EXPECT_NE(bad.find("MAYBE"), std::string::npos) << bad;
}

TEST(ConsistentDynamicMass, TheStepSaysWhichMassItUses)
{
  const auto log_of = [](const std::string &name, const std::string &deck) {
    const corot::io::Results results = corot::test::run_deck(name, deck);
    std::string              text;
    for (const std::string &line : results.steps.front().log)
      text += line + "\n";
    return text;
  };
  const std::string lumped = log_of("says_lumped.inp", free_beam("", "*STEP, NLGEOM", "MIDPOINT"));
  EXPECT_NE(lumped.find("mass: lumped (Abaqus' default in *DYNAMIC"), std::string::npos) << lumped;
  const std::string turning =
    log_of("says_turning.inp", free_beam(", LUMPED=NO", "*STEP, NLGEOM", "MIDPOINT"));
  EXPECT_NE(turning.find("mass: consistent on ELSET=BEAM (LUMPED=NO, "), std::string::npos)
    << turning;
  EXPECT_NE(turning.find("says_turning.inp:9), the co-rotational consistent mass that turns with "
                         "the nodes; lumped on the other elements"),
            std::string::npos)
    << turning;
  const std::string linear =
    log_of("says_linear.inp", free_beam(", LUMPED=NO", "*STEP", "NEWMARK"));
  EXPECT_NE(linear.find(", the consistent mass of *FREQUENCY;"), std::string::npos) << linear;
}
