#pragma once
/**
 * @file
 * A deck's choice of time integrator with its parameters, as the plugin parsed them.
 */
#include <integrators/integrator.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace corot::integrators
{
  /**
   * What `*DYNAMIC, INTEGRATOR=..., <parameters>` asks for, parsed and
   * validated by the integrator's plugin (IntegratorRegistry::parse()): the
   * deck name, the parameter values it read (for reports and tests) and the
   * factory of a fresh integrator for each run of the step. The step keeps it
   * without knowing what it holds (core::DynamicParameters::integrator).
   */
  class IntegratorSetup
  {
  public:
    /** @p make returns a new integrator with the parsed @p values of deck integrator @p name. */
    IntegratorSetup(std::string name, std::map<std::string, double> values,
                    std::function<std::unique_ptr<Integrator>()> make);

    /** The deck name (INTEGRATOR=, upper case). */
    const std::string &
    name() const
    {
      return name_;
    }

    /** The value of @p parameter (upper case) as the plugin read it, or its default; empty if it has none. */
    std::optional<double>
    value(const std::string &parameter) const;

    /** A new integrator with these parameters. */
    std::unique_ptr<Integrator>
    create() const;

  private:
    std::string                                  name_;
    std::map<std::string, double>                values_;
    std::function<std::unique_ptr<Integrator>()> make_;
  };
} // namespace corot::integrators
