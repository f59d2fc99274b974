#pragma once
/**
 * @file
 * Integrators made through the registry in unit tests: deck parameters given
 * as a name -> value map instead of a keyword line.
 */
#include <integrators/registry.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace corot::test
{
  /** Parameters NAME -> value; fail() throws std::invalid_argument with the message. */
  class MapParameters : public integrators::ParameterReader
  {
  public:
    explicit MapParameters(std::map<std::string, double> values = {})
      : values_(std::move(values))
    {}

    bool
    has(const std::string &parameter) const override
    {
      return values_.count(parameter) > 0;
    }

    std::optional<double>
    number(const std::string &parameter) const override
    {
      if (!has(parameter))
        return std::nullopt;
      return values_.at(parameter);
    }

    std::optional<unsigned>
    integer(const std::string &parameter) const override
    {
      if (!has(parameter))
        return std::nullopt;
      return static_cast<unsigned>(values_.at(parameter));
    }

    [[noreturn]] void
    fail(const std::string &message) const override
    {
      throw std::invalid_argument(message);
    }

  private:
    std::map<std::string, double> values_;
  };

  /** The registered integrator @p name with deck parameters @p values. */
  inline std::unique_ptr<integrators::Integrator>
  make_integrator(const std::string &name, const std::map<std::string, double> &values = {})
  {
    return integrators::IntegratorRegistry::instance().parse(name, MapParameters(values)).create();
  }
} // namespace corot::test
