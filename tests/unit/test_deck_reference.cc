/**
 * The deck reference input_decks/README.md cannot drift from the keyword
 * registry (issue 12 item 6): every registered keyword is documented there,
 * every keyword documented there is registered, and every parameter (and
 * listed value) the reference writes on a keyword is one the registry accepts.
 *
 * What counts as documenting a keyword: in the keyword part of the reference
 * (from the heading "## Model keywords" to the heading "## Command line"),
 * a code span `*NAME...` or a line of a fenced code block starting `*NAME`
 * (not `**`, a comment). NAME is the upper-case words after the star, up to a
 * comma, bracket or the end; `PARAM=` after a comma or `[` in the same span or
 * line is a parameter of NAME, and `PARAM=A|B` lists values.
 *
 * Element types and time integrators are plugins too: every registered element type is named in
 * a code span `TYPE` of the keyword part, and every registered integrator is a listed value of
 * INTEGRATOR= on *DYNAMIC, with each of its parameters written there.
 */
#include <elements/registry.h>
#include <integrators/registry.h>
#include <src/deck/keyword_registry.h>

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

using namespace corot;

namespace
{
  /** A keyword as the reference writes it: its parameters and their listed values. */
  struct DocumentedKeyword
  {
    std::map<std::string, std::set<std::string>> parameters; ///< name -> listed values
    std::vector<std::string>                     lines;      ///< where (for messages)
  };

  /** The keyword part of input_decks/README.md. */
  std::string
  keyword_part()
  {
    const std::string path = std::string(COROT_SOURCE_DIR) + "/input_decks/README.md";
    std::ifstream     in(path);
    EXPECT_TRUE(in.good()) << path;
    std::stringstream text;
    text << in.rdbuf();
    const std::string all   = text.str();
    const auto        begin = all.find("\n## Model keywords");
    const auto        end   = all.find("\n## Command line");
    EXPECT_NE(begin, std::string::npos) << "no heading '## Model keywords' in " << path;
    EXPECT_NE(end, std::string::npos) << "no heading '## Command line' in " << path;
    if (begin == std::string::npos || end == std::string::npos || end < begin)
      return "";
    return all.substr(begin, end - begin);
  }

  /** Adds the keyword written at the start of @p text (after its star) to @p keywords. */
  void
  add_documented(const std::string &text, std::map<std::string, DocumentedKeyword> &keywords)
  {
    static const std::regex name_pattern(R"(^\*([A-Z]+(?: [A-Z]+)*))");
    static const std::regex parameter_pattern(
      R"([,\[]\s*([A-Z][A-Z0-9_]*(?: [A-Z0-9_]+)*)\s*=([^,\]\[]*))");
    std::smatch name;
    if (!std::regex_search(text, name, name_pattern))
      return;
    DocumentedKeyword &keyword = keywords[name[1]];
    keyword.lines.push_back(text);
    const std::string rest = name.suffix();
    for (auto it = std::sregex_iterator(rest.begin(), rest.end(), parameter_pattern);
         it != std::sregex_iterator(); ++it)
      {
        std::set<std::string> &values = keyword.parameters[(*it)[1]];
        std::stringstream      listed((*it)[2]);
        for (std::string value; std::getline(listed, value, '|');)
          {
            value.erase(0, value.find_first_not_of(' '));
            value.erase(value.find_last_not_of(' ') + 1);
            if (!value.empty())
              values.insert(value);
          }
      }
  }

  /** Every keyword the reference documents. */
  std::map<std::string, DocumentedKeyword>
  documented_keywords()
  {
    std::map<std::string, DocumentedKeyword> keywords;
    std::istringstream                       in(keyword_part());
    bool                                     in_code_block = false;
    static const std::regex                  span(R"(`(\*[^`]*)`)");
    for (std::string line; std::getline(in, line);)
      {
        if (line.rfind("```", 0) == 0)
          {
            in_code_block = !in_code_block;
            continue;
          }
        if (in_code_block)
          {
            if (line.rfind("*", 0) == 0 && line.rfind("**", 0) != 0)
              add_documented(line.substr(0, line.find("**")), keywords);
            continue;
          }
        for (auto it = std::sregex_iterator(line.begin(), line.end(), span);
             it != std::sregex_iterator(); ++it)
          if ((*it)[1].str().rfind("**", 0) != 0)
            add_documented((*it)[1], keywords);
      }
    return keywords;
  }
} // namespace

TEST(DeckReference, EveryRegisteredKeywordIsDocumented)
{
  const auto documented = documented_keywords();
  ASSERT_GT(documented.size(), 20u) << "the keyword part of input_decks/README.md was not found";
  for (const deck::KeywordInfo *info : deck::KeywordRegistry::instance().keywords())
    EXPECT_TRUE(documented.count(info->name) == 1)
      << "*" << info->name << " is registered but input_decks/README.md does not document it";
}

TEST(DeckReference, EveryDocumentedKeywordAndParameterIsRegistered)
{
  for (const auto &[name, keyword] : documented_keywords())
    {
      const deck::KeywordInfo *info = deck::KeywordRegistry::instance().find(name);
      if (info == nullptr)
        {
          ADD_FAILURE() << "input_decks/README.md documents *" << name
                        << ", which is not registered (" << keyword.lines.front() << ")";
          continue;
        }
      for (const auto &[parameter, values] : keyword.parameters)
        {
          const std::optional<deck::KeywordParameter> registered = info->parameter(parameter);
          if (!registered)
            {
              ADD_FAILURE() << "input_decks/README.md writes " << parameter << "= on *" << name
                            << ", which *" << name << " does not accept";
              continue;
            }
          if (registered->values.empty())
            continue;
          for (const std::string &value : values)
            EXPECT_NE(std::find(registered->values.begin(), registered->values.end(), value),
                      registered->values.end())
              << "input_decks/README.md lists " << parameter << "=" << value << " on *" << name
              << ", which the registry does not allow";
        }
    }
}

TEST(DeckReference, EveryElementTypeIsDocumented)
{
  const std::string part = keyword_part();
  ASSERT_FALSE(part.empty());
  const auto types = elements::ElementRegistry::instance().types();
  ASSERT_GT(types.size(), 10u);
  for (const elements::ElementTypeInfo *type : types)
    EXPECT_NE(part.find("`" + type->name + "`"), std::string::npos)
      << "element type " << type->name
      << " is registered but input_decks/README.md does not name it (a code span `" << type->name
      << "`)";
}

TEST(DeckReference, EveryIntegratorAndItsParametersAreDocumented)
{
  const auto documented = documented_keywords();
  ASSERT_EQ(documented.count("DYNAMIC"), 1u);
  const auto &parameters = documented.at("DYNAMIC").parameters;
  ASSERT_EQ(parameters.count("INTEGRATOR"), 1u)
    << "input_decks/README.md does not write INTEGRATOR= on *DYNAMIC";
  const std::set<std::string> &listed      = parameters.at("INTEGRATOR");
  const auto                   integrators = integrators::IntegratorRegistry::instance().types();
  ASSERT_GE(integrators.size(), 5u);
  for (const integrators::IntegratorTypeInfo *integrator : integrators)
    {
      EXPECT_EQ(listed.count(integrator->name), 1u)
        << "integrator " << integrator->name
        << " is registered but not listed in INTEGRATOR= of *DYNAMIC in input_decks/README.md";
      for (const integrators::IntegratorParameterInfo &parameter : integrator->parameters)
        EXPECT_EQ(parameters.count(parameter.name), 1u)
          << parameter.name << "= of integrator " << integrator->name
          << " is not written on *DYNAMIC in input_decks/README.md";
    }
}

// The parser of the reference itself, on a sample written in its format.
TEST(DeckReference, ReadsSpansCodeLinesParametersAndValues)
{
  std::map<std::string, DocumentedKeyword> keywords;
  add_documented("*STEP [, NLGEOM[=YES|NO], INC=, AMPLITUDE=RAMP|STEP, PERTURBATION]", keywords);
  add_documented("*MODAL SYNTHESIS, METHOD=FREE INTERFACE, CUTOFF=150.0 ", keywords);
  add_documented("*NODE PRINT, NSET= [, FREQUENCY=]", keywords);
  add_documented("*DYNAMIC [, RHO_INF=]", keywords);
  ASSERT_EQ(keywords.size(), 4u);
  EXPECT_EQ(keywords.at("DYNAMIC").parameters.count("RHO_INF"), 1u);
  const auto &step = keywords.at("STEP").parameters;
  ASSERT_EQ(step.size(), 2u);
  EXPECT_TRUE(step.at("INC").empty());
  EXPECT_EQ(step.at("AMPLITUDE"), (std::set<std::string>{"RAMP", "STEP"}));
  const auto &synthesis = keywords.at("MODAL SYNTHESIS").parameters;
  EXPECT_EQ(synthesis.at("METHOD"), (std::set<std::string>{"FREE INTERFACE"}));
  EXPECT_EQ(synthesis.at("CUTOFF"), (std::set<std::string>{"150.0"}));
  EXPECT_EQ(keywords.at("NODE PRINT").parameters.size(), 2u);
}
