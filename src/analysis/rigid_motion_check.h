#pragma once
/**
 * @file
 * Rigid motions a static step leaves unrestrained: the parts of the model
 * that no boundary condition or *EQUATION holds against moving as rigid
 * bodies, along which the stiffness is singular.
 */
#include <src/analysis/analysis_context.h>
#include <src/assembly/assembler.h>
#include <src/core/source_location.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace corot::analysis
{
  /** One rigid motion of a part of the model that nothing restrains. */
  struct FreeRigidMotion
  {
    /** The motion as a global DOF vector (unit length): translations and rotations. */
    Eigen::VectorXd dofs;
    /** "nodes 1 to 32 (32 nodes): translation (…) and rotation (…) about (…)". */
    std::string description;
  };

  /**
   * The rigid motions of each connected part of the model (nodes joined by
   * elements other than point inertias, by *EQUATION terms and by *MPC and
   * *RIGID BODY, which move rigidly with their nodes) that satisfy every
   * constraint of @p held (held DOFs) and every *EQUATION, i.e. along which
   * no element, support or equation resists: an unrestrained part. The
   * stiffness is singular along them, so a static solution is determined only
   * up to them (Abaqus reports a "numerical singularity"). Rigid motions are
   * those of the reference geometry: a translation t and a rotation w about
   * the part's centroid c give a node at X the displacement t + w × (X - c)
   * and, where it has rotations, the rotation w. A part of point inertias
   * alone is left to ZeroPivotHold, which holds DOFs without stiffness.
   */
  std::vector<FreeRigidMotion>
  free_rigid_motions(const AnalysisContext                        &context,
                     const std::vector<assembly::PrescribedValue> &held);

  /**
   * Of @p motions, one that @p tangent (assembled and condensed, zero pivots
   * already held) does not resist either is an error at @p at, saying whether
   * the replicated load @p external drives it (no static equilibrium) or not
   * (the displacements would be arbitrary along it; a direct solver may or
   * may not notice the singular matrix). A driven motion is reported first.
   */
  void
  refuse_free_motions(const AnalysisContext &context, const std::vector<FreeRigidMotion> &motions,
                      const dealii::TrilinosWrappers::SparseMatrix &tangent,
                      const Eigen::VectorXd &external, const core::SourceLocation &at);
} // namespace corot::analysis
