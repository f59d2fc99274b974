#include <src/deck/model_keyword_parser.h>
#include <src/deck/step_keyword_parser.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace corot::deck
{
  StepKeywordParser::StepKeywordParser(ParseState &state)
    : state_(state)
  {}

  bool
  StepKeywordParser::handles(const std::string &name)
  {
    static const std::set<std::string> names = {
      "STEP", "END STEP", "STATIC", "FREQUENCY", "BUCKLE", "DYNAMIC", "CLOAD", "DLOAD",
      "NODE PRINT", "EL PRINT", "NODE FILE", "EL FILE", "ENERGY PRINT", "TIME POINTS"};
    return names.count(name) > 0;
  }

  void
  StepKeywordParser::parse(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string &name = keyword.name();
    if (name == "STEP")
      return step(keyword, data);
    if (name == "END STEP")
      return end_step(keyword, data);
    if (name == "TIME POINTS") // model or history data, as in Abaqus
      return time_points(keyword, data);
    if (!state_.in_step)
      throw core::InputError(keyword.location(),
                             "*" + name + " is only allowed inside a *STEP ... *END STEP");
    if (name == "STATIC")
      statics(keyword, data);
    else if (name == "FREQUENCY")
      frequency(keyword, data);
    else if (name == "BUCKLE")
      buckle(keyword, data);
    else if (name == "DYNAMIC")
      dynamic(keyword, data);
    else if (name == "CLOAD")
      cload(keyword, data);
    else if (name == "DLOAD")
      dload(keyword, data);
    else
      output(keyword, data);
  }

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

  core::Step &
  StepKeywordParser::set_procedure(const core::Procedure procedure, const KeywordLine &keyword)
  {
    core::Step &step = current_step();
    if (step.procedure != core::Procedure::none)
      throw core::InputError(keyword.location(), "a step has only one procedure (the first is at " +
                                                   step.procedure_at.str() + ")");
    step.procedure    = procedure;
    step.procedure_at = keyword.location();
    return step;
  }

  void
  StepKeywordParser::step(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"NLGEOM", "INC", "NAME", "PERTURBATION", "AMPLITUDE"});
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
    if (const auto amplitude = keyword.value_upper("AMPLITUDE"))
      {
        if (*amplitude != "RAMP" && *amplitude != "STEP")
          throw core::InputError(keyword.location(),
                                 "*STEP, AMPLITUDE= must be RAMP or STEP, got " + *amplitude);
        step.ramp = *amplitude == "RAMP";
      }
    if (keyword.has("NLGEOM"))
      {
        const std::string nlgeom = keyword.has_value("NLGEOM") ? *keyword.value_upper("NLGEOM") : std::string("YES");
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
    keyword.check_parameters({});
    require_at_most_lines(keyword, data, 0);
    if (!state_.in_step)
      throw core::InputError(keyword.location(), "*END STEP without *STEP");
    if (current_step().procedure == core::Procedure::none)
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
    core::Step                     &step     = state_.model.steps[step_index];
    const core::Step               &previous = state_.model.steps[step_index - 1];
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
  StepKeywordParser::statics(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"DIRECT", "RIKS", "SOLVER"});
    core::Step &step = set_procedure(core::Procedure::static_analysis, keyword);
    if (keyword.has("RIKS"))
      return riks(keyword, data);
    require_at_most_lines(keyword, data, 1);
    if (data.empty())
      return;
    const DataLine &line = data.front();
    line.require_fields(0, 4, "STATIC");
    core::StaticParameters &p = step.statics;
    p.initial_increment       = line.number_or(0, 1.0);
    p.period                  = line.number_or(1, 1.0);
    p.min_increment           = line.number_or(2, 0.0);
    p.max_increment           = line.number_or(3, 0.0);
    if (!(p.initial_increment > 0.0) || !(p.period > 0.0) || p.min_increment < 0.0 ||
        p.max_increment < 0.0)
      throw core::InputError(line.location(), "*STATIC increments and period must be positive");
  }

  void
  StepKeywordParser::riks(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    core::Step &step = current_step();
    if (!step.nlgeom)
      throw core::InputError(keyword.location(),
                             "*STATIC, RIKS traces a non-linear path: the *STEP needs NLGEOM");
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    line.require_fields(1, 8, "STATIC, RIKS");
    core::StaticParameters &p = step.statics;
    p.riks              = true;
    p.data_at           = line.location();
    p.initial_increment = line.number(0);
    p.period            = line.number_or(1, 1.0);
    p.min_increment     = line.number_or(2, 0.0);
    p.max_increment     = line.number_or(3, 0.0);
    if (!(p.initial_increment > 0.0) || !(p.period > 0.0) || p.min_increment < 0.0 ||
        p.max_increment < 0.0)
      throw core::InputError(line.location(), "*STATIC, RIKS: the arc-length increments and the "
                                              "total arc length must be positive");
    if (p.max_increment > 0.0 && p.min_increment > p.max_increment)
      throw core::InputError(line.location(), "*STATIC, RIKS: the minimum arc-length increment "
                                              "exceeds the maximum");
    if (!line.is_empty(4))
      {
        p.max_load_factor = line.number(4);
        if (!(*p.max_load_factor > 0.0))
          throw core::InputError(line.location(),
                                 "*STATIC, RIKS: the maximum load proportionality factor "
                                 "(field 5) must be positive");
      }
    const bool has_node = !line.is_empty(5), has_dof = !line.is_empty(6),
               has_value = !line.is_empty(7);
    if (has_node || has_dof || has_value)
      {
        if (!(has_node && has_dof && has_value))
          throw core::InputError(line.location(),
                                 "*STATIC, RIKS: a displacement limit needs a node (field 6), a "
                                 "DOF (field 7) and a value (field 8)");
        p.limit_node         = line.positive_integer(5);
        p.limit_dof          = line.positive_integer(6);
        p.limit_displacement = line.number(7);
        if (p.limit_dof > 6)
          throw core::InputError(line.location(), "*STATIC, RIKS: DOF " +
                                                    std::to_string(p.limit_dof) +
                                                    " of the displacement limit is not 1-6");
        if (p.limit_displacement == 0.0)
          throw core::InputError(line.location(),
                                 "*STATIC, RIKS: the displacement limit must not be zero");
      }
  }

  void
  StepKeywordParser::frequency(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters(
      {"SOLVER", "STORAGE", "EIGENSOLVER", "NORMALIZATION", "GLOBAL", "CYCMPC"});
    core::Step &step = set_procedure(core::Procedure::frequency, keyword);
    require_at_most_lines(keyword, data, 1);
    if (data.empty())
      return;
    const DataLine &line = data.front();
    line.require_fields(0, 3, "FREQUENCY");
    core::FrequencyParameters &p = step.frequency;
    if (!line.is_empty(0))
      p.n_modes = line.positive_integer(0);
    if (!line.is_empty(1))
      p.lower_frequency = line.number(1);
    if (!line.is_empty(2))
      p.upper_frequency = line.number(2);
    if (p.lower_frequency && *p.lower_frequency < 0.0)
      throw core::InputError(line.location(), "lower frequency must not be negative");
    if (p.upper_frequency && !(*p.upper_frequency > p.lower_frequency.value_or(0.0)))
      throw core::InputError(line.location(), "upper frequency must exceed the lower frequency");
  }

  void
  StepKeywordParser::buckle(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"SOLVER", "STORAGE"});
    core::Step &step = set_procedure(core::Procedure::buckle, keyword);
    require_one_line(keyword, data);
    data.front().require_fields(1, 4, "BUCKLE");
    step.frequency.n_modes = data.front().positive_integer(0);
  }

  void
  StepKeywordParser::dynamic(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (keyword.has("HAFTOL"))
      throw core::InputError(keyword.location(),
                             "HAFTOL= (Abaqus' half-increment residual tolerance) is not supported: "
                             "corot's automatic incrementation bounds a local displacement error, "
                             "set with TOLERANCE= (default 1e-3)");
    keyword.check_parameters({"DIRECT", "INTEGRATOR", "ALPHA", "ORDER", "TOLERANCE"});
    core::Step               &step = set_procedure(core::Procedure::dynamic, keyword);
    core::DynamicParameters &p    = step.dynamics;
    p.direct                      = keyword.has("DIRECT");
    // ALPHA= without INTEGRATOR= is how Abaqus and CalculiX decks ask for HHT.
    p.integrator = keyword.value_upper("INTEGRATOR").value_or(keyword.has("ALPHA") ? "HHT" : "MIDPOINT");
    static const std::vector<std::string> integrators = {"MIDPOINT", "NEWMARK", "HHT", "TIMEFE"};
    if (std::find(integrators.begin(), integrators.end(), p.integrator) == integrators.end())
      throw core::InputError(keyword.location(), "unknown INTEGRATOR=" + p.integrator +
                                                   " (MIDPOINT, NEWMARK, HHT or TIMEFE)");
    if (const auto alpha = keyword.number("ALPHA"))
      {
        if (p.integrator != "HHT")
          throw core::InputError(keyword.location(), "ALPHA= only applies to INTEGRATOR=HHT");
        if (*alpha < -1.0 / 3.0 || *alpha > 0.0)
          throw core::InputError(keyword.location(), "ALPHA= must lie in [-1/3, 0]");
        p.alpha = *alpha;
      }
    if (const auto order = keyword.integer("ORDER"))
      {
        if (p.integrator != "TIMEFE")
          throw core::InputError(keyword.location(), "ORDER= only applies to INTEGRATOR=TIMEFE");
        if (*order == 0)
          throw core::InputError(keyword.location(), "ORDER= must be at least 1");
        p.order = *order;
      }
    if (const auto tolerance = keyword.number("TOLERANCE"))
      {
        if (!(*tolerance > 0.0))
          throw core::InputError(keyword.location(), "TOLERANCE= must be positive");
        if (p.direct)
          throw core::InputError(keyword.location(),
                                 "TOLERANCE= applies to automatic incrementation, not to DIRECT");
        p.tolerance = *tolerance;
      }
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    line.require_fields(2, 4, "DYNAMIC");
    p.time_increment = line.number(0);
    p.period         = line.number(1);
    p.min_increment  = line.number_or(2, 0.0);
    p.max_increment  = line.number_or(3, 0.0);
    if (!(p.time_increment > 0.0) || !(p.period > 0.0))
      throw core::InputError(line.location(), "*DYNAMIC time increment and period must be positive");
    if (p.time_increment > p.period * (1.0 + 1e-12))
      throw core::InputError(line.location(), "*DYNAMIC time increment exceeds the time period");
    if (p.min_increment < 0.0 || p.max_increment < 0.0)
      throw core::InputError(line.location(),
                             "*DYNAMIC minimum and maximum increments must not be negative");
    if (!p.direct && p.max_increment > 0.0 &&
        (p.max_increment < p.min_increment || p.max_increment < p.time_increment))
      throw core::InputError(line.location(), "*DYNAMIC maximum increment (field 4) is below the "
                                              "minimum or the initial increment");
    if (!p.direct && p.min_increment > p.time_increment)
      throw core::InputError(line.location(), "*DYNAMIC minimum increment (field 3) exceeds the "
                                              "initial increment");
  }

  void
  StepKeywordParser::time_points(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"NAME", "GENERATE", "TIME"});
    const std::string name = keyword.value_upper("NAME").value_or("");
    if (name.empty())
      throw core::InputError(keyword.location(), "*TIME POINTS needs NAME=");
    if (keyword.value_upper("TIME").value_or("STEP") != "STEP")
      throw core::InputError(keyword.location(), "*TIME POINTS, TIME=" +
                                                   *keyword.value_upper("TIME") +
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
          const auto n = static_cast<long>(std::floor((end - start) / step * (1.0 + 1e-12)));
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
    keyword.check_parameters({"AMPLITUDE", "OP"});
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
        load.dof        = dof_field(line, 1);
        load.value      = line.number(2);
        load.amplitude  = amplitude;
        load.defined_at = line.location();
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
    keyword.check_parameters({"AMPLITUDE", "OP"});
    const std::string op = keyword.value_upper("OP").value_or("MOD");
    if (op != "MOD" && op != "NEW")
      throw core::InputError(keyword.location(), "unsupported OP=" + op + " (MOD or NEW)");
    const std::string amplitude = keyword.value_upper("AMPLITUDE").value_or("");
    if (!amplitude.empty())
      state_.amplitudes.push_back(PendingAmplitude{amplitude, keyword.location()});
    core::Step  &step       = current_step();
    const size_t step_index = state_.model.steps.size() - 1;
    if (op == "NEW")
      step.new_gravity = true;
    for (const DataLine &line : data)
      {
        if (line.field_upper(1) != "GRAV")
          throw core::InputError(line.location(), "unsupported *DLOAD type " +
                                                    line.field_upper(1) + " (only GRAV)");
        line.require_fields(6, 6, "DLOAD, GRAV");
        core::GravityLoad load;
        load.magnitude  = line.number(2);
        load.direction  = direction_fields(line, 3, "gravity direction");
        load.amplitude  = amplitude;
        load.defined_at = line.location();
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
    using Kind              = core::OutputRequest::Kind;
    const std::string &name = keyword.name();
    core::OutputRequest request;
    request.defined_at = keyword.location();
    std::vector<std::string> variables;
    const std::vector<std::string> node_variables    = {"U", "V", "RF"};
    const std::vector<std::string> element_variables = {"S", "E", "SF", "SM", "ENER", "ELSE"};
    bool is_node = true;
    if (name == "NODE PRINT" || name == "NODE FILE")
      {
        // OUTPUT=2D|3D is CalculiX's choice of how beams are expanded in its .frd
        // file; corot's VTU always shows the element lines, so it has no effect.
        keyword.check_parameters({"NSET", "FREQUENCY", "TOTALS", "GLOBAL", "OUTPUT", "TIME POINTS"});
        request.kind = name == "NODE PRINT" ? Kind::node_print : Kind::node_file;
        request.set_name = keyword.value_upper("NSET").value_or("");
        variables        = node_variables;
      }
    else if (name == "EL PRINT" || name == "EL FILE")
      {
        // SECTION FORCES is CalculiX's request for beam section forces, which
        // corot's element output always holds.
        keyword.check_parameters(
          {"ELSET", "FREQUENCY", "TOTALS", "GLOBAL", "OUTPUT", "SECTION FORCES", "TIME POINTS"});
        request.kind     = name == "EL PRINT" ? Kind::element_print : Kind::element_file;
        request.set_name = keyword.value_upper("ELSET").value_or("");
        variables        = element_variables;
        is_node          = false;
      }
    else
      {
        keyword.check_parameters({"FREQUENCY", "TIME POINTS"});
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
        if (current_step().procedure != core::Procedure::dynamic)
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
} // namespace corot::deck
