/**
 * @file
 * The universal file (io::read_uff, io::write_uff) and the *UFF OUTPUT and
 * *CORRELATION keywords: what is written reads back; the forms other
 * exporters write (run-together E fields, D exponents, CR LF, single
 * precision nodes, blank lines, short lines) are read; malformed data is an
 * error naming the file's line; the keywords' misuse an error at their line.
 * input_decks/simply_supported_beam_uff_correlation.inp checks the
 * correlation on closed-form modes written by an independent script.
 */
#include "deck_test_fixture.h"

#include <src/io/uff_file.h>

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace
{
  using corot::core::InputError;
  using corot::io::read_uff;
  using corot::io::UffData;

  class UffFileTest : public corot::test::DeckFileTest
  {
  protected:
    /** Expects read_uff of @p text to fail at line @p line with @p message. */
    void
    expect_failure(const std::string &text, const unsigned line, const std::string &message)
    {
      const std::string path = write("modes.unv", text);
      try
        {
          read_uff(path);
          ADD_FAILURE() << "no error; expected " << message;
        }
      catch (const InputError &error)
        {
          const std::string what = error.what();
          const std::string at   = path + ":" + std::to_string(line) + ": ";
          EXPECT_EQ(what.substr(0, at.size()), at) << what;
          EXPECT_NE(what.find(message), std::string::npos) << what;
        }
    }

    /** A dataset 55 header for a normal mode with @p per_node values and data type @p type. */
    static std::string
    mode_header(const unsigned number, const double frequency, const unsigned per_node = 3,
                const unsigned type = 2, const unsigned analysis = 2)
    {
      char        line[160];
      std::string text = "    -1\n    55\nid1\nid2\nid3\nid4\nid5\n";
      std::snprintf(line, sizeof(line), "%10d%10u%10u%10d%10u%10u\n", 1, analysis,
                    per_node == 6 ? 3u : 2u, 8, type, per_node);
      text += line;
      std::snprintf(line, sizeof(line), "%10d%10d%10d%10u\n", 2, 4, 1, number);
      text += line;
      std::snprintf(line, sizeof(line), "%13.5E%13.5E%13.5E%13.5E\n", frequency, 1.0, 0.0, 0.0);
      return text + line;
    }
  };

  TEST_F(UffFileTest, WrittenModesReadBack)
  {
    UffData data;
    data.nodes = {{7, Eigen::Vector3d(0.1, -2.0 / 3.0, 1e-7)}, {9, Eigen::Vector3d(1.0, 2.0, 3.0)}};
    corot::core::UffMode translations;
    translations.number            = 1;
    translations.frequency         = 12.345678;
    translations.modal_mass        = 0.5;
    translations.values_per_node   = 3;
    translations.values            = {{7, {1.0, -0.25, 1.0 / 3.0}}, {9, {0.0, -1.0, 2.5e-3}}};
    corot::core::UffMode rotations = translations;
    rotations.number               = 2;
    rotations.frequency            = 1234.5678;
    rotations.values_per_node      = 6;
    rotations.values = {{7, {1.0, -0.25, 1.0 / 3.0, -1e-3, 2e-3, -3e-3}}, {9, {0, 0, 0, 0, 0, 1}}};
    data.modes       = {translations, rotations};
    std::ostringstream out;
    corot::io::write_uff(out, "round trip", data);
    const UffData read = read_uff(write("modes.unv", out.str()));

    ASSERT_EQ(read.nodes.size(), 2u);
    EXPECT_EQ(read.nodes[0].id, 7u);
    EXPECT_EQ(read.nodes[0].position, data.nodes[0].position); // 1P3E25.16: exact
    ASSERT_EQ(read.modes.size(), 2u);
    for (std::size_t m = 0; m < 2; ++m)
      {
        EXPECT_EQ(read.modes[m].number, data.modes[m].number);
        EXPECT_EQ(read.modes[m].values_per_node, data.modes[m].values_per_node);
        // E13.5 keeps 6 significant digits.
        EXPECT_NEAR(read.modes[m].frequency, data.modes[m].frequency,
                    5e-6 * data.modes[m].frequency);
        EXPECT_NEAR(read.modes[m].modal_mass, 0.5, 5e-7);
        for (const auto &[id, values] : data.modes[m].values)
          for (std::size_t k = 0; k < values.size(); ++k)
            EXPECT_NEAR(read.modes[m].values.at(id)[k], values[k], 5e-6 * std::abs(values[k]))
              << "mode " << m << " node " << id << " value " << k;
      }
    EXPECT_TRUE(read.skipped.empty());
  }

  TEST_F(UffFileTest, ExportersFormsAreRead)
  {
    // CR LF, a blank line between datasets, a short header, D exponents in
    // 2411 and 164, single-precision nodes (15), negative E13.6 values that
    // run together, a dataset of another kind, and a dataset 55 of another
    // analysis type (skipped, not an error).
    std::string text = "\r\n    -1\r\n   151\r\nshort\r\n    -1\r\n\r\n";
    text += "    -1\r\n   164\r\n         2Foot (pound f)               2\r\n"
            "  3.2808398950131234D+00  2.2480894387096181D-01  1.8000000000000000D+00\r\n"
            "  4.5967000000000000D+02\r\n    -1\r\n";
    text += "    -1\r\n  2411\r\n         1         1         1        11\r\n"
            "  1.0000000000000000D+00 -2.5000000000000000D-01  0.0000000000000000D+00\r\n"
            "    -1\r\n";
    text += "    -1\r\n    15\r\n         2         0         0         0  5.00000E-01 -1.00000E+00"
            "  0.00000E+00\r\n    -1\r\n";
    text += "    -1\r\n    58\r\nsomething else\r\n    -1\r\n";
    std::string mode = mode_header(3, 40.5);
    mode += "         1\n-1.000000E+00-2.000000E+00-3.000000E-01\n";
    mode += "         2\n 1.000000E+00 0.000000E+00-4.000000E-01\n    -1\n";
    text += mode;
    text += mode_header(4, 0.0, 3, 2, 4) + "         1\n 1.0 0.0 0.0\n    -1\n";
    const UffData read = read_uff(write("modes.unv", text));
    ASSERT_EQ(read.nodes.size(), 2u);
    EXPECT_EQ(read.nodes[0].position, Eigen::Vector3d(1.0, -0.25, 0.0));
    EXPECT_EQ(read.nodes[1].position, Eigen::Vector3d(0.5, -1.0, 0.0));
    ASSERT_TRUE(read.units);
    EXPECT_EQ(read.units->code, 2u);
    EXPECT_EQ(read.units->description, "Foot (pound f)");
    EXPECT_DOUBLE_EQ(read.units->length_factor, 3.2808398950131234);
    ASSERT_EQ(read.modes.size(), 1u);
    EXPECT_EQ(read.modes[0].number, 3u);
    EXPECT_EQ(read.modes[0].values.at(1), (std::vector<double>{-1.0, -2.0, -0.3}));
    EXPECT_EQ(read.modes[0].values.at(2), (std::vector<double>{1.0, 0.0, -0.4}));
    ASSERT_EQ(read.skipped.size(), 2u);
    EXPECT_NE(read.skipped[0].find("dataset 58"), std::string::npos);
    EXPECT_NE(read.skipped[1].find("analysis type 4"), std::string::npos);
  }

  TEST_F(UffFileTest, MalformedDataNamesTheLine)
  {
    const std::string values = "         1\n  1.00000E+00  0.00000E+00  0.00000E+00\n";
    // Line 10 is record 8 of these datasets, line 7 record 6 ...
    expect_failure(mode_header(1, 10.0) + values, 2, "no closing '    -1'");
    expect_failure(mode_header(1, 10.0, 3, 5) + values + "    -1\n", 8, "only real mode shapes");
    std::string six = mode_header(1, 10.0, 6);
    six.replace(six.find("         3         8"), 20, "         2         8");
    expect_failure(six + values + "    -1\n", 8, "data characteristic");
    expect_failure(mode_header(1, 10.0) + "         1\n  1.00000E+00  abc          0.0\n    -1\n",
                   12, "is not a number");
    expect_failure(mode_header(1, 10.0) + "         1\n    -1\n", 11, "has no line of values");
    expect_failure(mode_header(1, 10.0) + values + values + "    -1\n", 13, "appears twice");
    expect_failure(mode_header(1, -10.0) + values + "    -1\n", 10, "negative frequency");
    expect_failure("    -1\n  2411\n         0         1         1        11\n"
                   "  1.0  0.0  0.0\n    -1\n",
                   3, "node label 0");
    expect_failure(
      "    -1\n    15\n         1         0         0         0     1.0E+400\n    -1\n", 3,
      "out of range");
    expect_failure("some text\n", 1, "expected '    -1'");
  }

  const std::string beam =
    "*NODE, NSET=ALL\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=B31, ELSET=E\n1, 1, 2\n"
    "*BEAM SECTION, ELSET=E, MATERIAL=M, SECTION=RECT\n0.1, 0.1\n0, 0, -1\n*MATERIAL, NAME=M\n"
    "*ELASTIC\n1.0e9, 0.3\n*DENSITY\n1000.0\n*BOUNDARY\n1, 1, 6\n";

  TEST_F(UffFileTest, KeywordsAreReadIntoTheFrequencyStep)
  {
    write("modes.unv",
          mode_header(1, 10.0) + "         2\n  1.00000E+00  0.00000E+00  0.00000E+00\n    -1\n");
    std::ostringstream       warnings;
    const corot::core::Model model = corot::deck::read_deck(
      write("deck.inp", beam + "*STEP\n*FREQUENCY\n2\n*UFF OUTPUT, NSET=ALL\n*CORRELATION, "
                               "INPUT=modes.unv, MATCH=COORDINATES, TOLERANCE=0.01\n*END STEP\n"),
      warnings);
    const auto &frequency = model.steps[0].parameters.get<corot::core::FrequencyParameters>();
    ASSERT_TRUE(frequency.uff_output);
    EXPECT_EQ(frequency.uff_output->node_ids, (std::vector<unsigned>{1, 2}));
    ASSERT_TRUE(frequency.correlation);
    EXPECT_TRUE(frequency.correlation->by_coordinates);
    EXPECT_EQ(frequency.correlation->tolerance, 0.01);
    EXPECT_EQ(frequency.correlation->data->modes.size(), 1u);
  }

  TEST_F(UffFileTest, KeywordMisuseIsAnErrorAtItsLine)
  {
    write("modes.unv",
          mode_header(1, 10.0) + "         2\n  1.00000E+00  0.00000E+00  0.00000E+00\n    -1\n");
    write("none.unv", "    -1\n   151\nheader only\n    -1\n");
    const std::string frequency = "*STEP\n*FREQUENCY\n2\n";
    expect_error(beam + "*STEP\n*STATIC\n*UFF OUTPUT\n*END STEP\n", "*UFF OUTPUT",
                 "belongs to a *FREQUENCY step");
    expect_error(beam + "*STEP\n*CORRELATION, INPUT=modes.unv\n*FREQUENCY\n*END STEP\n",
                 "*CORRELATION, INPUT=modes.unv", "after its *FREQUENCY line");
    expect_error(beam + frequency + "*CORRELATION, INPUT=modes.unv, MATCH=NAME\n*END STEP\n",
                 "*CORRELATION, INPUT=modes.unv, MATCH=NAME", "MATCH=NAME");
    expect_error(beam + frequency + "*CORRELATION, INPUT=modes.unv, TOLERANCE=1\n*END STEP\n",
                 "*CORRELATION, INPUT=modes.unv, TOLERANCE=1", "applies to MATCH=COORDINATES");
    expect_error(beam + frequency + "*CORRELATION, INPUT=modes.unv, MATCH=COORDINATES\n*END STEP\n",
                 "*CORRELATION, INPUT=modes.unv, MATCH=COORDINATES", "needs TOLERANCE=");
    expect_error(beam + frequency + "*CORRELATION, INPUT=none.unv\n*END STEP\n",
                 "*CORRELATION, INPUT=none.unv", "holds no normal modes");
    expect_error(beam + frequency + "*UFF OUTPUT\n*UFF OUTPUT\n*END STEP\n", "*UFF OUTPUT",
                 "a second *UFF OUTPUT");
    // *INVERSE FREQUENCY, TEST MODES= (model updating) reads the file the same way.
    expect_error(beam + "*STEP\n*INVERSE FREQUENCY, TEST MODES=modes.unv\n7\n*DESIGN "
                        "VARIABLES\nX\n*END STEP\n",
                 "7", "has no mode 7");
    expect_error(beam + "*STEP\n*INVERSE FREQUENCY, TEST MODES=modes.unv\n1\n1\n*DESIGN "
                        "VARIABLES\nX\n*END STEP\n",
                 "1", "already a target");
    expect_error(beam + "*STEP\n*INVERSE FREQUENCY, MATCH=ID\n1, 10.0\n*DESIGN "
                        "VARIABLES\nX\n*END STEP\n",
                 "*INVERSE FREQUENCY, MATCH=ID", "applies to TEST MODES=");
  }
} // namespace
