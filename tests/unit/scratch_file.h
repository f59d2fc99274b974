#pragma once
/**
 * @file
 * Scratch files for tests that write a deck or matrix file and read it back.
 *
 * ctest runs every GoogleTest case as its own process, two at a time (or
 * more), so a directory shared by the cases of one file is a race: one case
 * overwrites or removes another's file between its write and its read (the
 * CI failure of CmsImport.* in stop 23). The directory here is unique to the
 * running test case and process.
 */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace corot::test
{
  /** temp/corot_<suite>_<case>_<pid>/, created; unique to the running test case and process. */
  inline std::filesystem::path
  scratch_directory()
  {
    const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = "corot_";
    if (info != nullptr)
      name += std::string(info->test_suite_name()) + "_" + info->name() + "_";
    name += std::to_string(::getpid());
    const auto directory = std::filesystem::temp_directory_path() / name;
    std::filesystem::create_directories(directory);
    return directory;
  }

  /** Writes @p text to @p name in the scratch directory of the running test; returns its path. */
  inline std::string
  write_scratch_file(const std::string &name, const std::string &text)
  {
    const auto path = scratch_directory() / name;
    std::ofstream(path) << text;
    return path.string();
  }
} // namespace corot::test
