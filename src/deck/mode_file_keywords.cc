#include <src/deck/mode_file_keywords.h>
#include <src/deck/model_keyword_parser.h>
#include <src/io/uff_file.h>

#include <filesystem>

namespace corot::deck
{
  namespace
  {
    /** The parameters of the current step, which must be a *FREQUENCY step past its procedure line. */
    core::FrequencyParameters &
    frequency_step(ParseState &state, const KeywordLine &keyword)
    {
      const std::string name = "*" + keyword.name();
      if (!state.in_step || state.model.steps.empty() ||
          !state.model.steps.back().parameters.holds<core::FrequencyParameters>())
        throw core::InputError(keyword.location(),
                               name + " belongs to a *FREQUENCY step, after its *FREQUENCY line");
      return state.model.steps.back().parameters.get<core::FrequencyParameters>();
    }
  } // namespace

  void
  parse_uff_output(KeywordContext &context, const KeywordLine &keyword,
                   const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    ParseState                &state = context.state;
    core::FrequencyParameters &step  = frequency_step(state, keyword);
    if (step.uff_output)
      throw core::InputError(keyword.location(),
                             "a second *UFF OUTPUT in this step (the first is at " +
                               step.uff_output->defined_at.str() + ")");
    core::UffOutputRequest request;
    request.set_name   = keyword.value_upper("NSET").value_or("");
    request.defined_at = keyword.location();
    step.uff_output    = request;
    if (!request.set_name.empty())
      {
        const std::size_t index = state.model.steps.size() - 1;
        add_reference(state, true, request.set_name, keyword.location(),
                      [index](core::Model &model) -> std::vector<unsigned> & {
                        return model.steps[index]
                          .parameters.get<core::FrequencyParameters>()
                          .uff_output->node_ids;
                      });
      }
  }

  void
  parse_correlation(KeywordContext &context, const KeywordLine &keyword,
                    const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    core::FrequencyParameters &step = frequency_step(context.state, keyword);
    if (step.correlation)
      throw core::InputError(keyword.location(),
                             "a second *CORRELATION in this step (the first is at " +
                               step.correlation->defined_at.str() + ")");
    step.correlation = correlation_request(keyword, "INPUT");
  }

  core::CorrelationRequest
  correlation_request(const KeywordLine &keyword, const std::string &input)
  {
    core::CorrelationRequest request;
    request.defined_at      = keyword.location();
    const std::string match = keyword.value_upper("MATCH").value_or("ID");
    if (match != "ID" && match != "COORDINATES")
      throw core::InputError(keyword.location(), "*" + keyword.name() + ", MATCH=" + match +
                                                   ": expected ID or COORDINATES");
    request.by_coordinates = match == "COORDINATES";
    if (const auto tolerance = keyword.number("TOLERANCE"))
      {
        if (!request.by_coordinates)
          throw core::InputError(keyword.location(), "*" + keyword.name() +
                                                       ": TOLERANCE= applies to MATCH=COORDINATES");
        if (!(*tolerance > 0.0))
          throw core::InputError(keyword.location(),
                                 "*" + keyword.name() + ": TOLERANCE= must be positive");
        request.tolerance = *tolerance;
      }
    else if (request.by_coordinates)
      throw core::InputError(keyword.location(),
                             "*" + keyword.name() +
                               ", MATCH=COORDINATES needs TOLERANCE= (a distance in "
                               "the deck's length unit)");
    // INPUT= is relative to the deck's directory, as *INCLUDE.
    std::filesystem::path path(keyword.required(input));
    if (path.is_relative())
      path = std::filesystem::path(keyword.location().file).parent_path() / path;
    request.file = path.string();
    request.data = std::make_shared<const core::UffData>(io::read_uff(request.file));
    if (request.data->modes.empty())
      throw core::InputError(keyword.location(),
                             "*" + keyword.name() + ": " + request.file +
                               " holds no normal modes (dataset 55 with analysis type 2)");
    return request;
  }

  COROT_REGISTER_KEYWORD(
    uff_output, "UFF OUTPUT", KeywordPlacement::step,
    "a *FREQUENCY step's modes to NAME-<step>.unv, a universal file (datasets 151, 2411, 55)",
    {optional_parameter("NSET", "the nodes written (default: every node with DOFs)")}, "",
    parse_uff_output)

  COROT_REGISTER_KEYWORD(
    correlation, "CORRELATION", KeywordPlacement::step,
    "compares a *FREQUENCY step's modes with those of a universal file (MAC, frequency errors)",
    {required_parameter("INPUT", "the universal file (datasets 15/2411 nodes, 55 normal modes; "
                                 "relative to the deck)"),
     optional_parameter("MATCH",
                        "how the file's nodes meet the deck's: by ID (default) or by "
                        "COORDINATES",
                        {"ID", "COORDINATES"}),
     optional_parameter("TOLERANCE", "MATCH=COORDINATES: the largest distance of a match")},
    "", parse_correlation)
} // namespace corot::deck
