#pragma once
/**
 * @file
 * The component-mode-synthesis keywords of a deck (corot extensions, input_decks/README.md,
 * "CMS and modification keywords"): *COMPONENT and *DESIGN PARAMETER (model
 * data), *MODAL SYNTHESIS, *MODIFICATION, *SENSITIVITY, *INVERSE FREQUENCY
 * and *DESIGN VARIABLES (step data).
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * Parses the CMS keywords, which it registers with KeywordRegistry, into core::Model::components,
   * core::Model::design_parameters and the CMS fields of core::Step. Every
   * malformed line throws core::InputError naming its file:line.
   */
  class CmsKeywordParser
  {
  public:
    /** A parser writing into @p state. */
    explicit CmsKeywordParser(ParseState &state);

    /**
     * Cross-checks after the whole deck is read and sets are resolved: every
     * element in at most one component, design parameters naming existing
     * components, steps naming existing parameters, a *DESIGN VARIABLES block
     * in every *INVERSE FREQUENCY step. Throws core::InputError.
     */
    static void
    validate(const core::Model &model);

    // The handlers of the keywords this class registers (KeywordRegistry, at
    // the end of cms_keyword_parser.cc), each parsing one keyword block.
    // DeckParser has checked the keyword's placement and parameter names.

    /** *COMPONENT, NAME=, ELSET= (no data lines). */
    void component(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DESIGN PARAMETER, NAME=, COMPONENT=, PROPERTY= (no data lines). */
    void design_parameter(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *MODAL SYNTHESIS, METHOD=, CUTOFF=, RESIDUAL=, COMPARE=, EXPORT=: number of modes. */
    void modal_synthesis(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *MODIFICATION [, COMPARE=FULL]: lines "parameter, alpha". */
    void modification(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *SENSITIVITY: mode numbers. */
    void sensitivity(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *INVERSE FREQUENCY [, COMPARE=FULL]: lines "mode, target frequency". */
    void inverse_frequency(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DESIGN VARIABLES: parameter names. */
    void design_variables(const KeywordLine &keyword, const std::vector<DataLine> &data);

  private:
    /** The open step, with procedure @p procedure set (a second procedure is an error). */
    core::Step &
    start_procedure(core::Procedure procedure, const KeywordLine &keyword);

    /** Reads COMPARE= (only FULL is allowed). */
    static bool
    compare_full(const KeywordLine &keyword);

    ParseState &state_; ///< the state being filled
  };
} // namespace corot::deck
