#include <src/io/report_writer.h>
#include <src/io/variable_order.h>

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
  namespace
  {
    /** Width of one table column, including the separating blank. */
    constexpr int column_width = 15;

    /** @p value as a column: " %14.6E", or "-" right-aligned when not finite. */
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

    /** @p text right-aligned in a column. */
    std::string
    heading_cell(const std::string &text)
    {
      std::string result(static_cast<std::size_t>(column_width), ' ');
      if (text.size() >= result.size())
        return " " + text;
      return result.replace(result.size() - text.size(), text.size(), text);
    }

    /** The @p row-th entry of @p values, NaN (shown as "-") past its end. */
    double
    entry(const std::vector<double> &values, const std::size_t row)
    {
      return row < values.size() ? values[row] : std::numeric_limits<double>::quiet_NaN();
    }

    /** A mode or row number in a narrow left column. */
    std::string
    mode_cell(const std::size_t mode)
    {
      char buffer[16];
      std::snprintf(buffer, sizeof(buffer), " %6zu", mode);
      return buffer;
    }

    /** A section title, spaced like CalculiX's. */
    void
    title(std::ostream &out, const std::string &text)
    {
      out << "\n " << text << "\n\n";
    }
  } // namespace

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
    out << "\n " << std::string(78, '-') << "\n end of report\n";
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
      return "   " + text + std::string(name_width - text.size(), ' ') + "  " ;
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
            else if (const auto m = model_.materials.find(section->material); m != model_.materials.end())
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
            << cell(p.i12) << cell(p.torsion_constant) << shear_cell(shear_1)
            << shear_cell(shear_2) << "\n";
      }
  }

  void
  ReportWriter::write_step(std::ostream &out, const StepResult &step) const
  {
    out << "\n " << std::string(78, '=') << "\n STEP " << step.number << "  (" << step.procedure
        << ")\n " << std::string(78, '=') << "\n";
    if (!step.log.empty())
      {
        out << "\n";
        for (const std::string &line : step.log)
          out << "   " << line << "\n";
      }

    if (step.cms.present)
      write_cms(out, step);
    else if (step.procedure == "frequency" || !step.frequencies.empty())
      write_frequencies(out, step);
    if (step.procedure == "buckle" || !step.load_factors.empty())
      write_load_factors(out, step);
    if (!step.load_factor.empty())
      write_load_proportionality(out, step);
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
    if (step.procedure == "dynamic" || !step.energy.time.empty())
      write_energy(out, step.energy);
    if (!step.newton_iterations.empty())
      write_newton_summary(out, step.newton_iterations);
  }

  void
  ReportWriter::write_frequencies(std::ostream &out, const StepResult &step)
  {
    title(out, "E I G E N V A L U E   O U T P U T");
    out << "   mode" << heading_cell("eigenvalue") << heading_cell("omega")
        << heading_cell("frequency") << heading_cell("period") << "\n"
        << "       " << heading_cell("(rad/time)^2") << heading_cell("(rad/time)")
        << heading_cell("(cycles/time)") << heading_cell("(time)") << "\n";
    const std::size_t n_modes = std::max(step.frequencies.size(), step.eigenvalues.size());
    for (std::size_t m = 0; m < n_modes; ++m)
      {
        const double eigenvalue = entry(step.eigenvalues, m);
        // The frequency as the analysis reported it; from the eigenvalue otherwise.
        double frequency = entry(step.frequencies, m);
        if (std::isnan(frequency) && eigenvalue >= 0.0)
          frequency = std::sqrt(eigenvalue) / (2.0 * M_PI);
        const double omega  = 2.0 * M_PI * frequency;
        const double period = frequency > 0.0 ? 1.0 / frequency :
                                                std::numeric_limits<double>::quiet_NaN();
        out << mode_cell(m + 1) << cell(eigenvalue) << cell(omega) << cell(frequency)
            << cell(period) << "\n";
      }
    if (n_modes == 0)
      out << "   (no modes found)\n";
  }

  void
  ReportWriter::write_load_factors(std::ostream &out, const StepResult &step)
  {
    title(out, "B U C K L I N G   F A C T O R   O U T P U T");
    out << "   mode" << heading_cell("load factor") << "\n";
    for (std::size_t m = 0; m < step.load_factors.size(); ++m)
      out << mode_cell(m + 1) << cell(step.load_factors[m]) << "\n";
    if (step.load_factors.empty())
      out << "   (no modes found)\n";
  }

  void
  ReportWriter::write_load_proportionality(std::ostream &out, const StepResult &step)
  {
    title(out, "A R C - L E N G T H   ( R I K S )   O U T P U T");
    out << "   incr" << heading_cell("arc length") << heading_cell("LPF") << "\n";
    for (std::size_t i = 0; i < step.load_factor.size(); ++i)
      out << mode_cell(i + 1) << cell(entry(step.arc_length, i)) << cell(step.load_factor[i])
          << "\n";
  }

  void
  ReportWriter::write_histories(std::ostream &out, const std::string &what,
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
  ReportWriter::write_energy(std::ostream &out, const EnergyHistory &energy)
  {
    title(out, "E N E R G Y   B A L A N C E");
    out << " " << heading_cell("time") << heading_cell("kinetic") << heading_cell("strain")
        << heading_cell("external work") << heading_cell("total") << "\n";
    for (std::size_t row = 0; row < energy.time.size(); ++row)
      out << " " << cell(energy.time[row]) << cell(entry(energy.kinetic, row))
          << cell(entry(energy.strain, row)) << cell(entry(energy.external_work, row))
          << cell(entry(energy.total, row)) << "\n";
    if (energy.total.size() >= 2)
      {
        const auto [low, high] = std::minmax_element(energy.total.begin(), energy.total.end());
        out << "\n total energy: first" << cell(energy.total.front()) << ", range (max - min)"
            << cell(*high - *low) << "\n";
      }
  }

  void
  ReportWriter::write_cms(std::ostream &out, const StepResult &step)
  {
    const CmsResult &cms = step.cms;
    if (!cms.components.empty())
      {
        title(out, "C O M P O N E N T S   (" + cms.method + ")");
        out << "   component      " << heading_cell("DOFs") << heading_cell("interface")
            << heading_cell("kept modes") << heading_cell("rigid") << heading_cell("attachment")
            << "\n";
        for (const ComponentSummary &c : cms.components)
          {
            char name[32];
            std::snprintf(name, sizeof(name), "   %-15s", c.name.c_str());
            out << name;
            for (const unsigned value : {c.dofs, c.interface_dofs, c.kept_modes, c.rigid_modes,
                                         c.attachment_modes})
              {
                char buffer[24];
                std::snprintf(buffer, sizeof(buffer), " %14u", value);
                out << buffer;
              }
            out << "\n";
          }
      }
    if (cms.reduced_dofs > 0)
      out << "\n reduced model: " << cms.reduced_dofs << " DOFs; full model: " << cms.full_dofs
          << " DOFs (" << std::fixed << std::setprecision(2)
          << 100.0 * cms.reduced_dofs / std::max(1u, cms.full_dofs) << " %)\n"
          << std::defaultfloat << std::setprecision(6);

    const bool is_modification = step.procedure == "modification";
    if (!step.frequencies.empty())
      {
        title(out, is_modification ? "M O D I F I E D   F R E Q U E N C I E S" :
                                     "C M S   F R E Q U E N C I E S   (cycles/time)");
        out << "   mode";
        if (!cms.baseline_frequencies.empty())
          out << heading_cell("baseline");
        out << heading_cell(is_modification ? "forward (Ritz)" : "CMS");
        if (!cms.exact_frequencies.empty())
          out << heading_cell("CMS re-analysis") << heading_cell("fwd-CMS %");
        if (!cms.full_frequencies.empty())
          out << heading_cell("full model") << heading_cell("error %");
        if (!cms.full_partners.empty())
          out << heading_cell("full mode") << heading_cell("MAC");
        out << "\n";
        // The partner of mode m in a list paired by MAC (1-based; 0: none),
        // or mode m itself when the list was not paired.
        auto partner = [](const std::vector<unsigned> &partners, const std::size_t m) -> std::size_t {
          return m < partners.size() ? (partners[m] > 0 ? partners[m] - 1 : std::size_t(-1)) : m;
        };
        for (std::size_t m = 0; m < step.frequencies.size(); ++m)
          {
            out << mode_cell(m + 1);
            if (!cms.baseline_frequencies.empty())
              out << cell(entry(cms.baseline_frequencies, m));
            out << cell(step.frequencies[m]);
            if (!cms.exact_frequencies.empty())
              out << cell(entry(cms.exact_frequencies, partner(cms.reanalysis_partners, m)))
                  << cell(100.0 * entry(cms.forward_differences, m));
            if (!cms.full_frequencies.empty())
              out << cell(entry(cms.full_frequencies, partner(cms.full_partners, m)))
                  << cell(m < cms.relative_errors.size() ? 100.0 * cms.relative_errors[m] :
                                                           std::numeric_limits<double>::quiet_NaN());
            if (!cms.full_partners.empty())
              {
                const bool swapped = std::find(cms.swapped_modes.begin(), cms.swapped_modes.end(),
                                               m + 1) != cms.swapped_modes.end();
                char buffer[32];
                std::snprintf(buffer, sizeof(buffer), " %13u%s", m < cms.full_partners.size() ? cms.full_partners[m] : 0u,
                              swapped ? "*" : " ");
                out << buffer << cell(entry(cms.pairing_macs, m));
              }
            out << "\n";
          }
        if (!cms.full_partners.empty())
          out << "\n full mode: the full-model mode paired with each mode by the mass-weighted MAC "
                 "(against the subspace of a repeated pair); * a mode swap\n";
        if (!cms.relative_errors.empty())
          {
            double largest = 0.0;
            for (const double e : cms.relative_errors)
              largest = std::max(largest, std::abs(e));
            out << "\n largest |error|: " << cell(100.0 * largest) << " %\n";
          }
      }
    if (!cms.sensitivities.empty())
      {
        title(out, "N O R M A L I Z E D   S E N S I T I V I T I E S   (p/lambda) dlambda/dp");
        const auto &first_modes = cms.sensitivities.begin()->second.begin()->second;
        out << "   component       parameter      ";
        for (const auto &[mode, value] : first_modes)
          out << heading_cell("mode " + std::to_string(mode));
        out << "\n";
        for (const auto &[component, parameters] : cms.sensitivities)
          for (const auto &[parameter, modes] : parameters)
            {
              char name[48];
              std::snprintf(name, sizeof(name), "   %-15s %-15s", component.c_str(), parameter.c_str());
              out << name;
              for (const auto &[mode, value] : modes)
                out << cell(value);
              out << "\n";
            }
      }
    if (!cms.design_changes.empty())
      {
        title(out, "D E S I G N   C H A N G E S   (property x (1 + alpha))");
        out << "   parameter      " << heading_cell("alpha") << heading_cell("1 + alpha") << "\n";
        for (const auto &[parameter, alpha] : cms.design_changes)
          {
            char name[32];
            std::snprintf(name, sizeof(name), "   %-15s", parameter.c_str());
            out << name << cell(alpha) << cell(1.0 + alpha) << "\n";
          }
      }
    if (!cms.target_modes.empty())
      {
        title(out, "I N V E R S E   F R E Q U E N C Y   T A R G E T S");
        out << "   mode" << heading_cell("target") << heading_cell("reduced") << heading_cell("error %");
        if (!cms.full_achieved_frequencies.empty())
          out << heading_cell("full model") << heading_cell("error %");
        out << "\n";
        for (std::size_t t = 0; t < cms.target_modes.size(); ++t)
          {
            const double target = cms.target_frequencies[t];
            out << mode_cell(cms.target_modes[t]) << cell(target)
                << cell(entry(cms.achieved_frequencies, t))
                << cell(100.0 * (entry(cms.achieved_frequencies, t) - target) / target);
            if (!cms.full_achieved_frequencies.empty())
              out << cell(cms.full_achieved_frequencies[t])
                  << cell(100.0 * (cms.full_achieved_frequencies[t] - target) / target);
            out << "\n";
          }
        out << "\n iterations: " << cms.iterations << "\n";
      }
    if (!cms.timings.empty())
      {
        title(out, "T I M I N G S   (seconds)");
        for (const auto &[phase, seconds] : cms.timings)
          {
            char name[40];
            std::snprintf(name, sizeof(name), "   %-32s", phase.c_str());
            out << name << cell(seconds) << "\n";
          }
      }
  }

  void
  ReportWriter::write_newton_summary(std::ostream &out, const std::vector<unsigned> &iterations)
  {
    const unsigned total = std::accumulate(iterations.begin(), iterations.end(), 0u);
    out << "\n Newton iterations: " << iterations.size() << " increments, " << total
        << " in total, at most " << *std::max_element(iterations.begin(), iterations.end())
        << " in one increment\n";
  }
} // namespace corot::io
