#include <src/deck/cms_keyword_parser.h>
#include <src/deck/imported_component_reader.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/model_keyword_parser.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
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
    core::Component component;
    component.name       = keyword.required_upper("NAME");
    component.defined_at = keyword.location();
    if (keyword.has("INPUT"))
      {
        if (keyword.has("ELSET"))
          throw core::InputError(
            keyword.location(),
            "*COMPONENT takes ELSET= (an element set) or INPUT= (matrices from files), not both");
        const std::string format = keyword.value_upper("FORMAT").value_or("");
        if (format != "MATRIX MARKET")
          throw core::InputError(keyword.location(),
                                 format.empty() ? "*COMPONENT, INPUT= needs FORMAT=MATRIX MARKET" :
                                                  "unknown FORMAT=" + format + " (MATRIX MARKET)");
        // INPUT= is relative to the deck's directory, as *INCLUDE.
        std::filesystem::path prefix(keyword.required("INPUT"));
        if (prefix.is_relative())
          prefix = std::filesystem::path(keyword.location().file).parent_path() / prefix;
        auto imported =
          std::make_shared<core::ImportedMatrices>(read_imported_component(prefix.string()));
        if (const auto tolerance = keyword.number("TOLERANCE"))
          {
            if (!(*tolerance >= 0.0))
              throw core::InputError(keyword.location(), "TOLERANCE= must be a distance >= 0");
            imported->tolerance       = *tolerance;
            imported->tolerance_given = true;
          }
        component.imported = std::move(imported);
      }
    else
      {
        if (keyword.has("FORMAT") || keyword.has("TOLERANCE"))
          throw core::InputError(keyword.location(),
                                 "FORMAT= and TOLERANCE= belong to *COMPONENT, INPUT=");
        component.element_set = keyword.required_upper("ELSET");
      }
    auto &components = state_.model.components;
    for (const core::Component &other : components)
      if (other.name == component.name)
        throw core::InputError(keyword.location(), "component " + component.name +
                                                     " is already defined at " +
                                                     other.defined_at.str());
    const size_t index       = components.size();
    const bool   by_elements = component.imported == nullptr;
    components.push_back(component);
    if (by_elements)
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
    parameter.name                                = keyword.required_upper("NAME");
    parameter.component                           = keyword.required_upper("COMPONENT");
    parameter.property                            = keyword.required_upper("PROPERTY");
    parameter.defined_at                          = keyword.location();
    static const std::set<std::string> properties = {"DENSITY", "MODULUS",    "THICKNESS",
                                                     "AREA",    "MASS SCALE", "STIFFNESS SCALE"};
    if (properties.count(parameter.property) == 0)
      throw core::InputError(keyword.location(),
                             "unknown PROPERTY=" + parameter.property +
                               " (DENSITY, MODULUS, THICKNESS, AREA, MASS SCALE "
                               "or STIFFNESS SCALE)");
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
    auto *inverse = state_.model.steps.back().parameters.get_if<core::InverseFrequencyParameters>();
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
  CmsKeywordParser::component_matrix_output(const KeywordLine           &keyword,
                                            const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    auto *synthesis = state_.model.steps.back().parameters.get_if<core::ModalSynthesisParameters>();
    if (synthesis == nullptr)
      throw core::InputError(
        keyword.location(),
        "*COMPONENT MATRIX OUTPUT belongs to a *MODAL SYNTHESIS step (after it)");
    core::ComponentMatrixOutput output;
    output.component         = keyword.required_upper("NAME");
    output.defined_at        = keyword.location();
    const std::string format = keyword.value_upper("FORMAT").value_or("MATRIX MARKET");
    if (format != "MATRIX MARKET" && format != "CRAIG BAMPTON")
      throw core::InputError(keyword.location(),
                             "unknown FORMAT=" + format + " (MATRIX MARKET or CRAIG BAMPTON)");
    output.craig_bampton = format == "CRAIG BAMPTON";
    std::string lower    = output.component;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    output.prefix = keyword.value("FILE").value_or(lower);
    if (output.prefix.empty() || output.prefix.find_first_of("/\\") != std::string::npos)
      throw core::InputError(
        keyword.location(),
        "FILE= is a file name prefix in the output directory, without a directory");
    for (const core::ComponentMatrixOutput &other : synthesis->component_outputs)
      if (other.prefix == output.prefix)
        throw core::InputError(keyword.location(), "FILE=" + output.prefix +
                                                     " is already written by line " +
                                                     std::to_string(other.defined_at.line));
    synthesis->component_outputs.push_back(output);
  }

  void
  CmsKeywordParser::join_imported_components(core::Model &model)
  {
    for (core::Component &component : model.components)
      if (component.imported)
        {
          auto joined = std::make_shared<core::ImportedMatrices>(*component.imported);
          match_imported_nodes(*joined, model,
                               joined->tolerance_given ? std::optional<double>(joined->tolerance) :
                                                         std::nullopt,
                               component.defined_at);
          component.imported = std::move(joined);
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
        if (component.imported)
          continue;
        if (component.element_ids.empty())
          throw core::InputError(component.defined_at, "component " + component.name +
                                                         ": element set " + component.element_set +
                                                         " is empty");
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
        const auto component =
          std::find_if(model.components.begin(), model.components.end(),
                       [&](const core::Component &c) { return c.name == parameter.component; });
        if (component == model.components.end())
          throw core::InputError(parameter.defined_at, "design parameter " + parameter.name +
                                                         ": no *COMPONENT named " +
                                                         parameter.component);
        const bool scale =
          parameter.property == "MASS SCALE" || parameter.property == "STIFFNESS SCALE";
        if (component->imported && !scale)
          throw core::InputError(
            parameter.defined_at,
            "design parameter " + parameter.name + ": component " + parameter.component +
              " is imported as matrices; its design properties are MASS SCALE and "
              "STIFFNESS SCALE, not " +
              parameter.property);
        parameter_names.insert(parameter.name);
      }

    bool has_synthesis = false;
    for (const core::Step &step : model.steps)
      {
        if (const auto *synthesis = step.parameters_of<core::ModalSynthesisParameters>())
          {
            has_synthesis = true;
            for (const core::ComponentMatrixOutput &output : synthesis->component_outputs)
              {
                const auto component =
                  std::find_if(model.components.begin(), model.components.end(),
                               [&](const core::Component &c) {
                                 return c.name == output.component;
                               });
                if (component == model.components.end())
                  throw core::InputError(output.defined_at,
                                         "no *COMPONENT named " + output.component);
                if (component->imported)
                  throw core::InputError(output.defined_at,
                                         "component " + output.component +
                                           " is imported: its matrices are already files");
              }
            if (model.components.empty())
              throw core::InputError(
                step.procedure_at,
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
          throw core::InputError(step.procedure_at,
                                 "*SENSITIVITY needs *DESIGN PARAMETER definitions");
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
    component, "COMPONENT", KeywordPlacement::model,
    "a CMS component: an element set, or matrices imported from files",
    {required_parameter("NAME", "the component's name"),
     optional_parameter("ELSET", "its elements (each element in at most one component); or INPUT="),
     optional_parameter("INPUT",
                        "prefix of the files of an imported component (relative to the deck)"),
     optional_parameter("FORMAT", "format of INPUT=", {"MATRIX MARKET"}),
     optional_parameter("TOLERANCE", "distance within which imported nodes match deck nodes "
                                     "(with a coordinate file; default 1e-6 of the model size)")},
    "", cms_handler<&CmsKeywordParser::component>)

  COROT_REGISTER_KEYWORD(
    design_parameter, "DESIGN PARAMETER", KeywordPlacement::model,
    "a property of a component that design steps change by a fraction alpha",
    {required_parameter("NAME", "the parameter's name"),
     required_parameter("COMPONENT", "the component"),
     required_parameter("PROPERTY", "the property, which becomes (1 + alpha) times its value",
                        {"DENSITY", "MODULUS", "AREA", "THICKNESS", "MASS SCALE",
                         "STIFFNESS SCALE"})},
    "", cms_handler<&CmsKeywordParser::design_parameter>)



  COROT_REGISTER_KEYWORD(
    component_matrix_output, "COMPONENT MATRIX OUTPUT", KeywordPlacement::step,
    "writes one component's matrices into the output directory (in a *MODAL SYNTHESIS step)",
    {required_parameter("NAME", "the component (an element-set component)"),
     optional_parameter("FORMAT",
                        "MATRIX MARKET (physical K, M; default) or CRAIG BAMPTON (superelement)",
                        {"MATRIX MARKET", "CRAIG BAMPTON"}),
     optional_parameter("FILE", "file name prefix (default: the component's name in lower case)")},
    "", cms_handler<&CmsKeywordParser::component_matrix_output>)

  COROT_REGISTER_KEYWORD(design_variables, "DESIGN VARIABLES", KeywordPlacement::step,
                         "the design parameters an *INVERSE FREQUENCY step may change", {},
                         "design parameter names", cms_handler<&CmsKeywordParser::design_variables>)
} // namespace corot::deck
