#pragma once
/**
 * @file
 * A small streaming JSON emitter.
 *
 * Written by hand because Debian 12's Boost 1.74 has no Boost.JSON and
 * boost::property_tree's JSON writer turns every number into a string; the
 * results file (input_decks/README.md, "Results file") needs real numbers that read back
 * to the same double, and null for values that are not finite.
 */
#include <ostream>
#include <string>
#include <vector>

namespace corot::io
{
  /**
   * Writes one JSON document (RFC 8259) to a stream as it is built, with two
   * spaces of indentation per level. Arrays of numbers given as a whole go on
   * one line.
   *
   * Numbers are written with the fewest significant digits (at most 17) that
   * read back to exactly the same double, so no precision is lost; NaN and
   * infinities, which JSON cannot represent, are written as null.
   *
   * Usage:
   * @code
   * JsonStream json(std::cout);
   * json.begin_object();
   * json.key("deck");
   * json.value("a.inp");
   * json.key("eigenvalues");
   * json.value(std::vector<double>{1.0, 4.0});
   * json.end_object();
   * @endcode
   * Misuse (a key outside an object, a value without its key inside an
   * object, closing the wrong container) is caught by deal.II's Assert in
   * debug builds.
   */
  class JsonStream
  {
  public:
    /**
     * Write to @p out, which must outlive this object; with @p one_line the
     * document has no line breaks but the one that ends it (a record of a
     * JSON Lines file, https://jsonlines.org).
     */
    explicit JsonStream(std::ostream &out, bool one_line = false);

    /** Open an object `{`. */
    void
    begin_object();

    /** Close the innermost open object `}`; a newline ends the document. */
    void
    end_object();

    /** Open an array `[`. */
    void
    begin_array();

    /** Close the innermost open array `]`. */
    void
    end_array();

    /** The name of the next member of the innermost open object. */
    void
    key(const std::string &name);

    /** A number; non-finite values as null. */
    void
    value(double number);

    /** An unsigned integer. */
    void
    value(unsigned int number);

    /** A signed integer. */
    void
    value(int number);

    /** true or false. */
    void
    value(bool flag);

    /** A string, escaped. */
    void
    value(const std::string &text);

    /** A string, escaped (an overload so that literals do not become bool). */
    void
    value(const char *text);

    /** An array of numbers on one line; non-finite entries as null. */
    void
    value(const std::vector<double> &numbers);

    /** An array of unsigned integers on one line. */
    void
    value(const std::vector<unsigned int> &numbers);

    /** An array of strings on one line, each escaped. */
    void
    value(const std::vector<std::string> &texts);

    /** The literal null. */
    void
    null_value();

    /**
     * @p text as a JSON string literal: quotes, backslash and the control
     * characters U+0000..U+001F escaped as RFC 8259 section 7 requires
     * (short forms \\b \\f \\n \\r \\t where they exist, \\u00XX otherwise).
     * Other bytes, including UTF-8 sequences, are copied unchanged.
     */
    static std::string
    quote(const std::string &text);

    /**
     * @p number as a JSON number: the shortest of 15, 16 or 17 significant
     * digits that reads back to the same double; "null" if not finite.
     */
    static std::string
    number_to_string(double number);

  private:
    /** Kind of an open container. */
    enum class Container
    {
      object,
      array
    };

    /** Write the separator and indentation that precede a value. */
    void
    before_value();

    /** Start a new line indented to the current depth. */
    void
    newline();

    /** Close the innermost container, which must be of kind @p kind. */
    void
    end_container(Container kind, char bracket);

    /** The stream written to. */
    std::ostream &out_;

    /** The open containers, outermost first. */
    std::vector<Container> open_;

    /** Per open container: nothing has been written into it yet. */
    std::vector<bool> empty_;

    /** A key has been written and its value is next. */
    bool after_key_ = false;

    /** No line breaks inside the document. */
    bool one_line_ = false;
  };
} // namespace corot::io
