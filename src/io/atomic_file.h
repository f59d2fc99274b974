#pragma once
/**
 * @file
 * Files that appear whole or not at all.
 */
#include <functional>
#include <ostream>
#include <string>

namespace corot::io
{
  /**
   * Writes @p file_name through @p write into `file_name.tmp` beside it,
   * flushes it and renames it over @p file_name (POSIX rename(2) replaces
   * the target atomically within one file system), so a reader, or a run
   * killed meanwhile, sees the old file or the new one, never half of one.
   * Throws std::runtime_error (one line naming the file) if it cannot be written or renamed.
   */
  void
  write_atomically(const std::string &file_name, const std::function<void(std::ostream &)> &write);
} // namespace corot::io
