#include <integrators/integrator_setup.h>

namespace corot::integrators
{
  IntegratorSetup::IntegratorSetup(std::string name, std::map<std::string, double> values,
                                   std::function<std::unique_ptr<Integrator>()> make)
    : name_(std::move(name))
    , values_(std::move(values))
    , make_(std::move(make))
  {}

  std::optional<double>
  IntegratorSetup::value(const std::string &parameter) const
  {
    const auto it = values_.find(parameter);
    if (it == values_.end())
      return std::nullopt;
    return it->second;
  }

  std::unique_ptr<Integrator>
  IntegratorSetup::create() const
  {
    return make_();
  }
} // namespace corot::integrators
