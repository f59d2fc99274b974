#include <src/analysis/procedure_registry.h>

#include <stdexcept>

namespace corot::analysis
{
  std::string
  ProcedureTypeInfo::name() const
  {
    return variant.empty() ? keyword : keyword + ", " + variant;
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
    if (info.keyword.empty() || !info.parse || !info.run || info.parameters_index == 0)
      throw std::logic_error("procedure *" + name +
                             " registered without a keyword, parser, runner or parameter struct");
    if (types_.count(name) > 0)
      throw std::logic_error("procedure *" + name + " registered twice");
    for (const auto &[other_name, other] : types_)
      if (other.parameters_index == info.parameters_index)
        throw std::logic_error("procedures *" + other_name + " and *" + name +
                               " registered with the same parameter struct");
    types_.emplace(name, std::move(info));
    return true;
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
      if (type.parameters_index == step.parameters.index())
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
