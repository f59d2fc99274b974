#include <src/deck/cms_keyword_parser.h>
#include <src/deck/deck_parser.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/model_finaliser.h>
#include <src/deck/step_keyword_parser.h>

#include <stdexcept>

namespace corot::deck
{
  namespace
  {
    /** The description of the output keywords of other codes (registered without a handler). */
    const char *const ignored_output =
      "an output request of Abaqus/CalculiX that corot cannot honour: skipped with a warning "
      "(corot writes the output of *NODE PRINT, *EL PRINT, *NODE FILE, *EL FILE and *ENERGY PRINT)";

    /**
     * The registered keyword of @p keyword, respelled as registered: Abaqus and
     * CalculiX ignore blanks inside keyword names, so `*NODEFILE`, `*ENDSTEP`
     * and `*ELPRINT` are `*NODE FILE`, `*END STEP` and `*EL PRINT`. Throws
     * core::InputError "unsupported keyword" if no keyword is spelled so.
     */
    const KeywordInfo &
    registered(KeywordLine &keyword)
    {
      const KeywordRegistry &registry = KeywordRegistry::instance();
      const KeywordInfo     *info     = registry.find(keyword.name());
      if (info == nullptr)
        info = registry.find_spelling(keyword.name());
      if (info == nullptr)
        throw core::InputError(keyword.location(), "unsupported keyword *" + keyword.name());
      if (info->name != keyword.name())
        keyword.respell(info->name);
      return *info;
    }

    /** Throws core::InputError if @p info may not appear where @p keyword is (@p in_step). */
    void
    check_placement(const KeywordInfo &info, const KeywordLine &keyword, const bool in_step)
    {
      if (info.placement == KeywordPlacement::model && in_step)
        throw core::InputError(keyword.location(),
                               "*" + info.name + " is model data and not allowed inside a step");
      if (info.placement == KeywordPlacement::step && !in_step)
        throw core::InputError(keyword.location(),
                               "*" + info.name + " is only allowed inside a *STEP ... *END STEP");
    }
  } // namespace

  DeckParser::DeckParser(std::ostream &warnings)
    : warnings_(warnings)
  {}

  core::Model
  DeckParser::parse(const std::vector<DeckLine> &lines, const std::string &deck_path)
  {
    ParseState state;
    state.model.deck_path = deck_path;
    KeywordContext context{state, warnings_};

    if (!lines.empty() && !lines.front().keyword)
      throw core::InputError(lines.front().location(), "data line before any keyword");

    for (size_t i = 0; i < lines.size();)
      {
        KeywordLine           keyword = *lines[i++].keyword;
        std::vector<DataLine> data;
        while (i < lines.size() && !lines[i].keyword)
          data.push_back(*lines[i++].data);

        const KeywordInfo &info = registered(keyword);
        if (info.ignored())
          {
            warnings_ << keyword.location().str() << ": warning: *" << info.name
                      << " ignored (corot writes the output of *NODE PRINT, *EL PRINT, "
                         "*NODE FILE, *EL FILE and *ENERGY PRINT)"
                      << std::endl;
            continue;
          }
        check_placement(info, keyword, state.in_step);
        keyword.check_parameters(info.parameter_names());
        // A material's options follow its *MATERIAL line; any other keyword ends it.
        if (!info.material_option)
          state.current_material.clear();
        info.parse(context, keyword, data);
        state.after_beam_section =
          info.name == "BEAM SECTION" || info.name == "BEAM GENERAL SECTION";
      }
    StepKeywordParser(state).finish();

    ModelFinaliser(state).run();
    CmsKeywordParser::join_imported_components(state.model);
    CmsKeywordParser::validate(state.model);
    return std::move(state.model);
  }

  namespace
  {
    /** Registers an output keyword of other codes that DeckParser skips with a warning. */
    bool
    register_ignored(const std::string &name)
    {
      return core::register_at_startup([&name] {
        KeywordInfo info;
        info.name        = name;
        info.placement   = KeywordPlacement::anywhere;
        info.description = ignored_output;
        KeywordRegistry::instance().add(std::move(info));
      });
    }

    [[maybe_unused]] const bool ignored_registered =
      register_ignored("OUTPUT") && register_ignored("NODE OUTPUT") &&
      register_ignored("ELEMENT OUTPUT") && register_ignored("CONTACT OUTPUT") &&
      register_ignored("MONITOR") && register_ignored("PREPRINT");
  } // namespace

  // *INCLUDE lines are replaced by the included file's lines when the deck is
  // read (DeckTokenizer); it is registered for --help and the deck reference.
  COROT_REGISTER_KEYWORD(include, "INCLUDE", KeywordPlacement::anywhere,
                         "reads another deck file in place of this line (relative to this file)",
                         {required_parameter("INPUT", "the file to read")}, "",
                         [](KeywordContext &, const KeywordLine &keyword,
                            const std::vector<DataLine> &) {
                           throw std::logic_error("*INCLUDE at " + keyword.location().str() +
                                                  " reached the keyword parser");
                         })
} // namespace corot::deck
