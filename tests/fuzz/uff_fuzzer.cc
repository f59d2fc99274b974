/**
 * @file
 * libFuzzer target over the universal-file reader (io::read_uff, the
 * importer of *CORRELATION's modal data; issue 18): every input must end in
 * data or a core::InputError, never a crash, a sanitizer report, a hang or
 * an unbounded allocation. Built and run by run_fuzzer.sh.
 */
#include <src/core/source_location.h>
#include <src/io/uff_file.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace
{
  /** A private file per fuzzing process, so that parallel jobs do not share it. */
  const std::filesystem::path &
  file_path()
  {
    static const std::filesystem::path path = [] {
      const std::filesystem::path directory =
        std::filesystem::temp_directory_path() / ("corot-fuzz-uff-" + std::to_string(getpid()));
      std::filesystem::create_directories(directory);
      return directory / "modes.unv";
    }();
    return path;
  }
} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, const std::size_t size)
{
  {
    std::ofstream out(file_path(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), static_cast<std::streamsize>(size));
  }
  try
    {
      corot::io::read_uff(file_path().string());
    }
  catch (const corot::core::InputError &)
    {}
  return 0;
}
