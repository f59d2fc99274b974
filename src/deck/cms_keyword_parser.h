#pragma once
/**
 * @file
 * The component-mode-synthesis keywords of a deck (corot extensions, DECK.md
 * "CMS and modification keywords"): *COMPONENT and *DESIGN PARAMETER (model
 * data) and *DESIGN VARIABLES (step data). The CMS procedures (*MODAL
 * SYNTHESIS, *MODIFICATION, *SENSITIVITY, *INVERSE FREQUENCY) are parsed by
 * their entries in analysis::ProcedureRegistry.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <string>
#include <vector>

namespace corot::deck
{
  /** COMPARE= of a CMS procedure: true for COMPARE=FULL, false without it; any other value is an error. */
  bool
  compare_full(const KeywordLine &keyword);

  /**
   * Parses the CMS keywords into core::Model::components,
   * core::Model::design_parameters and the *DESIGN VARIABLES of an
   * *INVERSE FREQUENCY step. Every
   * malformed line throws core::InputError naming its file:line.
   */
  class CmsKeywordParser
  {
  public:
    /** A parser writing into @p state. */
    explicit CmsKeywordParser(ParseState &state);

    /** True if @p name is a keyword this class handles. */
    static bool
    handles(const std::string &name);

    /** Parses one keyword block (@p keyword and its @p data lines). */
    void
    parse(const KeywordLine &keyword, const std::vector<DataLine> &data);

    /**
     * Cross-checks after the whole deck is read and sets are resolved: every
     * element in at most one component, design parameters naming existing
     * components, steps naming existing parameters, a *DESIGN VARIABLES block
     * in every *INVERSE FREQUENCY step. Throws core::InputError.
     */
    static void
    validate(const core::Model &model);

  private:
    /** *COMPONENT, NAME=, ELSET= (no data lines). */
    void component(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DESIGN PARAMETER, NAME=, COMPONENT=, PROPERTY= (no data lines). */
    void design_parameter(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DESIGN VARIABLES: parameter names. */
    void design_variables(const KeywordLine &keyword, const std::vector<DataLine> &data);

    ParseState &state_; ///< the state being filled
  };
} // namespace corot::deck
