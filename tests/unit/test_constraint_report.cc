/**
 * The reaction-solvability report of a deck (assembly::ConstraintReport, as
 * `corot check` prints it): a rigid square plate (*RIGID BODY, PIN NSET= of
 * its four corners) on four vertical point supports, held in its plane by
 * U1 at corner 1 and U2 at corners 1 and 2 (corner 1's U2 written twice,
 * which is one support).
 *
 * Hand calculation (Wojtyra & Fraczek 2013's test, B_X = C_X^T N_X): the
 * plate's six DOFs meet 4 + 3 support rows; the in-plane three fix u, v,
 * theta_z independently, the four vertical ones act on (w, theta_x,
 * theta_y) only: rank 3 of 4. With the 12 rows of the corners' rigid links
 * (independent: one per corner DOF), 19 rows of rank 18: redundancy 1. The
 * self-equilibrated set is the vertical supports' (1, -1, 1, -1) with the
 * links' z rows, so the four U3 reactions and the four corners' ties are
 * not unique, the three in-plane reactions are.
 */
#include <src/assembly/constraint_report.h>
#include <src/assembly/dof_numbering.h>
#include <src/assembly/element_builder.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace
{
  TEST(ConstraintReport, RigidPlateOnFourPointSupports)
  {
    const auto directory = corot::test::scratch_directory();
    std::filesystem::create_directories(directory);
    const auto path = directory / "plate.inp";
    std::ofstream(path)
      << "*NODE\n1, 0, 0, 0\n2, 2, 1, 0\n3, -2, 1, 0\n4, -2, -1, 0\n5, 2, -1, 0\n"
         "*NSET, NSET=CORNERS\n2, 3, 4, 5\n"
         "*ELEMENT, TYPE=MASS, ELSET=M\n12, 2\n13, 3\n14, 4\n15, 5\n*MASS, ELSET=M\n1.0\n"
         "*RIGID BODY, REF NODE=1, PIN NSET=CORNERS\n"
         "*BOUNDARY\nCORNERS, 3\n2, 1, 2\n3, 2\n2, 2\n"
         "*STEP\n*STATIC\n*END STEP\n";
    const corot::core::Model                model    = corot::deck::read_deck(path.string());
    const auto                              elements = corot::assembly::build_elements(model);
    const auto                              dofs = corot::assembly::number_dofs(model, elements);
    const corot::assembly::ConstraintReport report(model, dofs);
    const auto                             &s = report.solvability();
    EXPECT_EQ(s.n_rows(), 19u);
    EXPECT_EQ(s.rank(), 18u);
    EXPECT_EQ(s.redundancy(), 1u);
    unsigned not_unique = 0;
    for (const auto &verdict : s.verdicts())
      {
        const bool vertical = verdict.name.find("UZ") != std::string::npos ||
                              verdict.name.find("*RIGID BODY") != std::string::npos;
        EXPECT_EQ(verdict.unique, !vertical) << verdict.name;
        not_unique += verdict.unique ? 0 : 1;
      }
    EXPECT_EQ(not_unique, 8u);
    std::ostringstream out;
    report.write(out);
    EXPECT_NE(out.str().find("redundancy 1"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("NOT unique"), std::string::npos) << out.str();
    // The out-of-plane block lists the four U3 supports and the four corners' ties.
    ASSERT_EQ(s.redundant_blocks().size(), 1u);
    EXPECT_EQ(s.redundant_blocks().front().groups.size(), 8u) << out.str();
  }
} // namespace
