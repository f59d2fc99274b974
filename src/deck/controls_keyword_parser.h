#pragma once
/**
 * @file
 * *CONTROLS (Abaqus/CalculiX): the Newton iteration limits, tolerances and
 * cut-back rules of the current and the following steps.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * Parses *CONTROLS inside a step into core::Step::controls
   * (solvers::NewtonControlsOverride). As in Abaqus and CalculiX the values
   * stay in force in the following steps (StepKeywordParser copies them into
   * each new step) until *CONTROLS, RESET. The subset that maps onto
   * solvers::NewtonControls is read (input_decks/README.md, "Convergence
   * controls"):
   *
   * - PARAMETERS=FIELD, data line R_n, C_n, q_0, q_u, R_p, eps, C_eps, R_l:
   *   R_n the residual and C_n the correction tolerance (corot's field-wise
   *   ratios, solvers::NewtonConvergence);
   * - PARAMETERS=TIME INCREMENTATION, first line I_0, I_R, I_P, I_C, I_L, I_G,
   *   I_S, I_A, I_J, I_T: I_C the iterations per increment and I_A the
   *   cut-backs in a row; second line D_f, D_C, D_B, D_A, D_S, D_H, D_D, W_G:
   *   D_f the cut-back factor;
   * - RESET: back to the procedure's defaults.
   *
   * Every other field, if written, is an error at its file:line (corot has
   * no such rule), as are PARAMETERS=LINE SEARCH and NETWORK.
   */
  class ControlsKeywordParser
  {
  public:
    /** A parser writing into the current step of @p state. */
    explicit ControlsKeywordParser(ParseState &state);


    /** Parses one *CONTROLS block (@p keyword and its @p data lines). */
    void
    parse(const KeywordLine &keyword, const std::vector<DataLine> &data);

  private:
    /** PARAMETERS=FIELD. */
    void
    field(const KeywordLine &keyword, const std::vector<DataLine> &data);

    /** PARAMETERS=TIME INCREMENTATION. */
    void
    time_incrementation(const KeywordLine &keyword, const std::vector<DataLine> &data);

    ParseState &state_;
  };
} // namespace corot::deck
