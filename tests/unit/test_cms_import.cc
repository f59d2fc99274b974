/**
 * Components imported as matrices (*COMPONENT, INPUT=, FORMAT=MATRIX MARKET)
 * and components exported (*COMPONENT MATRIX OUTPUT): malformed files are a
 * core::InputError naming the file and line, and a component exported then
 * imported gives the synthesized frequencies of the native component to
 * 1e-10 relative (synthesis, modification; the inverse problem to its own
 * convergence).
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/cms_results.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>
#include <src/io/result_files.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace
{
  std::string
  write_file(const std::string &name, const std::string &text)
  {
    return corot::test::write_scratch_file(name, text);
  }

  /** Reads and runs the deck; returns the InputError message (empty if none). */
  std::string
  error_of(const std::string &name, const std::string &text)
  {
    const std::string path = write_file(name, text);
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

  bool
  contains(const std::string &text, const std::string &part)
  {
    return text.find(part) != std::string::npos;
  }

  /**
   * Lines 1-23: three collinear trusses, ground at node 1, transverse DOFs
   * held, component A (elements 1-3) and the imported component P (files
   * p_K.mtx, p_M.mtx, p_dofs.txt) on line 23.
   */
  const std::string chain    = R"(*NODE
1, 0.0, 0.0, 0.0
2, 1.0, 0.0, 0.0
3, 2.0, 0.0, 0.0
4, 3.0, 0.0, 0.0
*ELEMENT, TYPE=T3D2, ELSET=A
1, 1, 2
2, 2, 3
3, 3, 4
*MATERIAL, NAME=STEEL
*ELASTIC
2.0e5, 0.3
*DENSITY
7.8e-9
*SOLID SECTION, ELSET=A, MATERIAL=STEEL
1.0
*BOUNDARY
1, 1, 3
2, 2, 3
3, 2, 3
4, 2, 3
*COMPONENT, NAME=A, ELSET=A
)";
  const std::string import_p = "*COMPONENT, NAME=P, INPUT=p, FORMAT=MATRIX MARKET\n";
  const std::string step     = R"(*STEP
*MODAL SYNTHESIS, METHOD=CRAIG BAMPTON, CUTOFF=1.0e9
3
*END STEP
)";

  /** A spring of stiffness 1e5 from node 4 (UX) to an interior mass of 1e-8. */
  const std::string good_k    = R"(%%MatrixMarket matrix coordinate real symmetric
% spring
2 2 3
1 1 1.0e5
2 1 -1.0e5
2 2 1.0e5
)";
  const std::string good_m    = R"(%%MatrixMarket matrix array real general
2 2
1.0e-9
0.0
0.0
1.0e-8
)";
  const std::string good_dofs = "% node, dof\n4, 1\n0, 1\n";

  void
  write_component(const std::string &k, const std::string &m, const std::string &dofs)
  {
    std::filesystem::remove(corot::test::scratch_directory() / "p_nodes.txt");
    write_file("p_K.mtx", k);
    write_file("p_M.mtx", m);
    write_file("p_dofs.txt", dofs);
  }
} // namespace

TEST(CmsImport, WellFormedComponentRuns)
{
  write_component(good_k, good_m, good_dofs);
  EXPECT_EQ(error_of("good.inp", chain + import_p + step), "");
}

TEST(CmsImport, NonSymmetricStiffnessNamesTheEntry)
{
  write_component(R"(%%MatrixMarket matrix coordinate real general
2 2 4
1 1 1.0e5
2 1 -1.0e5
1 2 -0.9e5
2 2 1.0e5
)",
                  good_m, good_dofs);
  const std::string message = error_of("nonsymmetric.inp", chain + import_p + step);
  EXPECT_TRUE(
    contains(message, "p_K.mtx:4: K is not symmetric: K(2, 1) = -100000 but K(1, 2) = -90000"))
    << message;
}

TEST(CmsImport, IndefiniteMassIsAnError)
{
  write_component(good_k, R"(%%MatrixMarket matrix coordinate real symmetric
2 2 2
1 1 1.0e-9
2 2 -1.0e-8
)",
                  good_dofs);
  const std::string message = error_of("indefinite.inp", chain + import_p + step);
  EXPECT_TRUE(
    contains(message,
             "p_M.mtx:1: M is not positive semi-definite: its smallest eigenvalue is -1e-08"))
    << message;
}

TEST(CmsImport, MissingNodeNamesTheDofMapLine)
{
  write_component(good_k, good_m, "% node, dof\n99, 1\n0, 1\n");
  const std::string message = error_of("missing.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_dofs.txt:2: node 99 is not a node of the deck")) << message;
}

TEST(CmsImport, WrongSizesAreErrors)
{
  write_component(good_k, R"(%%MatrixMarket matrix coordinate real symmetric
3 3 3
1 1 1.0
2 2 1.0
3 3 1.0
)",
                  good_dofs);
  std::string message = error_of("sizes.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_M.mtx:2: M is 3 x 3 but K")) << message;

  write_component(good_k, good_m, "4, 1\n0, 1\n0, 2\n");
  message = error_of("map_rows.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_dofs.txt:3: the DOF map has 3 rows but K and M are 2 x 2"))
    << message;

  write_component(R"(%%MatrixMarket matrix coordinate real symmetric
2 2 3
1 1 1.0e5
2 1 -1.0e5
)",
                  good_m, good_dofs);
  message = error_of("entries.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_K.mtx:2: the size line announces 3 entries, the file has 2"))
    << message;

  write_component(R"(%%MatrixMarket matrix coordinate real symmetric
2 2 1
3 1 1.0e5
)",
                  good_m, good_dofs);
  message = error_of("range.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_K.mtx:3: entry (3, 1) outside the 2 x 2 matrix")) << message;

  write_component(R"(%%MatrixMarket matrix array real general
2 3
1
2
3
4
5
6
)",
                  good_m, good_dofs);
  message = error_of("square.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_K.mtx:2: a component matrix must be square, got 2 x 3"))
    << message;
}

TEST(CmsImport, MalformedDofMapAndKeyword)
{
  write_component(good_k, good_m, "4, 1\n4, 1\n");
  std::string message = error_of("repeated.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_dofs.txt:2: node 4 DOF 1 is already row 1 (line 1)")) << message;

  write_component(good_k, good_m, "4, 7\n0, 1\n");
  message = error_of("dof7.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_dofs.txt:1: DOF 7: a node's DOF is 1..6")) << message;

  write_component(good_k, good_m, good_dofs);
  message = error_of("format.inp", chain + "*COMPONENT, NAME=P, INPUT=p\n" + step);
  EXPECT_TRUE(contains(message, "format.inp:23: *COMPONENT, INPUT= needs FORMAT=MATRIX MARKET"))
    << message;

  message = error_of("nofile.inp",
                     chain + "*COMPONENT, NAME=P, INPUT=absent, FORMAT=MATRIX MARKET\n" + step);
  EXPECT_TRUE(contains(message, "absent_K.mtx: cannot open the MatrixMarket file")) << message;

  message = error_of("density.inp",
                     chain + import_p +
                       "*DESIGN PARAMETER, NAME=RHO_P, COMPONENT=P, PROPERTY=DENSITY\n" + step);
  EXPECT_TRUE(
    contains(message,
             "density.inp:24: design parameter RHO_P: component P is imported as matrices; "
             "its design properties are MASS SCALE and STIFFNESS SCALE"))
    << message;

  message = error_of("compare.inp", chain + import_p + R"(*STEP
*MODAL SYNTHESIS, METHOD=CRAIG BAMPTON, CUTOFF=1.0e9, COMPARE=FULL
3
*END STEP
)");
  EXPECT_TRUE(
    contains(message,
             "compare.inp:25: COMPARE=FULL is not available with the imported component P"))
    << message;
}

TEST(CmsImport, NodesMatchedByCoordinatesWithinTheTolerance)
{
  write_component(good_k, good_m, "% file node 40 is deck node 4\n40, 1\n0, 1\n");
  write_file("p_nodes.txt", "40, 3.0, 0.0, 1.0e-4\n");
  std::string message = error_of("far.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message,
                       "p_nodes.txt:1: node 40 matches no deck node within the tolerance 3e-06 "
                       "(the nearest, node 4, is at 0.0001)"))
    << message;
  message =
    error_of("near.inp", chain +
                           "*COMPONENT, NAME=P, INPUT=p, FORMAT=MATRIX MARKET, TOLERANCE=2.0e-4\n" +
                           step);
  EXPECT_EQ(message, "");
  write_file("p_nodes.txt", "41, 3.0, 0.0, 0.0\n");
  message = error_of("absent_node.inp", chain + import_p + step);
  EXPECT_TRUE(contains(message, "p_dofs.txt:2: node 40 is not in the coordinate file")) << message;
  std::filesystem::remove(corot::test::scratch_directory() / "p_nodes.txt");
}

namespace
{
  /**
   * A clamped steel rod (L = 1 m, r = 5 mm, eight B31 elements) in two
   * components: A (elements 1-4, clamped) and B (elements 5-8, floating),
   * native or with B imported from @p input. Steps: synthesis by @p method,
   * a modification of both (A's density, B's mass and stiffness scales) and
   * an inverse problem on A's density.
   */
  std::string
  rod(const std::string &method, const std::string &input, const std::string &outputs)
  {
    std::ostringstream deck;
    deck << "*HEADING\nrod\n*NODE\n";
    for (unsigned i = 1; i <= 9; ++i)
      deck << i << ", " << 0.125 * (i - 1) << ", 0.0, 0.0\n";
    deck << "*ELEMENT, TYPE=B31, ELSET=A\n1, 1, 2\n2, 2, 3\n3, 3, 4\n4, 4, 5\n";
    if (input.empty())
      deck << "*ELEMENT, TYPE=B31, ELSET=B\n5, 5, 6\n6, 6, 7\n7, 7, 8\n8, 8, 9\n";
    deck << "*MATERIAL, NAME=STEEL\n*ELASTIC\n2.1e11, 0.3\n*DENSITY\n7850.0\n"
         << "*BEAM SECTION, ELSET=A, MATERIAL=STEEL, SECTION=CIRC\n0.005\n0.0, 0.0, -1.0\n";
    if (input.empty())
      deck << "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n0.005\n0.0, 0.0, -1.0\n";
    deck << "*BOUNDARY\n1, 1, 6\n*COMPONENT, NAME=A, ELSET=A\n";
    if (input.empty())
      deck << "*COMPONENT, NAME=B, ELSET=B\n";
    else
      deck << "*COMPONENT, NAME=B, INPUT=" << input << ", FORMAT=MATRIX MARKET\n";
    deck << "*DESIGN PARAMETER, NAME=RHO_A, COMPONENT=A, PROPERTY=DENSITY\n"
         << "*DESIGN PARAMETER, NAME=MS_B, COMPONENT=B, PROPERTY=MASS SCALE\n"
         << "*DESIGN PARAMETER, NAME=KS_B, COMPONENT=B, PROPERTY=STIFFNESS SCALE\n"
         << "*STEP\n*MODAL SYNTHESIS, " << method << ", CUTOFF=3000.0\n8\n"
         << outputs << "*END STEP\n"
         << "*STEP\n*MODIFICATION\nRHO_A, 0.2\nMS_B, 0.1\nKS_B, -0.15\n*END STEP\n"
         << "*STEP\n*INVERSE FREQUENCY\n1, 7.0\n*DESIGN VARIABLES\nRHO_A\n*END STEP\n";
    return deck.str();
  }

  corot::io::Results
  run(const std::string &name, const std::string &text)
  {
    const std::string  path = write_file(name, text);
    std::ostringstream progress;
    const auto         model   = corot::deck::read_deck(path);
    auto               results = corot::analysis::run_analysis(model, MPI_COMM_WORLD, progress);
    corot::io::write_results(model, results, corot::test::scratch_directory().string(),
                             std::filesystem::path(name).stem().string());
    return results;
  }

  /** Largest relative difference of two lists of the same length. */
  double
  largest_difference(const std::vector<double> &a, const std::vector<double> &b)
  {
    EXPECT_EQ(a.size(), b.size());
    double largest = 0.0;
    for (unsigned i = 0; i < std::min(a.size(), b.size()); ++i)
      largest = std::max(largest, std::abs(a[i] - b[i]) / std::abs(b[i]));
    return largest;
  }

  /**
   * @p imported gives @p native's synthesized frequencies (step 1), forward
   * and re-analysed modified frequencies and design changes (step 2) to
   * 1e-10 relative. Step 3 (inverse): the achieved frequency to 1e-10; the
   * design change to 1e-8 and the other modified frequencies to 1e-9, since
   * the inverse solver stops once the target is met to about 3e-11 and
   * d(ln f)/d(alpha) is about 0.05 here (measured: 7.3e-10 and 1.3e-10).
   */
  void
  expect_same(const corot::io::Results &imported, const corot::io::Results &native)
  {
    using corot::analysis::CmsResults;
    ASSERT_EQ(imported.steps.size(), 3u);
    for (unsigned s = 0; s < 3; ++s)
      {
        const auto  &a         = imported.steps[s].results_as<CmsResults>();
        const auto  &b         = native.steps[s].results_as<CmsResults>();
        const double tolerance = s < 2 ? 1e-10 : 1e-9;
        EXPECT_LT(largest_difference(a.frequencies, b.frequencies), tolerance) << "step " << s + 1;
        EXPECT_LT(largest_difference(a.exact_frequencies, b.exact_frequencies), 1e-10)
          << "step " << s + 1;
        EXPECT_LT(largest_difference(a.achieved_frequencies, b.achieved_frequencies), 1e-10)
          << "step " << s + 1;
        ASSERT_EQ(a.design_changes.size(), b.design_changes.size());
        for (unsigned i = 0; i < a.design_changes.size(); ++i)
          EXPECT_NEAR(a.design_changes[i].second, b.design_changes[i].second,
                      (s < 2 ? 1e-10 : 1e-8) * std::abs(b.design_changes[i].second))
            << "step " << s + 1;
      }
    EXPECT_EQ(imported.steps[0].results_as<CmsResults>().frequencies.size(), 8u);
    EXPECT_EQ(native.steps[2].results_as<CmsResults>().achieved_frequencies.size(), 1u);
  }
} // namespace

TEST(CmsImport, CraigBamptonSuperelementRoundTrip)
{
  const auto native =
    run("rod_cb.inp", rod("METHOD=CRAIG BAMPTON", "",
                          "*COMPONENT MATRIX OUTPUT, NAME=B, FORMAT=CRAIG BAMPTON, FILE=b_cb\n"
                          "*COMPONENT MATRIX OUTPUT, NAME=B, FILE=b_phys\n"));
  // The superelement: the six DOFs of node 5, then B's fixed-interface modes below 3000 Hz.
  std::ifstream dofs(corot::test::scratch_directory() / "b_cb_dofs.txt");
  std::string   line;
  std::getline(dofs, line);
  std::getline(dofs, line);
  EXPECT_EQ(line, "5, 1");
  const auto imported = run("rod_cb_import.inp", rod("METHOD=CRAIG BAMPTON", "b_cb", ""));
  expect_same(imported, native);
  // The physical matrices give the same Craig-Bampton synthesis.
  expect_same(run("rod_phys_cb_import.inp", rod("METHOD=CRAIG BAMPTON", "b_phys", "")), native);
}

TEST(CmsImport, PhysicalMatricesRoundTripFreeInterface)
{
  const auto native = run("rod_fi.inp", rod("METHOD=FREE INTERFACE, RESIDUAL=YES", "",
                                            "*COMPONENT MATRIX OUTPUT, NAME=B, FILE=b_fi\n"));
  const auto imported =
    run("rod_fi_import.inp", rod("METHOD=FREE INTERFACE, RESIDUAL=YES", "b_fi", ""));
  expect_same(imported, native);
}
