#include <src/core/plugin_table.h>

#include <cstdlib>
#include <iostream>

namespace corot::core
{
  DuplicatePluginError::DuplicatePluginError(const std::string &family, const std::string &name)
    : std::logic_error("duplicate " + family + " " + name + ": registered twice")
  {}

  std::string
  registration_error(const std::function<void()> &registration)
  {
    try
      {
        registration();
      }
    catch (const std::exception &error)
      {
        return std::string("corot: start-up error: ") + error.what();
      }
    return "";
  }

  bool
  register_at_startup(const std::function<void()> &registration)
  {
    const std::string error = registration_error(registration);
    if (!error.empty())
      {
        std::cerr << error << std::endl;
        std::exit(EXIT_FAILURE);
      }
    return true;
  }
} // namespace corot::core
