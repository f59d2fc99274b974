#include <src/io/json_writer.h>
#include <src/io/variable_order.h>

#include <deal.II/base/exceptions.h>

#include <fstream>

namespace corot::io
{
  JsonWriter::JsonWriter(const Results &results)
    : results_(results)
  {}

  void
  JsonWriter::write(const std::string &file_name) const
  {
    std::ofstream out(file_name);
    AssertThrow(out, dealii::ExcMessage("cannot open " + file_name + " for writing"));
    write(out);
    out.flush();
    AssertThrow(out, dealii::ExcMessage("error while writing " + file_name));
  }

  void
  JsonWriter::write(std::ostream &out) const
  {
    JsonStream json(out);
    json.begin_object();
    json.key("deck");
    json.value(results_.deck_name);
    json.key("steps");
    json.begin_array();
    for (const StepResult &step : results_.steps)
      write_step(json, step);
    json.end_array();
    json.end_object();
  }

  void
  JsonWriter::write_step(JsonStream &json, const StepResult &step) const
  {
    const std::string &procedure = step.procedure;
    const bool is_static    = procedure == "static";
    const bool is_frequency = procedure == "frequency";
    const bool is_buckle    = procedure == "buckle";
    const bool is_dynamic   = procedure == "dynamic";
    const bool is_other     = !(is_static || is_frequency || is_buckle || is_dynamic);

    json.begin_object();
    json.key("step");
    json.value(step.number);
    json.key("procedure");
    json.value(procedure);

    if (is_frequency || (is_other && !step.eigenvalues.empty()))
      {
        json.key("eigenvalues");
        json.value(step.eigenvalues);
      }
    if (is_frequency || (is_other && !step.frequencies.empty()))
      {
        json.key("frequencies");
        json.value(step.frequencies);
      }
    if (is_buckle || (is_other && !step.load_factors.empty()))
      {
        json.key("load_factors");
        json.value(step.load_factors);
      }
    if (is_dynamic || (is_other && !step.energy.time.empty()))
      write_energy(json, step.energy);
    if (is_static || is_dynamic || !step.node_output.empty())
      write_histories(json, "node_output", step.node_output);
    if (!step.element_output.empty())
      write_histories(json, "element_output", step.element_output);
    if (!step.load_factor.empty())
      {
        json.key("arc_length");
        json.value(step.arc_length);
        json.key("load_factor");
        json.value(step.load_factor);
      }
    if (is_dynamic || !step.newton_iterations.empty())
      {
        json.key("newton_iterations");
        json.value(step.newton_iterations);
      }
    if (!step.time_increments.empty())
      {
        json.key("time_increments");
        json.value(step.time_increments);
      }
    if (step.cms.present)
      write_cms(json, step.cms);
    if (step.base_state.present)
      {
        json.key("base_state");
        json.begin_object();
        json.key("step");
        json.value(step.base_state.step);
        json.key("deformed");
        json.value(step.base_state.deformed);
        json.key("stress_stiffening");
        json.value(step.base_state.stress_stiffening);
        json.key("description");
        json.value(step.base_state.description);
        json.end_object();
      }
    json.end_object();
  }

  void
  JsonWriter::write_histories(JsonStream &json, const std::string &name,
                              const std::map<unsigned, History> &histories)
  {
    json.key(name);
    json.begin_object();
    for (const auto &[id, history] : histories)
      {
        json.key(std::to_string(id));
        json.begin_object();
        json.key("time");
        json.value(history.time);
        for (const std::string &variable : ordered_variables(history))
          {
            json.key(variable);
            json.value(history.values.at(variable));
          }
        json.end_object();
      }
    json.end_object();
  }

  void
  JsonWriter::write_cms(JsonStream &json, const CmsResult &cms)
  {
    auto list = [&](const char *name, const std::vector<double> &values) {
      if (values.empty())
        return;
      json.key(name);
      json.value(values);
    };
    if (!cms.method.empty())
      {
        json.key("method");
        json.value(cms.method);
      }
    json.key("reduced_dofs");
    json.value(cms.reduced_dofs);
    json.key("full_dofs");
    json.value(cms.full_dofs);
    list("full_frequencies", cms.full_frequencies);
    list("relative_errors", cms.relative_errors);
    auto modes = [&](const char *name, const std::vector<unsigned> &values, const bool always) {
      if (values.empty() && !always)
        return;
      json.key(name);
      json.value(values);
    };
    modes("full_partners", cms.full_partners, false);
    list("pairing_mac", cms.pairing_macs);
    modes("swapped_modes", cms.swapped_modes, !cms.full_partners.empty());
    modes("reanalysis_partners", cms.reanalysis_partners, false);
    list("baseline_frequencies", cms.baseline_frequencies);
    list("exact_frequencies", cms.exact_frequencies);
    list("forward_vs_reanalysis", cms.forward_differences);
    if (!cms.components.empty())
      {
        json.key("components");
        json.begin_object();
        for (const ComponentSummary &c : cms.components)
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
    if (!cms.sensitivities.empty())
      {
        json.key("sensitivities");
        json.begin_object();
        for (const auto &[component, parameters] : cms.sensitivities)
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
        if (!cms.repeated_modes.empty())
          {
            json.key("repeated_modes");
            json.begin_array();
            for (const std::vector<unsigned> &cluster : cms.repeated_modes)
              json.value(cluster);
            json.end_array();
          }
      }
    if (!cms.design_changes.empty())
      {
        json.key("design_changes");
        json.begin_object();
        for (const auto &[parameter, alpha] : cms.design_changes)
          {
            json.key(parameter);
            json.value(alpha);
          }
        json.end_object();
      }
    if (!cms.target_modes.empty())
      {
        json.key("iterations");
        json.value(cms.iterations);
        json.key("target_modes");
        json.value(cms.target_modes);
        list("target_frequencies", cms.target_frequencies);
        list("achieved_frequencies", cms.achieved_frequencies);
        list("full_achieved_frequencies", cms.full_achieved_frequencies);
      }
    if (!cms.timings.empty())
      {
        json.key("timings");
        json.begin_object();
        for (const auto &[phase, seconds] : cms.timings)
          {
            json.key(phase);
            json.value(seconds);
          }
        json.end_object();
      }
  }

  void
  JsonWriter::write_energy(JsonStream &json, const EnergyHistory &energy)
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
    json.key("total");
    json.value(energy.total);
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
  }
} // namespace corot::io
