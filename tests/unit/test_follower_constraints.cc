/**
 * *MPC, *RIGID BODY and *KINEMATIC COUPLING in *STATIC (issue 14; *DYNAMIC in the decks
 * rigid_pendulum_rigid_body_midpoint.inp, heavy_top_rigid_body_midpoint.inp
 * and rigid_arm_cantilever_dynamic_b31.inp): a rigid body at a
 * cantilever's tip under a large transverse tip force equals the same
 * cantilever whose tip segment is a beam k times stiffer in the limit k -> infinity
 * (an independent model of a rigid arm), the rigid body holds exactly at every
 * converged increment, and the unsupported uses are file:line errors.
 */
#include "run_deck.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace
{
  /**
   * A B31 cantilever (L = 10, 10 elements, EI = 1e4, EA = 1e6) with an arm of
   * two elements (nodes 11-12-13, c = 2) whose section is @p arm_section, a
   * force @p force in -y at node 13 (NLGEOM, 10 increments), and @p extra
   * model lines.
   */
  std::string
  deck(const std::string &arm_section, const std::string &extra, const double force,
       const std::string &step = "*STATIC\n0.1, 1.0, 1e-6, 0.1\n")
  {
    std::ostringstream d;
    d << "*NODE, NSET=ALL\n";
    for (unsigned i = 0; i <= 12; ++i)
      d << i + 1 << ", " << i << ", 0, 0\n";
    d << "*ELEMENT, TYPE=B31, ELSET=BEAM\n";
    for (unsigned i = 1; i <= 10; ++i)
      d << i << ", " << i << ", " << i + 1 << "\n";
    d << "*ELEMENT, TYPE=B31, ELSET=ARM\n11, 11, 12\n12, 12, 13\n"
      << "*BEAM GENERAL SECTION, ELSET=BEAM\n0.1, 1.0e-3, 0.0, 1.0e-3, 2.0e-3\n0.0, 0.0, -1.0\n1.0e7, 4.0e6\n"
      << "*BEAM GENERAL SECTION, ELSET=ARM\n"
      << arm_section << "\n0.0, 0.0, -1.0\n1.0e7, 4.0e6\n"
      << extra << "*BOUNDARY\n1, 1, 6\n*STEP, NLGEOM, INC=1000\n"
      << step << "*CLOAD\n13, 2, " << -force << "\n*NODE PRINT, NSET=ALL\nU\n*END STEP\n";
    return d.str();
  }

  const std::string beam_section = "0.1, 1.0e-3, 0.0, 1.0e-3, 2.0e-3";

  double
  last(const corot::io::Results &results, const unsigned node, const std::string &variable)
  {
    return results.steps.front().node_output.at(node).values.at(variable).back();
  }

  /**
   * P = 300 turns the tip by about 1.13 rad. Reference: the arm as a beam
   * with A, I and J k = 1e3 and 1e4 times larger than the cantilever's. The
   * stiff arm's own compliance makes the difference, so it must fall as 1/k
   * (measured: 1.3410e-5 and 1.3410e-6 in U1 of node 11), i.e. the rigid
   * body is the limit of ever stiffer arms. (A ratio of 1e6 stalls the
   * co-rotational Newton iteration of the stiff model at a residual of
   * 3e-5, independently of the constraints.)
   */
  TEST(FollowerConstraints, RigidBodyIsTheLimitOfAStiffArmAtLargeRotation)
  {
    const double force = 300.0;
    const auto   rigid =
      corot::test::run_deck("rigid.inp",
                            deck(beam_section, "*RIGID BODY, REF NODE=11, ELSET=ARM\n", force));
    const auto mpc =
      corot::test::run_deck("mpc.inp",
                            deck(beam_section, "*MPC\nBEAM, 12, 11\nBEAM, 13, 11\n", force));
    const auto stiff3 =
      corot::test::run_deck("stiff3.inp", deck("100.0, 1.0, 0.0, 1.0, 2.0", "", force));
    const auto stiff4 =
      corot::test::run_deck("stiff4.inp", deck("1000.0, 10.0, 0.0, 10.0, 20.0", "", force));
    const double scale = std::abs(last(rigid, 13, "U2"));
    ASSERT_GT(std::abs(last(rigid, 11, "UR3")), 1.0); // a large rotation indeed
    for (const unsigned node : {11u, 12u, 13u})
      for (const std::string variable : {"U1", "U2", "UR3"})
        {
          const double d3 = last(rigid, node, variable) - last(stiff3, node, variable);
          const double d4 = last(rigid, node, variable) - last(stiff4, node, variable);
          EXPECT_LT(std::abs(d4), 1e-6 * scale) << node << " " << variable;
          EXPECT_NEAR(d3 / d4, 10.0, 0.1) << node << " " << variable;
          EXPECT_NEAR(last(mpc, node, variable), last(rigid, node, variable), 1e-10 * scale)
            << node << " " << variable;
        }
    // The rigid body holds exactly: node 13 - node 11 = c (cos, sin)(theta) - (c, 0).
    const double theta = last(rigid, 11, "UR3");
    EXPECT_NEAR(last(rigid, 13, "U1") - last(rigid, 11, "U1"), 2.0 * std::cos(theta) - 2.0, 1e-12);
    EXPECT_NEAR(last(rigid, 13, "U2") - last(rigid, 11, "U2"), 2.0 * std::sin(theta), 1e-12);
    EXPECT_NEAR(last(rigid, 13, "UR3"), theta, 1e-12);
  }

  /**
   * *KINEMATIC COUPLING (Abaqus) of DOFs 1-6 is a *RIGID BODY tying the
   * coupled nodes: a blank DOF field couples all DOFs, "4, 6" after "1, 3"
   * completes 1-6, and a node set of one node may name the reference node.
   * The answers equal the rigid body's to round-off; coupling DOFs 1-3 only
   * leaves the rotations free, as *RIGID BODY, PIN NSET=.
   */
  TEST(FollowerConstraints, KinematicCouplingIsARigidBodyAboutItsReferenceNode)
  {
    const double force = 300.0;
    const auto   rigid =
      corot::test::run_deck("rigid.inp", deck(beam_section,
                                              "*NSET, NSET=ARM_NODES\n12, 13\n"
                                              "*RIGID BODY, REF NODE=11, TIE NSET=ARM_NODES\n",
                                              force));
    const auto coupled =
      corot::test::run_deck("coupled.inp", deck(beam_section,
                                                "*NSET, NSET=REF\n11\n"
                                                "*KINEMATIC COUPLING, REF NODE=REF\n"
                                                "12\n13, 1, 3\n13, 4, 6\n",
                                                force));
    const auto pinned_rigid =
      corot::test::run_deck("pinned_rigid.inp",
                            deck(beam_section, "*RIGID BODY, REF NODE=11, PIN NSET=13\n", force));
    const auto pinned_coupled =
      corot::test::run_deck("pinned_coupled.inp",
                            deck(beam_section, "*KINEMATIC COUPLING, REF NODE=11\n13, 1, 3\n",
                                 force));
    const double scale = std::abs(last(rigid, 13, "U2"));
    ASSERT_GT(std::abs(last(rigid, 11, "UR3")), 1.0);
    for (const unsigned node : {11u, 12u, 13u})
      for (const std::string variable : {"U1", "U2", "UR3"})
        {
          EXPECT_NEAR(last(coupled, node, variable), last(rigid, node, variable), 1e-10 * scale)
            << node << " " << variable;
          EXPECT_NEAR(last(pinned_coupled, node, variable), last(pinned_rigid, node, variable),
                      1e-10 * scale)
            << node << " " << variable;
        }
  }

  /** What *KINEMATIC COUPLING refuses names its deck line. */
  TEST(FollowerConstraints, KinematicCouplingOfPartOfTheDofsIsAFileLineError)
  {
    const std::string part = corot::test::error_of_deck(
      "part.inp",
      deck(beam_section, "*KINEMATIC COUPLING, REF NODE=11\n12, 1, 3\n13, 1, 2\n", 1.0));
    EXPECT_NE(part.find("part.inp:39:"), std::string::npos) << part;
    EXPECT_NE(part.find("couples DOFs 1-3"), std::string::npos) << part;
    const std::string range = corot::test::error_of_deck(
      "range.inp", deck(beam_section, "*KINEMATIC COUPLING, REF NODE=11\n13, 4, 11\n", 1.0));
    EXPECT_NE(range.find("range.inp:38:"), std::string::npos) << range;
    const std::string set = corot::test::error_of_deck(
      "set.inp",
      deck(beam_section, "*NSET, NSET=TWO\n11, 12\n*KINEMATIC COUPLING, REF NODE=TWO\n13\n", 1.0));
    EXPECT_NE(set.find("set.inp:39:"), std::string::npos) << set;
    EXPECT_NE(set.find("exactly one"), std::string::npos) << set;
  }

  /** The uses this release refuses name the deck line that defines the constraint or step. */
  TEST(FollowerConstraints, RedundantAndUnsupportedUsesAreFileLineErrors)
  {
    const std::string twice =
      corot::test::error_of_deck("twice.inp",
                                 deck(beam_section, "*MPC\nBEAM, 12, 11\nPIN, 12, 13\n", 1.0));
    EXPECT_NE(twice.find("twice.inp:"), std::string::npos) << twice;
    EXPECT_NE(twice.find("already carried"), std::string::npos) << twice;
    const std::string supported =
      corot::test::error_of_deck("supported.inp",
                                 deck(beam_section, "*MPC\nBEAM, 13, 11\n*BOUNDARY\n13, 2\n", 1.0));
    EXPECT_NE(supported.find("supported.inp:"), std::string::npos) << supported;
    EXPECT_NE(supported.find("redundant"), std::string::npos) << supported;
    // The alpha-methods carry forces of t_n into the step, which with
    // constraints that turn would need the constraint forces of t_n too.
    // (HHT with ALPHA=0 is Newmark, which carries nothing and takes them.)
    for (const std::string integrator : {"GALPHA", "HHT"})
      {
        const std::string alpha = corot::test::error_of_deck(
          "alpha.inp", deck(beam_section, "*MPC\nBEAM, 13, 11\n", 1.0,
                            "*DYNAMIC, DIRECT, INTEGRATOR=" + integrator +
                              (integrator == "HHT" ? ", ALPHA=-0.05" : "") + "\n0.1, 1.0\n"));
        EXPECT_NE(alpha.find("alpha.inp:"), std::string::npos) << alpha;
        EXPECT_NE(alpha.find("INTEGRATOR=" + integrator + " does not handle *MPC"),
                  std::string::npos)
          << alpha;
      }
  }
} // namespace
