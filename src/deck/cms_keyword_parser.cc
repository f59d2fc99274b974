#include <src/deck/cms_keyword_parser.h>
#include <src/deck/model_keyword_parser.h>

#include <algorithm>
#include <map>
#include <set>

namespace corot::deck
{
  CmsKeywordParser::CmsKeywordParser(ParseState &state)
    : state_(state)
  {}

  bool
  CmsKeywordParser::handles(const std::string &name)
  {
    static const std::set<std::string> names = {"COMPONENT", "DESIGN PARAMETER",
                                                 "DESIGN VARIABLES"};
    return names.count(name) > 0;
  }

  void
  CmsKeywordParser::parse(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string &name     = keyword.name();
    const bool         is_model = name == "COMPONENT" || name == "DESIGN PARAMETER";
    if (is_model && state_.in_step)
      throw core::InputError(keyword.location(),
                             "*" + name + " is model data and not allowed inside a step");
    if (!is_model && !state_.in_step)
      throw core::InputError(keyword.location(),
                             "*" + name + " is only allowed inside a *STEP ... *END STEP");
    if (name == "COMPONENT")
      component(keyword, data);
    else if (name == "DESIGN PARAMETER")
      design_parameter(keyword, data);
    else
      design_variables(keyword, data);
  }

  bool
  compare_full(const KeywordLine &keyword)
  {
    const auto compare = keyword.value_upper("COMPARE");
    if (compare && *compare != "FULL")
      throw core::InputError(keyword.location(), "COMPARE= must be FULL, got " + *compare);
    return compare.has_value();
  }

  void
  CmsKeywordParser::component(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"NAME", "ELSET", "INPUT", "FORMAT"});
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
    keyword.check_parameters({"NAME", "COMPONENT", "PROPERTY"});
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
  CmsKeywordParser::design_variables(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({});
    auto *inverse = std::get_if<core::InverseFrequencyParameters>(&state_.model.steps.back().parameters);
    if (inverse == nullptr)
      throw core::InputError(keyword.location(),
                             "*DESIGN VARIABLES belongs to an *INVERSE FREQUENCY step (after it)");
    if (!inverse->variables.empty())
      throw core::InputError(keyword.location(), "a second *DESIGN VARIABLES block in this step");
    if (data.empty())
      throw core::InputError(keyword.location(), "*DESIGN VARIABLES needs design parameter names");
    inverse->variables_at = keyword.location();
    for (const DataLine &line : data)
      for (const std::string &name : line.non_empty_fields())
        {
          const std::string upper = to_upper(name);
          if (std::find(inverse->variables.begin(), inverse->variables.end(), upper) !=
              inverse->variables.end())
            throw core::InputError(line.location(), "design variable " + upper + " listed twice");
          inverse->variables.push_back(upper);
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
        if (step.parameters_of<core::ModalSynthesisParameters>())
          {
            has_synthesis = true;
            if (model.components.empty())
              throw core::InputError(step.procedure_at,
                                     "*MODAL SYNTHESIS needs *COMPONENT definitions in the model data");
          }
        const auto *modification = step.parameters_of<core::ModificationParameters>();
        const auto *sensitivity  = step.parameters_of<core::SensitivityParameters>();
        const auto *inverse      = step.parameters_of<core::InverseFrequencyParameters>();
        if ((modification || sensitivity || inverse) && !has_synthesis)
          throw core::InputError(step.procedure_at,
                                 "this step works on a reduced model: it needs an earlier "
                                 "*MODAL SYNTHESIS step");
        if (modification)
          for (const core::DesignChange &change : modification->changes)
            if (parameter_names.count(change.parameter) == 0)
              throw core::InputError(change.defined_at,
                                     "no *DESIGN PARAMETER named " + change.parameter);
        if (inverse)
          for (const std::string &variable : inverse->variables)
            if (parameter_names.count(variable) == 0)
              throw core::InputError(inverse->variables_at,
                                     "no *DESIGN PARAMETER named " + variable);
        if (sensitivity && model.design_parameters.empty())
          throw core::InputError(step.procedure_at, "*SENSITIVITY needs *DESIGN PARAMETER definitions");
        if (inverse && inverse->variables.empty())
          throw core::InputError(step.procedure_at,
                                 "*INVERSE FREQUENCY needs a *DESIGN VARIABLES block");
      }
  }
} // namespace corot::deck
