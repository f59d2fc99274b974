#pragma once
/**
 * @file
 * A keyword line of a deck, `*NAME, PARAM=VALUE, FLAG`, parsed case-insensitively.
 */
#include <src/core/source_location.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace corot::deck
{
  /**
   * A parsed keyword line. The keyword name and parameter names are upper case
   * with runs of blanks collapsed (`*node  print` is `NODE PRINT`); blanks
   * around `=` and around commas are ignored; parameter values keep their
   * spelling (use value_upper() for enumerations and names).
   */
  class KeywordLine
  {
  public:
    /** Parses @p text (starting with a single `*`) read at @p location. */
    KeywordLine(const std::string &text, const core::SourceLocation &location);

    /** The keyword without the star, e.g. "BEAM SECTION". */
    const std::string &
    name() const;

    /**
     * The keyword without any blank, e.g. "BEAMSECTION": Abaqus and CalculiX
     * ignore blanks inside keyword names (`*NODEFILE` is `*NODE FILE`).
     */
    std::string
    compact_name() const;

    /**
     * Gives the keyword the spelling @p canonical (upper case, single blanks)
     * if @p canonical equals the written name once blanks are ignored; used by
     * the parser to map `*ENDSTEP` onto `*END STEP`.
     */
    void
    respell(const std::string &canonical);

    /** True if parameter @p parameter (upper case) was given, with or without a value. */
    bool
    has(const std::string &parameter) const;

    /** True if @p parameter was given with a value (`PARAM=VALUE`). */
    bool
    has_value(const std::string &parameter) const;

    /**
     * The value of @p parameter as written, if given; throws core::InputError if
     * it was given as a flag without a value.
     */
    std::optional<std::string>
    value(const std::string &parameter) const;

    /** The value of @p parameter in upper case, if given with a value. */
    std::optional<std::string>
    value_upper(const std::string &parameter) const;

    /**
     * The value of @p parameter, which must be given with a value: throws
     * core::InputError "*KEY needs PARAM=" otherwise.
     */
    std::string
    required(const std::string &parameter) const;

    /** Like required(), in upper case. */
    std::string
    required_upper(const std::string &parameter) const;

    /** The value of @p parameter as a real number, if given; throws on a malformed number. */
    std::optional<double>
    number(const std::string &parameter) const;

    /** The value of @p parameter as a non-negative integer, if given; throws otherwise. */
    std::optional<unsigned>
    integer(const std::string &parameter) const;

    /**
     * Throws core::InputError naming the first parameter that is not in
     * @p allowed (upper-case names).
     */
    void
    check_parameters(const std::vector<std::string> &allowed) const;

    /** Where the keyword line is. */
    const core::SourceLocation &
    location() const;

  private:
    std::string name_; ///< keyword name, upper case
    std::vector<std::pair<std::string, std::string>>
                         parameters_; ///< upper-case name, value as written
    std::vector<bool>    has_value_;  ///< parameter given as NAME=VALUE
    core::SourceLocation location_;   ///< where the line is
  };
} // namespace corot::deck
