#pragma once
/**
 * @file
 * Registry of deck keywords. Each keyword registers itself from the .cc that
 * parses it (COROT_REGISTER_KEYWORD) with where it may appear, a description,
 * its parameters and data lines, and the handler that parses it into the
 * ParseState; DeckParser dispatches through this registry only, and
 * `corot --help` and the deck-reference test read it.
 */
#include <src/core/plugin_table.h>
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace corot::deck
{
  /** Where a keyword may appear in a deck. */
  enum class KeywordPlacement
  {
    model,   ///< model data, before the first *STEP or between steps
    step,    ///< history data, inside *STEP ... *END STEP
    anywhere ///< either (e.g. *BOUNDARY, *TIME POINTS, *STEP itself)
  };

  /** "model data", "inside a step" or "model data or inside a step". */
  std::string
  placement_name(KeywordPlacement placement);

  /** One parameter a keyword accepts on its keyword line. */
  struct KeywordParameter
  {
    std::string              name;             ///< upper case, e.g. "ELSET"
    std::string              help;             ///< one line
    bool                     required = false; ///< the keyword needs it
    std::vector<std::string> values;           ///< allowed values (upper case); empty: free
    bool                     flag = false;     ///< written without a value (`GENERATE`)
  };

  /** A required parameter @p name: @p help [, one of @p values]. */
  KeywordParameter
  required_parameter(const std::string &name, const std::string &help,
                     const std::vector<std::string> &values = {});

  /** An optional parameter (or flag) @p name: @p help [, one of @p values]. */
  KeywordParameter
  optional_parameter(const std::string &name, const std::string &help,
                     const std::vector<std::string> &values = {});

  /** An optional flag @p name (written without `=`): @p help; with @p values it may also take one. */
  KeywordParameter
  optional_flag(const std::string &name, const std::string &help,
                const std::vector<std::string> &values = {});

  /** What a keyword handler works on. */
  struct KeywordContext
  {
    ParseState   &state;    ///< the model being read and its pending references
    std::ostream &warnings; ///< "file:line: warning: ..." lines
  };

  /** Parses one keyword block (a keyword line and its data lines) into the context's state. */
  using KeywordHandler =
    std::function<void(KeywordContext &, const KeywordLine &, const std::vector<DataLine> &)>;

  /** What the registry knows of a keyword. */
  struct KeywordInfo
  {
    std::string                   name; ///< upper case, single blanks, no star: "BEAM SECTION"
    KeywordPlacement              placement = KeywordPlacement::model;
    std::string                   description; ///< one line for --help
    std::vector<KeywordParameter> parameters;  ///< the keyword's own parameters
    std::string                   data_lines;  ///< what its data lines hold ("" for none)
    /**
     * Parses the keyword; empty for an ignored keyword (an output keyword of
     * another code), which DeckParser skips with a warning.
     */
    KeywordHandler parse;
    /**
     * The keyword does not end the *MATERIAL block it follows (*ELASTIC,
     * *DENSITY); every other keyword ends it.
     */
    bool material_option = false;
    /**
     * Parameters that plugins of another family bring to this keyword (the time integrators'
     * ALPHA=, RHO_INF=, ORDER= on *DYNAMIC), asked for when the keyword is checked or shown,
     * so after every plugin has registered, whatever the order of static initialisation.
     * Empty for most keywords.
     */
    std::function<std::vector<KeywordParameter>()> plugin_parameters = nullptr;

    /** True if DeckParser skips this keyword with a warning. */
    bool
    ignored() const;

    /** Every parameter the keyword line may carry: parameters, then plugin_parameters(). */
    std::vector<KeywordParameter>
    all_parameters() const;

    /** The names of all_parameters(), in order. */
    std::vector<std::string>
    parameter_names() const;

    /** The parameter of all_parameters() named @p name (upper case), if there is one. */
    std::optional<KeywordParameter>
    parameter(const std::string &name) const;
  };

  /** The keyword registry (a process-wide plugin table filled at static-initialisation time). */
  class KeywordRegistry
  {
  public:
    /** The one registry. */
    static KeywordRegistry &
    instance();

    /**
     * Adds @p info; returns true. Throws core::DuplicatePluginError if its name
     * is taken or spelled the same once blanks are ignored (`*ENDSTEP` must
     * name one keyword), std::logic_error if the name is not upper case with
     * single blanks or a parameter is listed twice.
     */
    bool
    add(KeywordInfo info);

    /**
     * Adds those of @p parameters that the registered keyword @p name does not
     * list yet: for a keyword several plugins share, such as a procedure
     * keyword and its variants (*STATIC and *STATIC, RIKS). Throws
     * std::logic_error if @p name is not registered.
     */
    void
    add_parameters(const std::string &name, const std::vector<KeywordParameter> &parameters);

    /** The keyword named @p name (upper case, single blanks), or nullptr. */
    const KeywordInfo *
    find(const std::string &name) const;

    /**
     * The keyword written @p name once blanks inside names are ignored (Abaqus
     * and CalculiX: `*NODEFILE` is `*NODE FILE`), or nullptr.
     */
    const KeywordInfo *
    find_spelling(const std::string &name) const;

    /** All keywords, sorted by name. */
    std::vector<const KeywordInfo *>
    keywords() const;

  private:
    KeywordRegistry();

    core::PluginTable<KeywordInfo>     keywords_; ///< by name
    std::map<std::string, std::string> compact_;  ///< name without blanks -> name
  };

  /** @p name without blanks. */
  std::string
  compact_keyword_name(const std::string &name);
} // namespace corot::deck

/**
 * Registers a deck keyword from a .cc: @p TAG makes the registration unique in
 * its file, the remaining arguments initialise a corot::deck::KeywordInfo.
 * A duplicate name stops the program at start-up.
 */
#define COROT_REGISTER_KEYWORD(TAG, ...)                                                         \
  namespace                                                                                      \
  {                                                                                              \
    [[maybe_unused]] const bool corot_keyword_registered_##TAG =                                 \
      ::corot::core::register_at_startup([] {                                                    \
        ::corot::deck::KeywordRegistry::instance().add(::corot::deck::KeywordInfo{__VA_ARGS__}); \
      });                                                                                        \
  }
