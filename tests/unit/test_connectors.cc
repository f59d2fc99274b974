/**
 * Connector elements (CONN3D2, *CONNECTOR SECTION, *ORIENTATION; issue 14)
 * in *STATIC with NLGEOM, against independent models of the same
 * constraint:
 * - a HINGE to ground about z is the same manifold as a node whose rotation
 *   vector components RX, RY are held (*BOUNDARY; the partial-rotation
 *   constraints of assembly::PartialRotationConstraints, a separate
 *   implementation), and a SLOT along x to ground the same as UY, UZ held: a
 *   beam on a pin and a roller loaded in and out of its plane to finite
 *   rotations gives the same figures both ways;
 * - the same beam and joints turned rigidly by Q (skew axes) give Q times
 *   those figures (objectivity of the connectors at finite rotation);
 * - BEAM and WELD connectors are *MPC BEAM and a continuous beam.
 * The refused uses are file:line errors.
 */
#include <src/core/rotation_vector.h>

#include "run_deck.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include <sstream>

namespace
{
  /** Node @p node's final value of @p variable (UX .. UR3 components) in step 1. */
  double
  last(const corot::io::Results &results, const unsigned node, const std::string &variable)
  {
    return results.steps.front().node_output.at(node).values.at(variable).back();
  }

  Eigen::Vector3d
  last_vector(const corot::io::Results &results, const unsigned node, const std::string &prefix)
  {
    return {last(results, node, prefix + "1"), last(results, node, prefix + "2"),
            last(results, node, prefix + "3")};
  }

  std::string
  point(const Eigen::Vector3d &x)
  {
    std::ostringstream out;
    out.precision(17);
    out << x[0] << ", " << x[1] << ", " << x[2];
    return out.str();
  }

  /**
   * A B31 beam from node 2 at the origin to node 12 at Q (10, 0, 0), ten
   * elements (EI = 1e4 both ways, EA = 1e6), with the force Q (0, 800, 300) at
   * node 7 (mid-span), NLGEOM in ten increments. With @p joints, node 2 is
   * joined by a HINGE about Q e_z to the ground node 1 and node 12 runs on a
   * SLOT along Q e_x to the ground node 13 (both grounds held in all DOFs);
   * otherwise node 2's UX-UZ, RX and RY and node 12's UY, UZ are held (Q
   * must then be the identity): the same constraints, as *BOUNDARY.
   */
  std::string
  hinged_beam(const Eigen::Matrix3d &q, const bool joints)
  {
    std::ostringstream d;
    d << "*NODE, NSET=ALL\n";
    if (joints)
      d << "1, 0, 0, 0\n13, " << point(q * Eigen::Vector3d(10.0, 0.0, 0.0)) << "\n";
    for (unsigned i = 0; i <= 10; ++i)
      d << i + 2 << ", " << point(q * Eigen::Vector3d(i, 0.0, 0.0)) << "\n";
    d << "*ELEMENT, TYPE=B31, ELSET=BEAM\n";
    for (unsigned i = 1; i <= 10; ++i)
      d << i << ", " << i + 1 << ", " << i + 2 << "\n";
    d << "*BEAM GENERAL SECTION, ELSET=BEAM\n0.1, 1.0e-3, 0.0, 1.0e-3, 2.0e-3\n"
      << point(q * Eigen::Vector3d(0.0, 0.0, -1.0)) << "\n1.0e7, 4.0e6\n";
    if (joints)
      d << "*ORIENTATION, NAME=AXIS\n"
        << point(q * Eigen::Vector3d::UnitZ()) << ", " << point(q * Eigen::Vector3d::UnitX())
        << "\n*ORIENTATION, NAME=LINE\n"
        << point(q * Eigen::Vector3d::UnitX()) << ", " << point(q * Eigen::Vector3d::UnitY())
        << "\n*ELEMENT, TYPE=CONN3D2, ELSET=PIN\n100, 1, 2\n"
        << "*CONNECTOR SECTION, ELSET=PIN\nHINGE\nAXIS\n"
        << "*ELEMENT, TYPE=CONN3D2, ELSET=ROLLER\n101, 13, 12\n"
        << "*CONNECTOR SECTION, ELSET=ROLLER\nSLOT\nLINE\n*BOUNDARY\n1, 1, 6\n13, 1, 6\n";
    else
      d << "*BOUNDARY\n2, 1, 5\n12, 2, 3\n";
    const Eigen::Vector3d force = q * Eigen::Vector3d(0.0, 800.0, 300.0);
    // Tight Newton tolerances: the models are compared far below the default 1e-8.
    d << "*STEP, NLGEOM, INC=100\n*CONTROLS, PARAMETERS=FIELD\n1e-13, 1e-13\n"
      << "*STATIC\n0.1, 1.0, 1e-6, 0.1\n*CLOAD\n";
    for (unsigned k = 0; k < 3; ++k)
      d << "7, " << k + 1 << ", " << force[k] << "\n";
    d << "*NODE PRINT, NSET=ALL\nU\n*END STEP\n";
    return d.str();
  }

  TEST(Connectors, HingeAndSlotToGroundEqualHeldComponentsAtFiniteRotation)
  {
    const Eigen::Matrix3d identity = Eigen::Matrix3d::Identity();
    const auto jointed = corot::test::run_deck("jointed.inp", hinged_beam(identity, true));
    const auto held    = corot::test::run_deck("held.inp", hinged_beam(identity, false));
    ASSERT_GT(std::abs(last(jointed, 2, "UR3")), 0.3); // a finite rotation in the hinge
    for (const unsigned node : {2u, 4u, 7u, 10u, 12u})
      for (const std::string variable : {"U1", "U2", "U3", "UR1", "UR2", "UR3"})
        EXPECT_NEAR(last(jointed, node, variable), last(held, node, variable), 1e-10)
          << node << " " << variable;
    // The joints hold: node 2 turns about z only at the ground node, node 12 stays on the x axis.
    EXPECT_NEAR(last(jointed, 2, "UR1"), 0.0, 1e-15);
    EXPECT_NEAR(last(jointed, 2, "UR2"), 0.0, 1e-15);
    EXPECT_EQ(last_vector(jointed, 2, "U").norm(), 0.0);
    EXPECT_NEAR(last(jointed, 12, "U2"), 0.0, 1e-15);
    EXPECT_NEAR(last(jointed, 12, "U3"), 0.0, 1e-15);
    EXPECT_LT(last(jointed, 12, "U1"), -0.01); // the roller moved along its line
  }

  /**
   * Objectivity at the level the beam model itself has here: the same beam
   * clamped at both ends (no connector) and turned by Q agrees with Q times
   * the unturned one to 3e-7 (Newton's iterations end differently in the two
   * frames), so 1e-6; a wrong axis of a joint would be off by O(0.1).
   */
  TEST(Connectors, SkewJointsAreObjective)
  {
    const Eigen::Matrix3d q =
      Eigen::AngleAxisd(0.9, Eigen::Vector3d(1.0, -2.0, 2.0).normalized()).toRotationMatrix();
    const auto reference =
      corot::test::run_deck("reference.inp", hinged_beam(Eigen::Matrix3d::Identity(), true));
    const auto turned = corot::test::run_deck("turned.inp", hinged_beam(q, true));
    for (const unsigned node : {2u, 4u, 7u, 10u, 12u})
      {
        EXPECT_LT((last_vector(turned, node, "U") - q * last_vector(reference, node, "U")).norm(),
                  1e-6)
          << node;
        // Rotations: R' = Q R Q^T, i.e. the rotation vector turns with Q.
        EXPECT_LT((last_vector(turned, node, "UR") - q * last_vector(reference, node, "UR")).norm(),
                  1e-6)
          << node;
      }
  }

  /**
   * A B31 cantilever (nodes 1-11, L = 10, EI = 1e4) whose outer half starts
   * at node 12, coincident with node 6, joined to it by @p joint (empty: one
   * beam through node 6), under a tip force of 200 in -y (NLGEOM).
   */
  std::string
  joined_cantilever(const std::string &joint)
  {
    std::ostringstream d;
    d << "*NODE, NSET=ALL\n";
    for (unsigned i = 0; i <= 10; ++i)
      d << i + 1 << ", " << i << ", 0, 0\n";
    d << "12, 5, 0, 0\n*ELEMENT, TYPE=B31, ELSET=BEAM\n";
    for (unsigned i = 1; i <= 10; ++i)
      d << i << ", " << (i == 6 && !joint.empty() ? 12 : i) << ", " << i + 1 << "\n";
    d << "*BEAM GENERAL SECTION, ELSET=BEAM\n0.1, 1.0e-3, 0.0, 1.0e-3, 2.0e-3\n0.0, 0.0, -1.0\n"
      << "1.0e7, 4.0e6\n";
    if (!joint.empty())
      d << "*ELEMENT, TYPE=CONN3D2, ELSET=JOINT\n100, 6, 12\n*CONNECTOR SECTION, ELSET=JOINT\n"
        << joint << "\n";
    d << "*BOUNDARY\n1, 1, 6\n*STEP, NLGEOM, INC=100\n*STATIC\n0.1, 1.0, 1e-6, 0.1\n"
      << "*CLOAD\n11, 2, -200.0\n*NODE PRINT, NSET=ALL\nU\n*END STEP\n";
    return d.str();
  }

  TEST(Connectors, WeldAndBeamConnectorsAreContinuityAtLargeRotation)
  {
    const auto continuous = corot::test::run_deck("continuous.inp", joined_cantilever(""));
    ASSERT_GT(std::abs(last(continuous, 11, "UR3")), 0.7);
    for (const std::string joint : {"WELD", "BEAM", "JOIN, ALIGN"})
      {
        const auto joined = corot::test::run_deck("joined.inp", joined_cantilever(joint));
        for (const unsigned node : {6u, 11u})
          for (const std::string variable : {"U1", "U2", "UR3"})
            EXPECT_NEAR(last(joined, node, variable), last(continuous, node, variable), 1e-10)
              << joint << " " << node << " " << variable;
        for (const std::string variable : {"U1", "U2", "UR3"})
          EXPECT_NEAR(last(joined, 12, variable), last(joined, 6, variable), 1e-15)
            << joint << variable;
      }
  }

  /** What the connectors refuse names the deck line. */
  TEST(Connectors, RefusedUsesAreFileLineErrors)
  {
    const auto expect = [](const std::string &name, const std::string &text,
                           const std::string &where, const std::string &what) {
      const std::string error = corot::test::error_of_deck(name, text);
      EXPECT_NE(error.find(where), std::string::npos) << error;
      EXPECT_NE(error.find(what), std::string::npos) << error;
    };
    const std::string base = joined_cantilever("HINGE");
    const auto        with = [&](const std::string &from, const std::string &to) {
      std::string text = base;
      text.replace(text.find(from), from.size(), to);
      return text;
    };
    // Lines: *CONNECTOR SECTION at 31, its type at 32.
    expect("ujoint.inp", with("\nHINGE\n", "\nUJOINT\n"),
           "ujoint.inp:32:", "UJOINT is not supported");
    expect("two.inp", with("\nHINGE\n", "\nHINGE, JOIN\n"), "two.inp:32:", "assembled");
    expect("behavior.inp",
           with("*CONNECTOR SECTION, ELSET=JOINT", "*CONNECTOR SECTION, ELSET=JOINT, BEHAVIOR=B"),
           "behavior.inp:31:", "BEHAVIOR=");
    expect("orientation.inp", with("\nHINGE\n", "\nHINGE\nNOWHERE\n"),
           "orientation.inp:31:", "orientation NOWHERE is not defined");
    expect("apart.inp", with("12, 5, 0, 0", "12, 5, 0.5, 0"), "apart.inp:", "do not coincide");
    // Both nodes supported: b (12) follows, and its free rotation is prescribed.
    expect("driven.inp", with("*BOUNDARY\n1, 1, 6\n", "*BOUNDARY\n1, 1, 6\n6, 6\n12, 6\n"),
           "driven.inp:31:", "prescribe");
    expect("aligned.inp",
           with("\nHINGE\n", "\nWELD\nA, B\n*ORIENTATION, NAME=A\n1, 0, 0, 0, 1, 0\n"
                             "*ORIENTATION, NAME=B\n0, 1, 0, 1, 0, 0\n"),
           "aligned.inp:31:", "differ");
    expect("self.inp", with("\n100, 6, 12\n", "\n100, 6, 6\n"),
           "self.inp:30:", "connector element 100 joins node 6 to itself");
    // The frames and the element's nodes are the model finaliser's to check: reading alone
    // refuses them, before any assembly.
    EXPECT_THROW(corot::deck::read_deck(corot::test::write_scratch_file(
                   "self_read.inp", with("\n100, 6, 12\n", "\n100, 6, 6\n"))),
                 corot::core::InputError);
    EXPECT_THROW(corot::deck::read_deck(corot::test::write_scratch_file(
                   "orientation_read.inp", with("\nHINGE\n", "\nHINGE\nNOWHERE\n"))),
                 corot::core::InputError);
    expect("system.inp",
           with("*BOUNDARY\n", "*ORIENTATION, NAME=C, SYSTEM=CYLINDRICAL\n0, 0, 1, 1, 0, 0\n"
                               "*BOUNDARY\n"),
           "system.inp:33:", "CYLINDRICAL");
    expect("line.inp", with("*BOUNDARY\n", "*ORIENTATION, NAME=C\n1, 0, 0, 2, 0, 0\n*BOUNDARY\n"),
           "line.inp:34:", "lies on the local 1-axis");
    expect("hht.inp",
           with("*STATIC\n0.1, 1.0, 1e-6, 0.1\n",
                "*DYNAMIC, DIRECT, INTEGRATOR=HHT, ALPHA=-0.05\n0.1, 1.0\n"),
           "hht.inp:", "connectors (CONN3D2)");
  }
} // namespace
