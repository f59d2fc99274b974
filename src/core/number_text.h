#pragma once
/**
 * @file
 * Numbers in messages: as a user wrote them, never rounded away.
 */
#include <cstdio>
#include <string>

namespace corot::core
{
  /**
   * @p value in the shortest of %g's forms with 6 significant digits (-1e-09, 210000, 3.14159).
   * std::to_string(double) prints %f, so a small negative density -1e-9 read as "-0.000000"
   * and a modulus of 2e11 as "200000000000.000000" (issue 18 item 3).
   */
  inline std::string
  number_text(const double value)
  {
    char text[32];
    std::snprintf(text, sizeof(text), "%g", value);
    return text;
  }
} // namespace corot::core
