/**
 * Wojtyra & Fraczek's (2013, Multibody Syst. Dyn. 30, 153-171) reaction-
 * solvability test, eq. (27), on two holonomic structures checked by hand.
 * Each rigid body is a reference node carrying its other nodes through
 * RigidLinkConstraint (and RotationTieConstraint) rows at the reference
 * configuration; supports are unit rows on nodal DOFs. Coordinates: six per
 * node, node k at 6k .. 6k+5 (UX UY UZ and rotations).
 */
#include <src/constraints/reaction_solvability.h>
#include <src/constraints/rigid_link_constraint.h>
#include <src/constraints/rotation_tie_constraint.h>

#include <gtest/gtest.h>

#include <cmath>

namespace
{
  using corot::constraints::ConstraintKinematics;
  using corot::constraints::HolonomicConstraint;
  using corot::constraints::ReactionSolvability;
  using Row   = ReactionSolvability::Row;
  using Group = ReactionSolvability::Group;

  /** Appends the rows of @p constraint (at the reference state) to @p rows; returns their indices. */
  std::vector<unsigned>
  append(const HolonomicConstraint &constraint, std::vector<Row> &rows)
  {
    const ConstraintKinematics reference(constraint.nodes().size());
    const Eigen::MatrixXd      g = constraint.jacobian(reference);
    std::vector<unsigned>      indices;
    for (unsigned i = 0; i < g.rows(); ++i)
      {
        Row row;
        for (unsigned j = 0; j < g.cols(); ++j)
          if (g(i, j) != 0.0)
            row.emplace_back(6 * constraint.nodes()[j / 6] + j % 6, g(i, j));
        indices.push_back(rows.size());
        rows.push_back(row);
      }
    return indices;
  }

  /** A support row on DOF @p kind (0..5) of node @p node. */
  unsigned
  support(const unsigned node, const unsigned kind, std::vector<Row> &rows)
  {
    rows.push_back({{6 * node + kind, 1.0}});
    return rows.size() - 1;
  }

  /**
   * A rigid square plate (reference node 0 at the centre, corners 1-4 at
   * (a, b), (-a, b), (-a, -b), (a, -b), z = 0, a = 2, b = 1), corners carried
   * by rigid links (translations), each corner on a vertical point support
   * (U3), and in the plane U1 at corner 1 and U2 at corners 1 and 2. The
   * corners' own rotations are unconstrained and unloaded, so they are left
   * out of the model (held at the reference node: RX RY RZ at corners are
   * not coordinates of any row).
   *
   * Hand calculation. The plate has six DOFs; the three in-plane rows fix
   * u, v, theta_z and are independent; the four vertical rows act on
   * (w, theta_x, theta_y) only, through w + theta_x y_i - theta_y x_i, so
   * rank C = 12 (links) + 3 + 3 = 18 of 19 rows: p = 1. The
   * self-equilibrated set: vertical support forces mu_i with sum mu_i = 0,
   * sum mu_i y_i = 0, sum mu_i x_i = 0, i.e. mu = (1, -1, 1, -1) c, passed
   * to the plate through the links' z rows with the opposite sign (each
   * corner's U3 column: mu_support + mu_link = 0). Normalised over the eight
   * rows: |N| = 1/sqrt(8) on each vertical support and each link's z row,
   * zero elsewhere. So: the four vertical reactions (and the links' z
   * forces) are not unique; their sum over the four supports is (vertical
   * equilibrium: (1, 1, 1, 1) . mu = 0), and so is their moment about the
   * x axis (weights y_i), hence the sum of the two corners on one edge, but
   * not the sum of two diagonal corners (mu_1 + mu_3 = 2c); the three
   * in-plane reactions and the links' x and y forces are unique.
   */
  TEST(ReactionSolvability, PlateOnFourPointSupports)
  {
    const double                       a = 2.0, b = 1.0;
    const std::vector<Eigen::Vector3d> corner{{a, b, 0}, {-a, b, 0}, {-a, -b, 0}, {a, -b, 0}};
    std::vector<Row>                   rows;
    std::vector<Group>                 groups;
    std::vector<std::vector<unsigned>> links;
    for (unsigned i = 0; i < 4; ++i)
      links.push_back(append(corot::constraints::RigidLinkConstraint(i + 1, corner[i], 0,
                                                                     Eigen::Vector3d::Zero()),
                             rows));
    std::vector<unsigned> vertical;
    for (unsigned i = 0; i < 4; ++i)
      {
        vertical.push_back(support(i + 1, 2, rows));
        groups.push_back({"corner " + std::to_string(i + 1) + " U3", {vertical.back()}});
      }
    groups.push_back({"corner 1 U1", {support(1, 0, rows)}});
    groups.push_back({"corner 1 U2", {support(1, 1, rows)}});
    groups.push_back({"corner 2 U2", {support(2, 1, rows)}});
    for (unsigned i = 0; i < 4; ++i)
      {
        groups.push_back({"link " + std::to_string(i + 1) + " x", {links[i][0]}});
        groups.push_back({"link " + std::to_string(i + 1) + " z", {links[i][2]}});
      }

    const ReactionSolvability report(rows, groups);
    EXPECT_EQ(report.n_rows(), 19u);
    EXPECT_EQ(report.rank(), 18u);
    EXPECT_EQ(report.redundancy(), 1u);
    for (const auto &verdict : report.verdicts())
      {
        const bool vertical_force = verdict.name.find("U3") != std::string::npos ||
                                    verdict.name.find(" z") != std::string::npos;
        EXPECT_EQ(verdict.unique, !vertical_force) << verdict.name;
      }
    // The null vector: +-1/sqrt(8), alternating round the corners, opposite on support and link.
    const double sign = report.null_space_row(vertical[0])[0] > 0 ? 1.0 : -1.0;
    for (unsigned i = 0; i < 4; ++i)
      {
        const double expected = sign * (i % 2 == 0 ? 1.0 : -1.0) / std::sqrt(8.0);
        EXPECT_NEAR(report.null_space_row(vertical[i])[0], expected, 1e-14);
        EXPECT_NEAR(report.null_space_row(links[i][2])[0], -expected, 1e-14);
        EXPECT_NEAR(report.null_space_row(links[i][0])[0], 0.0, 1e-14);
        EXPECT_NEAR(report.null_space_row(links[i][1])[0], 0.0, 1e-14);
      }
    std::vector<std::pair<unsigned, double>> total, moment_x;
    for (unsigned i = 0; i < 4; ++i)
      {
        total.emplace_back(vertical[i], 1.0);
        moment_x.emplace_back(vertical[i], corner[i].y());
      }
    EXPECT_TRUE(report.unique_combination(total));
    EXPECT_TRUE(report.unique_combination(moment_x));
    // Corners 1 and 2 (both at y = b): their sum is (total + moment_x / b) / 2, unique.
    EXPECT_TRUE(report.unique_combination({{vertical[0], 1.0}, {vertical[1], 1.0}}));
    // Diagonal pairs: mu_1 + mu_3 = 2c, not zero either.
    EXPECT_FALSE(report.unique_combination({{vertical[0], 1.0}, {vertical[2], 1.0}}));
    ASSERT_EQ(report.redundant_blocks().size(), 1u);
    EXPECT_EQ(report.redundant_blocks()[0].redundancy, 1u);
    EXPECT_EQ(report.redundant_blocks()[0].groups.size(), 8u);
  }

  /**
   * A rigid beam along x (reference node 0 at x = 0; nodes 1, 2, 3 at
   * x = 0, L, 2L carried by rigid links and rotation ties, L = 1.5) on three
   * coaxial hinges: each hinge holds U1 U2 U3 UR2 UR3 of its node, the
   * rotation about the common axis x is free.
   *
   * Hand calculation. The body has six DOFs and one mobility (rotation about
   * x): the 15 hinge rows have rank 5 on the body, so with the 18 tie rows
   * (independent, one per follower DOF) rank C = 18 + 5 = 23 of 33 rows,
   * p = 10 and the mechanism keeps 4 * 6 - 23 = 1 DOF. Per hinge component:
   * U1 - three rows on u alone (any split of the axial force): not unique;
   * U2 and UR3 - six rows on (v, theta_z): p = 4, not unique; U3 and UR2 -
   * likewise. So no hinge reaction and no tie force is unique. The body's
   * equilibrium fixes the resultants: the sums of U1, of U2 and of U3 over
   * the three hinges, and the moments about the origin
   * sum (UR3_i + x_i U2_i) and sum (UR2_i - x_i U3_i); not the sum of the
   * UR3 moments alone (a moment can be traded for a couple of U2 forces).
   */
  TEST(ReactionSolvability, RigidBeamOnThreeCoaxialHinges)
  {
    const double                             length = 1.5;
    std::vector<Row>                         rows;
    std::vector<Group>                       groups;
    std::vector<std::pair<unsigned, double>> u1, u2, u3, ur3, moment_z, moment_y;
    for (unsigned i = 1; i <= 3; ++i)
      {
        const Eigen::Vector3d x((i - 1) * length, 0.0, 0.0);
        const auto            link =
          append(corot::constraints::RigidLinkConstraint(i, x, 0, Eigen::Vector3d::Zero()), rows);
        const auto            tie = append(corot::constraints::RotationTieConstraint(i, 0), rows);
        std::vector<unsigned> ties(link);
        ties.insert(ties.end(), tie.begin(), tie.end());
        groups.push_back({"tie " + std::to_string(i), ties});
        std::vector<unsigned> hinge;
        for (const unsigned kind : {0u, 1u, 2u, 4u, 5u})
          hinge.push_back(support(i, kind, rows));
        groups.push_back({"hinge " + std::to_string(i), hinge});
        u1.emplace_back(hinge[0], 1.0);
        u2.emplace_back(hinge[1], 1.0);
        u3.emplace_back(hinge[2], 1.0);
        ur3.emplace_back(hinge[4], 1.0);
        moment_z.insert(moment_z.end(), {{hinge[4], 1.0}, {hinge[1], x.x()}});
        moment_y.insert(moment_y.end(), {{hinge[3], 1.0}, {hinge[2], -x.x()}});
      }
    // Columns of rotations scaled by the characteristic length (changes no verdict).
    std::vector<double> scale(24, 1.0);
    for (unsigned k = 0; k < 24; ++k)
      if (k % 6 >= 3)
        scale[k] = 2.0 * length;
    const ReactionSolvability report(rows, groups, scale);
    EXPECT_EQ(report.n_rows(), 33u);
    EXPECT_EQ(report.rank(), 23u);
    EXPECT_EQ(report.redundancy(), 10u);
    for (const auto &verdict : report.verdicts())
      EXPECT_FALSE(verdict.unique) << verdict.name;
    EXPECT_TRUE(report.unique_combination(u1));
    EXPECT_TRUE(report.unique_combination(u2));
    EXPECT_TRUE(report.unique_combination(u3));
    EXPECT_TRUE(report.unique_combination(moment_z));
    EXPECT_TRUE(report.unique_combination(moment_y));
    EXPECT_FALSE(report.unique_combination(ur3));
    EXPECT_FALSE(report.unique_combination({u1[0]}));
  }

  /**
   * The same beam on one hinge (node 1) and two rollers in U2 only (nodes 2,
   * 3), with U3, UR1, UR2 held at the reference node (a planar beam on three
   * supports). Hand calculation: the U2 rows act on (v, theta_z) through
   * v + theta_z x_i, three rows of rank 2, p = 1, self-equilibrated support
   * forces (1, -2, 1) c at x = 0, L, 2L (sum zero, moment L(-2) + 2L = 0),
   * passed to the body by the links' y rows with the opposite sign; over
   * those six rows the unit null vector has |N| = (1, 2, 1)/sqrt(12).
   * Unique: U1 at node 1 and the held U3, UR1, UR2 (the only rows on their
   * DOFs); not unique: the three U2.
   */
  TEST(ReactionSolvability, RigidBeamOnThreeSupportsInThePlane)
  {
    const double          length = 1.5;
    std::vector<Row>      rows;
    std::vector<Group>    groups;
    std::vector<unsigned> vertical;
    for (unsigned i = 1; i <= 3; ++i)
      {
        const Eigen::Vector3d x((i - 1) * length, 0.0, 0.0);
        append(corot::constraints::RigidLinkConstraint(i, x, 0, Eigen::Vector3d::Zero()), rows);
        vertical.push_back(support(i, 1, rows));
        groups.push_back({"node " + std::to_string(i) + " U2", {vertical.back()}});
      }
    groups.push_back({"node 1 U1", {support(1, 0, rows)}});
    for (const unsigned kind : {2u, 3u, 4u})
      groups.push_back({"body " + std::to_string(kind + 1), {support(0, kind, rows)}});
    const ReactionSolvability report(rows, groups);
    EXPECT_EQ(report.redundancy(), 1u);
    for (const auto &verdict : report.verdicts())
      {
        EXPECT_EQ(verdict.unique, verdict.name.find("U2") == std::string::npos) << verdict.name;
        if (verdict.unique)
          {
            EXPECT_TRUE(verdict.unique_lambda) << verdict.name;
          }
      }
    const double n0 = report.null_space_row(vertical[0])[0];
    EXPECT_NEAR(std::abs(n0), 1.0 / std::sqrt(12.0), 1e-14);
    EXPECT_NEAR(report.null_space_row(vertical[1])[0], -2.0 * n0, 1e-14);
    EXPECT_NEAR(report.null_space_row(vertical[2])[0], n0, 1e-14);
  }

  /** Independent constraints (a statically indeterminate but not redundant set): p = 0, all unique. */
  TEST(ReactionSolvability, IndependentRowsAreAllUnique)
  {
    std::vector<Row>          rows{{{0, 1.0}}, {{1, 1.0}, {2, -1.0}}, {{2, 1.0}}};
    const ReactionSolvability report(rows, {{"a", {0}}, {"b", {1}}, {"c", {2}}});
    EXPECT_EQ(report.redundancy(), 0u);
    EXPECT_TRUE(report.redundant_blocks().empty());
    for (const auto &verdict : report.verdicts())
      EXPECT_TRUE(verdict.unique && verdict.unique_lambda) << verdict.name;
  }
} // namespace
