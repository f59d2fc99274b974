#pragma once
/**
 * @file
 * The table behind every plugin registry (element types, deck keywords, and
 * the integrator and procedure families): plugins register themselves by name
 * at static-initialisation time, and a name registered twice is an error at
 * start-up instead of one plugin silently replacing the other.
 */
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace corot::core
{
  /** Thrown by PluginTable::add for a name that is already registered. */
  class DuplicatePluginError : public std::logic_error
  {
  public:
    /** "duplicate @p family @p name: registered twice". */
    DuplicatePluginError(const std::string &family, const std::string &name);
  };

  /**
   * Plugins of one family, keyed by name (case-insensitively: keys are upper
   * case), each described by an @p Info (what the family needs: a factory, a
   * parser, a description for `corot --help`).
   *
   * Registries hold one PluginTable in a function-local static (the accepted
   * exception to "no global mutable state") and register through
   * register_at_startup(), so that a duplicate stops the program before main()
   * with one line naming the family and the name.
   */
  template <typename Info>
  class PluginTable
  {
  public:
    /** An empty table of plugins of @p family (e.g. "element type"), used in messages. */
    explicit PluginTable(std::string family)
      : family_(std::move(family))
    {}

    /**
     * Adds @p info under @p name (case-insensitive) and returns the stored copy.
     * Throws DuplicatePluginError if @p name is taken; the table is then unchanged.
     */
    const Info &
    add(const std::string &name, Info info)
    {
      const auto [it, inserted] = plugins_.emplace(upper_case(name), std::move(info));
      if (!inserted)
        throw DuplicatePluginError(family_, upper_case(name));
      return it->second;
    }

    /** The plugin named @p name (case-insensitive), or nullptr. */
    const Info *
    find(const std::string &name) const
    {
      const auto it = plugins_.find(upper_case(name));
      return it == plugins_.end() ? nullptr : &it->second;
    }

    /** The plugin named @p name (case-insensitive), or nullptr, to complete it after add(). */
    Info *
    find(const std::string &name)
    {
      const auto it = plugins_.find(upper_case(name));
      return it == plugins_.end() ? nullptr : &it->second;
    }

    /** Every plugin, sorted by name. */
    std::vector<const Info *>
    all() const
    {
      std::vector<const Info *> result;
      result.reserve(plugins_.size());
      for (const auto &[name, info] : plugins_)
        result.push_back(&info);
      return result;
    }

    /** The number of plugins. */
    std::size_t
    size() const
    {
      return plugins_.size();
    }

    /** The family name given to the constructor. */
    const std::string &
    family() const
    {
      return family_;
    }

    /** @p text in upper case (ASCII), the key of a name. */
    static std::string
    upper_case(std::string text)
    {
      for (char &c : text)
        if (c >= 'a' && c <= 'z')
          c = static_cast<char>(c - 'a' + 'A');
      return text;
    }

  private:
    std::string                 family_;  ///< e.g. "element type", for messages
    std::map<std::string, Info> plugins_; ///< by upper-case name
  };

  /**
   * Runs @p registration (a call to some registry's add()) and returns true, so
   * that it can initialise a namespace-scope constant in a plugin's .cc. If it
   * throws (a duplicate name, an invalid description), the message is written
   * to standard error as "corot: start-up error: ..." and the program exits
   * with status 1: a broken plugin set never reaches main().
   */
  bool
  register_at_startup(const std::function<void()> &registration);

  /**
   * Runs @p registration; returns the start-up error register_at_startup()
   * would print ("corot: start-up error: " and what() of the exception it
   * threw), or an empty string if it succeeded.
   */
  std::string
  registration_error(const std::function<void()> &registration);
} // namespace corot::core
