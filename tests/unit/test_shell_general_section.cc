/**
 * *SHELL GENERAL SECTION, MATERIAL= (Abaqus' pre-integrated section of one
 * linear elastic material) is *SHELL SECTION's section for corot's isotropic
 * shells: NAFEMS FV12 (input_decks/fv12_free_plate_s4_8x8.inp) gives the same
 * frequencies bit for bit; the forms corot does not have stop at their line.
 */
#include <src/analysis/frequency_results.h>

#include "run_deck.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace
{
  std::string
  fv12_deck()
  {
    std::ifstream file(std::string(COROT_SOURCE_DIR) + "/input_decks/fv12_free_plate_s4_8x8.inp");
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
  }

  std::string
  replaced(std::string text, const std::string &from, const std::string &to)
  {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
  }

  std::vector<double>
  frequencies(const std::string &name, const std::string &deck)
  {
    const corot::io::Results results = corot::test::run_deck(name, deck);
    return results.steps.front().results_as<corot::analysis::FrequencyResults>().frequencies;
  }
} // namespace

TEST(ShellGeneralSection, WithAMaterialItIsTheShellSection)
{
  const std::string shell = fv12_deck();
  const std::string general =
    replaced(shell, "*SHELL SECTION, ELSET=PLATE, MATERIAL=STEEL",
             "*SHELL GENERAL SECTION, ELSET=PLATE, MATERIAL=STEEL, OFFSET=0");
  const std::vector<double> reference = frequencies("shell.inp", shell);
  ASSERT_GE(reference.size(), 6u);
  EXPECT_EQ(frequencies("general.inp", general), reference);
}

TEST(ShellGeneralSection, OtherFormsStopAtTheirLine)
{
  const std::string shell = fv12_deck();
  const std::string matrix =
    corot::test::error_of_deck("matrix.inp",
                               replaced(shell, "*SHELL SECTION, ELSET=PLATE, MATERIAL=STEEL",
                                        "*SHELL GENERAL SECTION, ELSET=PLATE"));
  EXPECT_NE(matrix.find("matrix.inp:171: *SHELL GENERAL SECTION without MATERIAL="),
            std::string::npos)
    << matrix;
  const std::string density = corot::test::error_of_deck(
    "density.inp", replaced(shell, "*SHELL SECTION, ELSET=PLATE, MATERIAL=STEEL",
                            "*SHELL GENERAL SECTION, ELSET=PLATE, MATERIAL=STEEL, DENSITY=2.0"));
  EXPECT_NE(density.find("density.inp:171: DENSITY= on *SHELL GENERAL SECTION"), std::string::npos)
    << density;
  const std::string composite =
    corot::test::error_of_deck("composite.inp",
                               replaced(shell, "*SHELL SECTION, ELSET=PLATE, MATERIAL=STEEL",
                                        "*SHELL GENERAL SECTION, ELSET=PLATE, COMPOSITE"));
  EXPECT_NE(composite.find("composite.inp:171: *SHELL GENERAL SECTION, COMPOSITE is not supported"),
            std::string::npos)
    << composite;
}
