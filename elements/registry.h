#pragma once
/**
 * @file
 * Registry of element types. Each element's .cc registers itself with
 * COROT_REGISTER_ELEMENT; the registry feeds the deck parser (accepted TYPE=
 * values, node counts, required section) and `corot --help`. A type name
 * registered twice stops the program at start-up (core::PluginTable).
 */
#include <elements/element.h>

#include <src/core/plugin_table.h>
#include <src/core/section.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace corot::elements
{
  /** What the registry knows of an element type. */
  struct ElementTypeInfo
  {
    std::string       name;        ///< deck TYPE=, upper case
    std::string       description; ///< one line for --help
    unsigned          n_nodes      = 0;
    core::SectionKind section_kind = core::SectionKind::solid;
    std::function<std::unique_ptr<Element>(const ElementDefinition &)> create;
  };

  /** The element-type registry (a process-wide plugin table filled at static-initialisation time). */
  class ElementRegistry
  {
  public:
    /** The one registry. */
    static ElementRegistry &
    instance();

    /**
     * Adds a type; returns true so it can initialise a static in a .cc.
     * Throws core::DuplicatePluginError if its name (case-insensitive) is taken.
     */
    bool
    add(ElementTypeInfo info);

    /** The type named @p name (case-insensitive), or nullptr. */
    const ElementTypeInfo *
    find(const std::string &name) const;

    /** All types, sorted by name. */
    std::vector<const ElementTypeInfo *>
    types() const;

  private:
    ElementRegistry();

    core::PluginTable<ElementTypeInfo> types_; ///< by upper-case deck name
  };
} // namespace corot::elements

/**
 * Registers deck name @p NAME built by the expression @p MAKE (which may use
 * `definition`, the ElementDefinition); @p TAG makes the registration unique.
 */
#define COROT_REGISTER_ELEMENT_WITH(TAG, NAME, N_NODES, SECTION_KIND, DESCRIPTION, MAKE)         \
  namespace                                                                                      \
  {                                                                                              \
    [[maybe_unused]] const bool corot_registered_##TAG = ::corot::core::register_at_startup([] { \
      ::corot::elements::ElementRegistry::instance().add(                                        \
        {NAME, DESCRIPTION, N_NODES, SECTION_KIND,                                               \
         [](const ::corot::elements::ElementDefinition &definition)                              \
           -> std::unique_ptr<::corot::elements::Element> { return MAKE; }});                    \
    });                                                                                          \
  }

/** Registers an element class @p Class (constructible from an ElementDefinition) under deck name @p NAME. */
#define COROT_REGISTER_ELEMENT(Class, NAME, N_NODES, SECTION_KIND, DESCRIPTION) \
  COROT_REGISTER_ELEMENT_WITH(Class, NAME, N_NODES, SECTION_KIND, DESCRIPTION,  \
                              std::make_unique<Class>(definition))
