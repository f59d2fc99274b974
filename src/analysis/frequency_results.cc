#include <src/analysis/frequency_results.h>
#include <src/analysis/sturm_check_json.h>
#include <src/io/json_writer.h>
#include <src/io/report_table.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace corot::analysis
{
  std::string
  FrequencyResults::procedure() const
  {
    return "frequency";
  }

  void
  FrequencyResults::write_json(io::JsonStream &json, const io::StepResult &step) const
  {
    json.key("eigenvalues");
    json.value(eigenvalues);
    json.key("frequencies");
    json.value(frequencies);
    if (sturm && sturm->reported > 0)
      write_sturm_check(json, *sturm);
    if (!step.node_output.empty())
      io::write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      io::write_histories(json, "element_output", step.element_output);
  }

  void
  FrequencyResults::write_report(std::ostream &out, const io::StepResult &step) const
  {
    using namespace io::report;
    title(out, "E I G E N V A L U E   O U T P U T");
    out << "   mode" << heading_cell("eigenvalue") << heading_cell("omega")
        << heading_cell("frequency") << heading_cell("period") << "\n"
        << "       " << heading_cell("(rad/time)^2") << heading_cell("(rad/time)")
        << heading_cell("(cycles/time)") << heading_cell("(time)") << "\n";
    const std::size_t n_modes = std::max(frequencies.size(), eigenvalues.size());
    for (std::size_t m = 0; m < n_modes; ++m)
      {
        const double eigenvalue = entry(eigenvalues, m);
        // The frequency as the analysis reported it; from the eigenvalue otherwise.
        double frequency = entry(frequencies, m);
        if (std::isnan(frequency) && eigenvalue >= 0.0)
          frequency = std::sqrt(eigenvalue) / (2.0 * M_PI);
        const double omega = 2.0 * M_PI * frequency;
        const double period =
          frequency > 0.0 ? 1.0 / frequency : std::numeric_limits<double>::quiet_NaN();
        out << mode_cell(m + 1) << cell(eigenvalue) << cell(omega) << cell(frequency)
            << cell(period) << "\n";
      }
    if (n_modes == 0)
      out << "   (no modes found)\n";
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
  }
} // namespace corot::analysis
