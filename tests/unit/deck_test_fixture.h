#pragma once
/**
 * @file
 * A GoogleTest fixture for deck-reader tests: element types the reader needs
 * (stand-ins if the real plugins are not linked in), a fresh temporary
 * directory per test for the decks, and the check that bad input gives one
 * line "path:N: message".
 */
#include <elements/registry.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

namespace corot::test
{
  /** Registers a stand-in element type if the real one is not linked in yet. */
  inline void
  ensure_element_type(const std::string &name, const unsigned n_nodes, const core::SectionKind kind)
  {
    if (elements::ElementRegistry::instance().find(name) == nullptr)
      elements::ElementRegistry::instance().add({name, "test stand-in", n_nodes, kind, nullptr});
  }

  /** A fresh temporary directory per test; decks are written there and read. */
  class DeckFileTest : public ::testing::Test
  {
  protected:
    void
    SetUp() override
    {
      ensure_element_type("T3D2", 2, core::SectionKind::solid);
      ensure_element_type("B31", 2, core::SectionKind::beam);
      ensure_element_type("MASS", 1, core::SectionKind::point_mass);
      ensure_element_type("ROTARYI", 1, core::SectionKind::rotary_inertia);
      const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
      directory_       = std::filesystem::temp_directory_path() /
                   ("corot_deck_test_" + std::string(info->test_suite_name()) + "_" +
                    std::string(info->name()) + "_" + std::to_string(::getpid()));
      std::filesystem::remove_all(directory_);
      std::filesystem::create_directories(directory_);
    }

    void
    TearDown() override
    {
      std::filesystem::remove_all(directory_);
    }

    /** Writes @p text byte for byte to @p name in the test directory; returns its path. */
    std::string
    write(const std::string &name, const std::string &text) const
    {
      const std::filesystem::path path = directory_ / name;
      std::filesystem::create_directories(path.parent_path());
      std::ofstream(path, std::ios::binary) << text;
      return path.string();
    }

    /** 1-based number of the last line of @p text that equals @p line. */
    static unsigned
    line_of(const std::string &text, const std::string &line)
    {
      std::istringstream in(text);
      unsigned           number = 0, found = 0;
      for (std::string l; std::getline(in, l);)
        {
          ++number;
          if (l == line)
            found = number;
        }
      if (found == 0)
        ADD_FAILURE() << "no line '" << line << "' in the deck";
      return found;
    }

    /** Reads @p path and expects an InputError starting with @p prefix and containing @p message. */
    static void
    expect_error_at(const std::string &path, const std::string &prefix, const std::string &message)
    {
      std::ostringstream warnings;
      try
        {
          deck::read_deck(path, warnings);
          ADD_FAILURE() << "no error; expected " << prefix << message;
        }
      catch (const core::InputError &error)
        {
          const std::string what = error.what();
          EXPECT_EQ(what.substr(0, prefix.size()), prefix) << what;
          EXPECT_NE(what.find(message), std::string::npos) << what;
          EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        }
    }

    /**
     * Reads @p deck and expects an InputError whose message starts with
     * "path:N: " for N the line equal to @p at_line, and contains @p message.
     */
    void
    expect_error(const std::string &deck, const std::string &at_line, const std::string &message,
                 const std::string &file = "deck.inp")
    {
      const std::string path = write("deck.inp", deck);
      const std::string prefix =
        (directory_ / file).string() + ":" + std::to_string(line_of(deck, at_line)) + ": ";
      expect_error_at(path, prefix, message);
    }

    std::filesystem::path directory_;
  };
} // namespace corot::test
