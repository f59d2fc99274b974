#pragma once
/**
 * @file
 * The Sturm-sequence check of an eigen-solution: how many eigenvalues of
 * K x = lambda M x lie below a shift sigma, from the inertia of K - sigma M.
 */
#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <optional>
#include <string>
#include <vector>

namespace corot::solvers
{
  /**
   * Number of eigenvalues of K x = lambda M x below @p sigma: the number of
   * negative pivots of the symmetric-indefinite factorization
   * P (K - sigma M) P^T = L D L^T (MUMPS, SYM=2, with 1x1 and 2x2 pivots),
   * which by Sylvester's law of inertia equals the number of negative
   * eigenvalues of K - sigma M, and so, for M positive semi-definite and K
   * positive definite on the null space of M, the number of finite
   * eigenvalues below sigma (Bathe, Finite Element Procedures, 1996,
   * sec. 11.4.3; Grimes, Lewis & Simon, SIAM J. Matrix Anal. Appl. 15 (1994)
   * 228-272, sec. 3). Constrained rows (K_ii > 0, M_ii = 0, decoupled) add
   * no negative pivot. The matrices are gathered on rank 0 and factorized
   * there; every rank gets the count. Throws std::runtime_error if the
   * factorization fails or a pivot is zero (sigma is an eigenvalue).
   */
  unsigned
  count_eigenvalues_below(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                          const dealii::TrilinosWrappers::SparseMatrix &mass, double sigma);

  /**
   * The Sturm-sequence check of a set of reported eigenvalues: the number of
   * eigenvalues of the full problem below the highest reported one (above
   * @p lower_bound if the band has one) against the number reported there.
   */
  struct SturmCheck
  {
    /** Shift just below the highest reported eigenvalue (relative distance shift_gap). */
    double shift = 0.0;
    /** The band's lower shift (the lowest eigenvalue asked for), if any. */
    std::optional<double> lower_shift;
    /** Eigenvalues of K x = lambda M x in [lower_shift, shift) from the inertia. */
    unsigned eigenvalues_below = 0;
    /** Reported eigenvalues in [lower_shift, shift). */
    unsigned reported_below = 0;
    /** Reported eigenvalues in all. */
    unsigned reported = 0;
    /**
     * The reported eigenvalues are Rayleigh-Ritz approximations (upper bounds,
     * e.g. of a reduced model): they pass when no more than all of them lie
     * below the highest one, not exactly as many as are below it.
     */
    bool approximate = false;

    /** Relative distance of the shift below the highest eigenvalue. */
    static constexpr double shift_gap = 1e-6;

    /** True if no mode was missed. */
    bool
    passed() const;

    /** One line for the .dat report: the count, and what a failure means. */
    std::string
    describe() const;
  };

  /**
   * Runs the Sturm-sequence check of @p reported (eigenvalues of K x = lambda
   * M x, any order) with count_eigenvalues_below(): at a shift a relative
   * SturmCheck::shift_gap below the highest reported eigenvalue (less 1e-9
   * times the median K_ii / M_ii, for a highest eigenvalue near zero), and, if
   * @p lower_bound has a value, at that bound. An empty @p reported gives a
   * check at the lower bound only (no eigenvalue may lie below the highest of
   * none: the check passes).
   */
  SturmCheck
  sturm_check(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
              const dealii::TrilinosWrappers::SparseMatrix &mass,
              const std::vector<double> &reported, std::optional<double> lower_bound,
              bool approximate = false);
} // namespace corot::solvers
