#pragma once
/**
 * @file
 * How an integrator plugin reads its deck parameters without knowing the deck.
 */
#include <optional>
#include <string>

namespace corot::integrators
{
  /**
   * The parameters of the keyword line that chose an integrator (`*DYNAMIC,
   * INTEGRATOR=HHT, ALPHA=-0.05`), as an integrator plugin sees them. The
   * deck parser implements it over its keyword line, so malformed numbers
   * and fail() name the deck file and line.
   */
  class ParameterReader
  {
  public:
    virtual ~ParameterReader() = default;

    /** Whether @p parameter (upper case) was given. */
    virtual bool
    has(const std::string &parameter) const = 0;

    /** The value of @p parameter as a real number, if given; throws on a malformed number. */
    virtual std::optional<double>
    number(const std::string &parameter) const = 0;

    /** The value of @p parameter as a non-negative integer, if given; throws otherwise. */
    virtual std::optional<unsigned>
    integer(const std::string &parameter) const = 0;

    /** Throws the error @p message at the keyword line (file:line: message). */
    [[noreturn]] virtual void
    fail(const std::string &message) const = 0;
  };
} // namespace corot::integrators
