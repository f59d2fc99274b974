#include <src/deck/cms_keyword_parser.h>
#include <src/deck/deck_parser.h>
#include <src/deck/model_finaliser.h>
#include <src/deck/model_keyword_parser.h>
#include <src/deck/step_keyword_parser.h>

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
  } // namespace

  DeckParser::DeckParser(std::ostream &warnings)
    : warnings_(warnings)
  {}

  core::Model
  DeckParser::parse(const std::vector<DeckLine> &lines, const std::string &deck_path)
  {
    ParseState state;
    state.model.deck_path = deck_path;
    ModelKeywordParser model_parser(state);
    StepKeywordParser  step_parser(state);
    CmsKeywordParser   cms_parser(state);

    if (!lines.empty() && !lines.front().keyword)
      throw core::InputError(lines.front().location(), "data line before any keyword");

    for (size_t i = 0; i < lines.size();)
      {
        const KeywordLine    &keyword = *lines[i++].keyword;
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
