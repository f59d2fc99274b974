/**
 * `corot --help` is generated from the registries (issue 12 item 2): every
 * registered element type and keyword, with every parameter, is in the
 * overview; `--help NAME` prints one topic in full; an unknown name is an
 * error listing near matches; a registry's section is one HelpText::add call.
 */
#include <elements/registry.h>
#include <integrators/registry.h>
#include <src/app/help_text.h>
#include <src/deck/keyword_registry.h>

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

using namespace corot;

namespace
{
  std::string
  overview(const app::HelpText &help)
  {
    std::ostringstream out;
    help.write_overview(out, "options:\n  -h [ --help ]\n");
    return out.str();
  }

  std::string
  topic(const app::HelpText &help, const std::string &name)
  {
    std::ostringstream out;
    help.write_topic(name, out);
    return out.str();
  }

  /** The message of the std::invalid_argument write_topic throws for @p name, or "". */
  std::string
  topic_error(const app::HelpText &help, const std::string &name)
  {
    try
      {
        topic(help, name);
      }
    catch (const std::invalid_argument &error)
      {
        return error.what();
      }
    return "";
  }
} // namespace

TEST(HelpText, OverviewListsEveryElementTypeKeywordAndParameter)
{
  const std::string text = overview(app::corot_help());
  ASSERT_FALSE(elements::ElementRegistry::instance().types().empty());
  for (const auto *type : elements::ElementRegistry::instance().types())
    {
      EXPECT_NE(text.find("  " + type->name + " "), std::string::npos) << type->name;
      EXPECT_NE(text.find(type->description), std::string::npos) << type->name;
    }
  for (const auto *info : deck::KeywordRegistry::instance().keywords())
    {
      EXPECT_NE(text.find("*" + info->name), std::string::npos) << info->name;
      if (info->ignored())
        continue;
      EXPECT_NE(text.find(info->description), std::string::npos) << info->name;
      // Each parameter on the keyword's own overview line.
      const std::size_t at         = text.find("  *" + info->name + " ");
      const std::size_t at2        = text.find("  *" + info->name + ",");
      const std::size_t at3        = text.find("  *" + info->name + "\n");
      const std::size_t line_start = std::min({at, at2, at3});
      ASSERT_NE(line_start, std::string::npos) << info->name;
      const std::string line = text.substr(line_start, text.find('\n', line_start) - line_start);
      for (const auto &parameter : info->all_parameters())
        EXPECT_NE(line.find(parameter.name), std::string::npos)
          << info->name << " " << parameter.name;
    }
  // The procedures the hand-written text forgot are there now.
  for (const std::string procedure :
       {"*DYNAMIC", "*BUCKLE", "RIKS", "INTEGRATOR=GALPHA|HHT|MIDPOINT|NEWMARK|TIMEFE"})
    EXPECT_NE(text.find(procedure), std::string::npos) << procedure;
  EXPECT_NE(text.find("skipped with a warning (output keywords of other codes): *CONTACT OUTPUT"),
            std::string::npos);
}

TEST(HelpText, OneKeywordInFull)
{
  const app::HelpText help = app::corot_help();
  const std::string   text = topic(help, "beam section"); // case, star and blanks are free
  EXPECT_EQ(text, topic(help, "*BEAMSECTION"));
  EXPECT_EQ(text.rfind("*BEAM SECTION, ELSET=, MATERIAL=, SECTION=RECT|RECTANGULAR|", 0), 0u)
    << text;
  EXPECT_NE(text.find("beam section of a standard shape"), std::string::npos);
  EXPECT_NE(text.find("where: model data"), std::string::npos);
  EXPECT_NE(text.find("SECTION=RECT|RECTANGULAR|CIRC|CIRCULAR|PIPE|THICK PIPE|BOX (required)"),
            std::string::npos)
    << text;
  EXPECT_NE(text.find("OFFSET1=\n        node line"), std::string::npos) << text;
  EXPECT_NE(text.find("data lines: line 1 the shape's dimensions"), std::string::npos) << text;

  const std::string step = topic(help, "*STEP");
  EXPECT_NE(step.find("[, NLGEOM[=YES|NO]]"), std::string::npos) << step;
  EXPECT_NE(step.find("where: model data or inside a step"), std::string::npos) << step;
  EXPECT_NE(topic(help, "*END STEP").find("parameters: none"), std::string::npos);
  EXPECT_NE(topic(help, "*CLOAD").find("where: inside a step"), std::string::npos);
  EXPECT_NE(topic(help, "output").find("skipped with a warning"), std::string::npos);
  EXPECT_NE(topic(help, "t3d2").find("2 nodes, section *SOLID SECTION"), std::string::npos);
}

TEST(HelpText, UnknownTopicListsNearMatches)
{
  const app::HelpText help = app::corot_help();
  EXPECT_EQ(topic_error(help, "*BEAM SECTON"),
            "unknown help topic *BEAM SECTON; did you mean *BEAM SECTION?");
  const std::string section = topic_error(help, "SECTION");
  EXPECT_NE(section.find("did you mean"), std::string::npos) << section;
  EXPECT_NE(section.find("*SOLID SECTION"), std::string::npos) << section;
  EXPECT_NE(section.find("*BEAM SECTION"), std::string::npos) << section;
  EXPECT_EQ(topic_error(help, "T3D3"), "unknown help topic T3D3; did you mean T3D2, T2D2?");
  EXPECT_EQ(topic_error(help, "QWERTYUIOP"), "unknown help topic QWERTYUIOP (see corot --help)");
}

// How the procedure and integrator registries join: one add() of their section.
TEST(HelpText, EveryIntegratorIsListedWithItsParameters)
{
  const app::HelpText help = app::corot_help();
  const std::string   text = overview(help);
  const std::size_t   at   = text.find("time integrators (*DYNAMIC, INTEGRATOR=");
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_GT(at, text.find("deck keywords"));
  const auto types = integrators::IntegratorRegistry::instance().types();
  ASSERT_FALSE(types.empty());
  for (const integrators::IntegratorTypeInfo *type : types)
    {
      EXPECT_NE(text.find("  " + type->name, at), std::string::npos) << type->name;
      EXPECT_NE(text.find(type->description, at), std::string::npos) << type->name;
      const std::string full = topic(help, type->name);
      for (const integrators::IntegratorParameterInfo &parameter : type->parameters)
        EXPECT_NE(full.find(parameter.name + "=  " + parameter.help), std::string::npos)
          << type->name << " " << parameter.name;
    }
}
