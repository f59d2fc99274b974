#include <src/analysis/buckle_results.h>
#include <src/io/json_writer.h>
#include <src/io/report_table.h>

namespace corot::analysis
{
  std::string
  BuckleResults::procedure() const
  {
    return "buckle";
  }

  void
  BuckleResults::write_json(io::JsonStream &json, const io::StepResult &step) const
  {
    json.key("load_factors");
    json.value(load_factors);
    if (mode_shapes)
      mode_shapes->write_json(json);
    if (!step.node_output.empty())
      io::write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      io::write_histories(json, "element_output", step.element_output);
  }

  void
  BuckleResults::write_report(std::ostream &out, const io::StepResult &step) const
  {
    using namespace io::report;
    title(out, "B U C K L I N G   F A C T O R   O U T P U T");
    out << "   mode" << heading_cell("load factor") << "\n";
    for (std::size_t m = 0; m < load_factors.size(); ++m)
      out << mode_cell(m + 1) << cell(load_factors[m]) << "\n";
    if (load_factors.empty())
      out << "   (no modes found)\n";
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
  }
} // namespace corot::analysis
