/**
 * The integrator registry (integrators/registry.h): every scheme registers its
 * deck name, description and parameters with help text (the data of `corot
 * --help`); a duplicate name is an error; each plugin parses and validates its
 * own parameters, and the deck reports a bad one at the *DYNAMIC line.
 */
#include <integrators/energy_conserving_midpoint.h>
#include <integrators/generalized_alpha.h>
#include <integrators/integrator_setup.h>
#include <integrators/registry.h>
#include <integrators/time_finite_element.h>
#include <src/deck/keyword_registry.h>

#include "deck_test_fixture.h"
#include "integrator_parameters.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

using namespace corot;
using integrators::IntegratorRegistry;

namespace
{
  /** The message @p reader's fail() gives when @p name is parsed with it, or "" if none. */
  std::string
  parse_error(const std::string &name, const std::map<std::string, double> &values)
  {
    try
      {
        IntegratorRegistry::instance().parse(name, test::MapParameters(values));
      }
    catch (const std::invalid_argument &error)
      {
        return error.what();
      }
    return "";
  }

  /** A model part for *DYNAMIC steps (lines 1-10). */
  const std::string truss = "*NODE\n1, 0, 0, 0\n2, 1, 0, 0\n*ELEMENT, TYPE=T3D2, ELSET=TRUSS\n"
                            "1, 1, 2\n*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n"
                            "*SOLID SECTION, ELSET=TRUSS, MATERIAL=STEEL\n0.01\n";

  class IntegratorDeckTest : public test::DeckFileTest
  {};
} // namespace

TEST(IntegratorRegistry, ListsEverySchemeWithDescriptionAndParameterHelp)
{
  const auto               types = IntegratorRegistry::instance().types();
  std::vector<std::string> names;
  for (const auto *type : types)
    {
      names.push_back(type->name);
      EXPECT_FALSE(type->description.empty()) << type->name;
      for (const auto &parameter : type->parameters)
        EXPECT_FALSE(parameter.help.empty()) << type->name << " " << parameter.name;
    }
  EXPECT_EQ(names, (std::vector<std::string>{"GALPHA", "HHT", "MIDPOINT", "NEWMARK", "TIMEFE"}));
  ASSERT_EQ(types[0]->parameters.size(), 1u);
  EXPECT_EQ(types[0]->parameters[0].name, "RHO_INF");
  ASSERT_EQ(types[1]->parameters.size(), 1u);
  EXPECT_EQ(types[1]->parameters[0].name, "ALPHA");
  EXPECT_TRUE(types[2]->parameters.empty());
  EXPECT_TRUE(types[3]->parameters.empty());
  ASSERT_EQ(types[4]->parameters.size(), 1u);
  EXPECT_EQ(types[4]->parameters[0].name, "ORDER");
  EXPECT_EQ(IntegratorRegistry::instance().parameter_names(),
            (std::vector<std::string>{"ALPHA", "ORDER", "RHO_INF"}));
  EXPECT_EQ(IntegratorRegistry::instance().find("hht"), types[1]);
  EXPECT_EQ(IntegratorRegistry::instance().find("RUNGE-KUTTA"), nullptr);
}

TEST(IntegratorRegistry, DuplicateNameIsAnError)
{
  IntegratorRegistry registry;
  const auto parse = [](const integrators::ParameterReader &) -> integrators::IntegratorSetup {
    return integrators::IntegratorSetup("X", {}, [] {
      return std::make_unique<integrators::GeneralizedAlpha>(0.8);
    });
  };
  EXPECT_TRUE(registry.add({"X", "one", {}, parse}));
  EXPECT_THROW(registry.add({"x", "another", {}, parse}), std::logic_error);
  ASSERT_EQ(registry.types().size(), 1u);
  EXPECT_EQ(registry.types()[0]->description, "one"); // not overwritten
}

TEST(IntegratorRegistry, PluginsParseTheirParametersAndMakeTheirScheme)
{
  const auto hht =
    IntegratorRegistry::instance().parse("HHT", test::MapParameters({{"ALPHA", -0.1}}));
  EXPECT_EQ(hht.name(), "HHT");
  EXPECT_DOUBLE_EQ(*hht.value("ALPHA"), -0.1);
  // HHT is the member alpha_m = 0, alpha_f = -ALPHA of the generalized-alpha family.
  const auto  made_hht = hht.create();
  const auto *family   = dynamic_cast<integrators::GeneralizedAlpha *>(made_hht.get());
  ASSERT_NE(family, nullptr);
  EXPECT_EQ(family->alpha_m(), 0.0);
  EXPECT_DOUBLE_EQ(family->alpha_f(), 0.1);
  // Defaults: ALPHA = 0, ORDER = 1.
  EXPECT_DOUBLE_EQ(
    *IntegratorRegistry::instance().parse("HHT", test::MapParameters()).value("ALPHA"), 0.0);
  const auto timefe = IntegratorRegistry::instance().parse("TIMEFE", test::MapParameters());
  EXPECT_DOUBLE_EQ(*timefe.value("ORDER"), 1.0);
  const auto third =
    IntegratorRegistry::instance().parse("TIMEFE", test::MapParameters({{"ORDER", 3}}));
  const auto made = third.create();
  ASSERT_NE(dynamic_cast<integrators::TimeFiniteElement *>(made.get()), nullptr);
  EXPECT_EQ(dynamic_cast<integrators::TimeFiniteElement &>(*made).order(), 3u);
  EXPECT_NE(dynamic_cast<integrators::EnergyConservingMidpoint *>(
              test::make_integrator("MIDPOINT").get()),
            nullptr);
  const auto  newmark        = test::make_integrator("NEWMARK");
  const auto *newmark_family = dynamic_cast<integrators::GeneralizedAlpha *>(newmark.get());
  ASSERT_NE(newmark_family, nullptr);
  EXPECT_EQ(newmark_family->alpha_m(), 0.0);
  EXPECT_EQ(newmark_family->alpha_f(), 0.0);
  // Each call makes a fresh integrator (integrators keep per-run state).
  EXPECT_NE(hht.create().get(), hht.create().get());

  EXPECT_EQ(parse_error("EULER", {}),
            "unknown INTEGRATOR=EULER (GALPHA, HHT, MIDPOINT, NEWMARK or TIMEFE)");
  EXPECT_EQ(parse_error("NEWMARK", {{"ALPHA", -0.1}}), "ALPHA= only applies to INTEGRATOR=HHT");
  EXPECT_EQ(parse_error("MIDPOINT", {{"ORDER", 2}}), "ORDER= only applies to INTEGRATOR=TIMEFE");
  EXPECT_EQ(parse_error("HHT", {{"ALPHA", 0.1}}), "ALPHA= must lie in [-1/3, 0]");
  EXPECT_EQ(parse_error("HHT", {{"ALPHA", -0.34}}), "ALPHA= must lie in [-1/3, 0]");
  EXPECT_EQ(parse_error("TIMEFE", {{"ORDER", 0}}), "ORDER= must be at least 1");
  EXPECT_EQ(parse_error("HHT", {{"ALPHA", -1.0 / 3.0}}), "");
}

TEST_F(IntegratorDeckTest, BadIntegratorParametersAreErrorsAtTheDynamicLine)
{
  const std::string step = "*STEP\n";
  expect_error(truss + step + "*DYNAMIC, INTEGRATOR=HHT, ALPHA=0.2\n0.01, 1\n*END STEP\n",
               "*DYNAMIC, INTEGRATOR=HHT, ALPHA=0.2", "ALPHA= must lie in [-1/3, 0]");
  expect_error(truss + step + "*DYNAMIC, ALPHA=-0.5\n0.01, 1\n*END STEP\n", "*DYNAMIC, ALPHA=-0.5",
               "ALPHA= must lie in [-1/3, 0]");
  expect_error(truss + step + "*DYNAMIC, INTEGRATOR=NEWMARK, ALPHA=-0.1\n0.01, 1\n*END STEP\n",
               "*DYNAMIC, INTEGRATOR=NEWMARK, ALPHA=-0.1", "ALPHA= only applies to INTEGRATOR=HHT");
  expect_error(truss + step + "*DYNAMIC, INTEGRATOR=TIMEFE, ORDER=0\n0.01, 1\n*END STEP\n",
               "*DYNAMIC, INTEGRATOR=TIMEFE, ORDER=0", "ORDER= must be at least 1");
  expect_error(truss + step + "*DYNAMIC, ORDER=2\n0.01, 1\n*END STEP\n", "*DYNAMIC, ORDER=2",
               "ORDER= only applies to INTEGRATOR=TIMEFE");
  expect_error(truss + step + "*DYNAMIC, INTEGRATOR=EULER\n0.01, 1\n*END STEP\n",
               "*DYNAMIC, INTEGRATOR=EULER", "unknown INTEGRATOR=EULER");
  expect_error(truss + step + "*DYNAMIC, INTEGRATOR=HHT, BETA=0.3\n0.01, 1\n*END STEP\n",
               "*DYNAMIC, INTEGRATOR=HHT, BETA=0.3", "unknown parameter BETA on *DYNAMIC");
  expect_error(truss + step + "*DYNAMIC, INTEGRATOR=HHT, ALPHA=x\n0.01, 1\n*END STEP\n",
               "*DYNAMIC, INTEGRATOR=HHT, ALPHA=x", "ALPHA");
}

// *DYNAMIC takes each integrator's parameters as the integrator registered them (issue 12: a
// new integrator with a parameter is one file pair, no edit of the procedure), its own ones
// (DIRECT, INTEGRATOR, TOLERANCE) and nothing else; --help shows whose parameter it is.
TEST(IntegratorRegistry, DynamicKeywordTakesTheRegisteredParameters)
{
  const deck::KeywordInfo *dynamic = deck::KeywordRegistry::instance().find("DYNAMIC");
  ASSERT_NE(dynamic, nullptr);
  std::vector<std::string> expected = {"DIRECT", "INTEGRATOR", "TOLERANCE"};
  for (const std::string &name : IntegratorRegistry::instance().parameter_names())
    expected.push_back(name);
  std::vector<std::string> names = dynamic->parameter_names();
  names.erase(std::remove(names.begin(), names.end(), "HAFTOL"), names.end()); // refused
  std::sort(expected.begin(), expected.end());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, expected);
  const auto rho = dynamic->parameter("RHO_INF");
  ASSERT_TRUE(rho.has_value());
  EXPECT_EQ(rho->help.rfind("GALPHA: ", 0), 0u) << rho->help;
}

// Plugin parameters are asked for when the keyword is checked, not when it registers: a
// parameter a plugin adds after the keyword is known is accepted.
TEST(IntegratorRegistry, PluginParametersAreReadWhenAsked)
{
  std::vector<deck::KeywordParameter> brought;
  deck::KeywordInfo                   info;
  info.name              = "EXAMPLE";
  info.parameters        = {deck::optional_parameter("OWN", "")};
  info.plugin_parameters = [&brought] { return brought; };
  EXPECT_EQ(info.parameter_names(), std::vector<std::string>{"OWN"});
  brought.push_back(deck::optional_parameter("LATE", "registered later"));
  brought.push_back(deck::optional_parameter("OWN", "not listed twice"));
  EXPECT_EQ(info.parameter_names(), (std::vector<std::string>{"OWN", "LATE"}));
  EXPECT_EQ(info.parameter("LATE")->help, "registered later");
  EXPECT_FALSE(info.parameter("OTHER").has_value());
}
