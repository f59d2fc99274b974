#pragma once
/**
 * @file
 * Eigenpairs of a component below a cut-off, and the sparse-matrix glue to
 * the Trilinos eigensolver.
 */
#include <src/cms/component.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

namespace corot::cms
{
  /** Modes of K x = lambda M x, M-normalised, in increasing order of lambda. */
  struct ModeSet
  {
    Eigen::VectorXd eigenvalues;
    Eigen::MatrixXd modes; ///< one column per mode, modes^T M modes = I
    unsigned n_rigid = 0;  ///< leading modes with lambda ~ 0 (rigid-body modes and mechanisms)
  };

  /** A serial (MPI_COMM_SELF) Trilinos copy of @p matrix. */
  void
  to_trilinos(const SparseMatrix &matrix, dealii::TrilinosWrappers::SparseMatrix &result);

  /**
   * Every eigenpair of (K, M) with lambda < @p lambda_cut (rad^2/time^2).
   * Shift-and-invert Anasazi (solvers::solve_generalized_eigenproblem, whose
   * negative shift keeps K - sigma M definite for free-free components) for
   * large components, requesting more pairs until one lies above the
   * cut-off; Eigen's dense generalized solver for small ones. Modes with
   * lambda < min(1e-6 lambda_cut, 1e-10 max_i K_ii/M_ii) count as rigid-body
   * modes; they are
   * re-orthonormalised with respect to M. Throws std::runtime_error if the
   * solver fails.
   */
  ModeSet
  modes_below(const SparseMatrix &stiffness, const SparseMatrix &mass, double lambda_cut);
} // namespace corot::cms
