#include <src/core/number_text.h>
#include <src/solvers/matrix_entries.h>
#include <src/solvers/sturm_sequence.h>

#include <deal.II/base/mpi.h>

#include <dmumps_c.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace corot::solvers
{
  namespace
  {
    /** The lower triangle of K - sigma M in 1-based coordinates, gathered on rank 0. */
    void
    gather_shifted_lower_triangle(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                                  const dealii::TrilinosWrappers::SparseMatrix &mass,
                                  const double sigma, std::vector<MUMPS_INT> &rows,
                                  std::vector<MUMPS_INT> &columns, std::vector<double> &values)
    {
      std::vector<std::tuple<MUMPS_INT, MUMPS_INT, double>> local;
      for_each_owned_entry(stiffness,
                           [&](const unsigned row, const unsigned column, const double value) {
                             if (column <= row)
                               local.emplace_back(row + 1, column + 1, value);
                           });
      for_each_owned_entry(mass,
                           [&](const unsigned row, const unsigned column, const double value) {
                             if (column <= row && value != 0.0)
                               local.emplace_back(row + 1, column + 1, -sigma * value);
                           });
      const MPI_Comm communicator = stiffness.get_mpi_communicator();
      const auto     parts        = dealii::Utilities::MPI::gather(communicator, local, 0);
      for (const auto &part : parts)
        for (const auto &[i, j, value] : part)
          {
            // MUMPS sums duplicate entries, which adds K and -sigma M.
            rows.push_back(i);
            columns.push_back(j);
            values.push_back(value);
          }
    }

    /** The MUMPS instance of one factorization, terminated on every exit path. */
    class MumpsInstance
    {
    public:
      MumpsInstance()
      {
        data_.job          = -1; // initialise
        data_.par          = 1;  // the host works
        data_.sym          = 2;  // general symmetric: LDL^T with 2x2 pivots
        data_.comm_fortran = static_cast<MUMPS_INT>(MPI_Comm_c2f(MPI_COMM_SELF));
        dmumps_c(&data_);
        initialised_ = data_.infog[0] >= 0;
        if (!initialised_)
          throw std::runtime_error(
            "MUMPS could not be initialised (INFOG(1) = " + std::to_string(data_.infog[0]) + ")");
      }
      ~MumpsInstance()
      {
        if (initialised_)
          {
            data_.job = -2;
            dmumps_c(&data_);
          }
      }
      MumpsInstance(const MumpsInstance &) = delete;
      MumpsInstance &
      operator=(const MumpsInstance &) = delete;

      DMUMPS_STRUC_C &
      data()
      {
        return data_;
      }

    private:
      DMUMPS_STRUC_C data_{};
      bool           initialised_ = false;
    };

    /** Median over rows with mass of K_ii / M_ii: the scale of the absolute shift gap. */
    double
    typical_ratio(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                  const dealii::TrilinosWrappers::SparseMatrix &mass)
    {
      std::vector<double> ratios;
      for (const auto row : stiffness.locally_owned_range_indices())
        if (mass.diag_element(row) > 0.0 && stiffness.diag_element(row) > 0.0)
          ratios.push_back(stiffness.diag_element(row) / mass.diag_element(row));
      std::vector<double> all;
      for (const auto &part :
           dealii::Utilities::MPI::all_gather(stiffness.get_mpi_communicator(), ratios))
        all.insert(all.end(), part.begin(), part.end());
      if (all.empty())
        return 1.0;
      std::nth_element(all.begin(), all.begin() + all.size() / 2, all.end());
      return all[all.size() / 2];
    }
  } // namespace

  unsigned
  count_eigenvalues_below(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
                          const dealii::TrilinosWrappers::SparseMatrix &mass, const double sigma)
  {
    std::vector<MUMPS_INT> rows, columns;
    std::vector<double>    values;
    gather_shifted_lower_triangle(stiffness, mass, sigma, rows, columns, values);

    const MPI_Comm communicator = stiffness.get_mpi_communicator();
    // rank 0's count, or -1 - (MUMPS's error code) if the factorization failed
    int outcome = 0;
    if (dealii::Utilities::MPI::this_mpi_process(communicator) == 0)
      {
        MumpsInstance   instance;
        DMUMPS_STRUC_C &mumps = instance.data();
        mumps.icntl[0]        = -1; // no error messages
        mumps.icntl[1]        = -1; // no diagnostics
        mumps.icntl[2]        = -1; // no global information
        mumps.icntl[3]        = 0;
        mumps.icntl[12] = 1; // ICNTL(13) = 1: no ScaLAPACK root, so INFOG(12) counts every pivot
        mumps.n         = static_cast<MUMPS_INT>(stiffness.m());
        mumps.nnz       = static_cast<MUMPS_INT8>(values.size());
        mumps.irn       = rows.data();
        mumps.jcn       = columns.data();
        mumps.a         = values.data();
        mumps.job       = 4; // analysis and factorization
        dmumps_c(&mumps);
        // INFOG(1) < 0: an error (-10: numerically singular, sigma is an eigenvalue)
        outcome = mumps.infog[0] < 0 ? -1 + std::min(mumps.infog[0], -1) : mumps.infog[11];
      }
    outcome = dealii::Utilities::MPI::broadcast(communicator, outcome, 0);
    if (outcome < 0)
      throw std::runtime_error(
        "the Sturm-sequence factorization of K - sigma M at sigma = " + core::number_text(sigma) +
        " failed (MUMPS error " + std::to_string(outcome + 1) +
        (outcome + 1 == -10 ?
           ": singular, sigma is an eigenvalue or a massless DOF has no stiffness)" :
           ")"));
    return static_cast<unsigned>(outcome);
  }

  bool
  SturmCheck::passed() const
  {
    return approximate ? eigenvalues_below <= reported : eigenvalues_below == reported_below;
  }

  std::string
  SturmCheck::describe() const
  {
    std::ostringstream line;
    line << std::setprecision(10);
    line << "Sturm sequence check: " << eigenvalues_below << " eigenvalue"
         << (eigenvalues_below == 1 ? "" : "s");
    if (lower_shift)
      line << " between " << *lower_shift << " and " << shift;
    else
      line << " below " << shift;
    line << " (the inertia of K - sigma M), ";
    if (approximate)
      line << reported << " reported in all";
    else
      line << reported_below << " reported there";
    if (passed())
      line << ": no mode missed";
    else if (approximate)
      line << ": warning: the full model has " << eigenvalues_below - reported
           << " more eigenvalue(s) below the highest reported one than were reported; the "
              "reduced model misses a mode or approximates the highest too coarsely";
    else if (eigenvalues_below > reported_below)
      line << ": warning: " << eigenvalues_below - reported_below
           << " mode(s) in this range were missed by the eigensolver";
    else
      line << ": warning: more modes reported than the structure has in this range (duplicated "
              "eigenpairs)";
    return line.str();
  }

  SturmCheck
  sturm_check(const dealii::TrilinosWrappers::SparseMatrix &stiffness,
              const dealii::TrilinosWrappers::SparseMatrix &mass,
              const std::vector<double> &reported, const std::optional<double> lower_bound,
              const bool approximate)
  {
    SturmCheck check;
    check.approximate = approximate;
    check.reported    = reported.size();
    check.lower_shift = lower_bound;
    if (reported.empty())
      return check;
    const double highest = *std::max_element(reported.begin(), reported.end());
    // Just below the highest eigenvalue, so that a repeated highest eigenvalue
    // (or one the requested count splits) is not counted; the absolute part
    // puts the shift below zero when the highest is a rigid-body mode.
    check.shift =
      highest - SturmCheck::shift_gap * std::abs(highest) - 1e-9 * typical_ratio(stiffness, mass);
    const unsigned below_lower =
      lower_bound ? count_eigenvalues_below(stiffness, mass, *lower_bound) : 0;
    const unsigned below_shift = count_eigenvalues_below(stiffness, mass, check.shift);
    check.eigenvalues_below    = below_shift >= below_lower ? below_shift - below_lower : 0;
    for (const double lambda : reported)
      if (lambda < check.shift && (!lower_bound || lambda >= *lower_bound))
        ++check.reported_below;
    return check;
  }
} // namespace corot::solvers
