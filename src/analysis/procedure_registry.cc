#include <src/analysis/procedure_registry.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/step_keyword_parser.h>

#include <algorithm>
#include <stdexcept>

namespace corot::analysis
{
  std::string
  ProcedureTypeInfo::name() const
  {
    return variant.empty() ? keyword : keyword + ", " + variant;
  }

  std::vector<ProcedureParameterHelp>
  ProcedureTypeInfo::accepted_parameters() const
  {
    std::vector<ProcedureParameterHelp> accepted = parameters;
    if (plugin_parameters)
      for (ProcedureParameterHelp &parameter : plugin_parameters())
        accepted.push_back(std::move(parameter));
    return accepted;
  }

  ProcedureRegistry &
  ProcedureRegistry::instance()
  {
    static ProcedureRegistry registry;
    return registry;
  }

  bool
  ProcedureRegistry::add(ProcedureTypeInfo info)
  {
    const std::string name = info.name();
    if (info.keyword.empty() || !info.parse || !info.run || info.parameters_type == typeid(void))
      throw std::logic_error("procedure *" + name +
                             " registered without a keyword, parser, runner or parameter struct");
    if (types_.count(name) > 0)
      throw std::logic_error("procedure *" + name + " registered twice");
    for (const auto &[other_name, other] : types_)
      if (other.parameters_type == info.parameters_type)
        throw std::logic_error("procedures *" + other_name + " and *" + name +
                               " registered with the same parameter struct");
    register_keyword(info);
    types_.emplace(name, std::move(info));
    return true;
  }

  void
  ProcedureRegistry::register_keyword(const ProcedureTypeInfo &info)
  {
    std::vector<deck::KeywordParameter> parameters;
    const auto add = [&parameters](const std::string &name, const std::string &help) {
      const bool listed =
        std::any_of(parameters.begin(), parameters.end(),
                    [&name](const deck::KeywordParameter &p) { return p.name == name; });
      if (!listed)
        parameters.push_back(deck::optional_parameter(name, help));
    };
    if (!info.variant.empty())
      add(info.variant, "*" + info.name() + ": " + info.description);
    for (const ProcedureParameterHelp &parameter : info.parameters)
      add(parameter.name, parameter.help);
    // Refused parameters reach StepKeywordParser::procedure, which names the reason.
    for (const ProcedureParameterHelp &parameter : info.refused)
      add(parameter.name, "not supported: " + parameter.help);

    deck::KeywordRegistry &keywords = deck::KeywordRegistry::instance();
    if (info.plugin_parameters && !info.variant.empty())
      throw std::logic_error("procedure *" + info.name() +
                             ": plugin parameters are for a plain keyword");
    if (keywords.find(info.keyword) != nullptr)
      return keywords.add_parameters(info.keyword, parameters);
    deck::KeywordInfo keyword;
    keyword.name        = info.keyword;
    keyword.placement   = deck::KeywordPlacement::step;
    keyword.description = info.description;
    keyword.parameters  = parameters;
    if (info.plugin_parameters)
      keyword.plugin_parameters = [plugin = info.plugin_parameters] {
        std::vector<deck::KeywordParameter> brought;
        for (const ProcedureParameterHelp &parameter : plugin())
          brought.push_back(deck::optional_parameter(parameter.name, parameter.help));
        return brought;
      };
    keyword.data_lines = info.data_lines;
    keyword.parse      = [](deck::KeywordContext &context, const deck::KeywordLine &line,
                       const std::vector<deck::DataLine> &data) {
      const ProcedureTypeInfo *type = ProcedureRegistry::instance().select(line);
      deck::StepKeywordParser(context.state).procedure(*type, line, data);
    };
    keywords.add(std::move(keyword));
  }

  bool
  ProcedureRegistry::handles(const std::string &keyword) const
  {
    for (const auto &[name, type] : types_)
      if (type.keyword == keyword)
        return true;
    return false;
  }

  const ProcedureTypeInfo *
  ProcedureRegistry::select(const deck::KeywordLine &keyword) const
  {
    const ProcedureTypeInfo *plain = nullptr;
    for (const auto &[name, type] : types_)
      if (type.keyword == keyword.name())
        {
          if (type.variant.empty())
            plain = &type;
          else if (keyword.has(type.variant))
            return &type;
        }
    return plain;
  }

  const ProcedureTypeInfo *
  ProcedureRegistry::of(const core::Step &step) const
  {
    for (const auto &[name, type] : types_)
      if (type.parameters_type == step.parameters.type())
        return &type;
    return nullptr;
  }

  std::vector<const ProcedureTypeInfo *>
  ProcedureRegistry::types() const
  {
    std::vector<const ProcedureTypeInfo *> result;
    for (const auto &[name, type] : types_)
      result.push_back(&type);
    return result;
  }
} // namespace corot::analysis
