// The memory check before allocation (issue 18 item 3): the factor fill of patterns whose
// Cholesky fill is known in closed form, the sizes --memory accepts, and the refusal message.
#include <src/analysis/memory_plan.h>
#include <src/core/memory_budget.h>
#include <src/solvers/factor_fill.h>

#include <deal.II/base/index_set.h>
#include <deal.II/lac/dynamic_sparsity_pattern.h>
#include <deal.II/lac/trilinos_sparsity_pattern.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace
{
  using corot::analysis::MemoryPlan;
  using corot::core::MemoryBudget;
  using corot::solvers::estimate_factor_fill;
  using corot::solvers::FactorFill;

  /** Compressed rows of the pattern given by @p coupled(i, j), diagonal included. */
  template <typename Coupled>
  FactorFill
  fill_of(const int n, Coupled &&coupled, std::vector<int> *row_starts_out = nullptr,
          std::vector<int> *columns_out = nullptr)
  {
    std::vector<int> row_starts{0}, columns;
    for (int i = 0; i < n; ++i)
      {
        for (int j = 0; j < n; ++j)
          if (i == j || coupled(i, j))
            columns.push_back(j);
        row_starts.push_back(static_cast<int>(columns.size()));
      }
    if (row_starts_out)
      *row_starts_out = row_starts;
    if (columns_out)
      *columns_out = columns;
    return estimate_factor_fill(row_starts, columns);
  }
} // namespace

// A chain (tridiagonal pattern) factors without fill in any order that eliminates from its ends,
// which minimum degree does: |L| = n - 1, so L and U hold 2 (n - 1 + n) entries.
TEST(FactorFill, ChainHasNoFill)
{
  const int  n    = 200;
  const auto fill = fill_of(n, [](int i, int j) { return std::abs(i - j) == 1; });
  EXPECT_EQ(fill.equations, 200u);
  EXPECT_EQ(fill.matrix_entries, 3u * 200 - 2);
  EXPECT_EQ(fill.factor_entries, 2u * (199 + 200));
}

// An arrow (one row and column coupled to all, the rest diagonal): minimum degree eliminates the
// hub last, so again |L| = n - 1; eliminated first it would fill the whole triangle.
TEST(FactorFill, ArrowHubIsEliminatedLast)
{
  const int  n    = 150;
  const auto fill = fill_of(n, [](int i, int j) { return i == 0 || j == 0; });
  EXPECT_EQ(fill.factor_entries, 2u * (149 + 150));
}

// A dense pattern fills its triangle whatever the order: |L| = n (n - 1) / 2.
TEST(FactorFill, DensePatternFillsItsTriangle)
{
  const int  n    = 40;
  const auto fill = fill_of(n, [](int, int) { return true; });
  EXPECT_EQ(fill.matrix_entries, 1600u);
  EXPECT_EQ(fill.factor_entries, 2u * (40 * 39 / 2 + 40));
}

// The Trilinos pattern overload (the one the runner calls) reads the same rows: a 5-point grid,
// whose fill has no closed form, gives the same count both ways, and a one-sided pattern
// (only j > i stored) the same as its symmetric completion, since AMD orders A + A^T.
TEST(FactorFill, TrilinosPatternGivesTheCompressedRowCount)
{
  constexpr int side    = 25;
  const int     n       = side * side;
  const auto    coupled = [](int i, int j) {
    const int di = std::abs(i / side - j / side), dj = std::abs(i % side - j % side);
    return di + dj == 1;
  };
  std::vector<int> row_starts, columns;
  const auto       direct = fill_of(n, coupled, &row_starts, &columns);
  const auto       upper  = fill_of(n, [&coupled](int i, int j) { return j > i && coupled(i, j); });
  EXPECT_EQ(upper.factor_entries, direct.factor_entries);
  const unsigned lower = 2 * side * (side - 1); // entries below the diagonal
  EXPECT_GT(direct.factor_entries, 2u * (lower + n)) << "a grid fills";

  dealii::DynamicSparsityPattern dynamic(n, n);
  for (int i = 0; i < n; ++i)
    for (int k = row_starts[i]; k < row_starts[i + 1]; ++k)
      dynamic.add(i, columns[k]);
  const dealii::IndexSet                    all = dealii::complete_index_set(n);
  dealii::TrilinosWrappers::SparsityPattern pattern;
  pattern.reinit(all, all, dynamic, MPI_COMM_SELF);
  const auto through_trilinos = estimate_factor_fill(pattern, MPI_COMM_SELF);
  EXPECT_EQ(through_trilinos.equations, direct.equations);
  EXPECT_EQ(through_trilinos.matrix_entries, direct.matrix_entries);
  EXPECT_EQ(through_trilinos.factor_entries, direct.factor_entries);
}

TEST(MemoryBudget, SizesInUnitsOf1024)
{
  EXPECT_EQ(MemoryBudget::of_size("512MB").bytes(), 512ull << 20);
  EXPECT_EQ(MemoryBudget::of_size("8G").bytes(), 8ull << 30);
  EXPECT_EQ(MemoryBudget::of_size("1.5gb").bytes(), 3ull << 29);
  EXPECT_EQ(MemoryBudget::of_size("64 k").bytes(), 64ull << 10);
  EXPECT_EQ(MemoryBudget::of_size("4096").bytes(), 4096u);
  EXPECT_EQ(MemoryBudget::of_size("2G").source(), "allowed by --memory 2G");
  const auto half = MemoryBudget::of_size("50%").bytes();
  EXPECT_GT(half, 0u);
  EXPECT_NEAR(double(MemoryBudget::of_size("100%").bytes()) / double(half), 2.0, 1e-6);
}

TEST(MemoryBudget, RefusesWhatIsNoSize)
{
  for (const std::string text : {"abc", "-1G", "0", "8X", "8GBB", "1e400", "150%", "G", "nan"})
    {
      try
        {
          MemoryBudget::of_size(text);
          ADD_FAILURE() << text << " was accepted";
        }
      catch (const std::invalid_argument &error)
        {
          EXPECT_EQ(std::string(error.what()).rfind("--memory " + text + ": expected a size", 0),
                    0u)
            << error.what();
        }
    }
}

TEST(MemoryBudget, ThisMachineHasSomeAndSaysWhy)
{
  const auto budget = MemoryBudget::of_this_machine();
  EXPECT_GT(budget.bytes(), 0u);
  EXPECT_FALSE(budget.source().empty());
}

TEST(MemoryBudget, FormatsForPeople)
{
  EXPECT_EQ(MemoryBudget::format(512), "512 B");
  EXPECT_EQ(MemoryBudget::format(1536), "1.5 KB");
  EXPECT_EQ(MemoryBudget::format(3ull << 30), "3 GB");
}

// 1000 equations with 10^4 entries held 4 times at 12 bytes, and a factor of 2 * 10^4 entries
// at 12 bytes times KLU's 1.2: 480 000 + 288 000 bytes.
TEST(MemoryPlan, BytesAndRefusal)
{
  const MemoryPlan plan(FactorFill{1000, 10000, 20000});
  EXPECT_EQ(plan.matrix_bytes(), 480000u);
  EXPECT_EQ(plan.factor_bytes(), 288000u);
  EXPECT_NO_THROW(plan.check(MemoryBudget::of_size("768000")));
  try
    {
      plan.check(MemoryBudget::of_size("700K"));
      ADD_FAILURE() << "768 000 bytes fitted into 700 KB";
    }
  catch (const std::runtime_error &error)
    {
      const std::string message = error.what();
      EXPECT_NE(message.find("needs about 750 KB"), std::string::npos) << message;
      EXPECT_NE(message.find("1000 equations"), std::string::npos) << message;
      EXPECT_NE(message.find("700 KB are allowed by --memory 700K"), std::string::npos) << message;
    }
}
