#pragma once
/**
 * @file
 * Reads a keyword deck into logical lines: comments and blank lines dropped,
 * continuation lines joined, *INCLUDE files expanded in place.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>

#include <optional>
#include <string>
#include <vector>

namespace corot::deck
{
  /** One logical line: either a keyword line or a data line. */
  struct DeckLine
  {
    std::optional<KeywordLine> keyword; ///< set for a keyword line
    std::optional<DataLine>    data;    ///< set for a data line

    /** Where the line starts. */
    const core::SourceLocation &
    location() const
    {
      return keyword ? keyword->location() : data->location();
    }
  };

  /**
   * Splits a deck into DeckLine objects. Rules (Abaqus/CalculiX):
   * - a line starting with `**` is a comment; blank lines are ignored; a UTF-8
   *   byte order mark at the start of a file is dropped;
   * - a line starting with a single `*` is a keyword line; if it ends in a comma
   *   and the next line holds parameters (its first field is `NAME=VALUE`, or
   *   all its fields are `NAME=VALUE` or bare words like `NLGEOM`, unless the
   *   keyword's data lines are bare words: output requests, sets, *HEADING,
   *   *BOUNDARY), that line continues its parameter list (Abaqus); otherwise
   *   the comma is just a trailing comma (CalculiX writes `*BOUNDARY,` before
   *   its data lines and never continues a keyword line);
   * - any other line is a data line, one per line: a final comma only ends it
   *   (see DataLine; keywords whose data may run over several lines join them);
   * - `*INCLUDE, INPUT=path` is replaced by the lines of `path`, resolved
   *   relative to the directory of the including file; each line keeps its own
   *   file name (the path as opened) and 1-based line number.
   */
  class DeckTokenizer
  {
  public:
    /** Reads @p path (and its includes); throws core::InputError on unreadable files. */
    std::vector<DeckLine>
    read(const std::string &path);

  private:
    /** Appends the lines of @p path to @p lines; @p depth counts nested includes. */
    void
    read_file(const std::string &path, const core::SourceLocation &included_at, unsigned depth,
              std::vector<DeckLine> &lines);
  };
} // namespace corot::deck
