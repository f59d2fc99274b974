/**
 * The procedure registry (issue 12): every procedure keyword corot runs is
 * registered once, *STATIC, RIKS is selected by its parameter, a step finds
 * its procedure by its parameter struct, and a second registration of a name
 * is an error (the registry would otherwise silently keep one of them).
 */
#include <src/analysis/procedure_registry.h>

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

using namespace corot;

namespace
{
  const analysis::ProcedureTypeInfo *
  select(const std::string &keyword_line)
  {
    return analysis::ProcedureRegistry::instance().select(
      deck::KeywordLine(keyword_line, core::SourceLocation{"test.inp", 1}));
  }
} // namespace

TEST(ProcedureRegistry, ListsEveryProcedureOnce)
{
  std::set<std::string> names;
  for (const analysis::ProcedureTypeInfo *type : analysis::ProcedureRegistry::instance().types())
    {
      EXPECT_TRUE(names.insert(type->name()).second) << type->name();
      EXPECT_FALSE(type->description.empty()) << type->name();
      EXPECT_FALSE(type->data_lines.empty()) << type->name();
    }
  EXPECT_EQ(names, (std::set<std::string>{"BUCKLE", "DYNAMIC", "FREQUENCY", "INVERSE FREQUENCY",
                                          "MODAL SYNTHESIS", "MODIFICATION", "SENSITIVITY",
                                          "STATIC", "STATIC, RIKS"}));
}

TEST(ProcedureRegistry, SelectsTheVariantByItsParameter)
{
  ASSERT_NE(select("*STATIC"), nullptr);
  EXPECT_EQ(select("*STATIC")->name(), "STATIC");
  ASSERT_NE(select("*STATIC, RIKS"), nullptr);
  EXPECT_EQ(select("*STATIC, RIKS")->name(), "STATIC, RIKS");
  EXPECT_EQ(select("*STATIC, DIRECT")->name(), "STATIC");
  EXPECT_EQ(select("*CLOAD"), nullptr);
  EXPECT_TRUE(analysis::ProcedureRegistry::instance().handles("MODAL SYNTHESIS"));
  EXPECT_FALSE(analysis::ProcedureRegistry::instance().handles("CLOAD"));
}

TEST(ProcedureRegistry, FindsTheProcedureOfAStep)
{
  core::Step step;
  EXPECT_EQ(analysis::ProcedureRegistry::instance().of(step), nullptr);
  step.parameters = core::RiksParameters{};
  ASSERT_NE(analysis::ProcedureRegistry::instance().of(step), nullptr);
  EXPECT_EQ(analysis::ProcedureRegistry::instance().of(step)->name(), "STATIC, RIKS");
  step.parameters = core::DynamicParameters{};
  EXPECT_FALSE(analysis::ProcedureRegistry::instance().of(step)->ramp_by_default);
  step.parameters = core::FrequencyParameters{};
  EXPECT_TRUE(analysis::ProcedureRegistry::instance().of(step)->perturbation);
  EXPECT_TRUE(step.parameters.holds<core::FrequencyParameters>());
  EXPECT_EQ(step.parameters_of<core::DynamicParameters>(), nullptr);
  // The holder is open: a struct core/ does not know (a new procedure's, in its own files) is
  // held as well, and is no registered procedure's until one registers it.
  struct NewProcedureParameters
  {
    double value = 2.5;
  };
  step.parameters = NewProcedureParameters{};
  EXPECT_TRUE(step.has_procedure());
  ASSERT_NE(step.parameters_of<NewProcedureParameters>(), nullptr);
  EXPECT_EQ(step.parameters_of<NewProcedureParameters>()->value, 2.5);
  EXPECT_EQ(analysis::ProcedureRegistry::instance().of(step), nullptr);
  EXPECT_TRUE(core::Step().parameters.empty());
}

TEST(ProcedureRegistry, ADuplicateNameIsAnError)
{
  analysis::ProcedureTypeInfo twin = *select("*FREQUENCY");
  EXPECT_THROW(analysis::ProcedureRegistry::instance().add(twin), std::logic_error);
  // Another name with the parameter struct of *FREQUENCY is refused as well.
  twin.keyword = "FREQUENCY TWIN";
  EXPECT_THROW(analysis::ProcedureRegistry::instance().add(twin), std::logic_error);
  EXPECT_FALSE(analysis::ProcedureRegistry::instance().handles("FREQUENCY TWIN"));
}
