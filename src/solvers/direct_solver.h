#pragma once
/**
 * @file
 * Sparse direct solves through Trilinos Amesos (KLU; the factorization is
 * gathered on one rank, so the same code runs under mpirun).
 */
#include <deal.II/lac/trilinos_solver.h>
#include <deal.II/lac/trilinos_sparse_matrix.h>
#include <deal.II/lac/trilinos_vector.h>

#include <memory>

namespace corot::solvers
{
  /** Factorizes a matrix once and solves for any number of right-hand sides. */
  class DirectSolver
  {
  public:
    /** @p solver_type: an Amesos solver name, "Amesos_Klu" by default. */
    explicit DirectSolver(const std::string &solver_type = "Amesos_Klu");

    /** Factorizes @p matrix (kept by reference: it must outlive the solves). Throws std::runtime_error if it is singular. */
    void
    factorize(const dealii::TrilinosWrappers::SparseMatrix &matrix);

    /** Solves A x = b with the last factorization. Throws if the solution is not finite. */
    void
    solve(dealii::TrilinosWrappers::MPI::Vector       &solution,
          const dealii::TrilinosWrappers::MPI::Vector &right_hand_side);

  private:
    dealii::SolverControl                                   control_;
    std::unique_ptr<dealii::TrilinosWrappers::SolverDirect> solver_;
  };
} // namespace corot::solvers
