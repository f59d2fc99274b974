/**
 * DOFs that nothing restrains (a zero row of the tangent): held with a warning
 * when no load acts on them (Abaqus: zero pivot, the analysis goes on), an
 * error at the step when one does. The model is CalculiX's test deck
 * truss.inp: two T3D2 in the x-z plane from (0,0,0) and (0,0,10) to the apex
 * (5,0,5), E A = 1e7 x 0.0625, Fx = 1 at the apex; no element gives the apex
 * stiffness along y.
 *
 * Closed form (statics of the two-bar truss, small displacements): both bars
 * carry N = F / (2 cos 45) = 1/sqrt(2) (tension), each lengthens by
 * N L / (E A) = 8e-6 (L = 5 sqrt 2), so the apex moves U1 = sqrt(2) x 8e-6,
 * U3 = 0. CalculiX's bricks give sxx = szz = sxz = 5.656854 = (N/A)/2.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/static_results.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <algorithm>
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

  /**
   * truss.inp's model and step (line 20 is *STEP); @p step_options e.g. ", NLGEOM";
   * @p model_lines two lines before *STEP.
   */
  std::string
  truss_deck(const std::string &step_options, const std::string &procedure,
             const std::string &loads, const std::string &model_lines = "**\n**")
  {
    return R"(*NODE,NSET=Nall
1, 0, 0, 0
2, 5, 0, 5
3, 0, 0, 10
*ELEMENT,TYPE=T3D2,ELSET=EAll
1,1,2
2,2,3
*BOUNDARY
1,1,3
3,1,3
*MATERIAL,NAME=ALUM
*ELASTIC
1E7,.3
*SOLID SECTION,ELSET=EAll,MATERIAL=ALUM
.0625
**
**
)" + model_lines +
           "\n*STEP" + step_options + "\n" + procedure + "\n*CLOAD\n" + loads + R"(
*NODE PRINT,NSET=Nall
U
*EL PRINT,ELSET=EAll
S
*END STEP
)";
  }

  const double      axial_force = 1.0 / std::sqrt(2.0);
  const double      apex_u1     = std::sqrt(2.0) * 8e-6;
  const std::string warning     = "node 2 UY: no element or boundary condition restrains it and no "
                                  "load acts on it; held (Abaqus: zero pivot)";

  double
  last(const corot::io::StepResult &step, const bool node, const unsigned id,
       const std::string &name)
  {
    const auto &histories = node ? step.node_output : step.element_output;
    return histories.at(id).values.at(name).back();
  }

  /** Runs @p deck; checks the closed form to @p rtol and the warning (once in the log and the progress). */
  void
  expect_held_truss(const std::string &deck, const double rtol)
  {
    std::ostringstream       progress;
    const corot::io::Results results =
      corot::analysis::run_analysis(corot::deck::read_deck(deck), MPI_COMM_WORLD, progress);
    const corot::io::StepResult &step = results.steps.at(0);
    EXPECT_NEAR(last(step, true, 2, "U1"), apex_u1, rtol * apex_u1);
    EXPECT_EQ(last(step, true, 2, "U2"), 0.0); // held at its start value
    EXPECT_NEAR(last(step, true, 2, "U3"), 0.0, rtol * apex_u1);
    EXPECT_NEAR(last(step, false, 1, "SF1"), axial_force, rtol * axial_force);
    EXPECT_NEAR(last(step, false, 2, "SF1"), axial_force, rtol * axial_force);
    EXPECT_EQ(std::count(step.log.begin(), step.log.end(), warning), 1);
    EXPECT_NE(progress.str().find(warning), std::string::npos) << progress.str();
  }
} // namespace

TEST(ZeroPivotHold, UnloadedFreeDofIsHeldLinear)
{
  expect_held_truss(write_deck("truss.inp", truss_deck("", "*STATIC", "2,1,1.")), 1e-12);
}

TEST(ZeroPivotHold, UnloadedFreeDofIsHeldNlgeom)
{
  // NLGEOM: from the second iteration on the tension in both bars gives the
  // apex a geometric stiffness 2 N / L along y, so it is solved for (and
  // stays at 0); the answer differs from the linear one by the rotation of
  // the bars, O(u / L) = 1.6e-6.
  expect_held_truss(write_deck("truss_nlgeom.inp", truss_deck(",NLGEOM", "*STATIC", "2,1,1.")),
                    1e-5);
}

TEST(ZeroPivotHold, UnloadedFreeDofIsHeldRiks)
{
  std::ostringstream       progress;
  const corot::io::Results results = corot::analysis::run_analysis(
    corot::deck::read_deck(write_deck(
      "truss_riks.inp", truss_deck(",NLGEOM", "*STATIC,RIKS\n0.25,1.0,,,1.0", "2,1,1."))),
    MPI_COMM_WORLD, progress);
  const corot::io::StepResult &step = results.steps.at(0);
  const double lpf = step.results_as<corot::analysis::StaticResults>().load_factor.back();
  EXPECT_EQ(last(step, true, 2, "U2"), 0.0);
  EXPECT_NEAR(last(step, false, 1, "SF1"), lpf * axial_force, 1e-5 * axial_force);
  EXPECT_EQ(std::count(step.log.begin(), step.log.end(), warning), 1);
}

TEST(ZeroPivotHold, LoadedFreeDofStopsAtTheStep)
{
  // A load along y on the apex: no equilibrium exists; the error names the *STEP line.
  for (const std::string options : {"", ",NLGEOM"})
    {
      try
        {
          std::ostringstream progress;
          corot::analysis::run_analysis(
            corot::deck::read_deck(
              write_deck("truss_loaded.inp", truss_deck(options, "*STATIC", "2,1,1.\n2,2,0.5"))),
            MPI_COMM_WORLD, progress);
          ADD_FAILURE() << "no error for a load on an unrestrained DOF" << options;
        }
      catch (const corot::core::InputError &error)
        {
          const std::string message = error.what();
          EXPECT_NE(message.find(
                      "truss_loaded.inp:20: the structure is a mechanism: no element "
                      "or boundary condition restrains node 2 UY, and a load acts on it"),
                    std::string::npos)
            << message;
        }
    }
}

TEST(ZeroPivotHold, LoadAtAnyTimeOfTheStepCountsAsLoad)
{
  // The load along y has an amplitude that is zero up to t = 0.5 (the first
  // increment) and 1 at t = 1: the DOF is loaded within the step, so the step
  // stops at its first increment and nothing is ever held.
  const std::string deck =
    write_deck("truss_amplitude.inp",
               truss_deck("", "*STATIC\n0.5,1.0", "2,1,1.\n*CLOAD,AMPLITUDE=A\n2,2,0.5",
                          "*AMPLITUDE,NAME=A\n0,0,0.5,0,1,1"));
  std::ostringstream progress;
  try
    {
      corot::analysis::run_analysis(corot::deck::read_deck(deck), MPI_COMM_WORLD, progress);
      ADD_FAILURE() << "no error for a load on an unrestrained DOF";
    }
  catch (const corot::core::InputError &error)
    {
      EXPECT_NE(std::string(error.what())
                  .find("truss_amplitude.inp:20: the structure is a "
                        "mechanism: no element or boundary condition "
                        "restrains node 2 UY, and a load acts on it"),
                std::string::npos)
        << error.what();
    }
  EXPECT_EQ(progress.str().find("held"), std::string::npos) << progress.str();
}
