#include <src/io/result_files.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace corot::io
{
  namespace
  {
    std::string
    cell(const double value)
    {
      char buffer[32];
      std::snprintf(buffer, sizeof(buffer), " %14.6e", value);
      return buffer;
    }

    std::string
    header(const std::string &name)
    {
      char buffer[32];
      std::snprintf(buffer, sizeof(buffer), " %14s", name.c_str());
      return buffer;
    }

    void
    write_history_tables(std::ostream &out, const std::string &what,
                         const std::map<unsigned, History> &histories)
    {
      for (const auto &[id, history] : histories)
        {
          out << "\n  " << what << " " << id << "\n ";
          out << header("time");
          for (const auto &[variable, values] : history.values)
            out << header(variable);
          out << "\n";
          for (unsigned row = 0; row < history.time.size(); ++row)
            {
              out << " " << cell(history.time[row]);
              for (const auto &[variable, values] : history.values)
                out << (row < values.size() ? cell(values[row]) : header("-"));
              out << "\n";
            }
        }
    }
  } // namespace

  void
  write_report(const core::Model &model, const Results &results, std::ostream &out)
  {
    out << "corot results for " << results.deck_name << "\n";
    if (!model.heading.empty())
      out << model.heading << "\n";
    out << model.nodes.size() << " nodes, " << model.elements.size() << " elements\n";

    for (const StepResult &step : results.steps)
      {
        out << "\n" << std::string(78, '=') << "\n STEP " << step.number << "  ("
            << step.procedure << ")\n" << std::string(78, '=') << "\n";
        for (const std::string &line : step.log)
          out << "  " << line << "\n";

        if (!step.frequencies.empty())
          {
            out << "\n  E I G E N V A L U E   O U T P U T\n\n    mode" << header("eigenvalue")
                << header("omega (rad/t)") << header("f (cycles/t)") << header("period") << "\n";
            for (unsigned m = 0; m < step.frequencies.size(); ++m)
              {
                char mode[16];
                std::snprintf(mode, sizeof(mode), "  %6u", m + 1);
                const double f = step.frequencies[m];
                out << mode << cell(step.eigenvalues[m]) << cell(2.0 * M_PI * f) << cell(f)
                    << (f > 0.0 ? cell(1.0 / f) : header("inf")) << "\n";
              }
          }
        if (!step.load_factors.empty())
          {
            out << "\n    mode" << header("load factor") << "\n";
            for (unsigned m = 0; m < step.load_factors.size(); ++m)
              {
                char mode[16];
                std::snprintf(mode, sizeof(mode), "  %6u", m + 1);
                out << mode << cell(step.load_factors[m]) << "\n";
              }
          }
        write_history_tables(out, "node", step.node_output);
        write_history_tables(out, "element", step.element_output);
        if (!step.energy.time.empty())
          {
            out << "\n  energy\n " << header("time") << header("kinetic") << header("strain")
                << header("external work") << header("total") << "\n";
            for (unsigned row = 0; row < step.energy.time.size(); ++row)
              out << " " << cell(step.energy.time[row]) << cell(step.energy.kinetic[row])
                  << cell(step.energy.strain[row]) << cell(step.energy.external_work[row])
                  << cell(step.energy.total[row]) << "\n";
          }
      }
  }
} // namespace corot::io
