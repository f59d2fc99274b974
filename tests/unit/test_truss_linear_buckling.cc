/**
 * @file
 * *BUCKLE of a shallow two-bar (von Mises) truss of T2D2 elements: the load
 * factor times the reference load is independent of the reference load and
 * equals the closed form of linear buckling about the linear pre-buckling
 * state.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/buckle_results.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace
{
  /**
   * Supports at (-a, 0) and (a, 0), apex at (0, h), a = 100, h = 10,
   * E A = 1e6, a downward load @p load at the apex, two load factors.
   */
  std::vector<double>
  von_mises_load_factors(const double load)
  {
    std::ostringstream deck;
    deck << std::setprecision(17) << R"(*NODE
1, -100.0, 0.0
2, 100.0, 0.0
3, 0.0, 10.0
*ELEMENT, TYPE=T2D2, ELSET=BARS
1, 1, 3
2, 2, 3
*MATERIAL, NAME=MAT
*ELASTIC
1.0e6, 0.3
*SOLID SECTION, ELSET=BARS, MATERIAL=MAT
1.0
*BOUNDARY
1, 1, 2
2, 1, 2
*STEP
*BUCKLE
2
*CLOAD
3, 2, )" << -load
         << "\n*END STEP\n";
    const auto directory = corot::test::scratch_directory();
    std::filesystem::create_directories(directory);
    const auto path = directory / "von_mises.inp";
    std::ofstream(path) << deck.str();
    std::ostringstream progress;
    const auto results = corot::analysis::run_analysis(corot::deck::read_deck(path.string()),
                                                       MPI_COMM_WORLD, progress);
    return results.steps.at(0).results_as<corot::analysis::BuckleResults>().load_factors;
  }
} // namespace

TEST(TrussLinearBuckling, VonMisesTrussLoadFactorTimesLoadIsIndependentOfTheLoad)
{
  // Closed form (derived here; the linear eigenvalue problem of the apex):
  // bars of length L = sqrt(a^2 + h^2) at sin(alpha) = s = h/L, cos(alpha) =
  // c = a/L. The linear pre-buckling state under P down has the axial force
  // N = -P/(2 s) in both bars. At the apex (UX, UY)
  //   K0      = (2 EA/L) diag(c^2, s^2),
  //   K_sigma = (2 N/L) diag(s^2, c^2)      (sum of (N/L)(I - e e^T)),
  // so det(K0 + lambda K_sigma) = 0 gives the symmetric (UY) factor
  //   lambda_1 P = 2 EA s^3/c^2 = 2 EA h^3/(L a^2) = 1990.0743804199785
  // and the antisymmetric (UX) factor
  //   lambda_2 P = 2 EA c^2/s  = 2 EA a^2/(L h) = 19900743.804199785.
  // (Linear buckling is this eigenproblem about the linear pre-buckling
  // state, e.g. Abaqus *BUCKLE; the non-linear limit point of the same truss,
  // see input_decks/two_bar_snap_through.inp, lies far lower, at 2 EA h^3
  // /(3 sqrt(3) L^3) in the shallow limit.) The co-rotational axial force of
  // the chord length instead gave lambda P = 1990.6, 2041, 2662 at P = 1, 100,
  // 1000 and no positive factor at P = 20000.
  const double a = 100.0, h = 10.0, ea = 1.0e6, l = std::hypot(a, h);
  const double symmetric     = 2.0 * ea * h * h * h / (l * a * a),
               antisymmetric = 2.0 * ea * a * a / (l * h);
  for (const double load : {1.0, 100.0, 1000.0, 20000.0})
    {
      const std::vector<double> factors = von_mises_load_factors(load);
      ASSERT_EQ(factors.size(), 2u) << "P = " << load;
      EXPECT_NEAR(factors[0] * load, symmetric, 1e-12 * symmetric) << "P = " << load;
      EXPECT_NEAR(factors[1] * load, antisymmetric, 1e-12 * antisymmetric) << "P = " << load;
    }
}
