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
    if (participation)
      write_participation(json);
    if (correlation)
      correlation->write_json(json);
    if (mode_shapes)
      mode_shapes->write_json(json);
    if (!step.node_output.empty())
      io::write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      io::write_histories(json, "element_output", step.element_output);
  }

  void
  FrequencyResults::write_participation(io::JsonStream &json) const
  {
    const auto rows = [&json](const std::string                        &name,
                              const std::vector<std::array<double, 6>> &values) {
      json.key(name);
      json.begin_array();
      for (const auto &row : values)
        json.value(std::vector<double>(row.begin(), row.end()));
      json.end_array();
    };
    json.key("participation");
    json.begin_object();
    json.key("normalization");
    json.value(normalization);
    json.key("directions");
    json.begin_array();
    for (const char *name : ModalParticipation::direction_names)
      json.value(name);
    json.end_array();
    json.key("generalized_mass");
    json.value(participation->generalized_mass);
    rows("factors", participation->factors);
    rows("effective_mass", participation->effective_mass);
    json.key("effective_mass_sum");
    json.value(std::vector<double>(participation->effective_mass_sum.begin(),
                                   participation->effective_mass_sum.end()));
    json.key("total_mass");
    json.value(
      std::vector<double>(participation->total_mass.begin(), participation->total_mass.end()));
    json.end_object();
  }

  void
  FrequencyResults::write_participation_report(std::ostream &out) const
  {
    using namespace io::report;
    const auto table = [&out](const std::string                        &name,
                              const std::vector<std::array<double, 6>> &values) {
      title(out, name);
      out << "   mode";
      for (const char *direction : ModalParticipation::direction_names)
        out << heading_cell(direction);
      out << "\n";
      for (std::size_t m = 0; m < values.size(); ++m)
        {
          out << mode_cell(m + 1);
          for (const double value : values[m])
            out << cell(value);
          out << "\n";
        }
    };
    table("P A R T I C I P A T I O N   F A C T O R S", participation->factors);
    out << "   (mode shapes normalized by " << normalization << "; generalized masses phi^T M phi:";
    for (const double m : participation->generalized_mass)
      out << " " << m;
    out << ")\n";
    table("E F F E C T I V E   M O D A L   M A S S", participation->effective_mass);
    out << "   sum";
    for (const double value : participation->effective_mass_sum)
      out << cell(value);
    out << "\n";
    title(out, "T O T A L   E F F E C T I V E   M A S S");
    out << "       ";
    for (const double value : participation->total_mass)
      out << cell(value);
    out << "\n";
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
    if (participation)
      write_participation_report(out);
    if (correlation)
      correlation->write_report(out);
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
  }
} // namespace corot::analysis
