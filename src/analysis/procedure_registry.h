#pragma once
/**
 * @file
 * Registry of analysis procedures (*STATIC, *FREQUENCY, *DYNAMIC, ...). Each
 * procedure's .cc registers itself with COROT_REGISTER_PROCEDURE: its deck
 * keyword, its help text, the parser of its keyword line and data lines into
 * its own parameter struct (held by core::ProcedureParameters) and
 * the runner of a step. The deck parser dispatches procedure keywords through
 * it, the analysis runner runs every step through it, and `corot --help`
 * lists types().
 */
#include <src/core/plugin_table.h>
#include <src/core/step.h>
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/io/results.h>

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <typeindex>
#include <vector>

namespace corot::analysis
{
  struct AnalysisContext;
  struct StepLoading;
  class LoadHistory;
  struct CmsSession;

  /** What a procedure's runner works on in one step. */
  struct StepRun
  {
    AnalysisContext  &context; ///< model, discretisation and the state carried between steps
    const core::Step &step;    ///< the step, its parameters in core::Step::parameters
    StepLoading      &loading; ///< loads and boundary conditions in force (LoadHistory::loading_of)
    LoadHistory      &history; ///< the loads the general steps before this one left
    CmsSession       &cms;     ///< the reduced model of the last *MODAL SYNTHESIS step
    unsigned          number = 0; ///< 1-based step number
  };

  /** One keyword-line parameter of a procedure, for the help text. */
  struct ProcedureParameterHelp
  {
    std::string name; ///< upper case, without "=", e.g. "DIRECT" or "INTEGRATOR"
    std::string help; ///< one line
  };

  /** What the registry knows of a procedure. */
  struct ProcedureTypeInfo
  {
    /** The deck keyword without "*", upper case, e.g. "STATIC". */
    std::string keyword;
    /**
     * A keyword-line parameter that selects this entry rather than the plain
     * keyword's, e.g. "RIKS" for *STATIC, RIKS; empty for the plain keyword.
     */
    std::string variant;
    /** One line for --help. */
    std::string description;
    /** The keyword-line parameters accepted (any other is an error naming the line). */
    std::vector<ProcedureParameterHelp> parameters;
    /**
     * Parameters that plugins of another family bring (the time integrators' on *DYNAMIC),
     * asked for when the keyword is checked or shown (deck::KeywordInfo::plugin_parameters),
     * so that a new plugin with a parameter needs no edit of the procedure. Only for a plain
     * keyword (no variant).
     */
    std::function<std::vector<ProcedureParameterHelp>()> plugin_parameters;

    /** parameters, then plugin_parameters(): every parameter the keyword line may carry. */
    std::vector<ProcedureParameterHelp>
    accepted_parameters() const;
    /**
     * Parameters of Abaqus or CalculiX that are refused with a reason: a
     * keyword line naming one is an error with that reason as its message.
     */
    std::vector<ProcedureParameterHelp> refused;
    /** The data lines, for --help. */
    std::string data_lines;
    /** Whether *STEP, PERTURBATION is accepted (a linear perturbation about the base state). */
    bool perturbation = false;
    /** Loads without an amplitude ramp over the step unless *STEP, AMPLITUDE= says (CalculiX). */
    bool ramp_by_default = true;
    /**
     * Whether the step runs with *MPC, *RIGID BODY and connectors (the assembler's followers);
     * the runner refuses a step of a procedure without it when the model has any.
     */
    bool takes_followers = false;
    /** What the procedure does with the reduced model of the last CMS synthesis (CmsSession). */
    enum class ReducedModelUse
    {
      none,   ///< nothing
      builds, ///< makes it (*MODAL SYNTHESIS), for the steps after it
      needs   ///< works on it (the design steps); restart files do not keep it
    };
    ReducedModelUse reduced_model = ReducedModelUse::none;
    /** The struct parse() returns, held by core::ProcedureParameters: how a step's procedure is known. */
    std::type_index parameters_type = typeid(void);
    /**
     * Parses the keyword line (parameters already checked against
     * @p parameters and @p refused) and the data lines of @p step's
     * procedure; throws core::InputError naming the line of an error.
     */
    std::function<core::ProcedureParameters(
      const deck::KeywordLine &, const std::vector<deck::DataLine> &, const core::Step &)>
      parse;
    /** Runs one step and returns its results; a general step records its base state. */
    std::function<io::StepResult(StepRun &)> run;
    /**
     * A general step's time period, with which it leaves its loads to the
     * steps after it (LoadHistory::commit, called by the runner, also for the
     * steps a restart skips); empty for a perturbation procedure, which
     * leaves nothing.
     */
    std::function<double(const core::Step &)> general_period;

    /** "STATIC" or, with a variant, "STATIC, RIKS". */
    std::string
    name() const;
  };

  /**
   * The procedure registry (a process-wide plugin table filled at
   * static-initialisation time, as elements::ElementRegistry).
   */
  class ProcedureRegistry
  {
  public:
    /** The one registry. */
    static ProcedureRegistry &
    instance();

    /**
     * Adds a procedure; returns true so it can initialise a static in a .cc.
     * Throws std::logic_error (so the program stops at start-up) if its
     * name or its parameter alternative is registered already, or if it
     * lacks a parser or runner.
     */
    bool
    add(ProcedureTypeInfo info);

    /** True if some procedure has the deck keyword @p keyword (upper case, without "*"). */
    bool
    handles(const std::string &keyword) const;

    /**
     * The procedure a keyword line names: the entry of its keyword whose
     * variant parameter is on the line, else the plain keyword's; nullptr
     * if the keyword is not a procedure's.
     */
    const ProcedureTypeInfo *
    select(const deck::KeywordLine &keyword) const;

    /** The procedure @p step runs (by the alternative its parameters hold), or nullptr if none. */
    const ProcedureTypeInfo *
    of(const core::Step &step) const;

    /** All procedures, sorted by name. */
    std::vector<const ProcedureTypeInfo *>
    types() const;

  private:
    /**
     * Registers the deck keyword of @p info with deck::KeywordRegistry (parsed
     * by deck::StepKeywordParser::procedure), or adds the parameters of a
     * variant to the keyword already registered, so that the deck parser,
     * `corot --help` and the deck-reference check see every procedure.
     */
    static void
    register_keyword(const ProcedureTypeInfo &info);

    std::map<std::string, ProcedureTypeInfo> types_; ///< by name()
  };
} // namespace corot::analysis

/**
 * Registers the procedure described by the expression @p INFO (a
 * ProcedureTypeInfo); @p TAG makes the registration unique in its file.
 * A name registered twice stops the program before main() with one line
 * (core::register_at_startup).
 */
#define COROT_REGISTER_PROCEDURE(TAG, INFO)                                  \
  namespace                                                                  \
  {                                                                          \
    [[maybe_unused]] const bool corot_procedure_registered_##TAG =           \
      ::corot::core::register_at_startup(                                    \
        [] { ::corot::analysis::ProcedureRegistry::instance().add(INFO); }); \
  }
