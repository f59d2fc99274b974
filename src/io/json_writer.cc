#include <src/core/model.h>
#include <src/io/json_writer.h>
#include <src/io/program_version.h>
#include <src/io/variable_order.h>

#include <deal.II/base/exceptions.h>

#include <fstream>

namespace corot::io
{
  JsonWriter::JsonWriter(const Results &results, const core::Model *model)
    : results_(results)
    , model_(model)
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
    json.key("schema_version");
    json.value(schema_version);
    json.key("program");
    json.begin_object();
    json.key("name");
    json.value("corot");
    json.key("version");
    json.value(program_version());
    json.end_object();
    json.key("status");
    json.value(results_.status);
    if (!results_.message.empty())
      {
        json.key("message");
        json.value(results_.message);
      }
    const RunEnvironment &environment = results_.environment;
    // Written when a run filled it (analysis::run_analysis always finds the
    // BLAS, which deal.II links); results assembled by hand have none.
    if (!environment.blas.empty())
      write_environment(json, environment);
    if (model_ != nullptr)
      write_model(json, *model_);
    json.key("steps");
    json.begin_array();
    for (const StepResult &step : results_.steps)
      write_step(json, step);
    json.end_array();
    json.end_object();
  }

  void
  JsonWriter::write_environment(JsonStream &json, const RunEnvironment &environment) const
  {
    json.key("environment");
    json.begin_object();
    json.key("mpi_ranks");
    json.value(environment.mpi_ranks);
    json.key("blas");
    json.value(environment.blas);
    json.key("blas_config");
    json.value(environment.blas_config);
    json.key("blas_threads");
    json.value(environment.blas_threads);
    json.key("lapack");
    json.value(environment.lapack);
    json.key("direct_solvers");
    json.begin_array();
    for (const std::string &solver : environment.direct_solvers)
      json.value(solver);
    json.end_array();
    json.end_object();
  }

  void
  JsonWriter::write_model(JsonStream &json, const core::Model &model)
  {
    const auto sets = [&json](const std::string                                  &name,
                              const std::map<std::string, std::vector<unsigned>> &sets) {
      json.key(name);
      json.begin_object();
      for (const auto &[set_name, ids] : sets)
        {
          json.key(set_name);
          json.value(ids);
        }
      json.end_object();
    };
    json.key("model");
    json.begin_object();
    json.key("heading");
    json.value(model.heading);

    json.key("nodes");
    json.begin_object();
    std::vector<unsigned> ids;
    for (const core::NodeRecord &node : model.nodes)
      ids.push_back(node.id);
    json.key("ids");
    json.value(ids);
    json.key("coordinates");
    json.begin_array();
    for (const core::NodeRecord &node : model.nodes)
      json.value(std::vector<double>{node.position[0], node.position[1], node.position[2]});
    json.end_array();
    json.end_object();

    json.key("elements");
    json.begin_object();
    ids.clear();
    for (const core::ElementRecord &element : model.elements)
      ids.push_back(element.id);
    json.key("ids");
    json.value(ids);
    std::vector<std::string> types;
    for (const core::ElementRecord &element : model.elements)
      types.push_back(element.type);
    json.key("types");
    json.value(types);
    json.key("connectivity");
    json.begin_array();
    for (const core::ElementRecord &element : model.elements)
      json.value(element.node_ids);
    json.end_array();
    json.end_object();

    sets("node_sets", model.node_sets);
    sets("element_sets", model.element_sets);
    json.end_object();
  }

  void
  JsonWriter::write_step(JsonStream &json, const StepResult &step)
  {
    AssertThrow(step.results, dealii::ExcMessage("step " + std::to_string(step.number) +
                                                 " has no procedure results"));
    json.begin_object();
    json.key("step");
    json.value(step.number);
    json.key("procedure");
    json.value(step.results->procedure());
    step.results->write_json(json, step);
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
        for (const std::string &variable : ordered_variables(history))
          {
            json.key(variable);
            json.value(history.values.at(variable));
          }
        json.end_object();
      }
    json.end_object();
  }
} // namespace corot::io
