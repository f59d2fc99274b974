#pragma once
/**
 * @file
 * The reaction-solvability report of a model's supports and constraints.
 */
#include <src/constraints/reaction_solvability.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <ostream>
#include <string>
#include <vector>

namespace corot::assembly
{
  /**
   * Wojtyra & Fraczek's (2013, Multibody Syst. Dyn. 30, 153-171, eq. (27))
   * test applied to a model's model-level supports (*BOUNDARY before the
   * first step: one group per node and DOF), its *MPC and *RIGID BODY ties
   * (one group per follower node, rows of FollowerConstraints' pieces at the
   * reference configuration) and its *EQUATION lines (one group each), over
   * the global DOFs, rotations scaled by the model's size. The test treats
   * the constraints as acting on rigid bodies: the elements' flexibility,
   * which makes every reaction of a statically indeterminate but
   * non-redundant structure unique, does not enter, and it does not need to,
   * since redundancy here means rows that are linearly dependent on the
   * DOFs themselves (a node supported and carried, a rigid body on more
   * supports than its six DOFs need).
   */
  class ConstraintReport
  {
  public:
    /** Builds the rows of @p model on @p dofs and analyses them. */
    ConstraintReport(const core::Model &model, const core::DofMap &dofs);

    /** The analysis. */
    const constraints::ReactionSolvability &
    solvability() const
    {
      return solvability_;
    }

    /**
     * Writes "constraints: m rows, rank r, redundancy p" and, for p > 0, the
     * groups whose reaction is not unique, per redundant block.
     */
    void
    write(std::ostream &out) const;

  private:
    constraints::ReactionSolvability solvability_;
  };
} // namespace corot::assembly
