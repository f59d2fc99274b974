#include <src/io/json_stream.h>
#include <src/io/result_files.h>

namespace corot::io
{
  namespace
  {
    void
    write_histories(JsonStream &json, const std::string &name,
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
          for (const auto &[variable, values] : history.values)
            {
              json.key(variable);
              json.value(values);
            }
          json.end_object();
        }
      json.end_object();
    }
  } // namespace

  void
  write_json(const Results &results, std::ostream &out)
  {
    JsonStream json(out);
    json.begin_object();
    json.key("deck");
    json.value(results.deck_name);
    json.key("steps");
    json.begin_array();
    for (const StepResult &step : results.steps)
      {
        json.begin_object();
        json.key("step");
        json.value(step.number);
        json.key("procedure");
        json.value(step.procedure);
        if (step.procedure == "static" || step.procedure == "dynamic")
          {
            write_histories(json, "node_output", step.node_output);
            if (!step.element_output.empty())
              write_histories(json, "element_output", step.element_output);
            json.key("newton_iterations");
            json.value(step.newton_iterations);
          }
        if (step.procedure == "frequency")
          {
            json.key("eigenvalues");
            json.value(step.eigenvalues);
            json.key("frequencies");
            json.value(step.frequencies);
          }
        if (step.procedure == "buckle")
          {
            json.key("load_factors");
            json.value(step.load_factors);
          }
        if (step.procedure == "dynamic")
          {
            json.key("energy");
            json.begin_object();
            json.key("time");
            json.value(step.energy.time);
            json.key("kinetic");
            json.value(step.energy.kinetic);
            json.key("strain");
            json.value(step.energy.strain);
            json.key("external_work");
            json.value(step.energy.external_work);
            json.key("total");
            json.value(step.energy.total);
            json.end_object();
          }
        json.end_object();
      }
    json.end_array();
    json.end_object();
  }
} // namespace corot::io
