#include <src/deck/controls_keyword_parser.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/model_keyword_parser.h>

#include <cmath>

namespace corot::deck
{
  namespace
  {
    /**
     * Throws at @p line if a field of @p line other than those @p read is
     * written: @p names are the Abaqus/CalculiX names of the fields, in order.
     */
    void
    refuse_other_fields(const DataLine &line, const std::vector<std::string> &names,
                        const std::vector<unsigned> &read, const std::string &what)
    {
      if (line.n_fields() > names.size())
        throw core::InputError(line.location(), "*CONTROLS, PARAMETERS=" + what + " has " +
                                                  std::to_string(names.size()) +
                                                  " fields on this line, got " +
                                                  std::to_string(line.n_fields()));
      for (unsigned i = 0; i < line.n_fields(); ++i)
        if (!line.is_empty(i) && std::find(read.begin(), read.end(), i) == read.end())
          {
            std::string supported;
            for (const unsigned r : read)
              supported += (supported.empty() ? "" : ", ") + names[r];
            throw core::InputError(line.location(),
                                   "*CONTROLS, PARAMETERS=" + what + ": field " +
                                     std::to_string(i + 1) + " (" + names[i] +
                                     ") is not implemented; corot reads " + supported +
                                     " of this line (leave the other fields empty)");
          }
    }

    /** Field @p i of @p line as a tolerance (> 0), or nothing if empty. */
    std::optional<double>
    positive_number(const DataLine &line, const unsigned i, const std::string &name)
    {
      if (line.is_empty(i))
        return std::nullopt;
      const double value = line.number(i);
      if (!(value > 0.0))
        throw core::InputError(line.location(),
                               "*CONTROLS: " + name + " must be positive, got " + line.field(i));
      return value;
    }

    /** Field @p i of @p line as a whole number >= @p minimum, or nothing if empty. */
    std::optional<unsigned>
    count(const DataLine &line, const unsigned i, const std::string &name, const unsigned minimum)
    {
      if (line.is_empty(i))
        return std::nullopt;
      const double value = line.number(i);
      if (value != std::floor(value) || value < minimum || value > 1e9)
        throw core::InputError(line.location(),
                               "*CONTROLS: " + name + " must be a whole number of at least " +
                                 std::to_string(minimum) + ", got " + line.field(i));
      return static_cast<unsigned>(value);
    }
  } // namespace

  ControlsKeywordParser::ControlsKeywordParser(ParseState &state)
    : state_(state)
  {}

  void
  ControlsKeywordParser::parse(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (!state_.in_step)
      throw core::InputError(keyword.location(),
                             "*CONTROLS is step data: it belongs inside a *STEP ... *END STEP");
    for (const std::string parameter : {"ANALYSIS", "TYPE"})
      if (keyword.has(parameter))
        throw core::InputError(keyword.location(), "*CONTROLS, " + parameter +
                                                     "= is not implemented (corot reads "
                                                     "PARAMETERS=FIELD, PARAMETERS=TIME "
                                                     "INCREMENTATION and RESET)");
    if (keyword.has("RESET"))
      {
        if (keyword.has("PARAMETERS"))
          throw core::InputError(keyword.location(),
                                 "*CONTROLS: RESET and PARAMETERS= exclude each other");
        require_at_most_lines(keyword, data, 0);
        state_.model.steps.back().controls = {};
        return;
      }
    const std::string parameters = keyword.required_upper("PARAMETERS");
    if (parameters == "FIELD")
      return field(keyword, data);
    if (parameters == "TIME INCREMENTATION")
      return time_incrementation(keyword, data);
    throw core::InputError(keyword.location(),
                           "*CONTROLS, PARAMETERS=" + parameters +
                             " is not implemented (corot reads FIELD and TIME INCREMENTATION)");
  }

  void
  ControlsKeywordParser::field(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    refuse_other_fields(line, {"R_n", "C_n", "q_0", "q_u", "R_p", "epsilon", "C_epsilon", "R_l"},
                        {0, 1}, "FIELD");
    solvers::NewtonControlsOverride &controls = state_.model.steps.back().controls;
    if (const auto value = positive_number(line, 0, "R_n (residual tolerance)"))
      controls.residual_tolerance = value;
    if (const auto value = positive_number(line, 1, "C_n (correction tolerance)"))
      controls.correction_tolerance = value;
  }

  void
  ControlsKeywordParser::time_incrementation(const KeywordLine           &keyword,
                                             const std::vector<DataLine> &data)
  {
    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*CONTROLS, PARAMETERS=TIME INCREMENTATION needs a data line");
    require_at_most_lines(keyword, data, 2);
    solvers::NewtonControlsOverride &controls = state_.model.steps.back().controls;
    const DataLine                  &first    = data[0];
    refuse_other_fields(first,
                        {"I_0", "I_R", "I_P", "I_C", "I_L", "I_G", "I_S", "I_A", "I_J", "I_T"},
                        {3, 7}, "TIME INCREMENTATION");
    if (const auto value = count(first, 3, "I_C (iterations per increment)", 1))
      controls.max_iterations = value;
    if (const auto value = count(first, 7, "I_A (cut-backs per increment)", 0))
      controls.max_cut_backs = value;
    if (data.size() < 2)
      return;
    const DataLine &second = data[1];
    refuse_other_fields(second, {"D_f", "D_C", "D_B", "D_A", "D_S", "D_H", "D_D", "W_G"}, {0},
                        "TIME INCREMENTATION");
    if (const auto value = positive_number(second, 0, "D_f (cut-back factor)"))
      {
        if (!(*value < 1.0))
          throw core::InputError(second.location(),
                                 "*CONTROLS: D_f (cut-back factor) must lie between 0 and 1, got " +
                                   second.field(0));
        controls.cut_back_factor = value;
      }
  }

  COROT_REGISTER_KEYWORD(
    controls, "CONTROLS", KeywordPlacement::anywhere,
    "Newton iteration limits, tolerances and cut-backs of this and later steps (Abaqus, CalculiX)",
    {optional_parameter("PARAMETERS", "the data lines' kind", {"FIELD", "TIME INCREMENTATION"}),
     optional_flag("RESET", "back to the defaults"),
     optional_parameter("ANALYSIS", "not implemented: an error"),
     optional_parameter("TYPE", "not implemented: an error")},
    "FIELD: R_n, C_n; TIME INCREMENTATION: I_0, I_R, I_P, I_C, I_L, I_G, I_S, I_A (I_C, I_A read); "
    "second line D_f (input_decks/README.md, Convergence controls)",
    [](KeywordContext &context, const KeywordLine &keyword, const std::vector<DataLine> &data) {
      ControlsKeywordParser(context.state).parse(keyword, data);
    })
} // namespace corot::deck
