#include <elements/registry.h>

#include <algorithm>
#include <cctype>

namespace corot::elements
{
  namespace
  {
    std::string
    upper(std::string text)
    {
      std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
        return static_cast<char>(std::toupper(c));
      });
      return text;
    }
  } // namespace

  ElementRegistry &
  ElementRegistry::instance()
  {
    static ElementRegistry registry;
    return registry;
  }

  bool
  ElementRegistry::add(ElementTypeInfo info)
  {
    const std::string key = upper(info.name);
    types_[key]           = std::move(info);
    return true;
  }

  const ElementTypeInfo *
  ElementRegistry::find(const std::string &name) const
  {
    const auto it = types_.find(upper(name));
    return it == types_.end() ? nullptr : &it->second;
  }

  std::vector<const ElementTypeInfo *>
  ElementRegistry::types() const
  {
    std::vector<const ElementTypeInfo *> result;
    for (const auto &[name, info] : types_)
      result.push_back(&info);
    return result;
  }
} // namespace corot::elements
