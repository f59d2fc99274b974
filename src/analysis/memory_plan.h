#pragma once
/**
 * @file
 * The memory a run will need for its matrices and their factor, checked against what it may use
 * before any of it is allocated (issue 18 item 3).
 */
#include <src/core/memory_budget.h>
#include <src/solvers/factor_fill.h>

#include <cstdint>
#include <string>

namespace corot::analysis
{
  /**
   * An estimate of the largest memory a run holds at once: its sparse matrices and the sparse
   * LU factor of one of them. The vectors, the model and the eigensolvers' Krylov bases are
   * left out: for the models where memory runs short they are a few per cent of the factor.
   */
  class MemoryPlan
  {
  public:
    /**
     * Sparse matrices are held matrices_held() times at once (the tangent or stiffness, the
     * mass, a shifted or condensed copy, and the direct solver's own serial copy), at 12 bytes
     * an entry (a double and an int, Epetra's compressed rows). The factor is held at 12 bytes
     * an entry times 1.2, KLU's first allocation (Common.initmem_amd = 1.2 times the AMD
     * estimate of FactorFill::factor_entries).
     */
    explicit MemoryPlan(const solvers::FactorFill &fill);

    /** The copies of the matrix pattern held at once. */
    static constexpr unsigned matrices_held = 4;

    /** Bytes of the matrices. */
    std::uint64_t
    matrix_bytes() const;

    /** Bytes of the factor. */
    std::uint64_t
    factor_bytes() const;

    /** matrix_bytes() + factor_bytes(). */
    std::uint64_t
    bytes() const
    {
      return matrix_bytes() + factor_bytes();
    }

    /** "about 1.21 GB: the matrices (...) and their sparse LU factor (...)". */
    std::string
    describe() const;

    /**
     * Throws std::runtime_error if bytes() exceeds @p budget, saying what the model needs, what
     * is available and where that figure comes from, and what to do.
     */
    void
    check(const core::MemoryBudget &budget) const;

  private:
    solvers::FactorFill fill_;
  };
} // namespace corot::analysis
