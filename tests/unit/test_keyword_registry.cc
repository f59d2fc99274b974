/**
 * The plugin tables (issue 12 item 2): duplicate names are refused in every
 * registry, deck keywords are dispatched through KeywordRegistry only (every
 * keyword the hand-kept lists of the parsers knew is registered where it was
 * allowed), unknown parameters are a file:line error on every keyword, and a
 * keyword in its own .h/.cc pair (*HEADING) works like the others.
 */
#include <elements/registry.h>
#include <src/core/plugin_table.h>
#include <src/deck/keyword_registry.h>

#include "deck_test_fixture.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

using namespace corot;

namespace
{
  const std::string truss = "*NODE\n"
                            "1, 0, 0, 0\n"
                            "2, 1, 0, 0\n"
                            "*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n"
                            "1, 1, 2\n"
                            "*MATERIAL, NAME=STEEL\n"
                            "*ELASTIC\n"
                            "210e9, 0.3\n"
                            "*SOLID SECTION, ELSET=TRUSS, MATERIAL=STEEL\n"
                            "0.01\n"
                            "*BOUNDARY\n"
                            "1, 1, 3\n"
                            "2, 2, 3\n";

  class KeywordRegistryTest : public test::DeckFileTest
  {};
} // namespace

TEST(PluginTable, FindsCaseInsensitivelyAndRefusesDuplicates)
{
  core::PluginTable<int> table("test plugin");
  table.add("Alpha", 1);
  table.add("BETA", 2);
  ASSERT_NE(table.find("alpha"), nullptr);
  EXPECT_EQ(*table.find("ALPHA"), 1);
  EXPECT_EQ(table.find("gamma"), nullptr);
  try
    {
      table.add("alpha", 3);
      ADD_FAILURE() << "a duplicate name was accepted";
    }
  catch (const core::DuplicatePluginError &error)
    {
      EXPECT_EQ(std::string(error.what()), "duplicate test plugin ALPHA: registered twice");
    }
  EXPECT_EQ(*table.find("alpha"), 1); // unchanged
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(*table.all()[0], 1); // sorted by name
  EXPECT_EQ(*table.all()[1], 2);
}

TEST(PluginTable, StartUpErrorNamesTheDuplicate)
{
  core::PluginTable<int> table("test plugin");
  EXPECT_EQ(core::registration_error([&] { table.add("A", 1); }), "");
  EXPECT_EQ(core::registration_error([&] { table.add("a", 2); }),
            "corot: start-up error: duplicate test plugin A: registered twice");
}

TEST(PluginTable, DuplicateElementTypeIsAnError)
{
  test::ensure_element_type("T3D2", 2, core::SectionKind::solid);
  const auto before = elements::ElementRegistry::instance().types().size();
  EXPECT_THROW(elements::ElementRegistry::instance().add(
                 {"t3d2", "a second T3D2", 2, core::SectionKind::solid, nullptr}),
               core::DuplicatePluginError);
  EXPECT_EQ(elements::ElementRegistry::instance().types().size(), before);
  EXPECT_NE(elements::ElementRegistry::instance().find("T3D2")->description, "a second T3D2");
}

TEST(KeywordRegistry, DuplicateNamesAndSpellingsAreErrors)
{
  auto             &registry = deck::KeywordRegistry::instance();
  const auto        before   = registry.keywords().size();
  deck::KeywordInfo node;
  node.name  = "NODE";
  node.parse = [](deck::KeywordContext &, const deck::KeywordLine &,
                  const std::vector<deck::DataLine> &) {};
  EXPECT_EQ(core::registration_error([&] { registry.add(node); }),
            "corot: start-up error: duplicate deck keyword NODE: registered twice");
  // *ENDSTEP must name one keyword: a name spelled like another once blanks go is a duplicate.
  deck::KeywordInfo endstep = node;
  endstep.name              = "ENDSTEP";
  EXPECT_EQ(core::registration_error([&] { registry.add(endstep); }),
            "corot: start-up error: duplicate deck keyword ENDSTEP (spelled like *END STEP): "
            "registered twice");
  deck::KeywordInfo lower = node;
  lower.name              = "node print x";
  EXPECT_THROW(registry.add(lower), std::logic_error);
  deck::KeywordInfo twice = node;
  twice.name              = "NEW KEYWORD FOR A TEST";
  twice.parameters        = {deck::optional_parameter("A", ""), deck::optional_parameter("A", "")};
  EXPECT_THROW(registry.add(twice), std::logic_error);
  EXPECT_EQ(registry.keywords().size(), before);
  EXPECT_EQ(registry.find("NEW KEYWORD FOR A TEST"), nullptr);
}

// Every keyword the parsers' hand-kept lists (ModelKeywordParser::handles,
// StepKeywordParser::handles, CmsKeywordParser::handles, the ignored output
// keywords of DeckParser) knew before the registry is registered, allowed
// where it was allowed then.
TEST(KeywordRegistry, EveryKeywordOfTheFormerListsIsRegistered)
{
  using P                               = deck::KeywordPlacement;
  const std::map<std::string, P> former = {{"HEADING", P::model},
                                           {"NODE", P::model},
                                           {"NSET", P::model},
                                           {"ELSET", P::model},
                                           {"ELEMENT", P::model},
                                           {"MATERIAL", P::model},
                                           {"ELASTIC", P::model},
                                           {"DENSITY", P::model},
                                           {"SOLID SECTION", P::model},
                                           {"BEAM SECTION", P::model},
                                           {"BEAM GENERAL SECTION", P::model},
                                           {"SHELL SECTION", P::model},
                                           {"MASS", P::model},
                                           {"ROTARY INERTIA", P::model},
                                           {"EQUATION", P::model},
                                           {"AMPLITUDE", P::model},
                                           {"INITIAL CONDITIONS", P::model},
                                           {"BOUNDARY", P::anywhere},
                                           {"TRANSVERSE SHEAR STIFFNESS", P::model},
                                           {"STEP", P::anywhere},
                                           {"END STEP", P::anywhere},
                                           {"CONTROLS", P::anywhere},
                                           {"STATIC", P::step},
                                           {"FREQUENCY", P::step},
                                           {"BUCKLE", P::step},
                                           {"DYNAMIC", P::step},
                                           {"CLOAD", P::step},
                                           {"DLOAD", P::step},
                                           {"NODE PRINT", P::step},
                                           {"EL PRINT", P::step},
                                           {"NODE FILE", P::step},
                                           {"EL FILE", P::step},
                                           {"ENERGY PRINT", P::step},
                                           {"TIME POINTS", P::anywhere},
                                           {"COMPONENT", P::model},
                                           {"DESIGN PARAMETER", P::model},
                                           {"MODAL SYNTHESIS", P::step},
                                           {"MODIFICATION", P::step},
                                           {"SENSITIVITY", P::step},
                                           {"INVERSE FREQUENCY", P::step},
                                           {"DESIGN VARIABLES", P::step},
                                           {"COMPONENT MATRIX OUTPUT", P::step}, // issue 16
                                           {"MPC", P::model},
                                           {"RIGID BODY", P::model},
                                           {"DAMPING", P::model},            // issue 15
                                           {"KINEMATIC COUPLING", P::model}, // issue 14
                                           {"ORIENTATION", P::model},
                                           {"CONNECTOR SECTION", P::model},
                                           {"SPRING", P::model},                // issue 15
                                           {"DASHPOT", P::model},               // issue 15
                                           {"SHELL GENERAL SECTION", P::model}, // issue 13
                                           {"RESTART", P::anywhere},  // issue 18, was ignored
                                           {"UFF OUTPUT", P::step},   // issue 16
                                           {"CORRELATION", P::step}}; // issue 16
  for (const auto &[name, placement] : former)
    {
      const deck::KeywordInfo *info = deck::KeywordRegistry::instance().find(name);
      ASSERT_NE(info, nullptr) << name;
      EXPECT_EQ(info->placement, placement) << name;
      EXPECT_FALSE(info->ignored()) << name;
      EXPECT_FALSE(info->description.empty()) << name;
    }
  for (const std::string name :
       {"OUTPUT", "NODE OUTPUT", "ELEMENT OUTPUT", "CONTACT OUTPUT", "MONITOR", "PREPRINT"})
    {
      const deck::KeywordInfo *info = deck::KeywordRegistry::instance().find(name);
      ASSERT_NE(info, nullptr) << name;
      EXPECT_TRUE(info->ignored()) << name;
    }
  ASSERT_NE(deck::KeywordRegistry::instance().find("INCLUDE"), nullptr);
  // No count of all keywords here: a new keyword registers itself and needs no edit of this
  // list; that every registered keyword is documented, and nothing else, is
  // DeckReference.EveryRegisteredKeywordIsDocumented and its converse.
  EXPECT_EQ(deck::KeywordRegistry::instance().find_spelling("ELPRINT"),
            deck::KeywordRegistry::instance().find("EL PRINT"));
  EXPECT_EQ(deck::KeywordRegistry::instance().find_spelling("NODEPRONT"), nullptr);
}

// The parameter check moved from the handlers into DeckParser: an unknown
// parameter is still one "file:line: unknown parameter P on *K" line, for
// keywords of every parser and for the keyword in its own pair.
TEST_F(KeywordRegistryTest, UnknownParameterIsAnErrorOnEveryKeyword)
{
  expect_error("*HEADING, TITLE=X\nA title\n", "*HEADING, TITLE=X",
               "unknown parameter TITLE on *HEADING");
  expect_error("*NSET, NSET=A, GENERATED\n1, 2\n", "*NSET, NSET=A, GENERATED",
               "unknown parameter GENERATED on *NSET");
  expect_error(truss + "*STEP, NLGEOM, INCS=10\n*STATIC\n*END STEP\n", "*STEP, NLGEOM, INCS=10",
               "unknown parameter INCS on *STEP");
  expect_error(truss + "*STEP\n*STATIC\n*CLOAD, AMP=A\n2, 1, 1.\n*END STEP\n", "*CLOAD, AMP=A",
               "unknown parameter AMP on *CLOAD");
  expect_error(truss + "*STEP\n*STATIC\n*EL PRINT, NSET=A\nS\n*END STEP\n", "*EL PRINT, NSET=A",
               "unknown parameter NSET on *EL PRINT");
  expect_error(truss + "*STEP\n*STATIC\n*NODE PRINT, SECTION FORCES\nU\n*END STEP\n",
               "*NODE PRINT, SECTION FORCES", "unknown parameter SECTION FORCES on *NODE PRINT");
  expect_error(truss + "*COMPONENT, NAME=C, ELSET=TRUSS, METHOD=X\n",
               "*COMPONENT, NAME=C, ELSET=TRUSS, METHOD=X",
               "unknown parameter METHOD on *COMPONENT");
  // Blank-insensitive spellings are respelled first, so the message names the keyword.
  expect_error(truss + "*STEP\n*STATIC\n*NODEPRINT, ELSET=TRUSS\nU\n*END STEP\n",
               "*NODEPRINT, ELSET=TRUSS", "unknown parameter ELSET on *NODE PRINT");
}

TEST_F(KeywordRegistryTest, HeadingInItsOwnPair)
{
  const std::string  path = write("deck.inp", "*HEADING\nfirst line\nsecond, line\n" + truss);
  std::ostringstream warnings;
  const core::Model  model = deck::read_deck(path, warnings);
  EXPECT_EQ(model.heading, "first line\nsecond, line");
  expect_error(truss + "*STEP\n*HEADING\nX\n*STATIC\n*END STEP\n", "*HEADING",
               "*HEADING is model data and not allowed inside a step");
}

// A material's options (*ELASTIC, *DENSITY) follow its *MATERIAL line; any
// other keyword ends the material. Before the registry the CMS keywords and
// *TIME POINTS did not, so *ELASTIC after *COMPONENT silently went into the
// material above it (this test fails on main and passes since).
TEST_F(KeywordRegistryTest, EveryOtherKeywordEndsTheMaterial)
{
  const std::string model = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n"
                            "*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n1, 1, 2\n";
  expect_error(model + "*MATERIAL, NAME=STEEL\n*COMPONENT, NAME=C, ELSET=TRUSS\n*ELASTIC\n210e9\n",
               "*ELASTIC", "*ELASTIC must follow *MATERIAL");
  expect_error(model + "*MATERIAL, NAME=STEEL\n*TIME POINTS, NAME=T\n0.5\n*DENSITY\n7800\n",
               "*DENSITY", "*DENSITY must follow *MATERIAL");
}
