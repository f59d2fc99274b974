// libFuzzer target over the deck reader and the model finaliser: any byte
// string as a deck must either read, finalise and number its DOFs, or end in
// a core::InputError ("file:line: message"). Any other exception, a crash, a
// sanitizer report, a hang or an out-of-memory is a finding. Built by
// tests/fuzz/build_fuzzer.py (Debian's clang, -fsanitize=fuzzer,address,undefined).
#include <src/assembly/dof_numbering.h>
#include <src/assembly/element_builder.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace
{
  /** A private directory per fuzzing process, so that parallel jobs do not share the deck file. */
  const std::filesystem::path &
  deck_path()
  {
    static const std::filesystem::path path = [] {
      const std::filesystem::path directory =
        std::filesystem::temp_directory_path() / ("corot-fuzz-" + std::to_string(getpid()));
      std::filesystem::create_directories(directory);
      return directory / "deck.inp";
    }();
    return path;
  }
} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, const std::size_t size)
{
  {
    std::ofstream out(deck_path(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), static_cast<std::streamsize>(size));
  }
  try
    {
      std::ostringstream       warnings;
      const corot::core::Model model    = corot::deck::read_deck(deck_path().string(), warnings);
      const auto               elements = corot::assembly::build_elements(model);
      corot::assembly::number_dofs(model, elements);
    }
  catch (const corot::core::InputError &)
    {
      // a user error with its file:line: the expected outcome of a bad deck
    }
  return 0;
}
