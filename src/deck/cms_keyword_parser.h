#pragma once
/**
 * @file
 * The component-mode-synthesis keywords of a deck (corot extensions, input_decks/README.md,
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

    /**
     * Cross-checks after the whole deck is read and sets are resolved: every
     * element in at most one component, design parameters naming existing
     * components, steps naming existing parameters, a *DESIGN VARIABLES block
     * in every *INVERSE FREQUENCY step. Throws core::InputError.
     */
    static void
    validate(const core::Model &model);

    /**
     * Joins the rows of every imported component (*COMPONENT, INPUT=) to the
     * deck's nodes once all nodes are read (match_imported_nodes). Throws
     * core::InputError.
     */
    static void
    join_imported_components(core::Model &model);

    // The handlers of the keywords this class registers (KeywordRegistry, at
    // the end of cms_keyword_parser.cc), each parsing one keyword block.
    // DeckParser has checked the keyword's placement and parameter names.

    /**
     * *COMPONENT, NAME=, ELSET= or *COMPONENT, NAME=, INPUT=, FORMAT=MATRIX
     * MARKET [, TOLERANCE=] (no data lines); the files of INPUT= are read and
     * checked here (read_imported_component).
     */
    void
    component(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DESIGN PARAMETER, NAME=, COMPONENT=, PROPERTY= (no data lines). */
    void
    design_parameter(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *COMPONENT MATRIX OUTPUT, NAME=, FORMAT=, FILE= in a *MODAL SYNTHESIS step (no data lines). */
    void
    component_matrix_output(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DESIGN VARIABLES: parameter names. */
    void
    design_variables(const KeywordLine &keyword, const std::vector<DataLine> &data);

    ParseState &state_; ///< the state being filled
  };
} // namespace corot::deck
