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





  COROT_REGISTER_KEYWORD(design_variables, "DESIGN VARIABLES", KeywordPlacement::step,
                         "the design parameters an *INVERSE FREQUENCY step may change", {},
                         "design parameter names", cms_handler<&CmsKeywordParser::design_variables>)
} // namespace corot::deck
