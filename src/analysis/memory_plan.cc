#include <src/analysis/memory_plan.h>
#include <src/core/number_text.h>

#include <stdexcept>

namespace corot::analysis
{
  namespace
  {
    /** Bytes of one stored entry: a double and an int. */
    constexpr std::uint64_t entry_bytes = sizeof(double) + sizeof(int);
  } // namespace

  MemoryPlan::MemoryPlan(const solvers::FactorFill &fill)
    : fill_(fill)
  {}

  std::uint64_t
  MemoryPlan::matrix_bytes() const
  {
    return matrices_held * fill_.matrix_entries * entry_bytes;
  }

  std::uint64_t
  MemoryPlan::factor_bytes() const
  {
    return static_cast<std::uint64_t>(1.2 * double(fill_.factor_entries * entry_bytes));
  }

  std::string
  MemoryPlan::describe() const
  {
    return "about " + core::MemoryBudget::format(bytes()) + ": " + std::to_string(fill_.equations) +
           " equations, " + std::to_string(matrices_held) + " matrices of " +
           core::number_text(double(fill_.matrix_entries)) + " entries (" +
           core::MemoryBudget::format(matrix_bytes()) + ") and a sparse LU factor of " +
           core::number_text(double(fill_.factor_entries)) + " entries in AMD order (" +
           core::MemoryBudget::format(factor_bytes()) + ")";
  }

  void
  MemoryPlan::check(const core::MemoryBudget &budget) const
  {
    if (bytes() <= budget.bytes())
      return;
    throw std::runtime_error("the model needs " + describe() + ", but " +
                             core::MemoryBudget::format(budget.bytes()) + " are " +
                             budget.source() +
                             ": run it where more memory is free, with a coarser mesh, or set the "
                             "budget with corot run --memory SIZE");
  }
} // namespace corot::analysis
