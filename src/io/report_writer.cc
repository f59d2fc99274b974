#include <src/io/report_table.h>
#include <src/io/report_writer.h>

#include <deal.II/base/exceptions.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <limits>
#include <numeric>

namespace corot::io
{
  using report::cell;
  using report::heading_cell;
  using report::title;

  ReportWriter::ReportWriter(const core::Model &model, const Results &results)
    : model_(model)
    , results_(results)
  {}

  void
  ReportWriter::write(const std::string &file_name) const
  {
    std::ofstream out(file_name);
    AssertThrow(out, dealii::ExcMessage("cannot open " + file_name + " for writing"));
    write(out);
    out.flush();
    AssertThrow(out, dealii::ExcMessage("error while writing " + file_name));
  }

  void
  ReportWriter::write(std::ostream &out) const
  {
    write_header(out);
    for (const StepResult &step : results_.steps)
      write_step(out, step);
    out << "\n " << std::string(78, '-') << "\n end of report (" << results_.status
        << (results_.message.empty() ? "" : ": " + results_.message) << ")\n";
  }

  void
  ReportWriter::write_completed_steps(std::ostream &out) const
  {
    write_header(out);
    for (const StepResult &step : results_.steps)
      write_step(out, step);
  }

  void
  ReportWriter::write_header(std::ostream &out) const
  {
    out << "\n                          c o r o t   r e s u l t s\n\n";
    out << " deck      " << results_.deck_name << "\n";
    if (!model_.heading.empty())
      out << " heading   " << model_.heading << "\n";
    out << " model     " << model_.nodes.size() << " nodes, " << model_.elements.size()
        << " elements, " << results_.steps.size() << " step"
        << (results_.steps.size() == 1 ? "" : "s") << "\n";
    out << " status    " << results_.status
        << (results_.message.empty() ? "" : ": " + results_.message) << "\n";
    if (results_.status == "running")
      out << "           (the run is going: the steps done are tabulated, then one block per\n"
             "            converged increment of the current step; the full report replaces\n"
             "            this file when the run ends)\n";
    const RunEnvironment &environment = results_.environment;
    if (!environment.blas.empty())
      out << " ranks     " << environment.mpi_ranks << " MPI rank"
          << (environment.mpi_ranks == 1 ? "" : "s") << "\n";
    if (!environment.blas.empty())
      {
        out << " blas      " << environment.blas;
        if (!environment.blas_config.empty() || environment.blas_threads > 0)
          out << " (" << environment.blas_config << (environment.blas_config.empty() ? "" : ", ")
              << environment.blas_threads << " thread" << (environment.blas_threads == 1 ? "" : "s")
              << ")";
        out << "\n";
      }
    if (!environment.lapack.empty())
      out << " lapack    " << environment.lapack << "\n";
    for (const std::string &solver : environment.direct_solvers)
      out << " solver    " << solver << "\n";
    write_beam_sections(out);
  }

  void
  ReportWriter::write_beam_sections(std::ostream &out) const
  {
    std::vector<const core::Section *> beams;
    std::size_t                        name_width = 11;
    for (const core::Section &section : model_.sections)
      if (section.kind == core::SectionKind::beam)
        {
          beams.push_back(&section);
          name_width = std::max(name_width, section.elset.size());
        }
    if (beams.empty())
      return;
    title(out, "B E A M   S E C T I O N S   (as used: local 1 = n1, 2 = t x n1)");
    const auto name_cell = [name_width](const std::string &text) {
      return "   " + text + std::string(name_width - text.size(), ' ') + "  ";
    };
    char shape_heading[16];
    std::snprintf(shape_heading, sizeof(shape_heading), "%-8s", "shape");
    out << name_cell("element set") << shape_heading << heading_cell("A") << heading_cell("I11")
        << heading_cell("I22") << heading_cell("I12") << heading_cell("J")
        << heading_cell("shear area 1") << heading_cell("shear area 2") << "\n";
    for (const core::Section *section : beams)
      {
        const core::BeamSection &p = section->properties.beam();
        // Shear areas k A; *TRANSVERSE SHEAR STIFFNESS gives K = k G A directly.
        double shear_1 = p.shear_factor_1 * p.area, shear_2 = p.shear_factor_2 * p.area;
        if (section->transverse_shear_stiffness)
          {
            double g = std::numeric_limits<double>::quiet_NaN();
            if (section->general_shear_modulus)
              g = *section->general_shear_modulus;
            else if (const auto m = model_.materials.find(section->material);
                     m != model_.materials.end())
              g = m->second.shear_modulus();
            shear_1 = section->transverse_shear_stiffness->first / g;
            shear_2 = section->transverse_shear_stiffness->second / g;
          }
        // A shear factor of 0 means no shear flexibility: an infinite shear area.
        const auto shear_cell = [](const double area) {
          return cell(area == 0.0 ? std::numeric_limits<double>::infinity() : area);
        };
        char shape[16];
        std::snprintf(shape, sizeof(shape), "%-8s", section->shape.c_str());
        out << name_cell(section->elset) << shape << cell(p.area) << cell(p.i11) << cell(p.i22)
            << cell(p.i12) << cell(p.torsion_constant) << shear_cell(shear_1) << shear_cell(shear_2)
            << "\n";
      }
  }

  void
  ReportWriter::write_step(std::ostream &out, const StepResult &step) const
  {
    AssertThrow(step.results, dealii::ExcMessage("step " + std::to_string(step.number) +
                                                 " has no procedure results"));
    out << "\n " << std::string(78, '=') << "\n STEP " << step.number << "  ("
        << step.results->procedure() << ")\n " << std::string(78, '=') << "\n";
    if (!step.log.empty())
      {
        out << "\n";
        for (const std::string &line : step.log)
          out << "   " << line << "\n";
      }
    step.results->write_report(out, step);
  }
} // namespace corot::io
