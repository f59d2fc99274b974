#pragma once
/**
 * @file
 * A small streaming JSON emitter.
 *
 * Written by hand because Debian 12's Boost 1.74 has no Boost.JSON and
 * boost::property_tree writes every number as a string; the results file
 * (DECK.md) needs real numbers at full precision.
 */
#include <ostream>
#include <string>
#include <vector>

namespace corot::io
{
  /** Emits JSON (RFC 8259) with indentation; numbers with 17 significant digits, non-finite as null. */
  class JsonStream
  {
  public:
    explicit JsonStream(std::ostream &out);

    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    /** The key of the next value inside an object. */
    void key(const std::string &name);
    void value(double number);
    void value(unsigned number);
    void value(const std::string &text);
    /** An array of numbers on one line. */
    void value(const std::vector<double> &numbers);
    void value(const std::vector<unsigned> &numbers);

    /** @p text as a JSON string literal, escaped. */
    static std::string
    quote(const std::string &text);

  private:
    void before_value();
    void newline();

    std::ostream     &out_;
    std::vector<bool> first_; ///< per open container: no element written yet
    bool              after_key_ = false;
  };
} // namespace corot::io
