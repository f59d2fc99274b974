#pragma once
/**
 * @file
 * The history-data keywords of a deck: *STEP ... *END STEP, the procedures
 * (through analysis::ProcedureRegistry), loads and output requests.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <string>
#include <vector>

namespace corot::analysis
{
  struct ProcedureTypeInfo;
}

namespace corot::deck
{
  /**
   * Fills the steps of a ParseState from the history keywords, which it
   * registers with KeywordRegistry. *BOUNDARY inside a step is handled by
   * ModelKeywordParser (it writes to the current step when ParseState::in_step).
   */
  class StepKeywordParser
  {
  public:
    /** A parser writing into @p state. */
    explicit StepKeywordParser(ParseState &state);

    /** Throws core::InputError if a step is still open at the end of the deck. */
    void
    finish() const;

    // The handlers of the keywords this class registers (KeywordRegistry, at
    // the end of step_keyword_parser.cc), each parsing one keyword block.
    // DeckParser has checked the keyword's placement and parameter names.

    /**
     * *STEP [, NLGEOM[=YES|NO], INC=, NAME=, PERTURBATION, AMPLITUDE=RAMP|STEP].
     * Without NLGEOM the step keeps the previous step's setting (CalculiX, Abaqus).
     */
    void
    step(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *END STEP: checks that the step has a procedure and adds the inherited output requests. */
    void
    end_step(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /**
     * A procedure keyword (analysis::ProcedureRegistry): checks its keyword
     * line's parameters, that the step has no procedure yet, and stores what
     * the procedure's parser makes of its lines in core::Step::parameters.
     */
    void
    procedure(const analysis::ProcedureTypeInfo &type, const KeywordLine &keyword,
              const std::vector<DataLine> &data);
    /** *TIME POINTS, NAME= [, GENERATE]: step times for TIME POINTS= of output requests. */
    void
    time_points(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *CLOAD [, AMPLITUDE=, OP=]: node or node set, dof, value. */
    void
    cload(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DLOAD [, AMPLITUDE=, OP=]: element or element set, GRAV, g, nx, ny, nz. */
    void
    dload(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *NODE PRINT, *EL PRINT, *NODE FILE, *EL FILE, *ENERGY PRINT. */
    void
    output(const KeywordLine &keyword, const std::vector<DataLine> &data);

  private:
    /**
     * Output requests stay in force in later steps until redefined (CalculiX,
     * Abaqus): the current step gets a copy of each request of the previous
     * step whose kind (*NODE PRINT, *EL PRINT, *NODE FILE, *EL FILE,
     * *ENERGY PRINT) it does not request itself; a step that has one request
     * of a kind replaces all earlier ones of that kind.
     */
    void
    inherit_outputs();

    /** The step being read. */
    core::Step &
    current_step();

    ParseState &state_; ///< the state being filled or completed
  };
} // namespace corot::deck
