#pragma once
/**
 * @file
 * `corot --help`, generated from the plugin registries: each registry
 * contributes one HelpSection (element types, deck keywords; the procedure and
 * integrator registries add theirs with one HelpText::add call in
 * corot_help()), and `corot --help NAME` prints one topic in full.
 */
#include <ostream>
#include <string>
#include <vector>

namespace corot::app
{
  /**
   * One thing `corot --help NAME` can explain: a keyword, an element type, ...
   * A topic without a name is a sub-heading of the overview.
   */
  struct HelpTopic
  {
    std::string name;          ///< as the user types it after --help, e.g. "*BEAM SECTION", "T3D2"
    std::string synopsis;      ///< the overview's left column, e.g. "*NODE [, NSET=]"
    std::string summary;       ///< one line
    std::string details;       ///< the full text of `corot --help NAME`, after synopsis and summary
    bool        listed = true; ///< shown in the overview (else only by `corot --help NAME`)
  };

  /** The part of `corot --help` one registry contributes. */
  struct HelpSection
  {
    std::string            title;  ///< e.g. "element types (*ELEMENT, TYPE=)"
    std::vector<HelpTopic> topics; ///< in the order listed
    std::string            note;   ///< printed after the topics ("" for none)
  };

  /** The help text: an overview of every section and the full text of one topic. */
  class HelpText
  {
  public:
    /** Appends @p section to the overview and its topics to those --help NAME finds. */
    void
    add(HelpSection section);

    /** The overview, `corot --help`: usage, @p options, then every section. */
    void
    write_overview(std::ostream &out, const std::string &options) const;

    /**
     * Writes the topic named @p name in full. The name is matched ignoring
     * case, a leading `*` and blanks (`*beam section`, `BEAMSECTION`). Throws
     * std::invalid_argument "unknown help topic NAME" with the near matches
     * ("; did you mean *BEAM SECTION, ...?") if no topic has that name.
     */
    void
    write_topic(const std::string &name, std::ostream &out) const;

    /**
     * Topic names close to @p name: within two edits once case, star and blanks
     * are ignored, or containing it; the closest first, at most five.
     */
    std::vector<std::string>
    near_matches(const std::string &name) const;

  private:
    std::vector<HelpSection> sections_; ///< in the order added
  };

  /** The element types of elements::ElementRegistry. */
  HelpSection
  element_help_section();

  /** The deck keywords of deck::KeywordRegistry, grouped by where they may appear. */
  HelpSection
  keyword_help_section();

  /** The time integrators of integrators::IntegratorRegistry (*DYNAMIC, INTEGRATOR=). */
  HelpSection
  integrator_help_section();

  /** corot's help text: every registry's section. */
  HelpText
  corot_help();
} // namespace corot::app
