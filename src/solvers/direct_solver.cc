#include <src/solvers/direct_solver.h>

#include <cmath>
#include <stdexcept>

namespace corot::solvers
{
  DirectSolver::DirectSolver(const std::string &solver_type)
    : control_(1, 0.0)
    , solver_(std::make_unique<dealii::TrilinosWrappers::SolverDirect>(
        control_, dealii::TrilinosWrappers::SolverDirect::AdditionalData(false, solver_type)))
  {}

  void
  DirectSolver::factorize(const dealii::TrilinosWrappers::SparseMatrix &matrix)
  {
    try
      {
        solver_->initialize(matrix);
      }
    catch (const std::exception &)
      {
        // deal.II's exception text spans many lines; the user needs one.
        throw std::runtime_error(
          "the stiffness matrix is singular: the structure is a mechanism or can move as a "
          "rigid body (check the boundary conditions)");
      }
  }

  void
  DirectSolver::solve(dealii::TrilinosWrappers::MPI::Vector       &solution,
                      const dealii::TrilinosWrappers::MPI::Vector &right_hand_side)
  {
    solver_->solve(solution, right_hand_side);
    const double norm = solution.l2_norm();
    if (!std::isfinite(norm))
      throw std::runtime_error(
        "the linear solve produced non-finite values (singular matrix: an unrestrained "
        "mechanism or a rigid-body motion)");
  }
} // namespace corot::solvers
