/**
 * Spellings that CalculiX 2.20 and Abaqus accept and the deck reader must read
 * the same way (issue 11): blanks inside keyword names, trailing commas and
 * empty fields on data lines, a keyword line ending in a comma before its data,
 * a UTF-8 byte order mark; the beam shape rules (RECT with one value, CIRC by
 * the number of values, OFFSET1/2) and the beam section table of NAME.dat.
 * Reference values are closed forms (A = a^2, pi r^2, ...); the CalculiX
 * behaviour each case mirrors is named in its comment.
 */
#include <elements/registry.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>
#include <src/io/report_writer.h>

#include "deck_test_fixture.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace corot;

namespace
{
  constexpr double pi = 3.14159265358979323846;

  /** Decks in a fresh temporary directory (deck_test_fixture.h), read with their warnings. */
  class DeckDialectTest : public test::DeckFileTest
  {
  protected:
    /** Reads the deck @p text; warnings go to warnings_. */
    core::Model
    read(const std::string &text)
    {
      const std::string path = write("deck.inp", text);
      warnings_.str("");
      return deck::read_deck(path, warnings_);
    }

    std::ostringstream warnings_;
  };

  /** A two-node B31 model with material STEEL (nu = 0.3) and element set B, before its section. */
  const std::string beam = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=B31, ELSET=B\n1, 1, 2\n"
                           "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n";

  /** Cowper's shear coefficient of a solid circle, 6 (1 + nu) / (7 + 6 nu). */
  double
  cowper_circle(const double nu)
  {
    return 6 * (1 + nu) / (7 + 6 * nu);
  }
} // namespace

// CalculiX test decks write *NODEFILE, *ENDSTEP, *ELPRINT: blanks inside a
// keyword name are ignored by ccx and Abaqus.
TEST_F(DeckDialectTest, BlanksInsideKeywordNamesAreIgnored)
{
  const core::Model model =
    read(beam + "*BEAMSECTION, ELSET=B, MATERIAL=STEEL, SECTION=RECT\n"
                "0.1, 0.2\n*NSET, NSET=NALL\n1, 2\n"
                "*STEP\n*STATIC\n*CLOAD\n2, 2, 1.0\n"
                "*NODEPRINT, NSET=NALL\nU\n*NODE FILE\nU\n*ELPRINT, ELSET=B\nS\n"
                "*E N D S T E P\n"
                "*STEP\n*FREQUENCY\n2\n*ENDSTEP\n");
  ASSERT_EQ(model.steps.size(), 2u);
  ASSERT_EQ(model.steps[0].outputs.size(), 3u);
  EXPECT_EQ(model.steps[0].outputs[0].kind, core::OutputRequest::Kind::node_print);
  EXPECT_EQ(model.steps[0].outputs[1].kind, core::OutputRequest::Kind::node_file);
  EXPECT_EQ(model.steps[0].outputs[2].kind, core::OutputRequest::Kind::element_print);
  EXPECT_NE(model.steps[1].parameters_of<core::FrequencyParameters>(), nullptr);
  EXPECT_DOUBLE_EQ(model.sections[0].properties.beam().area, 0.02);
  // An unknown keyword keeps its written name in the message.
  expect_error(beam + "*NODEPRONT\nU\n", "*NODEPRONT", "unsupported keyword *NODEPRONT");
}

// ccx accepts a final comma and empty fields on *NODE lines (12 of its test
// decks write "1, 0., 0., 0.,"); every line is its own node.
TEST_F(DeckDialectTest, TrailingCommasAndEmptyFieldsOnDataLines)
{
  const core::Model model = read("*NODE, NSET=NALL\n"
                                 "1, 0., 0., 0.,\n"
                                 "2, 1., , 0.5,\n"
                                 "3, 2.,\n"
                                 "      4,  7.50000e-01,  1.00000e+00,  ,0.00000e+00 \n"
                                 "*ELEMENT, TYPE=T3D2, ELSET=T,\n"
                                 "1, 1, 2,\n"
                                 "2, 2, 3,\n"
                                 "*NSET, NSET=ENDS\n1,\n3,\n"
                                 "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3,\n"
                                 "*SOLID SECTION, ELSET=T, MATERIAL=STEEL\n0.01,\n"
                                 "*BOUNDARY,\n1, 1, 3\n"
                                 "*EQUATION\n2,\n3, 2, 1.0, 2, 2, -1.0\n");
  ASSERT_EQ(model.nodes.size(), 4u);
  EXPECT_DOUBLE_EQ(model.node(2).position.x(), 1.0);
  EXPECT_DOUBLE_EQ(model.node(2).position.y(), 0.0);
  EXPECT_DOUBLE_EQ(model.node(2).position.z(), 0.5);
  EXPECT_DOUBLE_EQ(model.node(3).position.x(), 2.0);
  EXPECT_EQ(model.node(3).defined_at.line, 4u);
  // planestress.inp's "21, 0.75, 1.0, , 0.0": an empty z, and a zero fifth field
  // (CalculiX ignores it; Abaqus reads a zero normal, i.e. none).
  EXPECT_DOUBLE_EQ(model.node(4).position.y(), 1.0);
  EXPECT_DOUBLE_EQ(model.node(4).position.z(), 0.0);
  EXPECT_EQ(model.elements.size(), 2u);
  EXPECT_EQ(model.node_sets.at("ENDS"), (std::vector<unsigned>{1, 3}));
  EXPECT_DOUBLE_EQ(model.sections[0].properties.truss().area, 0.01);
  ASSERT_EQ(model.boundaries.size(), 1u);
  EXPECT_EQ(model.boundaries[0].node_ids, (std::vector<unsigned>{1}));
  EXPECT_EQ(model.boundaries[0].last_dof, 3u);
  ASSERT_EQ(model.equations.size(), 1u);
  EXPECT_EQ(model.equations[0].terms.size(), 2u);
  expect_error("*NODE\n1, 0, 0, 0, 0, 0, 1\n", "1, 0, 0, 0, 0, 0, 1",
               "a nodal normal on *NODE (fields 5 to 7) is not supported");
}

// Abaqus: a keyword line ending in a comma continues on the next line when that
// line holds parameters; connectivity continues after a final comma.
TEST_F(DeckDialectTest, ContinuedKeywordAndElementLines)
{
  const core::Model model =
    read("*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n3, 2, 0, 0\n"
         "*ELEMENT, TYPE=B32,\n"
         "** a comment between the two halves\n"
         "  ELSET = Q\n"
         "7, 1,\n"
         "   2, 3\n"
         "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
         "*beam section, elset=q, material=steel, section=rect\n0.1, 0.2\n");
  EXPECT_EQ(model.element_sets.at("Q").size(), 2u); // B32 split into two B31
  EXPECT_EQ(model.elements.at(model.element_index.at(7)).node_ids, (std::vector<unsigned>{1, 2}));
  // A parameter without value continues a keyword line too (Abaqus), except
  // after keywords whose data lines are such words (ccx: "*NODE PRINT, NSET=N," then "U").
  const core::Model stepped = read("*NODE, NSET=N\n1, 0, 0, 0\n*STEP, INC=37,\nNLGEOM\n*STATIC\n"
                                   "*NODE PRINT, NSET=N,\nU\n*END STEP\n");
  ASSERT_EQ(stepped.steps.size(), 1u);
  EXPECT_TRUE(stepped.steps[0].nlgeom);
  EXPECT_EQ(stepped.steps[0].max_increments, 37u);
  ASSERT_EQ(stepped.steps[0].outputs.size(), 1u);
  EXPECT_EQ(stepped.steps[0].outputs[0].kind, core::OutputRequest::Kind::node_print);
}

// A deck saved with a UTF-8 byte order mark (Windows editors) reads as without.
TEST_F(DeckDialectTest, ByteOrderMarkIsDropped)
{
  const core::Model model = read("\xEF\xBB\xBF*NODE\n1, 0, 0, 0\n");
  EXPECT_EQ(model.nodes.size(), 1u);
}

// ccx reads one RECT value as a square (beamsections.f: thickness2 = thickness1).
TEST_F(DeckDialectTest, RectWithOneValueIsASquare)
{
  const core::Model        model = read(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, "
                                                      "SECTION=RECTANGULAR\n0.1\n");
  const core::BeamSection &p     = model.sections[0].properties.beam();
  EXPECT_DOUBLE_EQ(p.area, 0.01);
  EXPECT_DOUBLE_EQ(p.i11, std::pow(0.1, 4) / 12);
  EXPECT_DOUBLE_EQ(p.i22, std::pow(0.1, 4) / 12);
  // Square: J = 0.1406 a^4 (Timoshenko & Goodier, series), Roark's formula within 1 %.
  EXPECT_NEAR(p.torsion_constant, 0.1406 * 1e-4, 0.01 * 0.1406e-4);
}

// CIRC: one value is the Abaqus radius (with a warning: ccx 2.20 reads it as a
// diameter); two values are CalculiX's thicknesses, the diameters.
TEST_F(DeckDialectTest, CircRadiusOrDiameterByNumberOfValues)
{
  {
    const core::Model model = read(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n"
                                          "0.01\n0, 1, 0\n");
    const core::BeamSection &p = model.sections[0].properties.beam();
    EXPECT_DOUBLE_EQ(p.area, pi * 1e-4);
    EXPECT_DOUBLE_EQ(p.i11, pi * 1e-8 / 4);
    EXPECT_DOUBLE_EQ(p.torsion_constant, pi * 1e-8 / 2);
    EXPECT_DOUBLE_EQ(p.shear_factor_1, cowper_circle(0.3));
    EXPECT_NE(warnings_.str().find("deck.inp:10: warning: SECTION=CIRC with one value: 0.01 is the "
                                   "radius"),
              std::string::npos)
      << warnings_.str();
  }
  {
    const core::Model model =
      read(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRCULAR\n"
                  "0.01, 0.01\n");
    const core::BeamSection &p = model.sections[0].properties.beam();
    EXPECT_DOUBLE_EQ(p.area, pi * 0.25e-4);
    EXPECT_DOUBLE_EQ(p.i22, pi * std::pow(0.005, 4) / 4);
    EXPECT_DOUBLE_EQ(p.torsion_constant, pi * std::pow(0.005, 4) / 2);
    EXPECT_EQ(warnings_.str(), "");
  }
  {
    // Two different diameters: CalculiX's solid ellipse, semi-axes 0.005 along 1 and 0.01 along 2.
    const core::Model model = read(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n"
                                          "0.01, 0.02\n");
    const core::BeamSection &p = model.sections[0].properties.beam();
    EXPECT_DOUBLE_EQ(p.area, pi * 0.005 * 0.01);
    EXPECT_DOUBLE_EQ(p.i11, pi * 0.005 * std::pow(0.01, 3) / 4);
    EXPECT_DOUBLE_EQ(p.i22, pi * std::pow(0.005, 3) * 0.01 / 4);
  }
  expect_error(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n0.01, 0.01, 0.01\n",
               "0.01, 0.01, 0.01", "SECTION=CIRC data line needs 1 to 2 fields, got 3");
}

// ccx's OFFSET1/OFFSET2 move the beam axis: 0 is the default, any other value
// is an unsupported feature, not an unknown parameter.
TEST_F(DeckDialectTest, BeamAxisOffsets)
{
  const core::Model model = read(beam + "*BEAM GENERAL SECTION, ELSET=B, MATERIAL=STEEL, "
                                        "SECTION=PIPE, OFFSET1=0, OFFSET2=0.\n0.11, 0.01\n");
  EXPECT_EQ(model.sections[0].shape, "PIPE");
  EXPECT_TRUE(model.sections[0].properties.beam().axis_offset.isZero(0.0));
  // CalculiX: the node line lies OFFSETk h_k off the centre, so the centre is at
  // -(OFFSET1 h1, OFFSET2 h2) (ccx 2.20's bricks for OFFSET2 = 0.5 span -h2..0).
  const core::Model rect = read(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=RECT, "
                                       "OFFSET1=-0.25, OFFSET2=0.5\n0.1, 0.2\n");
  EXPECT_NEAR(rect.sections[0].properties.beam().axis_offset[0], 0.025, 1e-15);
  EXPECT_NEAR(rect.sections[0].properties.beam().axis_offset[1], -0.1, 1e-15);
  const core::Model pipe = read(beam + "*BEAM GENERAL SECTION, ELSET=B, MATERIAL=STEEL, "
                                       "SECTION=PIPE, OFFSET1=0.5\n0.11, 0.01\n");
  EXPECT_NEAR(pipe.sections[0].properties.beam().axis_offset[0], -0.11, 1e-15);
  expect_error(
    beam + "*BEAM GENERAL SECTION, ELSET=B, OFFSET2=0.5\n1, 2, 0, 3, 4\n0, 1, 0\n2e11, 8e10\n",
    "*BEAM GENERAL SECTION, ELSET=B, OFFSET2=0.5",
    "OFFSET1=/OFFSET2= on *BEAM GENERAL SECTION, SECTION=GENERAL (no section extent to "
    "scale the offset)");
  expect_error(beam +
                 "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=RECT, OFFSET2=0.5\n0.1, 0.2\n"
                 "*STEP\n*BUCKLE\n1\n*END STEP\n",
               "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=RECT, OFFSET2=0.5",
               "OFFSET1=/OFFSET2= (a beam axis offset) is not supported with *BUCKLE");
  expect_error(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=I\n0.1, 0.2\n",
               "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=I",
               "unsupported beam section shape SECTION=I");
}

// Abaqus' *BEAM GENERAL SECTION with a standard shape has no MATERIAL=: E, G
// (and DENSITY=) come on its third line; nu = E / (2 G) - 1 enters the shear factors.
TEST_F(DeckDialectTest, GeneralSectionShapeWithModuli)
{
  const core::Model model =
    read(beam + "*BEAM GENERAL SECTION, ELSET=B, SECTION=PIPE, DENSITY=7800\n"
                "0.05, 0.005\n0, 1, 0\n2.1e11, 8.1e10\n");
  const core::Section &s = model.sections[0];
  EXPECT_TRUE(s.material.empty());
  EXPECT_DOUBLE_EQ(*s.general_youngs_modulus, 2.1e11);
  const double r = 0.05, ri = 0.045, m2 = (ri / r) * (ri / r), nu = 2.1e11 / 1.62e11 - 1;
  EXPECT_NEAR(s.properties.beam().area, pi * (r * r - ri * ri), 1e-15);
  // Cowper (1966), hollow circle.
  EXPECT_NEAR(s.properties.beam().shear_factor_1,
              6 * (1 + nu) * (1 + m2) * (1 + m2) /
                ((7 + 6 * nu) * (1 + m2) * (1 + m2) + (20 + 12 * nu) * m2),
              1e-14);
  // A, I, J given directly need no consistent nu (here E / (2 G) - 1 = 1).
  const core::Model general = read(beam + "*BEAM GENERAL SECTION, ELSET=B\n"
                                          "0.01, 1e-5, 0, 1e-5, 2e-5\n0, 1, 0\n4e9, 1e9\n");
  EXPECT_DOUBLE_EQ(*general.sections[0].general_shear_modulus, 1e9);
  expect_error(beam +
                 "*BEAM GENERAL SECTION, ELSET=B, SECTION=PIPE\n0.05, 0.005\n0, 1, 0\n4e9, 1e9\n",
               "4e9, 1e9", "Poisson's ratio, must lie in (-1, 0.5)");
  expect_error(beam + "*BEAM GENERAL SECTION, ELSET=B, SECTION=PIPE\n0.05, 0.005\n",
               "*BEAM GENERAL SECTION, ELSET=B, SECTION=PIPE",
               "needs MATERIAL= or E, G on its third data line");
}

// NAME.dat lists the section properties the elements use.
TEST_F(DeckDialectTest, ReportListsBeamSections)
{
  const core::Model model = read(beam + "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n"
                                        "0.01\n*ELEMENT, TYPE=B31, ELSET=G\n2, 1, 2\n"
                                        "*BEAM GENERAL SECTION, ELSET=G, MATERIAL=STEEL\n"
                                        "0.01, 2e-5, 0, 1e-5, 3e-5\n");
  io::Results       results;
  results.deck_name = "deck.inp";
  std::ostringstream out;
  io::ReportWriter(model, results).write(out);
  const std::string text = out.str();
  EXPECT_NE(text.find("B E A M   S E C T I O N S"), std::string::npos) << text;
  // A = pi 0.01^2, I11 = I22 = pi 0.01^4 / 4, I12 = 0, J = pi 0.01^4 / 2, k A (Cowper).
  char row[256];
  std::snprintf(row, sizeof(row),
                "   B            CIRC     %14.6E %14.6E %14.6E %14.6E %14.6E %14.6E %14.6E",
                pi * 1e-4, pi * 1e-8 / 4, pi * 1e-8 / 4, 0.0, pi * 1e-8 / 2,
                cowper_circle(0.3) * pi * 1e-4, cowper_circle(0.3) * pi * 1e-4);
  EXPECT_NE(text.find(row), std::string::npos) << text << "\nexpected\n" << row;
  // A general section (A, I11, I12, I22, J as given) has no shear flexibility: infinite shear areas.
  std::snprintf(row, sizeof(row),
                "   G            GENERAL  %14.6E %14.6E %14.6E %14.6E %14.6E %14s %14s", 0.01, 2e-5,
                1e-5, 0.0, 3e-5, "inf", "inf");
  EXPECT_NE(text.find(row), std::string::npos) << text << "\nexpected\n" << row;
}
