#pragma once
/**
 * @file
 * Where in an input deck something was defined, so every user error can name it.
 */
#include <stdexcept>
#include <string>

namespace corot::core
{
  /** A deck file and a 1-based line number. */
  struct SourceLocation
  {
    std::string file;
    unsigned    line = 0;

    /** "file:line", the prefix of every user-facing error message. */
    std::string
    str() const
    {
      return file + ":" + std::to_string(line);
    }
  };

  /**
   * A user error in the input: carries the deck location; what() is the full
   * one-line message "file:line: message".
   */
  class InputError : public std::runtime_error
  {
  public:
    InputError(const SourceLocation &where, const std::string &message)
      : std::runtime_error(where.line > 0 ?
                             where.str() + ": " + message :
                             (where.file.empty() ? message : where.file + ": " + message))
      , location(where)
    {}

    SourceLocation location;
  };
} // namespace corot::core
