#include <src/io/report_table.h>
#include <src/io/variable_order.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace corot::io::report
{
  std::string
  cell(const double value)
  {
    char buffer[48];
    if (std::isfinite(value))
      std::snprintf(buffer, sizeof(buffer), " %14.6E", value);
    else if (std::isnan(value))
      std::snprintf(buffer, sizeof(buffer), " %14s", "-");
    else
      std::snprintf(buffer, sizeof(buffer), " %14s", value > 0 ? "inf" : "-inf");
    return buffer;
  }

  std::string
  heading_cell(const std::string &text)
  {
    std::string result(static_cast<std::size_t>(column_width), ' ');
    if (text.size() >= result.size())
      return " " + text;
    return result.replace(result.size() - text.size(), text.size(), text);
  }

  double
  entry(const std::vector<double> &values, const std::size_t row)
  {
    return row < values.size() ? values[row] : std::numeric_limits<double>::quiet_NaN();
  }

  std::string
  mode_cell(const std::size_t mode)
  {
    char buffer[16];
    std::snprintf(buffer, sizeof(buffer), " %6zu", mode);
    return buffer;
  }

  void
  title(std::ostream &out, const std::string &text)
  {
    out << "\n " << text << "\n\n";
  }

  void
  write_histories(std::ostream &out, const std::string &what,
                  const std::map<unsigned, History> &histories)
  {
    for (const auto &[id, history] : histories)
      {
        const std::vector<std::string> variables = ordered_variables(history);
        title(out, (what == "node" ? "node output for node " : "element output for element ") +
                     std::to_string(id));
        out << " " << heading_cell("time");
        for (const std::string &variable : variables)
          out << heading_cell(variable);
        out << "\n";
        for (std::size_t row = 0; row < history.time.size(); ++row)
          {
            out << " " << cell(history.time[row]);
            for (const std::string &variable : variables)
              out << cell(entry(history.values.at(variable), row));
            out << "\n";
          }
      }
  }

  void
  write_newton_summary(std::ostream &out, const std::vector<unsigned> &iterations)
  {
    if (iterations.empty())
      return;
    const unsigned total = std::accumulate(iterations.begin(), iterations.end(), 0u);
    out << "\n Newton iterations: " << iterations.size() << " increments, " << total
        << " in total, at most " << *std::max_element(iterations.begin(), iterations.end())
        << " in one increment\n";
  }
} // namespace corot::io::report
