#pragma once
/**
 * @file
 * One logical data line of a keyword deck: comma-separated fields with the
 * file and line they came from.
 */
#include <src/core/source_location.h>

#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * One data line of a deck: comma-separated fields, trimmed. Empty fields are
   * kept (they mean "default" in many keywords); a final comma opens no field
   * (CalculiX and Abaqus decks often end lines with one). A data line never
   * continues onto the next line by itself: only keywords whose data can run
   * over several lines (*ELEMENT connectivity, *EQUATION terms) join lines,
   * with append().
   */
  class DataLine
  {
  public:
    /** A data line from raw @p text (without comment) read at @p location. */
    DataLine(const std::string &text, const core::SourceLocation &location);

    /** Appends the fields of a continuation line @p text (read after this one). */
    void
    append(const std::string &text);

    /** True if the line (with its continuations) ends in a comma. */
    bool
    ends_with_comma() const;

    /** Number of fields. */
    unsigned
    n_fields() const;

    /** Field @p i as written (trimmed); empty if @p i is past the end. */
    const std::string &
    field(unsigned i) const;

    /** Field @p i in upper case. */
    std::string
    field_upper(unsigned i) const;

    /** True if field @p i is missing or empty. */
    bool
    is_empty(unsigned i) const;

    /** All non-empty fields, in order. */
    std::vector<std::string>
    non_empty_fields() const;

    /** The largest id or count a deck may write (nine digits, as before). */
    static constexpr unsigned max_integer = 999999999;

    /**
     * The most ids or values one GENERATE data line may ask for (*NSET,
     * *ELSET, *TIME POINTS): checked before anything is allocated, so that a
     * mistyped range is a clear error, not an exhausted machine.
     */
    static constexpr unsigned long max_generated = 10000000;

    /**
     * Field @p i as a real number (Fortran `D` exponents accepted); throws
     * core::InputError "expected a number, got '...'" otherwise, and
     * "1e400 is out of range (...)" for a number beyond a double's range.
     */
    double
    number(unsigned i) const;

    /** Field @p i as a number, or @p fallback if the field is empty or missing. */
    double
    number_or(unsigned i, double fallback) const;

    /**
     * Field @p i as a positive integer (an id, a count, a DOF) of at most
     * max_integer; throws core::InputError otherwise ("... is out of range"
     * beyond max_integer).
     */
    unsigned
    positive_integer(unsigned i) const;

    /**
     * Throws core::InputError unless the line has between @p min_fields and
     * @p max_fields fields (trailing empty fields do not count); @p keyword names
     * the keyword in the message.
     */
    void
    require_fields(unsigned min_fields, unsigned max_fields, const std::string &keyword) const;

    /** Where the line starts. */
    const core::SourceLocation &
    location() const;

    /** The raw text (continuations joined), trimmed. */
    const std::string &
    text() const;

  private:
    /** Splits trimmed @p text at commas into trimmed fields appended to fields_ (none for a final comma). */
    void
    split(const std::string &text);

    /** Number of fields ignoring trailing empty ones. */
    unsigned
    n_meaningful_fields() const;

    std::vector<std::string> fields_;   ///< trimmed fields
    std::string              text_;     ///< raw text, continuations joined
    core::SourceLocation     location_; ///< where the line starts
  };

  /** @p text with leading and trailing white space removed. */
  std::string
  trim(const std::string &text);

  /** @p text in upper case (ASCII). */
  std::string
  to_upper(std::string text);

  /** True if @p text is a non-empty string of decimal digits. */
  bool
  is_integer(const std::string &text);
} // namespace corot::deck
