#include <src/deck/model_keyword_parser.h>
#include <src/deck/restart_keyword.h>

namespace corot::deck
{
  void
  parse_restart(KeywordContext &context, const KeywordLine &keyword,
                const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    ParseState &state = context.state;
    const bool  write = keyword.has("WRITE"), read = keyword.has("READ");
    if (write == read)
      throw core::InputError(keyword.location(),
                             "*RESTART needs either WRITE (inside a step: write restart points) or "
                             "READ (model data: go on from a restart point)");
    const auto refuse = [&](const std::vector<std::string> &parameters, const std::string &form) {
      for (const std::string &parameter : parameters)
        if (keyword.has(parameter))
          throw core::InputError(keyword.location(), "*RESTART, " + form + " does not take " +
                                                       parameter + (form == "WRITE" ? "=" : "") +
                                                       " (a parameter of the other form)");
    };
    if (keyword.has("END STEP"))
      throw core::InputError(keyword.location(),
                             "*RESTART, READ, END STEP (end the step at the restart point) is not "
                             "supported: the step goes on to its end");
    if (write)
      {
        refuse({"STEP", "INC", "FILE"}, "WRITE");
        if (!state.in_step)
          throw core::InputError(keyword.location(),
                                 "*RESTART, WRITE is step data: put it inside the first *STEP that "
                                 "should write restart points (the steps after it keep it)");
        core::RestartWrite request;
        request.frequency                = keyword.integer("FREQUENCY").value_or(1);
        request.overlay                  = keyword.has("OVERLAY");
        request.defined_at               = keyword.location();
        state.model.steps.back().restart = request;
        return;
      }
    refuse({"FREQUENCY", "OVERLAY"}, "READ");
    if (state.in_step || !state.model.steps.empty())
      throw core::InputError(keyword.location(),
                             "*RESTART, READ is model data: put it before the first *STEP");
    if (state.model.restart_read)
      throw core::InputError(keyword.location(), "a second *RESTART, READ (the first is at " +
                                                   state.model.restart_read->defined_at.str() +
                                                   ")");
    core::RestartRead request;
    request.step      = keyword.integer("STEP");
    request.increment = keyword.integer("INC");
    if (request.step && *request.step == 0)
      throw core::InputError(keyword.location(), "*RESTART, READ: STEP= counts from 1");
    if (request.increment && !request.step)
      throw core::InputError(keyword.location(),
                             "*RESTART, READ: INC= needs STEP= (the increment of which step)");
    request.file             = keyword.value("FILE").value_or("");
    request.defined_at       = keyword.location();
    state.model.restart_read = request;
  }

  COROT_REGISTER_KEYWORD(
    restart, "RESTART", KeywordPlacement::anywhere,
    "restart points: WRITE them in a step, READ one to go on from it (Abaqus)",
    {optional_flag("WRITE", "inside a step: write restart points to NAME.res (the steps after "
                            "keep writing until the next *RESTART, WRITE)"),
     optional_flag("READ", "model data: go on from a point of a restart file; the deck must "
                           "define the same model and the same steps up to that point"),
     optional_parameter("FREQUENCY",
                        "WRITE: a point every n increments and at the end of the step (1; 0: "
                        "none); SIGINT/SIGTERM also write the last converged increment"),
     optional_flag("OVERLAY", "WRITE: keep only the newest point in the file"),
     optional_parameter("STEP", "READ: the step of the point (the file's last point if unset)"),
     optional_parameter("INC", "READ: the increment of the point (unset: the step's last point "
                               "in the file)"),
     optional_parameter("FILE", "READ: the restart file, relative to the deck ('.res' added "
                                "without an extension; default: this job's NAME.res in the "
                                "output directory)")},
    "", parse_restart)
} // namespace corot::deck
