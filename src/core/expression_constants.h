#pragma once
/**
 * @file
 * Named constants available in *AMPLITUDE, DEFINITION=EXPRESSION (muParser
 * itself only knows _pi and _e). One list, used by the deck check and by the
 * amplitude evaluation alike.
 */
#include <cmath>
#include <map>
#include <string>

namespace corot::core
{
  /** The constants an amplitude expression may use: pi. */
  inline std::map<std::string, double>
  expression_constants()
  {
    return {{"pi", M_PI}};
  }
} // namespace corot::core
