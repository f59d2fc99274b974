/**
 * A shell's thickness as a CMS design parameter (PROPERTY=THICKNESS): the
 * stiffness and mass are cubic in it (membrane and translational mass ~ t,
 * bending and rotary inertia ~ t^3), and the modification, the full-model
 * comparison and the inverse problem use that polynomial exactly. The
 * reference is independent of it: *FREQUENCY of the same plate with the
 * component's *SHELL SECTION thickness itself changed, so the elements are
 * built at the new thickness.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/cms_results.h>
#include <src/analysis/frequency_results.h>
#include <src/cms/design_derivative.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace
{
  const double thickness = 0.01;

  /**
   * A 2 x 1 steel plate (t = 0.01) of 8 x 4 S4, clamped along x = 0: the
   * half at the clamp is component A (section thickness @p thickness_a),
   * the free half B. Then @p steps.
   */
  std::string
  plate(const double thickness_a, const std::string &parameters, const std::string &steps)
  {
    const unsigned     nx = 8, ny = 4;
    std::ostringstream deck;
    deck.precision(17);
    deck << "*NODE\n";
    for (unsigned j = 0; j <= ny; ++j)
      for (unsigned i = 0; i <= nx; ++i)
        deck << 1 + i + (nx + 1) * j << ", " << 2.0 * i / nx << ", " << 1.0 * j / ny << ", 0.0\n";
    for (const char *set : {"A", "B"})
      {
        deck << "*ELEMENT, TYPE=S4, ELSET=" << set << "\n";
        for (unsigned j = 0; j < ny; ++j)
          for (unsigned i = 0; i < nx; ++i)
            if ((i < nx / 2) == (set[0] == 'A'))
              {
                const unsigned n1 = 1 + i + (nx + 1) * j;
                deck << 1 + i + nx * j << ", " << n1 << ", " << n1 + 1 << ", " << n1 + nx + 2
                     << ", " << n1 + nx + 1 << "\n";
              }
      }
    deck << "*NSET, NSET=CLAMP\n";
    for (unsigned j = 0; j <= ny; ++j)
      deck << 1 + (nx + 1) * j << "\n";
    deck << "*MATERIAL, NAME=STEEL\n*ELASTIC\n2.1e11, 0.3\n*DENSITY\n7850.0\n"
         << "*SHELL SECTION, ELSET=A, MATERIAL=STEEL\n"
         << thickness_a << "\n*SHELL SECTION, ELSET=B, MATERIAL=STEEL\n"
         << thickness << "\n*BOUNDARY\nCLAMP, 1, 6\n"
         << "*COMPONENT, NAME=A, ELSET=A\n*COMPONENT, NAME=B, ELSET=B\n"
         << parameters << steps;
    return deck.str();
  }

  const std::string thickness_parameter =
    "*DESIGN PARAMETER, NAME=T_A, COMPONENT=A, PROPERTY=THICKNESS\n";

  /** Every component mode kept: the synthesis is exact, not a reduction. */
  const std::string synthesis =
    "*STEP\n*MODAL SYNTHESIS, CUTOFF=1.0e12, RESIDUAL=NO\n6\n*END STEP\n";

  corot::io::Results
  run(const std::string &name, const std::string &text)
  {
    const std::string  path = corot::test::write_scratch_file(name, text);
    std::ostringstream progress;
    return corot::analysis::run_analysis(corot::deck::read_deck(path), MPI_COMM_WORLD, progress);
  }

  /** The first six frequencies of the plate with component A @p thickness_a thick. */
  std::vector<double>
  direct_frequencies(const double thickness_a)
  {
    const corot::io::Results results =
      run("plate_frequency.inp", plate(thickness_a, "", "*STEP\n*FREQUENCY\n6\n*END STEP\n"));
    return results.steps.at(0).results_as<corot::analysis::FrequencyResults>().frequencies;
  }

  /** Largest relative difference of the first six entries of @p a and @p b. */
  double
  largest_relative_difference(const std::vector<double> &a, const std::vector<double> &b)
  {
    EXPECT_GE(a.size(), 6u);
    EXPECT_GE(b.size(), 6u);
    double largest = 0.0;
    for (unsigned i = 0; i < std::min({a.size(), b.size(), std::size_t(6)}); ++i)
      largest = std::max(largest, std::abs(a[i] - b[i]) / b[i]);
    return largest;
  }
} // namespace

TEST(CmsShellThickness, ShiftedExpansionGivesTheSameMatrices)
{
  // K(alpha) = K + alpha K1 + alpha^2 K2 + alpha^3 K3 with random terms:
  // about(a) must give K(a + delta) - K(a) for any delta, and its first
  // term the slope at a.
  using corot::cms::SparseMatrix;
  auto random = [](const int seed) {
    std::srand(seed);
    return SparseMatrix(Eigen::MatrixXd::Random(4, 4).sparseView());
  };
  corot::cms::DesignDerivative d{
    "T", random(1), random(2), {random(3), random(4)}, {random(5), random(6)}};
  const double                       a = 0.37, delta = -0.21;
  const corot::cms::DesignDerivative shifted = d.about(a);
  const Eigen::MatrixXd              expected =
    Eigen::MatrixXd(d.stiffness_change(a + delta)) - Eigen::MatrixXd(d.stiffness_change(a));
  EXPECT_LT((Eigen::MatrixXd(shifted.stiffness_change(delta)) - expected).norm(),
            1e-14 * expected.norm());
  const Eigen::MatrixXd expected_mass =
    Eigen::MatrixXd(d.mass_change(a + delta)) - Eigen::MatrixXd(d.mass_change(a));
  EXPECT_LT((Eigen::MatrixXd(shifted.mass_change(delta)) - expected_mass).norm(),
            1e-14 * expected_mass.norm());
  // Its first term is the slope at a: against a central difference of K(alpha)
  // (a cubic: the difference errs by exactly h^2 K3).
  const double          h = 1e-3;
  const Eigen::MatrixXd difference =
    (Eigen::MatrixXd(d.stiffness_change(a + h)) - Eigen::MatrixXd(d.stiffness_change(a - h))) /
    (2.0 * h);
  const Eigen::MatrixXd slope = shifted.stiffness_derivative;
  EXPECT_LT((difference - slope - h * h * Eigen::MatrixXd(d.stiffness_higher[1])).norm(),
            1e-9 * slope.norm());
}

TEST(CmsShellThickness, ModificationEqualsThePlateBuiltThicker)
{
  // T_A + 30 %: the CMS re-analysis (all component modes) and the full model
  // with K_c(alpha), M_c(alpha) against the plate whose section A is 0.013.
  // A first-order change K + alpha dK would give the bending stiffness
  // 1 + 3 alpha = 1.9 instead of (1 + alpha)^3 = 2.197 times its value.
  const double             alpha = 0.3;
  const corot::io::Results results =
    run("plate_thickness_modification.inp",
        plate(thickness, thickness_parameter,
              synthesis + "*STEP\n*MODIFICATION, COMPARE=FULL\nT_A, 0.3\n*END STEP\n"));
  const auto &modification = results.steps.at(1).results_as<corot::analysis::CmsResults>();
  const std::vector<double> reference = direct_frequencies(thickness * (1.0 + alpha));
  std::cout << std::setprecision(12) << "first frequency: re-analysis "
            << modification.exact_frequencies.at(0) << ", full "
            << modification.full_frequencies.at(0) << ", plate built thicker " << reference.at(0)
            << "\n";
  EXPECT_LT(largest_relative_difference(modification.full_frequencies, reference), 1e-9);
  EXPECT_LT(largest_relative_difference(modification.exact_frequencies, reference), 1e-8);
  // The forward (Ritz) modification keeps T: close, not exact.
  EXPECT_LT(largest_relative_difference(modification.frequencies, reference), 2e-2);
}

TEST(CmsShellThickness, InverseThicknessMeetsTheTargetOnThePlateBuiltWithIt)
{
  // Raise the first frequency by 10 % through A's thickness alone (Newton on
  // the cubic dependence; eq. 14's eigenproblem in alpha holds for linear
  // properties only). The component modes are cut at 500 Hz with residual
  // flexibility (all modes would put the round-off of the reduced eigenvalues,
  // relative to the largest, near 1e-7: above the solver's 1e-11 floor).
  const std::vector<double> baseline = direct_frequencies(thickness);
  const double              target   = 1.1 * baseline.at(0);
  std::ostringstream        step;
  step.precision(17);
  step << "*STEP\n*MODAL SYNTHESIS, CUTOFF=500.0, RESIDUAL=YES\n6\n*END STEP\n"
       << "*STEP\n*INVERSE FREQUENCY, COMPARE=FULL\n1, " << target
       << "\n*DESIGN VARIABLES\nT_A\n*END STEP\n";
  const corot::io::Results results =
    run("plate_thickness_inverse.inp", plate(thickness, thickness_parameter, step.str()));
  const auto &inverse = results.steps.at(1).results_as<corot::analysis::CmsResults>();
  ASSERT_EQ(inverse.design_changes.size(), 1u);
  const double alpha    = inverse.design_changes.front().second;
  const double achieved = direct_frequencies(thickness * (1.0 + alpha)).at(0);
  std::cout << std::setprecision(12) << "alpha " << alpha << "; first frequency: reduced model "
            << inverse.achieved_frequencies.at(0) << ", full model "
            << inverse.full_achieved_frequencies.at(0) << ", plate built with it " << achieved
            << ", target " << target << "\n";
  // The reduced model meets the target (the solver's tolerance).
  EXPECT_NEAR(inverse.achieved_frequencies.at(0), target, 1e-9 * target);
  // The full model with K_c(alpha), M_c(alpha) is the plate built with t (1 + alpha).
  EXPECT_NEAR(inverse.full_achieved_frequencies.at(0), achieved, 1e-9 * achieved);
  // And that plate meets the target to the reduction's error (residual
  // flexibility, 500 Hz cut-off for a 2.4 Hz mode).
  EXPECT_NEAR(achieved, target, 1e-5 * target);
}

TEST(CmsShellThickness, ParametersWhoseChangesMultiplyAreRefused)
{
  // Thickness and density of the same shells: M ~ rho t, a product the
  // modification's sum of changes would miss.
  const std::string text =
    plate(thickness,
          thickness_parameter + "*DESIGN PARAMETER, NAME=RHO_A, COMPONENT=A, PROPERTY=DENSITY\n",
          synthesis);
  std::string message;
  try
    {
      run("plate_thickness_density.inp", text);
    }
  catch (const corot::core::InputError &error)
    {
      message = error.what();
    }
  EXPECT_NE(message.find("plate_thickness_density.inp:101: design parameters T_A (PROPERTY="
                         "THICKNESS, "),
            std::string::npos)
    << message;
  EXPECT_NE(message.find("plate_thickness_density.inp:100) and RHO_A (PROPERTY=DENSITY) both "
                         "change the mass of element 1 of component A"),
            std::string::npos)
    << message;
}
