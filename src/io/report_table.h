#pragma once
/**
 * @file
 * The table cells and sections of NAME.dat (io::ReportWriter), for the
 * report writer and the results of each procedure (io::ProcedureResults).
 * Numbers are in fixed-width scientific columns (`%14.6E`); a missing value
 * is shown as "-".
 */
#include <src/io/results.h>

#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace corot::io::report
{
  /** Width of one table column, including the separating blank. */
  constexpr int column_width = 15;

  /** @p value as a column: " %14.6E", "-" when NaN, "inf"/"-inf" right-aligned. */
  std::string
  cell(double value);

  /** @p text right-aligned in a column. */
  std::string
  heading_cell(const std::string &text);

  /** The @p row-th entry of @p values, NaN (shown as "-") past its end. */
  double
  entry(const std::vector<double> &values, std::size_t row);

  /** A mode or row number in a narrow left column. */
  std::string
  mode_cell(std::size_t mode);

  /** A section title, spaced like CalculiX's. */
  void
  title(std::ostream &out, const std::string &text);

  /**
   * One table per entry of @p histories, titled "node output for node <id>"
   * or "element output for element <id>" as @p what is "node" or "element":
   * a column "time" and one per variable, in the order of ordered_variables().
   */
  void
  write_histories(std::ostream &out, const std::string &what,
                  const std::map<unsigned, History> &histories);

  /** Number, total and largest count of Newton iterations (nothing if @p iterations is empty). */
  void
  write_newton_summary(std::ostream &out, const std::vector<unsigned> &iterations);
} // namespace corot::io::report
