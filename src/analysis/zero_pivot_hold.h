#pragma once
/**
 * @file
 * Abaqus-like treatment of degrees of freedom without any stiffness in a
 * static step (a "zero pivot").
 */
#include <src/analysis/analysis_context.h>
#include <src/assembly/assembler.h>
#include <src/core/dof_map.h>
#include <src/core/source_location.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

#include <set>
#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Holds unloaded DOFs that nothing restrains, and stops on loaded ones.
   *
   * A DOF whose row of the tangent is zero (no element and no boundary
   * condition gives it stiffness) leaves the equations singular. Abaqus
   * reports a zero pivot ("numerical singularity") and goes on; the answer in
   * the other DOFs is unaffected. That is honest only when no load acts on
   * the DOF: then any value of it is in equilibrium and keeping its current
   * value is one of them. With a load there is no equilibrium at all and
   * the step stops with the step's file:line.
   *
   * apply() is called on every tangent (every Newton iteration), so under
   * NLGEOM a DOF is held only while its row stays zero: once a rotation of
   * the structure gives it stiffness it is solved for again, and its
   * residual entry always takes part in the convergence test, so a hold
   * never hides an unbalanced force.
   */
  class ZeroPivotHold
  {
  public:
    /**
     * @p load_reach is a replicated vector whose nonzero entries are the DOFs
     * that a load of the step acts on at some time of the step (whatever its
     * amplitude); @p step_at is the deck line an error names.
     */
    ZeroPivotHold(const assembly::Assembler &assembler, const core::DofMap &dofs,
                  Eigen::VectorXd load_reach, core::SourceLocation step_at);

    /**
     * Finds the unconstrained DOFs whose row of @p tangent is zero (all
     * entries at most 1e-14 times the largest diagonal). Throws
     * core::InputError naming every loaded one; gives every unloaded one the
     * largest diagonal of @p tangent, which makes its correction zero without
     * coupling it to anything else (its row and column are zero). Returns the
     * warnings for the DOFs held for the first time by this object
     * ("node 2 UY: no element ...; held (Abaqus: zero pivot)"), on all ranks.
     */
    std::vector<std::string>
    apply(dealii::TrilinosWrappers::SparseMatrix &tangent);

  private:
    const assembly::Assembler &assembler_;
    const core::DofMap        &dofs_;
    Eigen::VectorXd            load_reach_;
    core::SourceLocation       step_at_;
    std::set<unsigned>         held_; ///< DOFs already reported as held
  };

  /**
   * Replicated vector, nonzero on every DOF that a load of the step acts on at
   * some time of the step: *CLOAD values (whatever their amplitude), gravity,
   * and the loads of the previous step ramping down (StepLoading::ramp_start).
   */
  Eigen::VectorXd
  load_reach(const AnalysisContext &context, const StepLoading &loading);
} // namespace corot::analysis
