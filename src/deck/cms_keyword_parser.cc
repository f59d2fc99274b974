#include <src/deck/cms_keyword_parser.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/model_keyword_parser.h>

#include <algorithm>
#include <map>
#include <set>

namespace corot::deck
{
  CmsKeywordParser::CmsKeywordParser(ParseState &state)
    : state_(state)
  {}

  core::Step &
  CmsKeywordParser::start_procedure(const core::Procedure procedure, const KeywordLine &keyword)
  {
    core::Step &step = state_.model.steps.back();
    if (step.procedure != core::Procedure::none)
      throw core::InputError(keyword.location(), "a step has only one procedure (the first is at " +
                                                   step.procedure_at.str() + ")");
    step.procedure    = procedure;
    step.procedure_at = keyword.location();
    return step;
  }

  bool
  CmsKeywordParser::compare_full(const KeywordLine &keyword)
  {
    const auto compare = keyword.value_upper("COMPARE");
    if (compare && *compare != "FULL")
      throw core::InputError(keyword.location(), "COMPARE= must be FULL, got " + *compare);
    return compare.has_value();
  }

  void
  CmsKeywordParser::component(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    if (keyword.has("INPUT"))
      throw core::InputError(keyword.location(),
                             "*COMPONENT, INPUT= (imported modal data) is not supported yet; "
                             "define the component by ELSET=");
    core::Component component;
    component.name        = keyword.required_upper("NAME");
    component.element_set = keyword.required_upper("ELSET");
    component.defined_at  = keyword.location();
    auto &components      = state_.model.components;
    for (const core::Component &other : components)
      if (other.name == component.name)
        throw core::InputError(keyword.location(), "component " + component.name +
                                                     " is already defined at " +
                                                     other.defined_at.str());
    const size_t index = components.size();
    components.push_back(component);
    add_reference(state_, false, component.element_set, keyword.location(),
                  [index](core::Model &model) -> std::vector<unsigned> & {
                    return model.components[index].element_ids;
                  });
  }

  void
  CmsKeywordParser::design_parameter(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    core::DesignParameter parameter;
    parameter.name       = keyword.required_upper("NAME");
    parameter.component  = keyword.required_upper("COMPONENT");
    parameter.property   = keyword.required_upper("PROPERTY");
    parameter.defined_at = keyword.location();
    static const std::set<std::string> properties = {"DENSITY", "MODULUS", "THICKNESS", "AREA"};
    if (properties.count(parameter.property) == 0)
      throw core::InputError(keyword.location(), "unknown PROPERTY=" + parameter.property +
                                                   " (DENSITY, MODULUS, THICKNESS or AREA)");
    for (const core::DesignParameter &other : state_.model.design_parameters)
      if (other.name == parameter.name)
        throw core::InputError(keyword.location(), "design parameter " + parameter.name +
                                                     " is already defined at " +
                                                     other.defined_at.str());
    state_.model.design_parameters.push_back(parameter);
  }

  void
  CmsKeywordParser::modal_synthesis(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"METHOD", "CUTOFF", "RESIDUAL", "COMPARE", "EXPORT"});
    core::Step &step = start_procedure(core::Procedure::modal_synthesis, keyword);
    core::ModalSynthesisParameters &p = step.synthesis;
    const std::string method = keyword.value_upper("METHOD").value_or("FREE INTERFACE");
    if (method != "FREE INTERFACE" && method != "CRAIG BAMPTON")
      throw core::InputError(keyword.location(),
                             "unknown METHOD=" + method + " (FREE INTERFACE or CRAIG BAMPTON)");
    p.craig_bampton = method == "CRAIG BAMPTON";
    const auto cutoff = keyword.number("CUTOFF");
    if (!cutoff)
      throw core::InputError(keyword.location(), "*MODAL SYNTHESIS needs CUTOFF= (a frequency)");
    if (!(*cutoff > 0.0))
      throw core::InputError(keyword.location(), "CUTOFF= must be a positive frequency");
    p.cutoff = *cutoff;
    if (const auto residual = keyword.value_upper("RESIDUAL"))
      {
        if (*residual != "YES" && *residual != "NO")
          throw core::InputError(keyword.location(), "RESIDUAL= must be YES or NO, got " + *residual);
        if (p.craig_bampton && *residual == "YES")
          throw core::InputError(keyword.location(),
                                 "RESIDUAL=YES applies to METHOD=FREE INTERFACE only");
        p.residual = *residual == "YES";
      }
    else
      p.residual = !p.craig_bampton;
    p.compare_full = compare_full(keyword);
    p.export_prefix = keyword.value("EXPORT").value_or("");
    require_at_most_lines(keyword, data, 1);
    if (!data.empty())
      {
        data.front().require_fields(1, 1, "MODAL SYNTHESIS");
        p.n_modes = data.front().positive_integer(0);
      }
  }

  void
  CmsKeywordParser::modification(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"COMPARE"});
    core::Step &step         = start_procedure(core::Procedure::modification, keyword);
    step.design.compare_full = compare_full(keyword);
    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*MODIFICATION needs data lines: design parameter, fractional change");
    for (const DataLine &line : data)
      {
        line.require_fields(2, 2, "MODIFICATION");
        core::DesignChange change{line.field_upper(0), line.number(1), line.location()};
        if (!(1.0 + change.alpha > 0.0))
          throw core::InputError(line.location(), "a fractional change must exceed -1 "
                                                  "(the property becomes (1 + alpha) times its value)");
        step.design.changes.push_back(change);
      }
  }

  void
  CmsKeywordParser::sensitivity(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({});
    core::Step &step = start_procedure(core::Procedure::sensitivity, keyword);
    if (data.empty())
      throw core::InputError(keyword.location(), "*SENSITIVITY needs a data line of mode numbers");
    for (const DataLine &line : data)
      for (unsigned i = 0; i < line.n_fields(); ++i)
        if (!line.is_empty(i))
          step.design.modes.push_back(line.positive_integer(i));
  }

  void
  CmsKeywordParser::inverse_frequency(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"COMPARE"});
    core::Step &step         = start_procedure(core::Procedure::inverse_frequency, keyword);
    step.design.compare_full = compare_full(keyword);
    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*INVERSE FREQUENCY needs data lines: mode number, target frequency");
    for (const DataLine &line : data)
      {
        line.require_fields(2, 2, "INVERSE FREQUENCY");
        core::FrequencyTarget target{line.positive_integer(0), line.number(1), line.location()};
        if (!(target.frequency > 0.0))
          throw core::InputError(line.location(), "the target frequency must be positive");
        for (const core::FrequencyTarget &other : step.design.targets)
          if (other.mode == target.mode)
            throw core::InputError(line.location(), "mode " + std::to_string(target.mode) +
                                                      " already has a target at line " +
                                                      std::to_string(other.defined_at.line));
        step.design.targets.push_back(target);
      }
  }

  void
  CmsKeywordParser::design_variables(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    core::Step &step = state_.model.steps.back();
    if (step.procedure != core::Procedure::inverse_frequency)
      throw core::InputError(keyword.location(),
                             "*DESIGN VARIABLES belongs to an *INVERSE FREQUENCY step (after it)");
    if (!step.design.variables.empty())
      throw core::InputError(keyword.location(), "a second *DESIGN VARIABLES block in this step");
    if (data.empty())
      throw core::InputError(keyword.location(), "*DESIGN VARIABLES needs design parameter names");
    step.design.variables_at = keyword.location();
    for (const DataLine &line : data)
      for (const std::string &name : line.non_empty_fields())
        {
          const std::string upper = to_upper(name);
          if (std::find(step.design.variables.begin(), step.design.variables.end(), upper) !=
              step.design.variables.end())
            throw core::InputError(line.location(), "design variable " + upper + " listed twice");
          step.design.variables.push_back(upper);
        }
  }

  void
  CmsKeywordParser::validate(const core::Model &model)
  {
    std::map<unsigned, std::string> owner;
    std::set<std::string>           component_names;
    for (const core::Component &component : model.components)
      {
        component_names.insert(component.name);
        if (component.element_ids.empty())
          throw core::InputError(component.defined_at,
                                 "component " + component.name + ": element set " +
                                   component.element_set + " is empty");
        for (const unsigned id : component.element_ids)
          {
            const auto [it, inserted] = owner.emplace(id, component.name);
            if (!inserted && it->second != component.name)
              throw core::InputError(component.defined_at,
                                     "element " + std::to_string(id) + " is in components " +
                                       it->second + " and " + component.name +
                                       " (a component is a disjoint element set)");
          }
      }
    std::set<std::string> parameter_names;
    for (const core::DesignParameter &parameter : model.design_parameters)
      {
        if (component_names.count(parameter.component) == 0)
          throw core::InputError(parameter.defined_at, "design parameter " + parameter.name +
                                                         ": no *COMPONENT named " +
                                                         parameter.component);
        parameter_names.insert(parameter.name);
      }

    bool has_synthesis = false;
    for (const core::Step &step : model.steps)
      {
        const core::Procedure p = step.procedure;
        if (p == core::Procedure::modal_synthesis)
          {
            has_synthesis = true;
            if (model.components.empty())
              throw core::InputError(step.procedure_at,
                                     "*MODAL SYNTHESIS needs *COMPONENT definitions in the model data");
          }
        const bool is_design = p == core::Procedure::modification ||
                               p == core::Procedure::sensitivity ||
                               p == core::Procedure::inverse_frequency;
        if (is_design && !has_synthesis)
          throw core::InputError(step.procedure_at,
                                 "this step works on a reduced model: it needs an earlier "
                                 "*MODAL SYNTHESIS step");
        for (const core::DesignChange &change : step.design.changes)
          if (parameter_names.count(change.parameter) == 0)
            throw core::InputError(change.defined_at,
                                   "no *DESIGN PARAMETER named " + change.parameter);
        for (const std::string &variable : step.design.variables)
          if (parameter_names.count(variable) == 0)
            throw core::InputError(step.design.variables_at,
                                   "no *DESIGN PARAMETER named " + variable);
        if (p == core::Procedure::sensitivity && model.design_parameters.empty())
          throw core::InputError(step.procedure_at, "*SENSITIVITY needs *DESIGN PARAMETER definitions");
        if (p == core::Procedure::inverse_frequency && step.design.variables.empty())
          throw core::InputError(step.procedure_at,
                                 "*INVERSE FREQUENCY needs a *DESIGN VARIABLES block");
      }
  }

  namespace
  {
    /** The handler that runs @p method of a CmsKeywordParser on the context's state. */
    template <void (CmsKeywordParser::*method)(const KeywordLine &, const std::vector<DataLine> &)>
    void
    cms_handler(KeywordContext &context, const KeywordLine &keyword,
                const std::vector<DataLine> &data)
    {
      (CmsKeywordParser(context.state).*method)(keyword, data);
    }

    /** COMPARE=FULL of the design steps. */
    const KeywordParameter compare_parameter = optional_parameter(
      "COMPARE", "also solve the full model and report the reduced results' errors", {"FULL"});
  } // namespace

  COROT_REGISTER_KEYWORD(
    component, "COMPONENT", KeywordPlacement::model, "a CMS component made of an element set",
    {required_parameter("NAME", "the component's name"),
     required_parameter("ELSET", "its elements (each element in at most one component)"),
     optional_parameter("INPUT", "imported modal data: not supported yet (an error)"),
     optional_parameter("FORMAT", "format of INPUT= (with INPUT=)")},
    "", cms_handler<&CmsKeywordParser::component>)

  COROT_REGISTER_KEYWORD(
    design_parameter, "DESIGN PARAMETER", KeywordPlacement::model,
    "a property of a component that design steps change by a fraction alpha",
    {required_parameter("NAME", "the parameter's name"),
     required_parameter("COMPONENT", "the component"),
     required_parameter("PROPERTY", "the property, which becomes (1 + alpha) times its value",
                        {"DENSITY", "MODULUS", "AREA", "THICKNESS"})},
    "", cms_handler<&CmsKeywordParser::design_parameter>)

  COROT_REGISTER_KEYWORD(
    modal_synthesis, "MODAL SYNTHESIS", KeywordPlacement::step,
    "component mode synthesis: the reduced system's modes",
    {optional_parameter("METHOD", "FREE INTERFACE (default) or fixed interface",
                        {"FREE INTERFACE", "CRAIG BAMPTON"}),
     required_parameter("CUTOFF", "component modes up to this frequency (cycles/time)"),
     optional_parameter("RESIDUAL", "residual flexibility (default YES for FREE INTERFACE)",
                        {"YES", "NO"}),
     compare_parameter,
     optional_parameter("EXPORT", "write the reduced matrices (MatrixMarket) with this prefix")},
    "optional: the number of system modes to report", cms_handler<&CmsKeywordParser::modal_synthesis>)

  COROT_REGISTER_KEYWORD(modification, "MODIFICATION", KeywordPlacement::step,
                         "forward modification of design parameters on the reduced model",
                         {compare_parameter}, "design parameter, fractional change alpha (> -1)",
                         cms_handler<&CmsKeywordParser::modification>)

  COROT_REGISTER_KEYWORD(sensitivity, "SENSITIVITY", KeywordPlacement::step,
                         "eigenvalue sensitivities per component and design parameter", {},
                         "mode numbers", cms_handler<&CmsKeywordParser::sensitivity>)

  COROT_REGISTER_KEYWORD(inverse_frequency, "INVERSE FREQUENCY", KeywordPlacement::step,
                         "design parameter changes that give target frequencies (with "
                         "*DESIGN VARIABLES)",
                         {compare_parameter}, "mode number, target frequency (cycles/time)",
                         cms_handler<&CmsKeywordParser::inverse_frequency>)

  COROT_REGISTER_KEYWORD(design_variables, "DESIGN VARIABLES", KeywordPlacement::step,
                         "the design parameters an *INVERSE FREQUENCY step may change", {},
                         "design parameter names", cms_handler<&CmsKeywordParser::design_variables>)
} // namespace corot::deck
