#pragma once
/**
 * @file
 * Registry of time integrators. Each integrator's .cc registers itself with
 * COROT_REGISTER_INTEGRATOR: its deck name (*DYNAMIC, INTEGRATOR=), a
 * description and its parameters for `corot --help`, and the function that
 * parses and validates those parameters. The deck parser and the dynamic
 * analysis know integrators only through this registry.
 */
#include <integrators/integrator_setup.h>
#include <integrators/parameter_reader.h>
#include <src/core/plugin_table.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace corot::integrators
{
  /** A parameter of an integrator on the *DYNAMIC line, with its help text. */
  struct IntegratorParameterInfo
  {
    std::string name; ///< upper case, e.g. ALPHA
    std::string help; ///< one line: meaning, range, default
  };

  /** What the registry knows of an integrator. */
  struct IntegratorTypeInfo
  {
    std::string                          name;        ///< deck INTEGRATOR=, upper case
    std::string                          description; ///< one line for --help
    std::vector<IntegratorParameterInfo> parameters;  ///< the parameters parse() reads
    /** Reads and validates the parameters (errors through ParameterReader::fail()). */
    std::function<IntegratorSetup(const ParameterReader &)> parse;
  };

  /** The integrator registry (a process-wide plugin table filled at static-initialisation time). */
  class IntegratorRegistry
  {
  public:
    /** The one registry. */
    static IntegratorRegistry &
    instance();

    /**
     * Adds an integrator; returns true so it can initialise a static in a
     * .cc. Throws std::logic_error if the name is taken (at start-up, for a
     * registration in a .cc): two plugins never silently replace each other.
     */
    bool
    add(IntegratorTypeInfo info);

    /** The integrator named @p name (case-insensitive), or nullptr. */
    const IntegratorTypeInfo *
    find(const std::string &name) const;

    /** All integrators, sorted by name (for `corot --help`). */
    std::vector<const IntegratorTypeInfo *>
    types() const;

    /** The names of every registered integrator's parameters, sorted, each once. */
    std::vector<std::string>
    parameter_names() const;

    /**
     * The setup of integrator @p name with the parameters @p reader gives:
     * fails (through @p reader, so with the deck line) for an unknown name and
     * for a parameter that belongs to other integrators only; otherwise the
     * plugin parses and validates its own parameters.
     */
    IntegratorSetup
    parse(const std::string &name, const ParameterReader &reader) const;

  private:
    std::map<std::string, IntegratorTypeInfo> types_;
  };
} // namespace corot::integrators

/**
 * Registers integrator class @p Class under deck name @p NAME with the
 * one-line @p DESCRIPTION, the parameters @p PARAMETERS (a
 * std::vector<IntegratorParameterInfo>, e.g. `{}` or a constant of the .cc)
 * and the parser @p PARSE (IntegratorSetup(const ParameterReader &)).
 * A name registered twice stops the program before main() with one line
 * (core::register_at_startup).
 */
#define COROT_REGISTER_INTEGRATOR(Class, NAME, DESCRIPTION, PARAMETERS, PARSE) \
  namespace                                                                    \
  {                                                                            \
    [[maybe_unused]] const bool corot_registered_integrator_##Class =          \
      ::corot::core::register_at_startup([] {                                  \
        ::corot::integrators::IntegratorRegistry::instance().add(              \
          {NAME, DESCRIPTION, PARAMETERS, PARSE});                             \
      });                                                                      \
  }
