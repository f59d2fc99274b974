#include <src/analysis/procedure_registry.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/model_keyword_parser.h>
#include <src/deck/step_keyword_parser.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

namespace corot::deck
{
  StepKeywordParser::StepKeywordParser(ParseState &state)
    : state_(state)
  {}

  void
  StepKeywordParser::finish() const
  {
    if (state_.in_step)
      throw core::InputError(state_.model.steps.back().defined_at, "*STEP without *END STEP");
  }

  core::Step &
  StepKeywordParser::current_step()
  {
    return state_.model.steps.back();
  }

  void
  StepKeywordParser::procedure(const analysis::ProcedureTypeInfo &type, const KeywordLine &keyword,
                               const std::vector<DataLine> &data)
  {
    for (const analysis::ProcedureParameterHelp &refused : type.refused)
      if (keyword.has(refused.name))
        throw core::InputError(keyword.location(), refused.help);
    std::vector<std::string> allowed;
    for (const analysis::ProcedureParameterHelp &parameter : type.accepted_parameters())
      allowed.push_back(parameter.name);
    keyword.check_parameters(allowed);
    core::Step &step = current_step();
    if (step.has_procedure())
      throw core::InputError(keyword.location(), "a step has only one procedure (the first is at " +
                                                   step.procedure_at.str() + ")");
    step.procedure_at = keyword.location();
    step.parameters   = type.parse(keyword, data, step);
  }

  void
  StepKeywordParser::step(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (state_.in_step)
      throw core::InputError(keyword.location(), "*STEP inside a step (missing *END STEP?)");
    // An optional data line is the step's description (Abaqus); it is ignored.
    require_at_most_lines(keyword, data, 1);
    core::Step step;
    step.defined_at   = keyword.location();
    step.perturbation = keyword.has("PERTURBATION");
    // Without NLGEOM on its *STEP line a step keeps the previous step's
    // (CalculiX and Abaqus); NLGEOM=NO turns it off again, as in CalculiX.
    if (!state_.model.steps.empty())
      step.nlgeom = state_.model.steps.back().nlgeom;
    // *CONTROLS stay in force until *CONTROLS, RESET (Abaqus, CalculiX).
    if (!state_.model.steps.empty())
      step.controls = state_.model.steps.back().controls;
    // *RESTART, WRITE stays in force until the next one (Abaqus).
    if (!state_.model.steps.empty())
      step.restart = state_.model.steps.back().restart;
    if (const auto amplitude = keyword.value_upper("AMPLITUDE"))
      {
        if (*amplitude != "RAMP" && *amplitude != "STEP")
          throw core::InputError(keyword.location(),
                                 "*STEP, AMPLITUDE= must be RAMP or STEP, got " + *amplitude);
        step.ramp = *amplitude == "RAMP";
      }
    if (keyword.has("NLGEOM"))
      {
        const std::string nlgeom =
          keyword.has_value("NLGEOM") ? *keyword.value_upper("NLGEOM") : std::string("YES");
        if (nlgeom != "YES" && nlgeom != "NO")
          throw core::InputError(keyword.location(), "NLGEOM must be YES or NO, got " + nlgeom);
        step.nlgeom = nlgeom == "YES";
      }
    if (const auto inc = keyword.integer("INC"))
      {
        if (*inc == 0)
          throw core::InputError(keyword.location(), "INC= must be positive");
        step.max_increments = *inc;
      }
    state_.model.steps.push_back(step);
    state_.in_step = true;
  }

  void
  StepKeywordParser::end_step(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    if (!state_.in_step)
      throw core::InputError(keyword.location(), "*END STEP without *STEP");
    if (!current_step().has_procedure())
      throw core::InputError(current_step().defined_at,
                             "step has no procedure (*STATIC, *FREQUENCY, *BUCKLE or *DYNAMIC) "
                             "before its *END STEP at line " +
                               std::to_string(keyword.location().line));
    inherit_outputs();
    state_.in_step = false;
  }

  void
  StepKeywordParser::inherit_outputs()
  {
    const size_t step_index = state_.model.steps.size() - 1;
    if (step_index == 0)
      return;
    core::Step                         &step     = state_.model.steps[step_index];
    const core::Step                   &previous = state_.model.steps[step_index - 1];
    std::set<core::OutputRequest::Kind> own_kinds;
    for (const core::OutputRequest &request : step.outputs)
      own_kinds.insert(request.kind);
    for (const core::OutputRequest &request : previous.outputs)
      {
        if (own_kinds.count(request.kind) > 0)
          continue;
        core::OutputRequest copy = request;
        copy.inherited           = true;
        copy.ids.clear();
        const size_t index = step.outputs.size();
        step.outputs.push_back(copy);
        if (!copy.set_name.empty())
          add_reference(state_,
                        copy.kind == core::OutputRequest::Kind::node_print ||
                          copy.kind == core::OutputRequest::Kind::node_file,
                        copy.set_name, copy.defined_at,
                        [step_index, index](core::Model &m) -> std::vector<unsigned> & {
                          return m.steps[step_index].outputs[index].ids;
                        });
      }
  }

  void
  StepKeywordParser::time_points(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string name = keyword.value_upper("NAME").value_or("");
    if (name.empty())
      throw core::InputError(keyword.location(), "*TIME POINTS needs NAME=");
    if (keyword.value_upper("TIME").value_or("STEP") != "STEP")
      throw core::InputError(keyword.location(),
                             "*TIME POINTS, TIME=" + *keyword.value_upper("TIME") +
                               " is not supported (step times only)");
    if (state_.model.time_points.count(name) > 0)
      throw core::InputError(keyword.location(), "*TIME POINTS, NAME=" + name + " defined twice");
    if (data.empty())
      throw core::InputError(keyword.location(), "*TIME POINTS needs at least one data line");
    std::vector<double> times;
    for (const DataLine &line : data)
      if (keyword.has("GENERATE"))
        {
          line.require_fields(3, 3, "TIME POINTS, GENERATE");
          const double start = line.number(0), end = line.number(1), step = line.number(2);
          if (!(step > 0.0) || end < start)
            throw core::InputError(line.location(), "*TIME POINTS, GENERATE needs start <= end "
                                                    "and a positive increment");
          const double intervals = std::floor((end - start) / step * (1.0 + 1e-12));
          if (!(intervals < DataLine::max_generated))
            {
              std::ostringstream count;
              count << std::setprecision(3) << intervals + 1.0;
              throw core::InputError(line.location(), "*TIME POINTS, GENERATE asks for " +
                                                        count.str() + " time points (at most " +
                                                        std::to_string(DataLine::max_generated) +
                                                        " per line)");
            }
          const auto n = static_cast<long>(intervals);
          for (long i = 0; i <= n; ++i)
            times.push_back(start + i * step);
        }
      else
        for (unsigned i = 0; i < line.n_fields(); ++i)
          if (!line.is_empty(i))
            {
              const double time = line.number(i);
              if (time < 0.0 || (!times.empty() && !(time > times.back())))
                throw core::InputError(line.location(), "*TIME POINTS must be non-negative and "
                                                        "increasing");
              times.push_back(time);
            }
    state_.model.time_points[name] = times;
  }

  void
  StepKeywordParser::cload(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string op = keyword.value_upper("OP").value_or("MOD");
    if (op != "MOD" && op != "NEW")
      throw core::InputError(keyword.location(), "unsupported OP=" + op + " (MOD or NEW)");
    const std::string amplitude = keyword.value_upper("AMPLITUDE").value_or("");
    if (!amplitude.empty())
      state_.amplitudes.push_back(PendingAmplitude{amplitude, keyword.location()});
    core::Step  &step       = current_step();
    const size_t step_index = state_.model.steps.size() - 1;
    if (op == "NEW")
      step.new_loads = true;
    for (const DataLine &line : data)
      {
        line.require_fields(3, 3, "CLOAD");
        core::ConcentratedLoad load;
        load.dof           = dof_field(line, 1);
        load.value         = line.number(2);
        load.amplitude     = amplitude;
        load.defined_at    = line.location();
        const size_t index = step.loads.size();
        step.loads.push_back(load);
        add_reference(state_, true, line.field_upper(0), line.location(),
                      [step_index, index](core::Model &m) -> std::vector<unsigned> & {
                        return m.steps[step_index].loads[index].node_ids;
                      });
      }
  }

  void
  StepKeywordParser::dload(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string op = keyword.value_upper("OP").value_or("MOD");
    if (op != "MOD" && op != "NEW")
      throw core::InputError(keyword.location(), "unsupported OP=" + op + " (MOD or NEW)");
    const std::string amplitude = keyword.value_upper("AMPLITUDE").value_or("");
    if (!amplitude.empty())
      state_.amplitudes.push_back(PendingAmplitude{amplitude, keyword.location()});
    core::Step  &step       = current_step();
    const size_t step_index = state_.model.steps.size() - 1;
    if (op == "NEW")
      step.new_distributed_loads = true;
    for (const DataLine &line : data)
      {
        const std::string type = line.field_upper(1);
        if (type == "P")
          {
            // Shell face pressure; whether the elements are shells is checked
            // once the sets are resolved (analysis::check_pressure_loads).
            line.require_fields(3, 3, "DLOAD, P");
            core::PressureLoad load;
            load.magnitude     = line.number(2);
            load.amplitude     = amplitude;
            load.defined_at    = line.location();
            const size_t index = step.pressures.size();
            step.pressures.push_back(load);
            add_reference(state_, false, line.field_upper(0), line.location(),
                          [step_index, index](core::Model &m) -> std::vector<unsigned> & {
                            return m.steps[step_index].pressures[index].element_ids;
                          });
            continue;
          }
        if (type != "GRAV")
          throw core::InputError(line.location(), "unsupported *DLOAD type " + type +
                                                    " (GRAV, and P on shell elements)");
        line.require_fields(6, 6, "DLOAD, GRAV");
        core::GravityLoad load;
        load.magnitude     = line.number(2);
        load.direction     = direction_fields(line, 3, "gravity direction");
        load.amplitude     = amplitude;
        load.defined_at    = line.location();
        const size_t index = step.gravity.size();
        step.gravity.push_back(load);
        add_reference(state_, false, line.field_upper(0), line.location(),
                      [step_index, index](core::Model &m) -> std::vector<unsigned> & {
                        return m.steps[step_index].gravity[index].element_ids;
                      });
      }
  }

  void
  StepKeywordParser::output(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    using Kind               = core::OutputRequest::Kind;
    const std::string  &name = keyword.name();
    core::OutputRequest request;
    request.defined_at = keyword.location();
    std::vector<std::string>       variables;
    const std::vector<std::string> node_variables    = {"U", "V", "RF"};
    const std::vector<std::string> element_variables = {"S",    "E",    "SF",  "SM",  "SF1",
                                                        "SF2",  "SF3",  "SM1", "SM2", "SM3",
                                                        "ENER", "ELSE", "CU",  "CUR"};
    bool                           is_node           = true;
    if (name == "NODE PRINT" || name == "NODE FILE")
      {
        // OUTPUT=2D|3D is CalculiX's choice of how beams are expanded in its .frd
        // file; corot's VTU always shows the element lines, so it has no effect.
        request.kind     = name == "NODE PRINT" ? Kind::node_print : Kind::node_file;
        request.set_name = keyword.value_upper("NSET").value_or("");
        variables        = node_variables;
      }
    else if (name == "EL PRINT" || name == "EL FILE")
      {
        // SECTION FORCES is CalculiX's request for beam section forces, which
        // corot's element output always holds.
        request.kind     = name == "EL PRINT" ? Kind::element_print : Kind::element_file;
        request.set_name = keyword.value_upper("ELSET").value_or("");
        variables        = element_variables;
        is_node          = false;
      }
    else
      {
        request.kind = Kind::energy_print;
        require_at_most_lines(keyword, data, 0);
      }
    request.frequency   = keyword.integer("FREQUENCY").value_or(1);
    request.time_points = keyword.value_upper("TIME POINTS").value_or("");
    if (!request.time_points.empty())
      {
        if (keyword.has("FREQUENCY"))
          throw core::InputError(keyword.location(),
                                 "FREQUENCY= and TIME POINTS= exclude each other");
        if (!current_step().parameters_of<core::DynamicParameters>())
          throw core::InputError(keyword.location(), "TIME POINTS= is honoured in *DYNAMIC steps "
                                                     "only (after the *DYNAMIC line)");
      }

    for (const DataLine &line : data)
      for (unsigned i = 0; i < line.n_fields(); ++i)
        {
          if (line.is_empty(i))
            continue;
          const std::string variable = line.field_upper(i);
          if (std::find(variables.begin(), variables.end(), variable) == variables.end())
            {
              std::string known;
              for (const std::string &v : variables)
                known += (known.empty() ? "" : ", ") + v;
              throw core::InputError(line.location(), "unknown output variable " + variable +
                                                        " on *" + name + " (" + known + ")");
            }
          request.variables.push_back(variable);
        }

    core::Step  &step       = current_step();
    const size_t step_index = state_.model.steps.size() - 1;
    const size_t index      = step.outputs.size();
    step.outputs.push_back(request);
    if (!request.set_name.empty())
      add_reference(state_, is_node, request.set_name, keyword.location(),
                    [step_index, index](core::Model &m) -> std::vector<unsigned> & {
                      return m.steps[step_index].outputs[index].ids;
                    });
  }

  namespace
  {
    /** The handler that runs @p method of a StepKeywordParser on the context's state. */
    template <void (StepKeywordParser::*method)(const KeywordLine &, const std::vector<DataLine> &)>
    void
    step_handler(KeywordContext &context, const KeywordLine &keyword,
                 const std::vector<DataLine> &data)
    {
      (StepKeywordParser(context.state).*method)(keyword, data);
    }

    /** FREQUENCY= and TIME POINTS= of every output request. */
    const KeywordParameter output_frequency =
      optional_parameter("FREQUENCY",
                         "write every n-th increment and the step's last (default 1; 0: none)");
    const KeywordParameter output_time_points = optional_parameter(
      "TIME POINTS",
      "write at the times of this *TIME POINTS (*DYNAMIC only, not with FREQUENCY=)");
    const char *const node_output = "U, V, RF (default all)";
    const char *const element_output =
      "S, SF, SM, SF1-SF3, SM1-SM3 (section forces: middle and ends of beams and trusses; "
      "default all), E, ENER, ELSE (not written)";

    /** The parameters of *NODE PRINT and *NODE FILE. */
    std::vector<KeywordParameter>
    node_output_parameters()
    {
      return {optional_parameter("NSET", "the nodes (default all)"),
              output_frequency,
              optional_parameter("TOTALS", "accepted, no effect"),
              optional_parameter("GLOBAL", "accepted, no effect (output is in global axes)"),
              optional_parameter("OUTPUT", "accepted, no effect (CalculiX's 2D/3D beam expansion)"),
              output_time_points};
    }

    /** The parameters of *EL PRINT and *EL FILE. */
    std::vector<KeywordParameter>
    element_output_parameters()
    {
      return {optional_parameter("ELSET", "the elements (default all)"),
              output_frequency,
              optional_parameter("TOTALS", "accepted, no effect"),
              optional_parameter("GLOBAL", "accepted, no effect"),
              optional_parameter("OUTPUT", "accepted, no effect"),
              optional_flag("SECTION FORCES", "accepted (beam section forces are always written)"),
              output_time_points};
    }

    /** OP= and AMPLITUDE= of *CLOAD and *DLOAD. */
    std::vector<KeywordParameter>
    load_parameters()
    {
      return {optional_parameter("AMPLITUDE", "value times this amplitude of step time"),
              optional_parameter("OP",
                                 "MOD (default) adds or changes, NEW first removes every "
                                 "load of this keyword",
                                 {"MOD", "NEW"})};
    }
  } // namespace

  COROT_REGISTER_KEYWORD(
    step, "STEP", KeywordPlacement::anywhere, "opens a step (history data up to *END STEP)",
    {optional_flag("NLGEOM", "geometrically non-linear (flag = YES); kept by later steps",
                   {"YES", "NO"}),
     optional_parameter("INC", "maximum number of increments (default 100)"),
     optional_parameter("NAME", "the step's name (accepted)"),
     optional_flag("PERTURBATION", "linear perturbation about the base state (*FREQUENCY, "
                                   "*BUCKLE)"),
     optional_parameter("AMPLITUDE",
                        "how loads change over the step (default RAMP in *STATIC, "
                        "STEP in *DYNAMIC)",
                        {"RAMP", "STEP"})},
    "optional: one line, the step's description (ignored)", step_handler<&StepKeywordParser::step>)

  COROT_REGISTER_KEYWORD(end_step, "END STEP", KeywordPlacement::anywhere,
                         "closes the step; it must have a procedure", {}, "",
                         step_handler<&StepKeywordParser::end_step>)



  COROT_REGISTER_KEYWORD(time_points, "TIME POINTS", KeywordPlacement::anywhere,
                         "named step times for TIME POINTS= of output requests",
                         {required_parameter("NAME", "the name output requests give"),
                          optional_flag("GENERATE", "data lines are start, end, increment"),
                          optional_parameter("TIME", "only STEP", {"STEP"})},
                         "ascending times, or with GENERATE: start, end, increment",
                         step_handler<&StepKeywordParser::time_points>)

  COROT_REGISTER_KEYWORD(cload, "CLOAD", KeywordPlacement::step, "concentrated nodal loads",
                         load_parameters(), "node or node set, dof, value",
                         step_handler<&StepKeywordParser::cload>)

  COROT_REGISTER_KEYWORD(dload, "DLOAD", KeywordPlacement::step,
                         "gravity (GRAV) and pressure on shells (P)", load_parameters(),
                         "element or element set, GRAV, g, nx, ny, nz; or element or element "
                         "set, P, pressure (shells, along the normal of the node order)",
                         step_handler<&StepKeywordParser::dload>)

  COROT_REGISTER_KEYWORD(node_print, "NODE PRINT", KeywordPlacement::step,
                         "nodal results to NAME.dat and NAME.json", node_output_parameters(),
                         node_output, step_handler<&StepKeywordParser::output>)

  COROT_REGISTER_KEYWORD(node_file, "NODE FILE", KeywordPlacement::step,
                         "nodal fields to the VTU files", node_output_parameters(), node_output,
                         step_handler<&StepKeywordParser::output>)

  COROT_REGISTER_KEYWORD(el_print, "EL PRINT", KeywordPlacement::step,
                         "element results to NAME.dat and NAME.json", element_output_parameters(),
                         element_output, step_handler<&StepKeywordParser::output>)

  COROT_REGISTER_KEYWORD(el_file, "EL FILE", KeywordPlacement::step,
                         "element fields to the VTU files", element_output_parameters(),
                         element_output, step_handler<&StepKeywordParser::output>)

  COROT_REGISTER_KEYWORD(energy_print, "ENERGY PRINT", KeywordPlacement::step,
                         "thins the energy history to every n-th increment",
                         {output_frequency, output_time_points}, "",
                         step_handler<&StepKeywordParser::output>)
} // namespace corot::deck
