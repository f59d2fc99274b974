#include <src/analysis/static_results.h>
#include <src/io/json_writer.h>
#include <src/io/report_table.h>

namespace corot::analysis
{
  std::string
  StaticResults::procedure() const
  {
    return "static";
  }

  void
  StaticResults::write_json(io::JsonStream &json, const io::StepResult &step) const
  {
    io::write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      io::write_histories(json, "element_output", step.element_output);
    if (!load_factor.empty())
      {
        json.key("arc_length");
        json.value(arc_length);
        json.key("load_factor");
        json.value(load_factor);
      }
    if (!newton_iterations.empty())
      {
        json.key("newton_iterations");
        json.value(newton_iterations);
      }
  }

  void
  StaticResults::write_report(std::ostream &out, const io::StepResult &step) const
  {
    using namespace io::report;
    if (!load_factor.empty())
      {
        title(out, "A R C - L E N G T H   ( R I K S )   O U T P U T");
        out << "   incr" << heading_cell("arc length") << heading_cell("LPF") << "\n";
        for (std::size_t i = 0; i < load_factor.size(); ++i)
          out << mode_cell(i + 1) << cell(entry(arc_length, i)) << cell(load_factor[i]) << "\n";
      }
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
    write_newton_summary(out, newton_iterations);
  }

  io::SeriesEntries
  StaticResults::new_entries(io::StreamCursor &cursor) const
  {
    io::SeriesEntries entries;
    io::append_new_entries(entries, cursor, "newton_iterations", newton_iterations);
    io::append_new_entries(entries, cursor, "arc_length", arc_length);
    io::append_new_entries(entries, cursor, "load_factor", load_factor);
    return entries;
  }
} // namespace corot::analysis
