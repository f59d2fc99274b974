#include <src/analysis/cms_results.h>
#include <src/analysis/sturm_check_json.h>
#include <src/io/json_writer.h>
#include <src/io/report_table.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <limits>

namespace corot::analysis
{
  CmsResults::CmsResults(std::string procedure)
    : procedure_(std::move(procedure))
  {}

  std::string
  CmsResults::procedure() const
  {
    return procedure_;
  }

  void
  CmsResults::write_json(io::JsonStream &json, const io::StepResult &step) const
  {
    if (!eigenvalues.empty())
      {
        json.key("eigenvalues");
        json.value(eigenvalues);
      }
    if (!frequencies.empty())
      {
        json.key("frequencies");
        json.value(frequencies);
      }
    if (sturm && sturm->reported > 0)
      write_sturm_check(json, *sturm);
    if (!step.node_output.empty())
      io::write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      io::write_histories(json, "element_output", step.element_output);
    write_cms_json(json);
  }

  void
  CmsResults::write_cms_json(io::JsonStream &json) const
  {
    auto list = [&](const char *name, const std::vector<double> &values) {
      if (values.empty())
        return;
      json.key(name);
      json.value(values);
    };
    if (!method.empty())
      {
        json.key("method");
        json.value(method);
      }
    json.key("reduced_dofs");
    json.value(reduced_dofs);
    json.key("full_dofs");
    json.value(full_dofs);
    list("full_frequencies", full_frequencies);
    list("relative_errors", relative_errors);
    auto modes = [&](const char *name, const std::vector<unsigned> &values, const bool always) {
      if (values.empty() && !always)
        return;
      json.key(name);
      json.value(values);
    };
    modes("full_partners", full_partners, false);
    list("pairing_mac", pairing_macs);
    modes("swapped_modes", swapped_modes, !full_partners.empty());
    modes("reanalysis_partners", reanalysis_partners, false);
    list("baseline_frequencies", baseline_frequencies);
    list("exact_frequencies", exact_frequencies);
    list("forward_vs_reanalysis", forward_differences);
    if (!components.empty())
      {
        json.key("components");
        json.begin_object();
        for (const ComponentSummary &c : components)
          {
            json.key(c.name);
            json.begin_object();
            json.key("dofs");
            json.value(c.dofs);
            json.key("interface_dofs");
            json.value(c.interface_dofs);
            json.key("kept_modes");
            json.value(c.kept_modes);
            json.key("rigid_modes");
            json.value(c.rigid_modes);
            json.key("attachment_modes");
            json.value(c.attachment_modes);
            json.end_object();
          }
        json.end_object();
      }
    if (!sensitivities.empty())
      {
        json.key("sensitivities");
        json.begin_object();
        for (const auto &[component, parameters] : sensitivities)
          {
            json.key(component);
            json.begin_object();
            for (const auto &[parameter, modes] : parameters)
              {
                json.key(parameter);
                json.begin_object();
                for (const auto &[mode, value] : modes)
                  {
                    json.key(std::to_string(mode));
                    json.value(value);
                  }
                json.end_object();
              }
            json.end_object();
          }
        json.end_object();
        // The values are normalized as in Hutton & Smith's Table 2.
        json.key("sensitivity_normalization");
        json.value(std::string("(p/lambda) dlambda/dp"));
        if (!repeated_modes.empty())
          {
            json.key("repeated_modes");
            json.begin_array();
            for (const std::vector<unsigned> &cluster : repeated_modes)
              json.value(cluster);
            json.end_array();
          }
      }
    if (!design_changes.empty())
      {
        json.key("design_changes");
        json.begin_object();
        for (const auto &[parameter, alpha] : design_changes)
          {
            json.key(parameter);
            json.value(alpha);
          }
        json.end_object();
      }
    if (!target_modes.empty())
      {
        json.key("iterations");
        json.value(iterations);
        json.key("target_modes");
        json.value(target_modes);
        list("target_frequencies", target_frequencies);
        list("achieved_frequencies", achieved_frequencies);
        list("full_achieved_frequencies", full_achieved_frequencies);
      }
    if (!timings.empty())
      {
        json.key("timings");
        json.begin_object();
        for (const auto &[phase, seconds] : timings)
          {
            json.key(phase);
            json.value(seconds);
          }
        json.end_object();
      }
  }

  void
  CmsResults::write_report(std::ostream &out, const io::StepResult &step) const
  {
    using namespace io::report;
    if (!components.empty())
      {
        title(out, "C O M P O N E N T S   (" + method + ")");
        out << "   component      " << heading_cell("DOFs") << heading_cell("interface")
            << heading_cell("kept modes") << heading_cell("rigid") << heading_cell("attachment")
            << "\n";
        for (const ComponentSummary &c : components)
          {
            char name[32];
            std::snprintf(name, sizeof(name), "   %-15s", c.name.c_str());
            out << name;
            for (const unsigned value :
                 {c.dofs, c.interface_dofs, c.kept_modes, c.rigid_modes, c.attachment_modes})
              {
                char buffer[24];
                std::snprintf(buffer, sizeof(buffer), " %14u", value);
                out << buffer;
              }
            out << "\n";
          }
      }
    if (reduced_dofs > 0)
      out << "\n reduced model: " << reduced_dofs << " DOFs; full model: " << full_dofs << " DOFs ("
          << std::fixed << std::setprecision(2) << 100.0 * reduced_dofs / std::max(1u, full_dofs)
          << " %)\n"
          << std::defaultfloat << std::setprecision(6);

    if (!frequencies.empty())
      {
        title(out, modified ? "M O D I F I E D   F R E Q U E N C I E S" :
                              "C M S   F R E Q U E N C I E S   (cycles/time)");
        out << "   mode";
        if (!baseline_frequencies.empty())
          out << heading_cell("baseline");
        out << heading_cell(modified ? "forward (Ritz)" : "CMS");
        if (!exact_frequencies.empty())
          out << heading_cell("CMS re-analysis") << heading_cell("fwd-CMS %");
        if (!full_frequencies.empty())
          out << heading_cell("full model") << heading_cell("error %");
        if (!full_partners.empty())
          out << heading_cell("full mode") << heading_cell("MAC");
        out << "\n";
        // The partner of mode m in a list paired by MAC (1-based; 0: none),
        // or mode m itself when the list was not paired.
        auto partner = [](const std::vector<unsigned> &partners,
                          const std::size_t            m) -> std::size_t {
          return m < partners.size() ? (partners[m] > 0 ? partners[m] - 1 : std::size_t(-1)) : m;
        };
        for (std::size_t m = 0; m < frequencies.size(); ++m)
          {
            out << mode_cell(m + 1);
            if (!baseline_frequencies.empty())
              out << cell(entry(baseline_frequencies, m));
            out << cell(frequencies[m]);
            if (!exact_frequencies.empty())
              out << cell(entry(exact_frequencies, partner(reanalysis_partners, m)))
                  << cell(100.0 * entry(forward_differences, m));
            if (!full_frequencies.empty())
              out << cell(entry(full_frequencies, partner(full_partners, m)))
                  << cell(m < relative_errors.size() ? 100.0 * relative_errors[m] :
                                                       std::numeric_limits<double>::quiet_NaN());
            if (!full_partners.empty())
              {
                const bool swapped = std::find(swapped_modes.begin(), swapped_modes.end(), m + 1) !=
                                     swapped_modes.end();
                char buffer[32];
                std::snprintf(buffer, sizeof(buffer), " %13u%s",
                              m < full_partners.size() ? full_partners[m] : 0u,
                              swapped ? "*" : " ");
                out << buffer << cell(entry(pairing_macs, m));
              }
            out << "\n";
          }
        if (!full_partners.empty())
          out << "\n full mode: the full-model mode paired with each mode by the mass-weighted MAC "
                 "(against the subspace of a repeated pair); * a mode swap\n";
        if (!relative_errors.empty())
          {
            double largest = 0.0;
            for (const double e : relative_errors)
              largest = std::max(largest, std::abs(e));
            out << "\n largest |error|: " << cell(100.0 * largest) << " %\n";
          }
      }
    if (!sensitivities.empty())
      {
        title(out, "N O R M A L I Z E D   S E N S I T I V I T I E S   (p/lambda) dlambda/dp");
        const auto &first_modes = sensitivities.begin()->second.begin()->second;
        out << "   component       parameter      ";
        for (const auto &[mode, value] : first_modes)
          out << heading_cell("mode " + std::to_string(mode));
        out << "\n";
        for (const auto &[component, parameters] : sensitivities)
          for (const auto &[parameter, modes] : parameters)
            {
              char name[48];
              std::snprintf(name, sizeof(name), "   %-15s %-15s", component.c_str(),
                            parameter.c_str());
              out << name;
              for (const auto &[mode, value] : modes)
                out << cell(value);
              out << "\n";
            }
      }
    if (!design_changes.empty())
      {
        title(out, "D E S I G N   C H A N G E S   (property x (1 + alpha))");
        out << "   parameter      " << heading_cell("alpha") << heading_cell("1 + alpha") << "\n";
        for (const auto &[parameter, alpha] : design_changes)
          {
            char name[32];
            std::snprintf(name, sizeof(name), "   %-15s", parameter.c_str());
            out << name << cell(alpha) << cell(1.0 + alpha) << "\n";
          }
      }
    if (!target_modes.empty())
      {
        title(out, "I N V E R S E   F R E Q U E N C Y   T A R G E T S");
        out << "   mode" << heading_cell("target") << heading_cell("reduced")
            << heading_cell("error %");
        if (!full_achieved_frequencies.empty())
          out << heading_cell("full model") << heading_cell("error %");
        out << "\n";
        for (std::size_t t = 0; t < target_modes.size(); ++t)
          {
            const double target = target_frequencies[t];
            out << mode_cell(target_modes[t]) << cell(target)
                << cell(entry(achieved_frequencies, t))
                << cell(100.0 * (entry(achieved_frequencies, t) - target) / target);
            if (!full_achieved_frequencies.empty())
              out << cell(full_achieved_frequencies[t])
                  << cell(100.0 * (full_achieved_frequencies[t] - target) / target);
            out << "\n";
          }
        out << "\n iterations: " << iterations << "\n";
      }
    if (!timings.empty())
      {
        title(out, "T I M I N G S   (seconds)");
        for (const auto &[phase, seconds] : timings)
          {
            char name[40];
            std::snprintf(name, sizeof(name), "   %-32s", phase.c_str());
            out << name << cell(seconds) << "\n";
          }
      }
    write_histories(out, "node", step.node_output);
    write_histories(out, "element", step.element_output);
  }
} // namespace corot::analysis
