/**
 * @file
 * The restart file (io::RestartFile, *RESTART keyword): a point reads back
 * bit for bit, appended points are listed in order, a damaged or cut point
 * is detected, and the keyword's misuse is an error at its line. The whole
 * restart (a resumed run equals the uninterrupted one) is tested by
 * tests/restart/restart_test.py.
 */
#include "deck_test_fixture.h"

#include <src/io/restart_file.h>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>

namespace
{
  using corot::io::RestartError;
  using corot::io::RestartFile;
  using corot::io::RestartPosition;
  using corot::io::RestartRecord;

  class RestartFileTest : public corot::test::DeckFileTest
  {
  protected:
    static RestartRecord
    sample(const double scale)
    {
      RestartRecord record;
      // Values whose decimal forms round: a text format would lose their last bits.
      record.set("configuration.displacements",
                 std::vector<double>{scale / 3.0, -std::sqrt(2.0) * scale, 1e-300, -0.0});
      record.set("dynamic.time", 0.1 * scale);
      record.set("empty", std::vector<double>{});
      record.set_text("model", "6 nodes, 5 elements");
      return record;
    }

    static RestartPosition
    at(const unsigned step, const unsigned increment, const bool complete = false)
    {
      RestartPosition position;
      position.step      = step;
      position.increment = increment;
      position.complete  = complete;
      position.time      = 0.25 * increment;
      return position;
    }

    std::string
    file() const
    {
      return (directory_ / "job.res").string();
    }

    std::string
    bytes() const
    {
      std::ifstream in(file(), std::ios::binary);
      return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }

    void
    overwrite(const std::string &content) const
    {
      std::ofstream(file(), std::ios::binary | std::ios::trunc) << content;
    }
  };

  TEST_F(RestartFileTest, PointReadsBackBitForBit)
  {
    RestartFile::write(file(), at(2, 40), sample(1.0), true);
    const auto [position, record] = RestartFile::read(file(), std::nullopt, std::nullopt);
    EXPECT_EQ(position.step, 2u);
    EXPECT_EQ(position.increment, 40u);
    EXPECT_FALSE(position.complete);
    EXPECT_EQ(position.time, 10.0);
    const RestartRecord expected = sample(1.0);
    const auto         &written  = expected.numbers("configuration.displacements");
    const auto         &read     = record.numbers("configuration.displacements");
    ASSERT_EQ(read.size(), written.size());
    for (std::size_t i = 0; i < read.size(); ++i)
      EXPECT_EQ(std::memcmp(&read[i], &written[i], sizeof(double)), 0) << "entry " << i;
    EXPECT_EQ(record.number("dynamic.time"), 0.1);
    EXPECT_TRUE(record.numbers("empty").empty());
    EXPECT_EQ(record.text("model"), "6 nodes, 5 elements");
  }

  TEST_F(RestartFileTest, MissingOrMisSizedEntriesAreNamed)
  {
    const RestartRecord record = sample(1.0);
    try
      {
        record.numbers("dynamic.velocity");
        ADD_FAILURE() << "no error";
      }
    catch (const RestartError &error)
      {
        EXPECT_NE(std::string(error.what()).find("'dynamic.velocity'"), std::string::npos);
      }
    try
      {
        record.vector("configuration.displacements", 6);
        ADD_FAILURE() << "no error";
      }
    catch (const RestartError &error)
      {
        EXPECT_NE(std::string(error.what()).find("holds 4 numbers, this model needs 6"),
                  std::string::npos)
          << error.what();
      }
  }

  TEST_F(RestartFileTest, AppendedPointsAreListedAndChosen)
  {
    RestartFile::write(file(), at(1, 3, true), sample(1.0), true);
    RestartFile::write(file(), at(2, 5), sample(2.0), false);
    RestartFile::write(file(), at(2, 10), sample(3.0), false);
    const std::vector<RestartPosition> positions = RestartFile::positions(file());
    ASSERT_EQ(positions.size(), 3u);
    EXPECT_TRUE(positions[0].complete);
    EXPECT_EQ(positions[2].increment, 10u);
    // Unset: the last point; STEP= alone: that step's last point.
    EXPECT_EQ(RestartFile::read(file(), std::nullopt, std::nullopt).second.number("dynamic.time"),
              0.1 * 3.0);
    EXPECT_EQ(RestartFile::read(file(), 1u, std::nullopt).first.increment, 3u);
    EXPECT_EQ(RestartFile::read(file(), 2u, 5u).second.number("dynamic.time"), 0.1 * 2.0);
    try
      {
        RestartFile::read(file(), 2u, 7u);
        ADD_FAILURE() << "no error";
      }
    catch (const RestartError &error)
      {
        const std::string what = error.what();
        EXPECT_NE(what.find("no restart point at step 2, increment 7"), std::string::npos) << what;
        EXPECT_NE(what.find("step 2, increment 10"), std::string::npos) << what;
      }
    // Replacing (OVERLAY, or the first point of a run) keeps the new point only.
    RestartFile::write(file(), at(3, 1), sample(4.0), true);
    EXPECT_EQ(RestartFile::positions(file()).size(), 1u);
  }

  TEST_F(RestartFileTest, DamagedPointIsRefused)
  {
    RestartFile::write(file(), at(2, 40), sample(1.0), true);
    std::string content = bytes();
    content[content.size() - 40] ^= 0x01; // one bit of the payload
    overwrite(content);
    try
      {
        RestartFile::read(file(), std::nullopt, std::nullopt);
        ADD_FAILURE() << "no error";
      }
    catch (const RestartError &error)
      {
        EXPECT_NE(std::string(error.what()).find("is damaged"), std::string::npos) << error.what();
      }
  }

  TEST_F(RestartFileTest, PointCutWhileWrittenIsNotUsed)
  {
    RestartFile::write(file(), at(2, 5), sample(1.0), true);
    RestartFile::write(file(), at(2, 10), sample(2.0), false);
    const std::string content = bytes();
    for (const std::size_t cut : {std::size_t(3), std::size_t(30), std::size_t(200)})
      {
        overwrite(content.substr(0, content.size() - cut));
        std::string torn;
        const auto  point = RestartFile::read(file(), std::nullopt, std::nullopt, &torn);
        EXPECT_EQ(point.first.increment, 5u) << "cut " << cut;
        EXPECT_NE(torn.find("incomplete"), std::string::npos) << torn;
      }
  }

  TEST_F(RestartFileTest, OtherFilesAreRefused)
  {
    overwrite("*HEADING\nnot a restart file\n");
    EXPECT_THROW(RestartFile::read(file(), std::nullopt, std::nullopt), RestartError);
    EXPECT_THROW(RestartFile::read((directory_ / "absent.res").string(), std::nullopt,
                                   std::nullopt),
                 RestartError);
  }

  const std::string model = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2, ELSET=E\n1, 1, 2\n"
                            "*SOLID SECTION, ELSET=E, MATERIAL=M\n1.0\n*MATERIAL, NAME=M\n"
                            "*ELASTIC\n1.0, 0.0\n";

  TEST_F(RestartFileTest, KeywordReadsWriteAndRead)
  {
    const std::string deck = "*RESTART, READ, STEP=2, INC=7, FILE=old\n" + model +
                             "*STEP\n*STATIC\n*RESTART, WRITE, FREQUENCY=3, OVERLAY\n*END STEP\n"
                             "*STEP\n*STATIC\n*END STEP\n*STEP\n*STATIC\n*RESTART, WRITE, "
                             "FREQUENCY=0\n*END STEP\n";
    std::ostringstream       warnings;
    const corot::core::Model read = corot::deck::read_deck(write("deck.inp", deck), warnings);
    ASSERT_TRUE(read.restart_read);
    EXPECT_EQ(*read.restart_read->step, 2u);
    EXPECT_EQ(*read.restart_read->increment, 7u);
    EXPECT_EQ(read.restart_read->file, "old");
    ASSERT_EQ(read.steps.size(), 3u);
    EXPECT_EQ(read.steps[0].restart.frequency, 3u);
    EXPECT_TRUE(read.steps[0].restart.overlay);
    // Abaqus: the request stays in force for the steps after it until the next one.
    EXPECT_EQ(read.steps[1].restart.frequency, 3u);
    EXPECT_FALSE(read.steps[2].restart.active());
    EXPECT_EQ(warnings.str().find("RESTART"), std::string::npos) << warnings.str();
  }

  TEST_F(RestartFileTest, KeywordMisuseIsAnErrorAtItsLine)
  {
    const std::string step = "*STEP\n*STATIC\n*END STEP\n";
    expect_error("*RESTART, WRITE\n" + model + step, "*RESTART, WRITE", "is step data");
    expect_error(model + "*STEP\n*STATIC\n*RESTART, READ\n*END STEP\n", "*RESTART, READ",
                 "is model data");
    expect_error(model + "*STEP\n*STATIC\n*RESTART\n*END STEP\n", "*RESTART", "either WRITE");
    expect_error(model + "*STEP\n*STATIC\n*RESTART, WRITE, READ\n*END STEP\n",
                 "*RESTART, WRITE, READ", "either WRITE");
    expect_error("*RESTART, READ, INC=4\n" + model + step, "*RESTART, READ, INC=4", "needs STEP=");
    expect_error("*RESTART, READ, STEP=1, END STEP\n" + model + step,
                 "*RESTART, READ, STEP=1, END STEP", "END STEP");
    expect_error("*RESTART, READ, FREQUENCY=2\n" + model + step, "*RESTART, READ, FREQUENCY=2",
                 "does not take FREQUENCY");
    expect_error("*RESTART, READ, STEP=0\n" + model + step, "*RESTART, READ, STEP=0",
                 "counts from 1");
    expect_error(model + "*STEP\n*STATIC\n*RESTART, WRITE, FREQUENCY=-1\n*END STEP\n",
                 "*RESTART, WRITE, FREQUENCY=-1", "FREQUENCY");
  }
} // namespace
