#include <src/deck/cms_keyword_parser.h>
#include <src/deck/controls_keyword_parser.h>
#include <src/deck/deck_parser.h>
#include <src/deck/model_finaliser.h>
#include <src/deck/model_keyword_parser.h>
#include <src/deck/step_keyword_parser.h>

#include <optional>
#include <set>

namespace corot::deck
{
  namespace
  {
    /** Output keywords of Abaqus/CalculiX that corot cannot honour: skipped with a warning. */
    bool
    is_ignored(const std::string &name)
    {
      static const std::set<std::string> names = {"OUTPUT",         "NODE OUTPUT", "ELEMENT OUTPUT",
                                                   "CONTACT OUTPUT", "RESTART",     "MONITOR",
                                                   "PREPRINT"};
      return names.count(name) > 0;
    }

    /** True if some keyword parser handles @p name, or it is an ignored output keyword. */
    bool
    is_known(const std::string &name)
    {
      return is_ignored(name) || StepKeywordParser::handles(name) ||
             ControlsKeywordParser::handles(name) ||
             CmsKeywordParser::handles(name) || ModelKeywordParser::handles(name);
    }

    /**
     * @p compact (a keyword name without blanks, from position @p from on) with
     * @p blanks blanks inserted after @p prefix, if that spelling is known.
     */
    std::optional<std::string>
    with_blanks(const std::string &compact, const std::size_t from, const unsigned blanks,
                const std::string &prefix)
    {
      if (blanks == 0)
        {
          std::string candidate = prefix + compact.substr(from);
          return is_known(candidate) ? std::optional<std::string>(candidate) : std::nullopt;
        }
      for (std::size_t p = from + 1; p < compact.size(); ++p)
        if (auto found = with_blanks(compact, p, blanks - 1, prefix + compact.substr(from, p - from) + " "))
          return found;
      return std::nullopt;
    }

    /**
     * @p keyword spelled as the parsers know it: Abaqus and CalculiX ignore
     * blanks inside keyword names, so `*NODEFILE`, `*ENDSTEP` and `*EL PRINT`
     * are `*NODE FILE`, `*END STEP` and `*EL PRINT` (up to three blanks are
     * tried, enough for every keyword corot knows).
     */
    KeywordLine
    respelled(KeywordLine keyword)
    {
      if (is_known(keyword.name()))
        return keyword;
      const std::string compact = keyword.compact_name();
      for (unsigned blanks = 0; blanks <= 3; ++blanks)
        if (const auto spelling = with_blanks(compact, 0, blanks, ""))
          {
            keyword.respell(*spelling);
            break;
          }
      return keyword;
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
    ModelKeywordParser model_parser(state, warnings_);
    StepKeywordParser  step_parser(state);
    CmsKeywordParser   cms_parser(state);
    ControlsKeywordParser controls_parser(state);

    if (!lines.empty() && !lines.front().keyword)
      throw core::InputError(lines.front().location(), "data line before any keyword");

    for (size_t i = 0; i < lines.size();)
      {
        const KeywordLine     keyword = respelled(*lines[i++].keyword);
        std::vector<DataLine> data;
        while (i < lines.size() && !lines[i].keyword)
          data.push_back(*lines[i++].data);

        const std::string &name = keyword.name();
        if (is_ignored(name))
          {
            warnings_ << keyword.location().str() << ": warning: *" << name
                      << " ignored (corot writes the output of *NODE PRINT, *EL PRINT, "
                         "*NODE FILE, *EL FILE and *ENERGY PRINT)"
                      << std::endl;
            continue;
          }
        if (StepKeywordParser::handles(name))
          {
            if (name != "END STEP" && name != "STEP")
              state.current_material.clear();
            step_parser.parse(keyword, data);
          }
        else if (CmsKeywordParser::handles(name))
          cms_parser.parse(keyword, data);
        else if (ControlsKeywordParser::handles(name))
          controls_parser.parse(keyword, data);
        else if (ModelKeywordParser::handles(name))
          {
            if (state.in_step && name != "BOUNDARY")
              throw core::InputError(keyword.location(),
                                     "*" + name + " is model data and not allowed inside a step");
            model_parser.parse(keyword, data);
          }
        else
          throw core::InputError(keyword.location(), "unsupported keyword *" + name);
      }
    step_parser.finish();

    ModelFinaliser(state).run();
    CmsKeywordParser::validate(state.model);
    return std::move(state.model);
  }
} // namespace corot::deck
