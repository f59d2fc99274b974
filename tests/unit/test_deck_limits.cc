// Limits on what a deck can ask for, and the messages that say so (issue 18,
// item 3): numbers beyond a double, ids beyond the supported range, absurd
// GENERATE counts, include depth and files that are not decks, each as one
// line "file:line: message" before anything large is allocated.
#include "deck_test_fixture.h"

#include <filesystem>

namespace
{
  using namespace corot;

  class DeckLimitsTest : public test::DeckFileTest
  {};

  const std::string nodes = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n";
} // namespace

// Before: "expected a number, got '1e400'", as for a typing error.
TEST_F(DeckLimitsTest, NumberBeyondADouble)
{
  expect_error("*NODE\n1, 0.0, 1e400, 0\n", "1, 0.0, 1e400, 0",
               "1e400 is out of range (a double's magnitude is at most 1.8e308)");
  expect_error("*NODE\n1, 0.0, -2.5D+999, 0\n", "1, 0.0, -2.5D+999, 0",
               "-2.5D+999 is out of range");
  expect_error("*NODE\n1, 0.0, 1e-400, 0\n", "1, 0.0, 1e-400, 0",
               "1e-400 is out of range (too small for a double");
  expect_error("*NODE\n1, 0.0, nan, 0\n", "1, 0.0, nan, 0", "expected a finite number, got 'nan'");
  expect_error("*NODE\n1, 0.0, abc, 0\n", "1, 0.0, abc, 0", "expected a number, got 'abc'");
}

// Node and element ids have at most nine digits; leading zeros do not count.
TEST_F(DeckLimitsTest, IdsBeyondTheSupportedRange)
{
  expect_error("*NODE\n1000000000000, 0, 0, 0\n", "1000000000000, 0, 0, 0",
               "1000000000000 is out of range (ids and counts are at most 999999999)");
  expect_error(nodes + "*ELEMENT, TYPE=T3D2, ELSET=E\n1, 1, 99999999999\n", "1, 1, 99999999999",
               "99999999999 is out of range");
  const core::Model model =
    deck::read_deck(write("deck.inp", "*NODE\n999999999, 0, 0, 0\n0000000002, 1, 0, 0\n"));
  EXPECT_EQ(model.nodes.size(), 2u);
  EXPECT_DOUBLE_EQ(model.node(2).position.x(), 1.0);
}

// A GENERATE line asking for 1e9 ids used to allocate them (4 GB) before any check.
TEST_F(DeckLimitsTest, AbsurdGenerateCounts)
{
  expect_error(nodes + "*NSET, NSET=ALL, GENERATE\n1, 999999999, 1\n", "1, 999999999, 1",
               "GENERATE 1 to 999999999 by 1 asks for 999999999 ids (at most 10000000 per line)");
  expect_error(nodes + "*ELSET, ELSET=ALL, GENERATE\n1, 1000000000000\n", "1, 1000000000000",
               "1000000000000 is out of range");
  expect_error(nodes + "*TIME POINTS, NAME=T, GENERATE\n0.0, 1.0, 1e-12\n", "0.0, 1.0, 1e-12",
               "*TIME POINTS, GENERATE asks for 1e+12 time points (at most 10000000 per line)");
  expect_error(nodes + "*TIME POINTS, NAME=T, GENERATE\n0.0, 1e300, 1e-300\n", "0.0, 1e300, 1e-300",
               "asks for inf time points");
  // A large but sane range still reads.
  const core::Model model =
    deck::read_deck(write("deck.inp", nodes + "*NSET, NSET=SOME, GENERATE\n1, 2\n"));
  EXPECT_EQ(model.node_sets.at("SOME").size(), 2u);
}

// A deck that includes itself stops at the include depth with the chain's last line.
TEST_F(DeckLimitsTest, IncludeDepth)
{
  const std::string deck = "*HEADING\nself\n*INCLUDE, INPUT=deck.inp\n";
  expect_error(deck, "*INCLUDE, INPUT=deck.inp",
               "*INCLUDE nested more than 20 deep (an include cycle?)");
}

// Filesystem errors name the file, in the form file:line: message.
TEST_F(DeckLimitsTest, FilesystemErrorsNameTheFile)
{
  const std::string deck = nodes + "*INCLUDE, INPUT=missing.inp\n";
  expect_error(deck, "*INCLUDE, INPUT=missing.inp",
               "cannot open include file " + (directory_ / "missing.inp").string() +
                 ": No such file or directory");
  // A directory used to read as an empty file: a silently empty include.
  std::filesystem::create_directories(directory_ / "parts");
  expect_error(nodes + "*INCLUDE, INPUT=parts\n", "*INCLUDE, INPUT=parts",
               "cannot read include file " + (directory_ / "parts").string() +
                 ": it is a directory");
  // A device never ends: it used to be read until memory ran out.
  expect_error(nodes + "*INCLUDE, INPUT=/dev/zero\n", "*INCLUDE, INPUT=/dev/zero",
               "cannot read include file /dev/zero: it is not a regular file");
  expect_error_at((directory_ / "absent.inp").string(), (directory_ / "absent.inp").string() + ":",
                  "cannot open deck file " + (directory_ / "absent.inp").string() +
                    ": No such file or directory");
}

// Sets naming earlier sets sixteen times over grow as 16^n: eight such lines
// asked for 4e9 members (std::bad_alloc, a message without its deck line, or
// a machine out of memory, before this limit).
TEST_F(DeckLimitsTest, SetsNamingSetsManyTimesOver)
{
  std::string deck =
    "*NODE\n1, 0, 0, 0\n*NSET, NSET=S0\n1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1\n";
  std::string last;
  for (int i = 1; i <= 8; ++i)
    {
      deck += "*NSET, NSET=S" + std::to_string(i) + "\n";
      last.clear();
      for (int j = 0; j < 16; ++j)
        last += (j > 0 ? ", S" : "S") + std::to_string(i - 1);
      deck += last + "\n";
    }
  // S5 has 16^6 = 16777216 members; the sixth copy of S5 on S6's line passes 1e8 in all.
  std::string s6_line;
  for (int j = 0; j < 16; ++j)
    s6_line += (j > 0 ? ", S" : "S") + std::to_string(5);
  expect_error(deck, s6_line, "node set S6 would bring the sets to ");
  expect_error(deck, s6_line,
               "members in all (at most 100000000; a set that names other sets many times over?)");
}

// A value out of its range is printed as %g: -1e-09, not std::to_string's "-0.000000" (which
// read as if the deck held zero), and a wrong wall 2e-3 as 0.002, not "0.002000".
TEST_F(DeckLimitsTest, SmallValuesInMessagesKeepTheirDigits)
{
  expect_error("*MATERIAL, NAME=STEEL\n*ELASTIC\n2.1e11, 0.3\n*DENSITY\n-1e-9\n", "-1e-9",
               "density must not be negative, got -1e-09");
  expect_error(nodes + "*ELEMENT, TYPE=B31, ELSET=E\n1, 1, 2\n*MATERIAL, NAME=STEEL\n*ELASTIC\n"
                       "2.1e11, 0.3\n*BEAM SECTION, ELSET=E, MATERIAL=STEEL, SECTION=PIPE\n"
                       "0.001, 0.002\n0, 0, 1\n",
               "0.001, 0.002", "SECTION=PIPE wall thickness 0.002 exceeds the outer radius 0.001");
}
