// The Sturm-sequence check (src/solvers/sturm_sequence.h) on spring-mass
// chains whose eigenvalues are known in closed form.
#include <src/solvers/sturm_sequence.h>

#include <deal.II/base/index_set.h>
#include <deal.II/lac/trilinos_sparsity_pattern.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace
{
  using corot::solvers::count_eigenvalues_below;
  using corot::solvers::sturm_check;
  using corot::solvers::SturmCheck;
  using Matrix = dealii::TrilinosWrappers::SparseMatrix;

  /**
   * @p n_chains identical fixed-free chains of @p n unit masses joined by
   * springs k = 1 (mass i to i+1; the first mass to the ground), uncoupled, so
   * every eigenvalue has multiplicity @p n_chains. A last row without mass
   * and with unit stiffness stands for a constrained DOF.
   */
  void
  chains(const unsigned n, const unsigned n_chains, Matrix &stiffness, Matrix &mass)
  {
    const unsigned         size = n * n_chains + 1;
    const dealii::IndexSet all  = dealii::complete_index_set(size);
    // A Trilinos pattern (the non-template reinit links from a clang build, .ci/sanitizers).
    dealii::TrilinosWrappers::SparsityPattern pattern(all, all, MPI_COMM_SELF);
    for (unsigned i = 0; i < size; ++i)
      for (unsigned j = (i > 0 ? i - 1 : 0); j <= std::min(i + 1, size - 1); ++j)
        pattern.add(i, j);
    pattern.compress();
    stiffness.reinit(pattern);
    mass.reinit(pattern);
    for (unsigned c = 0; c < n_chains; ++c)
      for (unsigned i = 0; i < n; ++i)
        {
          const unsigned row = c * n + i;
          // spring to the previous mass (or the ground) and to the next one
          stiffness.set(row, row, i + 1 < n ? 2.0 : 1.0);
          if (i > 0)
            {
              stiffness.set(row, row - 1, -1.0);
              stiffness.set(row - 1, row, -1.0);
            }
          mass.set(row, row, 1.0);
        }
    stiffness.set(size - 1, size - 1, 1.0);
    mass.set(size - 1, size - 1, 0.0);
    stiffness.compress(dealii::VectorOperation::insert);
    mass.compress(dealii::VectorOperation::insert);
  }

  /** Eigenvalue j (1-based) of the fixed-free chain of n unit masses and unit springs. */
  double
  chain_eigenvalue(const unsigned n, const unsigned j)
  {
    return 4.0 * std::pow(std::sin((2.0 * j - 1.0) * M_PI / (2.0 * (2.0 * n + 1.0))), 2);
  }
} // namespace

// Closed form: lambda_j = 4 sin^2((2j - 1) pi / (2 (2n + 1))) for the
// fixed-free chain; between lambda_j and lambda_{j+1} the count is j.
TEST(SturmSequence, CountsTheEigenvaluesOfAChainBelowAShift)
{
  const unsigned n = 12;
  Matrix         stiffness, mass;
  chains(n, 1, stiffness, mass);
  EXPECT_EQ(count_eigenvalues_below(stiffness, mass, -0.5), 0u);
  for (unsigned j = 1; j < n; ++j)
    {
      const double between = 0.5 * (chain_eigenvalue(n, j) + chain_eigenvalue(n, j + 1));
      EXPECT_EQ(count_eigenvalues_below(stiffness, mass, between), j) << "shift " << between;
    }
  // Above every finite eigenvalue (the massless row's is infinite).
  EXPECT_EQ(count_eigenvalues_below(stiffness, mass, 10.0), n);
}

// Two identical chains: every eigenvalue is double. The complete set passes,
// also when the requested count ends inside a pair; a set that lacks one
// member of a pair below the highest reported eigenvalue fails, with the
// number missed in the message.
TEST(SturmSequence, RepeatedEigenvaluesAndAnIncompleteSet)
{
  const unsigned n = 6;
  Matrix         stiffness, mass;
  chains(n, 2, stiffness, mass);
  std::vector<double> complete;
  for (unsigned j = 1; j <= 3; ++j)
    complete.insert(complete.end(), 2, chain_eigenvalue(n, j));

  const SturmCheck all = sturm_check(stiffness, mass, complete, std::nullopt);
  EXPECT_TRUE(all.passed()) << all.describe();
  EXPECT_EQ(all.eigenvalues_below, 4u);
  EXPECT_EQ(all.reported_below, 4u);
  EXPECT_EQ(all.reported, 6u);
  EXPECT_NE(all.describe().find("no mode missed"), std::string::npos);

  std::vector<double> split = complete;
  split.pop_back(); // five modes asked for: the third pair is split by the request
  EXPECT_TRUE(sturm_check(stiffness, mass, split, std::nullopt).passed());

  std::vector<double> incomplete = complete;
  incomplete.erase(incomplete.begin() + 2); // one member of the second pair missed
  const SturmCheck missed = sturm_check(stiffness, mass, incomplete, std::nullopt);
  EXPECT_FALSE(missed.passed());
  EXPECT_EQ(missed.eigenvalues_below, 4u);
  EXPECT_EQ(missed.reported_below, 3u);
  EXPECT_NE(missed.describe().find("warning: 1 mode(s) in this range were missed"),
            std::string::npos)
    << missed.describe();

  std::vector<double> duplicated = complete;
  duplicated.insert(duplicated.begin(), chain_eigenvalue(n, 1));
  const SturmCheck twice = sturm_check(stiffness, mass, duplicated, std::nullopt);
  EXPECT_FALSE(twice.passed());
  EXPECT_NE(twice.describe().find("duplicated"), std::string::npos) << twice.describe();
}

// A band [lower, ...): modes below the lower bound are not counted, and a
// mode missed inside the band is.
TEST(SturmSequence, BandWithALowerBound)
{
  const unsigned n = 10;
  Matrix         stiffness, mass;
  chains(n, 1, stiffness, mass);
  const double              lower = 0.5 * (chain_eigenvalue(n, 2) + chain_eigenvalue(n, 3));
  const std::vector<double> band  = {chain_eigenvalue(n, 3), chain_eigenvalue(n, 4),
                                     chain_eigenvalue(n, 5)};
  const SturmCheck          check = sturm_check(stiffness, mass, band, lower);
  EXPECT_TRUE(check.passed()) << check.describe();
  EXPECT_EQ(check.eigenvalues_below, 2u);
  ASSERT_TRUE(check.lower_shift.has_value());
  EXPECT_DOUBLE_EQ(*check.lower_shift, lower);

  const std::vector<double> gap = {chain_eigenvalue(n, 3), chain_eigenvalue(n, 5)};
  EXPECT_FALSE(sturm_check(stiffness, mass, gap, lower).passed());
}

// Approximate (Rayleigh-Ritz) eigenvalues: upper bounds pass as long as no
// more full eigenvalues than were reported lie below the highest one.
TEST(SturmSequence, ApproximateEigenvaluesOfAReducedModel)
{
  const unsigned n = 10;
  Matrix         stiffness, mass;
  chains(n, 1, stiffness, mass);
  // Upper bounds 1 % above modes 1..3: 3 full eigenvalues below the highest.
  std::vector<double> ritz = {1.01 * chain_eigenvalue(n, 1), 1.01 * chain_eigenvalue(n, 2),
                              1.01 * chain_eigenvalue(n, 3)};
  EXPECT_TRUE(sturm_check(stiffness, mass, ritz, std::nullopt, true).passed());
  // A reduced model that misses mode 2: its third value lies above mode 4.
  ritz                    = {1.01 * chain_eigenvalue(n, 1), 1.01 * chain_eigenvalue(n, 3),
                             1.01 * chain_eigenvalue(n, 4)};
  const SturmCheck missed = sturm_check(stiffness, mass, ritz, std::nullopt, true);
  EXPECT_FALSE(missed.passed());
  EXPECT_EQ(missed.eigenvalues_below, 4u);
  EXPECT_NE(missed.describe().find("the reduced model misses a mode"), std::string::npos);
}

// The shift at an eigenvalue makes K - sigma M singular: a clear error, not a count.
TEST(SturmSequence, ShiftAtAnEigenvalueIsAnError)
{
  Matrix stiffness, mass;
  chains(1, 1, stiffness, mass); // one mass: lambda = 1
  EXPECT_THROW(count_eigenvalues_below(stiffness, mass, 1.0), std::runtime_error);
}
