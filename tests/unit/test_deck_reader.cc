/**
 * The keyword-deck reader: a valid deck exercising includes, generated sets,
 * every beam shape (checked against closed forms), the B32 split, amplitudes
 * and static/frequency steps; then one deck per class of user error, each
 * checking the exact "file:line:" prefix of the message.
 */
#include <elements/registry.h>
#include <integrators/integrator_setup.h>
#include <src/core/source_location.h>
#include <src/deck/beam_section_shapes.h>
#include <src/deck/deck_reader.h>

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

  /** Deck-reader tests: decks in a fresh temporary directory (deck_test_fixture.h). */
  class DeckReaderTest : public test::DeckFileTest
  {};

  /** The model part of a valid truss deck (lines 1-10), for the finalisation errors. */
  const std::string truss = "*NODE\n"
                            "1, 0, 0, 0\n"
                            "2, 1, 0, 0\n"
                            "*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n"
                            "1, 1, 2\n"
                            "*MATERIAL, NAME=STEEL\n"
                            "*ELASTIC\n"
                            "210e9, 0.3\n"
                            "*SOLID SECTION, ELSET=TRUSS, MATERIAL=STEEL\n"
                            "0.01\n";

  /** St Venant torsion constant of a solid a x b rectangle by its series (Timoshenko & Goodier). */
  double
  rectangle_torsion_series(const double a, const double b)
  {
    const double longer = std::max(a, b), shorter = std::min(a, b);
    double       sum = 0;
    for (int n = 1; n < 200; n += 2)
      sum += std::tanh(n * pi * longer / (2 * shorter)) / std::pow(n, 5);
    return longer * std::pow(shorter, 3) / 3.0 *
           (1.0 - 192.0 / std::pow(pi, 5) * shorter / longer * sum);
  }

  const std::string valid_deck = R"(** A deck using most of what the reader supports.
*HEADING
Deck reader test, with commas
*NODE, NSET=ALL
*INCLUDE, INPUT=inc/nodes.inp
*NSET, NSET=GEN, GENERATE
1, 5, 2
*nset, nset=both
gen, 2
*ELEMENT, TYPE=T3D2, ELSET=TRUSS
1, 1, 2
*ELEMENT, TYPE=B31, ELSET=RECT
10, 2, 3
*ELEMENT, TYPE=B31, ELSET=CIRC
11, 3, 4
*ELEMENT, TYPE=B31, ELSET=PIPE
12, 4, 5
*ELEMENT, TYPE=B31, ELSET=BOX
13, 5, 6
*ELEMENT, TYPE=B31, ELSET=GENERAL
14, 6, 7
*ELEMENT, TYPE=B32, ELSET=QUAD
20, 1,
   4, 7
*ELEMENT, TYPE=MASS, ELSET=POINT
30, 7
*ELSET, ELSET=BEAMS
RECT, CIRC, 12
*Material, Name=Steel
*Elastic
210e9, 0.3
*Density
7850.
*SOLID SECTION, ELSET=TRUSS, MATERIAL=steel
0.01
*BEAM SECTION, ELSET=RECT, MATERIAL=STEEL, SECTION=RECT
0.02, 0.05
0, 0, 2
*BEAM SECTION, ELSET=CIRC, MATERIAL=STEEL, SECTION=CIRC
0.01
*BEAM SECTION, ELSET=PIPE, MATERIAL=STEEL, SECTION=PIPE
0.05, 0.005
*BEAM SECTION, ELSET=BOX, MATERIAL=STEEL, SECTION=BOX
0.1, 0.2, 0.01, 0.01, 0.01, 0.01
*BEAM GENERAL SECTION, ELSET=GENERAL, DENSITY=7800
1e-3, 2e-6, 0, 3e-6, 4e-6
0, 1, 0
2.1e11, 8.1e10
*BEAM SECTION, ELSET=QUAD, MATERIAL=STEEL, SECTION=RECT
0.01, 0.01
*MASS, ELSET=POINT
5.0
*AMPLITUDE, NAME=ramp
0, 0, 1, 1,
2, 1
*AMPLITUDE, NAME=wave, DEFINITION=EXPRESSION
max(0, sin(6.283*t))
*BOUNDARY
1, ENCASTRE
2, 2, 3
*EQUATION
2
3, 1, 1.0, 4, 1, -1.0
*INITIAL CONDITIONS, TYPE=VELOCITY
ALL, 1, 0.5
*STEP, NLGEOM
*STATIC
0.1, 1.0
*CLOAD, AMPLITUDE=RAMP
7, 2, -100.0
*DLOAD
TRUSS, GRAV, 9.81, 0, 0, -2
*NODE PRINT, NSET=GEN, FREQUENCY=2
U, RF
*OUTPUT, FIELD
*NODE OUTPUT
U
*END STEP
*STEP
*FREQUENCY
5, 0.0, 100.0
*BOUNDARY, OP=NEW
BOTH, 1, 6
*EL PRINT, ELSET=RECT
S
*END STEP
)";

  const std::string valid_nodes =
    R"(** nodes 1..7 along x, continuing the *NODE of the including file
1, 0, 0, 0
2, 1, 0, 0
3, 2, 0, 0
4, 3, 0, 0
5, 4, 0, 0
6, 5, 0, 0
7, 6.5
)";
} // namespace

TEST_F(DeckReaderTest, ValidDeckModelData)
{
  write("inc/nodes.inp", valid_nodes);
  const std::string  path = write("valid.inp", valid_deck);
  std::ostringstream warnings;
  const core::Model  model = deck::read_deck(path, warnings);

  EXPECT_EQ(model.deck_path, path);
  EXPECT_EQ(model.heading, "Deck reader test, with commas");
  ASSERT_EQ(model.nodes.size(), 7u);
  EXPECT_DOUBLE_EQ(model.node(7).position.x(), 6.5);
  EXPECT_EQ(model.node(7).defined_at.file, (directory_ / "inc/nodes.inp").string());
  EXPECT_EQ(model.node(7).defined_at.line, 8u);
  EXPECT_EQ(model.node_sets.at("ALL").size(), 7u);
  EXPECT_EQ(model.node_sets.at("GEN"), (std::vector<unsigned>{1, 3, 5}));
  EXPECT_EQ(model.node_sets.at("BOTH"), (std::vector<unsigned>{1, 3, 5, 2}));
  EXPECT_EQ(model.element_sets.at("BEAMS"), (std::vector<unsigned>{10, 11, 12}));

  // B32 20 (1, 4, 7) becomes B31 20 (1, 4) and B31 31 (4, 7), 31 = 1 + the largest id (30).
  ASSERT_EQ(model.elements.size(), 9u);
  const core::ElementRecord &first  = model.elements.at(model.element_index.at(20));
  const core::ElementRecord &second = model.elements.at(model.element_index.at(31));
  EXPECT_EQ(first.type, "B31");
  EXPECT_EQ(first.node_ids, (std::vector<unsigned>{1, 4}));
  EXPECT_EQ(second.type, "B31");
  EXPECT_EQ(second.node_ids, (std::vector<unsigned>{4, 7}));
  EXPECT_EQ(model.element_sets.at("QUAD"), (std::vector<unsigned>{20, 31}));

  const core::Material &steel = model.materials.at("STEEL");
  EXPECT_DOUBLE_EQ(steel.youngs_modulus, 210e9);
  EXPECT_DOUBLE_EQ(steel.poissons_ratio, 0.3);
  EXPECT_DOUBLE_EQ(steel.density, 7850.0);
  EXPECT_TRUE(steel.has_elastic && steel.has_density);

  ASSERT_EQ(model.sections.size(), 8u);
  EXPECT_EQ(model.sections[0].kind, core::SectionKind::solid);
  EXPECT_DOUBLE_EQ(model.sections[0].properties.truss().area, 0.01);

  const double nu = 0.3;
  {
    const core::BeamSection &p = model.sections[1].properties.beam(); // RECT a=0.02, b=0.05
    const double             a = 0.02, b = 0.05;
    EXPECT_DOUBLE_EQ(p.area, a * b);
    EXPECT_DOUBLE_EQ(p.i11, a * b * b * b / 12);
    EXPECT_DOUBLE_EQ(p.i22, b * a * a * a / 12);
    EXPECT_NEAR(p.torsion_constant, rectangle_torsion_series(a, b), 0.01 * p.torsion_constant);
    EXPECT_DOUBLE_EQ(p.shear_factor_1, 5.0 / 6.0);
    EXPECT_TRUE(p.n1_given);
    EXPECT_TRUE(p.n1.isApprox(Eigen::Vector3d(0, 0, 1)));
  }
  {
    const core::BeamSection &p = model.sections[2].properties.beam(); // CIRC r=0.01
    const double             r = 0.01;
    EXPECT_DOUBLE_EQ(p.area, pi * r * r);
    EXPECT_DOUBLE_EQ(p.i11, pi * std::pow(r, 4) / 4);
    EXPECT_DOUBLE_EQ(p.i22, pi * std::pow(r, 4) / 4);
    EXPECT_DOUBLE_EQ(p.torsion_constant, pi * std::pow(r, 4) / 2);
    EXPECT_DOUBLE_EQ(p.shear_factor_2, 6 * (1 + nu) / (7 + 6 * nu));
    EXPECT_FALSE(p.n1_given);
    EXPECT_TRUE(p.n1.isApprox(Eigen::Vector3d(0, 0, -1)));
  }
  {
    const core::BeamSection &p = model.sections[3].properties.beam(); // PIPE r=0.05, t=0.005
    const double             r = 0.05, ri = 0.045;
    EXPECT_NEAR(p.area, pi * (r * r - ri * ri), 1e-15);
    EXPECT_NEAR(p.i11, pi * (std::pow(r, 4) - std::pow(ri, 4)) / 4, 1e-18);
    EXPECT_NEAR(p.i22, pi * (std::pow(r, 4) - std::pow(ri, 4)) / 4, 1e-18);
    EXPECT_NEAR(p.torsion_constant, pi * (std::pow(r, 4) - std::pow(ri, 4)) / 2, 1e-18);
    // Between the thin-tube and the solid Cowper factors.
    EXPECT_GT(p.shear_factor_1, 2 * (1 + nu) / (4 + 3 * nu));
    EXPECT_LT(p.shear_factor_1, 6 * (1 + nu) / (7 + 6 * nu));
  }
  {
    const core::BeamSection &p = model.sections[4].properties.beam(); // BOX 0.1 x 0.2, walls 0.01
    const double             a = 0.1, b = 0.2, t = 0.01;
    EXPECT_NEAR(p.area, a * b - (a - 2 * t) * (b - 2 * t), 1e-15);
    EXPECT_NEAR(p.i11, (a * std::pow(b, 3) - (a - 2 * t) * std::pow(b - 2 * t, 3)) / 12, 1e-15);
    EXPECT_NEAR(p.i22, (b * std::pow(a, 3) - (b - 2 * t) * std::pow(a - 2 * t, 3)) / 12, 1e-15);
    EXPECT_NEAR(p.i12, 0.0, 1e-18);
    const double enclosed = (a - t) * (b - t);
    EXPECT_NEAR(p.torsion_constant, 4 * enclosed * enclosed / (2 * (a - t) / t + 2 * (b - t) / t),
                1e-15);
  }
  {
    const core::Section     &s = model.sections[5]; // GENERAL
    const core::BeamSection &p = s.properties.beam();
    EXPECT_EQ(s.shape, "GENERAL");
    EXPECT_TRUE(s.material.empty());
    EXPECT_DOUBLE_EQ(p.area, 1e-3);
    EXPECT_DOUBLE_EQ(p.i11, 2e-6);
    EXPECT_DOUBLE_EQ(p.i22, 3e-6);
    EXPECT_DOUBLE_EQ(p.torsion_constant, 4e-6);
    EXPECT_EQ(p.shear_factor_1, 0.0);
    EXPECT_TRUE(p.n1.isApprox(Eigen::Vector3d(0, 1, 0)));
    EXPECT_DOUBLE_EQ(*s.general_youngs_modulus, 2.1e11);
    EXPECT_DOUBLE_EQ(*s.general_shear_modulus, 8.1e10);
    EXPECT_DOUBLE_EQ(*s.general_density, 7800.0);
  }
  EXPECT_EQ(model.sections[7].kind, core::SectionKind::point_mass);
  EXPECT_DOUBLE_EQ(model.sections[7].properties.point_inertia().mass, 5.0);

  const core::Amplitude &ramp = model.amplitudes.at("RAMP");
  ASSERT_EQ(ramp.points.size(), 3u);
  EXPECT_DOUBLE_EQ(ramp.points[2].first, 2.0);
  const core::Amplitude &wave = model.amplitudes.at("WAVE");
  EXPECT_TRUE(wave.is_expression);
  EXPECT_EQ(wave.expression, "max(0, sin(6.283*t))");

  ASSERT_EQ(model.boundaries.size(), 2u);
  EXPECT_EQ(model.boundaries[0].node_ids, (std::vector<unsigned>{1}));
  EXPECT_EQ(model.boundaries[0].first_dof, 1u);
  EXPECT_EQ(model.boundaries[0].last_dof, 6u);
  EXPECT_EQ(model.boundaries[1].node_ids, (std::vector<unsigned>{2}));
  EXPECT_EQ(model.boundaries[1].first_dof, 2u);
  EXPECT_EQ(model.boundaries[1].last_dof, 3u);

  ASSERT_EQ(model.equations.size(), 1u);
  ASSERT_EQ(model.equations[0].terms.size(), 2u);
  EXPECT_EQ(model.equations[0].terms[1].node_id, 4u);
  EXPECT_DOUBLE_EQ(model.equations[0].terms[1].coefficient, -1.0);

  ASSERT_EQ(model.initial_conditions.size(), 1u);
  EXPECT_TRUE(model.initial_conditions[0].is_velocity);
  EXPECT_EQ(model.initial_conditions[0].node_ids.size(), 7u);

  // *OUTPUT and *NODE OUTPUT are warnings naming their lines.
  const std::string warning_text = warnings.str();
  EXPECT_NE(warning_text.find(path + ":" + std::to_string(line_of(valid_deck, "*OUTPUT, FIELD")) +
                              ": warning: *OUTPUT ignored"),
            std::string::npos)
    << warning_text;
  EXPECT_NE(warning_text.find("warning: *NODE OUTPUT ignored"), std::string::npos);
}

TEST_F(DeckReaderTest, ValidDeckSteps)
{
  write("inc/nodes.inp", valid_nodes);
  std::ostringstream warnings;
  const core::Model  model = deck::read_deck(write("valid.inp", valid_deck), warnings);

  ASSERT_EQ(model.steps.size(), 2u);
  const core::Step &statics = model.steps[0];
  ASSERT_NE(statics.parameters_of<core::StaticParameters>(), nullptr);
  EXPECT_TRUE(statics.nlgeom);
  EXPECT_DOUBLE_EQ(statics.parameters_of<core::StaticParameters>()->initial_increment, 0.1);
  EXPECT_DOUBLE_EQ(statics.parameters_of<core::StaticParameters>()->period, 1.0);
  ASSERT_EQ(statics.loads.size(), 1u);
  EXPECT_EQ(statics.loads[0].node_ids, (std::vector<unsigned>{7}));
  EXPECT_EQ(statics.loads[0].dof, 2u);
  EXPECT_DOUBLE_EQ(statics.loads[0].value, -100.0);
  EXPECT_EQ(statics.loads[0].amplitude, "RAMP");
  ASSERT_EQ(statics.gravity.size(), 1u);
  EXPECT_EQ(statics.gravity[0].element_ids, (std::vector<unsigned>{1}));
  EXPECT_DOUBLE_EQ(statics.gravity[0].magnitude, 9.81);
  EXPECT_TRUE(statics.gravity[0].direction.isApprox(Eigen::Vector3d(0, 0, -1)));
  ASSERT_EQ(statics.outputs.size(), 1u);
  EXPECT_EQ(statics.outputs[0].kind, core::OutputRequest::Kind::node_print);
  EXPECT_EQ(statics.outputs[0].set_name, "GEN");
  EXPECT_EQ(statics.outputs[0].ids, (std::vector<unsigned>{1, 3, 5}));
  EXPECT_EQ(statics.outputs[0].variables, (std::vector<std::string>{"U", "RF"}));
  EXPECT_EQ(statics.outputs[0].frequency, 2u);

  const core::Step &frequency = model.steps[1];
  ASSERT_NE(frequency.parameters_of<core::FrequencyParameters>(), nullptr);
  EXPECT_TRUE(frequency.nlgeom); // kept from step 1 (CalculiX, Abaqus)
  EXPECT_EQ(frequency.parameters_of<core::FrequencyParameters>()->n_modes, 5u);
  EXPECT_DOUBLE_EQ(*frequency.parameters_of<core::FrequencyParameters>()->lower_frequency, 0.0);
  EXPECT_DOUBLE_EQ(*frequency.parameters_of<core::FrequencyParameters>()->upper_frequency, 100.0);
  EXPECT_TRUE(frequency.new_boundaries);
  ASSERT_EQ(frequency.boundaries.size(), 1u);
  EXPECT_EQ(frequency.boundaries[0].node_ids, (std::vector<unsigned>{1, 3, 5, 2}));
  EXPECT_EQ(frequency.boundaries[0].last_dof, 6u);
  // Its own *EL PRINT, then the *NODE PRINT of step 1, which stays in force.
  ASSERT_EQ(frequency.outputs.size(), 2u);
  EXPECT_EQ(frequency.outputs[0].kind, core::OutputRequest::Kind::element_print);
  EXPECT_EQ(frequency.outputs[0].ids, (std::vector<unsigned>{10}));
  EXPECT_EQ(frequency.outputs[1].kind, core::OutputRequest::Kind::node_print);
  EXPECT_TRUE(frequency.outputs[1].inherited);
  EXPECT_EQ(frequency.outputs[1].ids, (std::vector<unsigned>{1, 3, 5}));
}

TEST_F(DeckReaderTest, DynamicAndBuckleSteps)
{
  const std::string deck = truss +
                           "*STEP\n*DYNAMIC, INTEGRATOR=HHT, ALPHA=-0.05\n0.01, 2.0\n*END STEP\n"
                           "*STEP\n*DYNAMIC, INTEGRATOR=TIMEFE, ORDER=2\n0.1, 1\n*END STEP\n"
                           "*STEP\n*BUCKLE\n3\n*END STEP\n";
  const core::Model model = deck::read_deck(write("deck.inp", deck));
  ASSERT_EQ(model.steps.size(), 3u);
  ASSERT_NE(model.steps[0].parameters_of<core::DynamicParameters>(), nullptr);
  EXPECT_EQ(model.steps[0].parameters_of<core::DynamicParameters>()->integrator->name(), "HHT");
  EXPECT_DOUBLE_EQ(
    *model.steps[0].parameters_of<core::DynamicParameters>()->integrator->value("ALPHA"), -0.05);
  EXPECT_DOUBLE_EQ(model.steps[0].parameters_of<core::DynamicParameters>()->time_increment, 0.01);
  EXPECT_DOUBLE_EQ(model.steps[0].parameters_of<core::DynamicParameters>()->period, 2.0);
  ASSERT_NE(model.steps[1].parameters_of<core::DynamicParameters>(), nullptr);
  EXPECT_EQ(model.steps[1].parameters_of<core::DynamicParameters>()->integrator->name(), "TIMEFE");
  EXPECT_EQ(*model.steps[1].parameters_of<core::DynamicParameters>()->integrator->value("ORDER"),
            2u);
  ASSERT_NE(model.steps[2].parameters_of<core::BuckleParameters>(), nullptr);
  EXPECT_EQ(model.steps[2].parameters_of<core::BuckleParameters>()->n_modes, 3u);
}

TEST_F(DeckReaderTest, NodesMayFollowElements)
{
  const std::string deck  = "*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n1, 1, 2\n"
                            "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
                            "*SOLID SECTION, ELSET=TRUSS, MATERIAL=STEEL\n,\n"
                            "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n";
  const core::Model model = deck::read_deck(write("deck.inp", deck));
  EXPECT_EQ(model.elements.size(), 1u);
  EXPECT_DOUBLE_EQ(model.sections[0].properties.truss().area, 1.0); // empty data line: unit area
}

TEST_F(DeckReaderTest, BeamShapeFunction)
{
  const core::SourceLocation here{"x.inp", 3};
  // A thin pipe tends to Cowper's thin-walled value 2 (1 + nu) / (4 + 3 nu).
  const auto thin = deck::beam_section_shape("PIPE", {1.0, 1e-4}, 0.3, here);
  EXPECT_NEAR(thin.shear_factor_1, 2 * 1.3 / (4 + 0.9), 1e-3);
  // A square box: k = 20 (1 + nu) / (48 + 39 nu).
  const auto box = deck::beam_section_shape("BOX", {1, 1, 0.1, 0.1, 0.1, 0.1}, 0.3, here);
  EXPECT_NEAR(box.shear_factor_1, 0.4355, 1e-3);
  // A thicker bottom wall (t4) keeps the section symmetric about local 2: I12 = 0.
  const auto lopsided = deck::beam_section_shape("BOX", {1, 1, 0.1, 0.1, 0.1, 0.3}, 0.3, here);
  EXPECT_NEAR(lopsided.area, 1.0 - 0.8 * 0.6, 1e-14);
  EXPECT_NEAR(lopsided.i12, 0.0, 1e-14);
  // I11 about the centroid, which the thick bottom wall pulls down to y = -0.06:
  // whole square minus the hole 0.8 x 0.6 centred at y = 0.1.
  const double yc = -0.48 * 0.1 / 0.52;
  EXPECT_NEAR(lopsided.i11, 1.0 / 12 + yc * yc - (0.8 * 0.216 / 12 + 0.48 * std::pow(0.1 - yc, 2)),
              1e-12);
  try
    {
      deck::beam_section_shape("PIPE", {1.0, 2.0}, 0.3, here);
      ADD_FAILURE();
    }
  catch (const core::InputError &error)
    {
      EXPECT_EQ(std::string(error.what()).rfind("x.inp:3: ", 0), 0u);
    }
}

// ---------------------------------------------------------------- errors

TEST_F(DeckReaderTest, ErrorUnsupportedKeyword)
{
  expect_error("*NODE\n1, 0, 0, 0\n*FOO, BAR=1\n", "*FOO, BAR=1", "unsupported keyword *FOO");
  expect_error("*NODE\n1, 0, 0, 0\n*ELEMNT, TYPE=T3D2\n1, 1, 1\n", "*ELEMNT, TYPE=T3D2",
               "unsupported keyword *ELEMNT");
}

TEST_F(DeckReaderTest, ErrorUnknownParameter)
{
  expect_error("** comment\n*NODE, NSTE=A\n1, 0, 0, 0\n", "*NODE, NSTE=A",
               "unknown parameter NSTE on *NODE");
}

TEST_F(DeckReaderTest, ErrorMissingRequiredParameter)
{
  expect_error("*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, ELSET=E\n1, 1, 2\n", "*ELEMENT, ELSET=E",
               "*ELEMENT needs TYPE=");
  expect_error("*MATERIAL\n*ELASTIC\n1, 0\n", "*MATERIAL", "*MATERIAL needs NAME=");
}

TEST_F(DeckReaderTest, ErrorMalformedNumber)
{
  expect_error("*NODE\n1, 0.0, abc, 0\n", "1, 0.0, abc, 0", "expected a number, got 'abc'");
  expect_error(truss + "*ELASTIC\n", "*ELASTIC", "*ELASTIC must follow *MATERIAL");
}

TEST_F(DeckReaderTest, ErrorUndefinedNodeSet)
{
  expect_error(truss + "*BOUNDARY\nNOPE, 1, 3\n", "NOPE, 1, 3", "undefined node set NOPE");
  expect_error(truss + "*BOUNDARY\n9, 1, 3\n", "9, 1, 3", "undefined node 9");
  expect_error(truss + "*NSET, NSET=A\nB, 1\n", "B, 1", "undefined node set B");
  // An id beyond nine digits is out of range, not read modulo 2^32 or left to
  // std::stoul's out_of_range (fuzz.deck_reader found the latter).
  expect_error(truss + "*BOUNDARY\n15000000000000000000000, 1, 3\n",
               "15000000000000000000000, 1, 3", "node id 15000000000000000000000 is out of range");
  expect_error(truss + "*BOUNDARY\n4294967297, 1, 3\n", "4294967297, 1, 3",
               "node id 4294967297 is out of range");
}

TEST_F(DeckReaderTest, ErrorUndefinedElementSet)
{
  expect_error(truss + "*MASS, ELSET=MISSING\n1.0\n", "*MASS, ELSET=MISSING",
               "undefined element set MISSING");
  expect_error(truss + "*STEP\n*STATIC\n*DLOAD\nNOSET, GRAV, 9.81, 0, 0, -1\n*END STEP\n",
               "NOSET, GRAV, 9.81, 0, 0, -1", "undefined element set NOSET");
}

TEST_F(DeckReaderTest, ErrorUndefinedMaterial)
{
  const std::string deck =
    "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n1, 1, 2\n"
    "*SOLID SECTION, ELSET=TRUSS, MATERIAL=ALUMINIUM\n0.01\n";
  expect_error(deck, "*SOLID SECTION, ELSET=TRUSS, MATERIAL=ALUMINIUM",
               "undefined material ALUMINIUM");
}

TEST_F(DeckReaderTest, ErrorUndefinedAmplitude)
{
  expect_error(truss + "*STEP\n*STATIC\n*CLOAD, AMPLITUDE=NONE\n2, 1, 1.0\n*END STEP\n",
               "*CLOAD, AMPLITUDE=NONE", "undefined amplitude NONE");
}

TEST_F(DeckReaderTest, ErrorElementWithMissingNode)
{
  const std::string deck = "*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n1, 1, 2\n7, 1, 3\n"
                           "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
                           "*SOLID SECTION, ELSET=TRUSS, MATERIAL=STEEL\n0.01\n"
                           "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n";
  expect_error(deck, "7, 1, 3", "element 7 refers to undefined node 3");
}

TEST_F(DeckReaderTest, ErrorDuplicateIds)
{
  expect_error("*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*NODE\n1, 5, 0, 0\n", "1, 5, 0, 0",
               "duplicate node id 1");
  expect_error(truss + "*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n1, 2, 1\n", "1, 2, 1",
               "duplicate element id 1");
  expect_error(truss + "*MATERIAL, NAME=steel\n", "*MATERIAL, NAME=steel",
               "duplicate material name STEEL");
}

TEST_F(DeckReaderTest, ErrorNonPositiveValues)
{
  expect_error(truss + "*NODE\n3, 0, 1, 0\n*ELEMENT, TYPE=T3D2, ELSET=T2\n2, 1, 3\n"
                       "*SOLID SECTION, ELSET=T2, MATERIAL=STEEL\n-0.5\n",
               "-0.5", "cross-sectional area must be positive");
  expect_error(truss + "*SHELL SECTION, ELSET=TRUSS, MATERIAL=STEEL\n0.0\n", "0.0",
               "shell thickness must be positive");
  expect_error("*MATERIAL, NAME=M\n*ELASTIC\n0, 0.3\n", "0, 0.3",
               "Young's modulus must be positive");
  expect_error(truss + "*MASS, ELSET=TRUSS\n-2\n", "-2", "mass must be positive");
  expect_error(truss + "*BEAM SECTION, ELSET=TRUSS, MATERIAL=STEEL, SECTION=RECT\n0.1, 0\n",
               "0.1, 0", "dimensions must be positive");
}

TEST_F(DeckReaderTest, ErrorDataLineBeforeKeyword)
{
  expect_error("** a deck that starts with data\n1, 0, 0, 0\n*NODE\n", "1, 0, 0, 0",
               "data line before any keyword");
}

TEST_F(DeckReaderTest, ErrorWrongNumberOfFields)
{
  expect_error("*MATERIAL, NAME=M\n*ELASTIC\n210e9, 0.3, 20, 5\n", "210e9, 0.3, 20, 5",
               "*ELASTIC data line needs 1 to 3 fields, got 4");
  expect_error("*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2\n5, 1, 2, 1\n", "5, 1, 2, 1",
               "element 5 of type T3D2 needs 2 nodes, got 3");
  expect_error("*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=B32\n5, 1, 2\n", "5, 1, 2",
               "element 5 of type B32 needs 3 nodes, got 2");
  expect_error(truss + "*STEP\n*STATIC\n*CLOAD\n2, 1\n*END STEP\n", "2, 1",
               "*CLOAD data line needs 3 fields, got 2");
}

TEST_F(DeckReaderTest, ErrorRiksDataLine)
{
  const std::string step = truss + "*STEP, NLGEOM\n*STATIC, RIKS\n";
  const std::string end  = "*CLOAD\n2, 1, 1.0\n*END STEP\n";
  expect_error(truss + "*STEP\n*STATIC, RIKS\n0.1\n" + end, "*STATIC, RIKS",
               "the *STEP needs NLGEOM");
  expect_error(step + end, "*STATIC, RIKS", "*STATIC needs a data line");
  expect_error(step + "0.0, 1.0\n" + end, "0.0, 1.0", "must be positive");
  expect_error(step + "0.1, 1.0, 0.5, 0.2\n" + end, "0.1, 1.0, 0.5, 0.2",
               "minimum arc-length increment exceeds the maximum");
  expect_error(step + "0.1, 1.0, , , -1.0\n" + end, "0.1, 1.0, , , -1.0",
               "maximum load proportionality factor (field 5) must be positive");
  expect_error(step + "0.1, 1.0, , , , 2, 2\n" + end, "0.1, 1.0, , , , 2, 2",
               "needs a node (field 6), a DOF (field 7) and a value (field 8)");
  expect_error(step + "0.1, 1.0, , , , 2, 7, 1.0\n" + end, "0.1, 1.0, , , , 2, 7, 1.0",
               "DOF 7 of the displacement limit is not 1-6");
  expect_error(step + "0.1, 1.0, , , , 2, 1, abc\n" + end, "0.1, 1.0, , , , 2, 1, abc",
               "expected a number");
  expect_error(step + "0.1, 1.0, , , , 2, 1, 0.0\n" + end, "0.1, 1.0, , , , 2, 1, 0.0",
               "displacement limit must not be zero");
  expect_error(step + "0.1, 1.0, , , , 2, 1, 1.0, 9\n" + end, "0.1, 1.0, , , , 2, 1, 1.0, 9",
               "STATIC, RIKS");
}

TEST_F(DeckReaderTest, ErrorStepStructure)
{
  expect_error(truss + "*END STEP\n", "*END STEP", "*END STEP without *STEP");
  expect_error(truss + "*STEP, NLGEOM\n*CLOAD\n2, 1, 1.0\n*END STEP\n", "*STEP, NLGEOM",
               "step has no procedure");
  expect_error(truss + "*STEP\n*STATIC\n", "*STEP", "*STEP without *END STEP");
  expect_error(truss + "*STATIC\n", "*STATIC", "only allowed inside a *STEP");
  expect_error(truss + "*STEP\n*STATIC\n*NODE\n3, 0, 0, 0\n*END STEP\n", "*NODE",
               "not allowed inside a step");
  expect_error(truss + "*STEP\n*STATIC\n*FREQUENCY\n*END STEP\n", "*FREQUENCY",
               "only one procedure");
}

TEST_F(DeckReaderTest, ErrorElementWithoutSection)
{
  const std::string deck = truss + "*NODE\n3, 0, 1, 0\n*ELEMENT, TYPE=T3D2, ELSET=OTHER\n2, 2, 3\n";
  expect_error(deck, "2, 2, 3", "element 2 of type T3D2 has no section");
}

TEST_F(DeckReaderTest, ErrorSectionKindMismatch)
{
  const std::string deck =
    "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=B31, ELSET=BEAM\n4, 1, 2\n"
    "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
    "*SOLID SECTION, ELSET=BEAM, MATERIAL=STEEL\n0.01\n";
  expect_error(deck, "4, 1, 2", "element 4 of type B31 needs a *BEAM SECTION");
}

TEST_F(DeckReaderTest, ErrorMaterialWithoutElastic)
{
  const std::string deck =
    "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n1, 1, 2\n"
    "*MATERIAL, NAME=SOFT\n*DENSITY\n1000\n"
    "*SOLID SECTION, ELSET=TRUSS, MATERIAL=SOFT\n0.01\n";
  expect_error(deck, "*SOLID SECTION, ELSET=TRUSS, MATERIAL=SOFT", "has no *ELASTIC");
}

TEST_F(DeckReaderTest, ErrorUnknownElementType)
{
  expect_error("*NODE\n1, 0, 0, 0\n*ELEMENT, TYPE=C3D8R\n1, 1\n", "*ELEMENT, TYPE=C3D8R",
               "unknown element type C3D8R");
}

TEST_F(DeckReaderTest, ErrorInvalidValuesInData)
{
  expect_error(truss + "*AMPLITUDE, NAME=BAD, DEFINITION=EXPRESSION\nsin(t\n", "sin(t",
               "invalid *AMPLITUDE expression 'sin(t': Missing parenthesis");
  expect_error(truss + "*STEP\n*STATIC\n*NODE PRINT, NSET=ALL\nU, XYZ\n*END STEP\n", "U, XYZ",
               "unknown output variable XYZ");
  expect_error(truss + "*STEP\n*STATIC\n*DLOAD\nTRUSS, P1, 1.0\n*END STEP\n", "TRUSS, P1, 1.0",
               "unsupported *DLOAD type P1");
  expect_error(truss + "*STEP\n*STATIC\n*DLOAD\nTRUSS, P, 1.0\n*END STEP\n", "TRUSS, P, 1.0",
               "*DLOAD, P is a pressure on shell faces, but element 1 is a T3D2");
  expect_error(truss + "*BOUNDARY\n1, FIXED\n", "1, FIXED", "unknown *BOUNDARY type FIXED");
  expect_error(truss + "*BOUNDARY\n1, 7\n", "1, 7", "degree of freedom must be 1 to 6");
  expect_error(truss + "*BEAM SECTION, ELSET=TRUSS, MATERIAL=STEEL, SECTION=CIRC\n0.1\n0, 0, 0\n",
               "0, 0, 0", "must not be the zero vector");
}

TEST_F(DeckReaderTest, ErrorInIncludedFile)
{
  write("parts/mesh.inp", "** mesh\n*NODE\n1, 0, 0, 0\n1, 1, 0, 0\n");
  const std::string deck = "*HEADING\nincluding\n*INCLUDE, INPUT=parts/mesh.inp\n";
  const std::string path = write("deck.inp", deck);
  expect_error_at(path, (directory_ / "parts/mesh.inp").string() + ":4: ", "duplicate node id 1");
  expect_error(deck + "*INCLUDE, INPUT=missing.inp\n", "*INCLUDE, INPUT=missing.inp",
               "cannot open include file");
}

TEST_F(DeckReaderTest, WarningKeywordsSkipTheirDataLines)
{
  std::ostringstream warnings;
  const core::Model  model =
    deck::read_deck(write("deck.inp", truss + "*MONITOR, NODE=1, DOF=1\n*PREPRINT, ECHO=NO\n"),
                    warnings);
  EXPECT_EQ(model.nodes.size(), 2u);
  EXPECT_NE(warnings.str().find(":11: warning: *MONITOR ignored"), std::string::npos)
    << warnings.str();
}

TEST_F(DeckReaderTest, TokenizerRules)
{
  // CRLF line endings, a keyword continued by a trailing comma, mixed case,
  // blank lines, a Fortran exponent, and an *EQUATION running over two lines.
  const std::string deck =
    "*Node\r\n1, 0, 0, 0\r\n\r\n2, 1.0d0, 0, 0\r\n3, 2, 0, 0\r\n4, 3, 0, 0\r\n5, 4, 0, 0\r\n"
    "*element, type=t3d2,\r\n  elset=Truss\r\n1, 1, 2\r\n"
    "*ELSET, ELSET=EMPTY\r\n"
    "*MATERIAL, NAME=STEEL\r\n*ELASTIC\r\n210e9, 0.3\r\n"
    "*SOLID SECTION, ELSET=TRUSS, MATERIAL=STEEL\r\n"
    "*EQUATION\r\n5\r\n1, 1, 1.0, 2, 1, 1.0, 3, 1, 1.0, 4, 1, 1.0\r\n"
    "5, 1, -4.0\r\n";
  const core::Model model = deck::read_deck(write("deck.inp", deck));
  EXPECT_DOUBLE_EQ(model.node(2).position.x(), 1.0);
  EXPECT_EQ(model.element_sets.at("TRUSS"), (std::vector<unsigned>{1}));
  EXPECT_TRUE(model.element_sets.at("EMPTY").empty());
  ASSERT_EQ(model.equations.size(), 1u);
  ASSERT_EQ(model.equations[0].terms.size(), 5u);
  EXPECT_EQ(model.equations[0].terms[4].node_id, 5u);
  EXPECT_DOUBLE_EQ(model.sections[0].properties.truss().area, 1.0); // no data line: unit area
}

TEST_F(DeckReaderTest, ErrorEquationAndBoundaryDetails)
{
  expect_error(truss + "*EQUATION\n3\n1, 1, 1.0, 2, 1, -1.0\n", "3",
               "*EQUATION needs 3 terms, got 2");
  expect_error(truss + "*EQUATION\n2\n1, 1, 1.0, 9, 1, -1.0\n", "2",
               "undefined node 9 in *EQUATION");
  expect_error(truss + "*BOUNDARY, OP=NEW\n1, 1\n", "*BOUNDARY, OP=NEW",
               "OP=NEW is only allowed inside a step");
  expect_error(truss + "*ELSET, ELSET=E, GENERATE\n5, 1\n", "5, 1", "runs backwards");
  expect_error(truss + "*NSET, NSET=N\n1, 8\n", "1, 8", "undefined node 8 in node set N");
}
