#include <src/analysis/dynamic_results.h>
#include <src/io/json_writer.h>
#include <src/io/report_table.h>

#include <algorithm>

namespace corot::analysis
{
  std::string
  DynamicResults::procedure() const
  {
    return "dynamic";
  }

  void
  DynamicResults::write_json(io::JsonStream &json, const io::StepResult &step) const
  {
    json.key("energy");
    json.begin_object();
    json.key("time");
    json.value(energy.time);
    json.key("kinetic");
    json.value(energy.kinetic);
    json.key("strain");
    json.value(energy.strain);
    json.key("external_work");
    json.value(energy.external_work);
    json.key("viscous_dissipation");
    json.value(energy.viscous_dissipation);
    json.key("total");
    json.value(energy.total);
    json.key("numerical_dissipation");
    json.value(energy.numerical_dissipation);
    if (energy.angular_momentum[0].size() == energy.time.size() && !energy.time.empty())
      {
        json.key("angular_momentum");
        json.begin_object();
        for (unsigned k = 0; k < 3; ++k)
          {
            json.key("L" + std::to_string(k + 1));
            json.value(energy.angular_momentum[k]);
          }
        json.end_object();
      }
    json.end_object();
    io::write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      io::write_histories(json, "element_output", step.element_output);
    json.key("newton_iterations");
    json.value(newton_iterations);
    if (!time_increments.empty())
      {
        json.key("time_increments");
        json.value(time_increments);
      }
  }

  void
  DynamicResults::write_report(std::ostream &out, const io::StepResult &step) const
  {
    using namespace io::report;
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
    title(out, "E N E R G Y   B A L A N C E");
    out << " " << heading_cell("time") << heading_cell("kinetic") << heading_cell("strain")
        << heading_cell("external work") << heading_cell("viscous diss.") << heading_cell("total")
        << heading_cell("numerical diss.") << "\n";
    for (std::size_t row = 0; row < energy.time.size(); ++row)
      out << " " << cell(energy.time[row]) << cell(entry(energy.kinetic, row))
          << cell(entry(energy.strain, row)) << cell(entry(energy.external_work, row))
          << cell(entry(energy.viscous_dissipation, row)) << cell(entry(energy.total, row))
          << cell(entry(energy.numerical_dissipation, row)) << "\n";
    if (energy.total.size() >= 2)
      {
        const auto [low, high] = std::minmax_element(energy.total.begin(), energy.total.end());
        out << "\n total energy: first" << cell(energy.total.front()) << ", range (max - min)"
            << cell(*high - *low) << "\n";
      }
    write_newton_summary(out, newton_iterations);
  }

  io::SeriesEntries
  DynamicResults::new_entries(io::StreamCursor &cursor) const
  {
    io::SeriesEntries entries;
    io::append_new_entries(entries, cursor, "energy.time", energy.time);
    io::append_new_entries(entries, cursor, "energy.kinetic", energy.kinetic);
    io::append_new_entries(entries, cursor, "energy.strain", energy.strain);
    io::append_new_entries(entries, cursor, "energy.external_work", energy.external_work);
    io::append_new_entries(entries, cursor, "energy.total", energy.total);
    for (unsigned k = 0; k < 3; ++k)
      io::append_new_entries(entries, cursor, "energy.angular_momentum.L" + std::to_string(k + 1),
                             energy.angular_momentum[k]);
    io::append_new_entries(entries, cursor, "newton_iterations", newton_iterations);
    io::append_new_entries(entries, cursor, "time_increments", time_increments);
    return entries;
  }
} // namespace corot::analysis
