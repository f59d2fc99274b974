#include <integrators/registry.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace corot::integrators
{
  namespace
  {
    std::string
    upper(std::string text)
    {
      std::transform(text.begin(), text.end(), text.begin(),
                     [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
      return text;
    }

    /** "A", "A or B", "A, B or C". */
    std::string
    alternatives(const std::vector<std::string> &names)
    {
      std::string result;
      for (std::size_t i = 0; i < names.size(); ++i)
        result += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
      return result;
    }
  } // namespace

  IntegratorRegistry &
  IntegratorRegistry::instance()
  {
    static IntegratorRegistry registry;
    return registry;
  }

  bool
  IntegratorRegistry::add(IntegratorTypeInfo info)
  {
    const std::string key = upper(info.name);
    if (types_.count(key) > 0)
      throw std::logic_error("two time integrators register the deck name INTEGRATOR=" + key);
    types_.emplace(key, std::move(info));
    return true;
  }

  const IntegratorTypeInfo *
  IntegratorRegistry::find(const std::string &name) const
  {
    const auto it = types_.find(upper(name));
    return it == types_.end() ? nullptr : &it->second;
  }

  std::vector<const IntegratorTypeInfo *>
  IntegratorRegistry::types() const
  {
    std::vector<const IntegratorTypeInfo *> result;
    for (const auto &[name, info] : types_)
      result.push_back(&info);
    return result;
  }

  std::vector<std::string>
  IntegratorRegistry::parameter_names() const
  {
    std::vector<std::string> result;
    for (const auto &[name, info] : types_)
      for (const auto &parameter : info.parameters)
        result.push_back(parameter.name);
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  }

  IntegratorSetup
  IntegratorRegistry::parse(const std::string &name, const ParameterReader &reader) const
  {
    const IntegratorTypeInfo *type = find(name);
    if (type == nullptr)
      {
        std::vector<std::string> names;
        for (const auto &[key, info] : types_)
          names.push_back(key);
        reader.fail("unknown INTEGRATOR=" + upper(name) + " (" + alternatives(names) + ")");
      }
    for (const std::string &parameter : parameter_names())
      {
        const auto &own = type->parameters;
        if (!reader.has(parameter) ||
            std::any_of(own.begin(), own.end(),
                        [&](const IntegratorParameterInfo &p) { return p.name == parameter; }))
          continue;
        std::vector<std::string> owners;
        for (const auto &[key, info] : types_)
          for (const auto &p : info.parameters)
            if (p.name == parameter)
              owners.push_back("INTEGRATOR=" + key);
        reader.fail(parameter + "= only applies to " + alternatives(owners));
      }
    return type->parse(reader);
  }
} // namespace corot::integrators
