#include <src/deck/keyword_registry.h>

#include <algorithm>
#include <set>

namespace corot::deck
{
  std::string
  placement_name(const KeywordPlacement placement)
  {
    switch (placement)
      {
        case KeywordPlacement::model:
          return "model data";
        case KeywordPlacement::step:
          return "inside a step";
        case KeywordPlacement::anywhere:
          break;
      }
    return "model data or inside a step";
  }

  KeywordParameter
  required_parameter(const std::string &name, const std::string &help,
                     const std::vector<std::string> &values)
  {
    return KeywordParameter{name, help, true, values};
  }

  KeywordParameter
  optional_parameter(const std::string &name, const std::string &help,
                     const std::vector<std::string> &values)
  {
    return KeywordParameter{name, help, false, values};
  }

  KeywordParameter
  optional_flag(const std::string &name, const std::string &help,
                const std::vector<std::string> &values)
  {
    return KeywordParameter{name, help, false, values, true};
  }

  bool
  KeywordInfo::ignored() const
  {
    return !parse;
  }

  std::vector<KeywordParameter>
  KeywordInfo::all_parameters() const
  {
    std::vector<KeywordParameter> all = parameters;
    if (plugin_parameters)
      for (KeywordParameter &p : plugin_parameters())
        if (std::none_of(all.begin(), all.end(),
                         [&p](const KeywordParameter &q) { return q.name == p.name; }))
          all.push_back(std::move(p));
    return all;
  }

  std::vector<std::string>
  KeywordInfo::parameter_names() const
  {
    std::vector<std::string> names;
    for (const KeywordParameter &p : all_parameters())
      names.push_back(p.name);
    return names;
  }

  std::optional<KeywordParameter>
  KeywordInfo::parameter(const std::string &name) const
  {
    for (const KeywordParameter &p : all_parameters())
      if (p.name == name)
        return p;
    return std::nullopt;
  }

  std::string
  compact_keyword_name(const std::string &name)
  {
    std::string compact;
    for (const char c : name)
      if (c != ' ')
        compact += c;
    return compact;
  }

  KeywordRegistry::KeywordRegistry()
    : keywords_("deck keyword")
  {}

  KeywordRegistry &
  KeywordRegistry::instance()
  {
    static KeywordRegistry registry;
    return registry;
  }

  bool
  KeywordRegistry::add(KeywordInfo info)
  {
    // A name as KeywordLine writes it: upper case, single blanks, no star.
    if (info.name.empty() || info.name != KeywordLine("*" + info.name, {}).name() ||
        info.name.find(',') != std::string::npos)
      throw std::logic_error("deck keyword '" + info.name +
                             "': a name is upper case with single blanks, without star or comma");
    std::set<std::string> seen;
    for (const KeywordParameter &p : info.parameters)
      if (!seen.insert(p.name).second)
        throw std::logic_error("deck keyword *" + info.name + ": parameter " + p.name +
                               " listed twice");
    const std::string compact = compact_keyword_name(info.name);
    if (const auto it = compact_.find(compact); it != compact_.end() && it->second != info.name)
      throw core::DuplicatePluginError(keywords_.family(),
                                       info.name + " (spelled like *" + it->second + ")");
    const std::string name = info.name;
    keywords_.add(name, std::move(info));
    compact_.emplace(compact, name);
    return true;
  }

  void
  KeywordRegistry::add_parameters(const std::string                   &name,
                                  const std::vector<KeywordParameter> &parameters)
  {
    KeywordInfo *info = keywords_.find(name);
    if (info == nullptr)
      throw std::logic_error("deck keyword *" + name + " gets parameters but is not registered");
    for (const KeywordParameter &parameter : parameters)
      if (!info->parameter(parameter.name))
        info->parameters.push_back(parameter);
  }

  const KeywordInfo *
  KeywordRegistry::find(const std::string &name) const
  {
    return keywords_.find(name);
  }

  const KeywordInfo *
  KeywordRegistry::find_spelling(const std::string &name) const
  {
    const auto it = compact_.find(compact_keyword_name(name));
    return it == compact_.end() ? nullptr : keywords_.find(it->second);
  }

  std::vector<const KeywordInfo *>
  KeywordRegistry::keywords() const
  {
    return keywords_.all();
  }
} // namespace corot::deck
