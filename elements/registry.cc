#include <elements/registry.h>

namespace corot::elements
{
  ElementRegistry::ElementRegistry()
    : types_("element type")
  {}

  ElementRegistry &
  ElementRegistry::instance()
  {
    static ElementRegistry registry;
    return registry;
  }

  bool
  ElementRegistry::add(ElementTypeInfo info)
  {
    const std::string name = info.name;
    types_.add(name, std::move(info));
    return true;
  }

  const ElementTypeInfo *
  ElementRegistry::find(const std::string &name) const
  {
    return types_.find(name);
  }

  std::vector<const ElementTypeInfo *>
  ElementRegistry::types() const
  {
    return types_.all();
  }
} // namespace corot::elements
