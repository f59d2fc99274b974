#pragma once
/**
 * @file
 * Field-wise convergence test of Newton iterations on a model with
 * translational and rotational degrees of freedom.
 */
#include <src/core/dof_map.h>
#include <src/solvers/newton_controls.h>

#include <deal.II/base/index_set.h>
#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

#include <algorithm>
#include <vector>

namespace corot::solvers
{
  /**
   * Newton convergence test with separate checks for the two fields of a
   * beam model, as Abaqus does for forces/moments and displacements/rotations
   * (Abaqus Analysis User's Guide, "Convergence criteria for non-linear
   * problems"):
   *
   * - residual forces |r_F| <= tol_r * F and residual moments |r_M| <= tol_r * M,
   *   with F = max(|f_ext,F|, |f_int,F|, M_0 / L) and
   *   M = max(|f_ext,M|, |f_int,M|, F_0 L), where F_0 and M_0 are the first two
   *   norms and L the model size;
   * - translational corrections |c_u| <= tol_c * max(|Δu|, L |Δθ|, 1e-8 L)
   *   and rotational corrections |c_θ| <= tol_c * max(|Δθ|, |Δu| / L, 1e-8),
   *   with Δu, Δθ the increment so far; the floors let an increment that
   *   moves nothing (constant loads) converge on round-off corrections.
   *
   * One norm over all DOFs (as before) mixes units: in a model measured in
   * millimetres a rotation correction of 1e-5 rad is invisible next to a
   * 100 mm translation increment, and moments in N mm swamp forces in N. The
   * cross terms (M_0 / L, F_0 L, L |Δθ|, |Δu| / L) give each field a scale when
   * it carries no load or motion of its own (e.g. moments at pinned joints of a
   * frame under point forces, where the assembled moments vanish).
   *
   * Round-off floor: internal forces are computed from nodal positions of size
   * L, so a residual is never below about eps k L, with k the largest
   * diagonal of the tangent (per field: k_F L for forces, k_M / L for moments
   * from rotational stiffness). A step with no load and a stress-free motion
   * (a body moved rigidly by prescribed displacements and rotations) has
   * f_ext = f_int = 0 up to that round-off, and the relative test alone
   * would compare round-off with round-off and never pass. With
   * set_stiffness_scale() the residual test also passes when
   * |r_F| <= F_0 = 10 sqrt(n) eps max(k_F L, k_M / L) and |r_M| <= F_0 L:
   * the residual is then at the round-off of the internal forces (measured
   * on a rigidly turned B31 beam: |r_F| = 3e-10 to 5e-10 against
   * eps k_F L = 1.8e-9). The factor sqrt(n) covers the Euclidean norm over n
   * DOFs, 10 the sum of a few element contributions per DOF.
   *
   * This is the one convergence rule of NewtonSolver: statics, arc length and
   * dynamics judge their iterates with it, each passing the norms of its own
   * residual, force level, correction and increment (judge()).
   */
  class NewtonConvergence
  {
  public:
    /** Norms of one field pair of a DOF vector. */
    struct FieldNorms
    {
      double translational = 0.0; ///< UX UY UZ entries (forces, displacements)
      double rotational    = 0.0; ///< RX RY RZ entries (moments, rotations)

      /** Field by field the larger of @p a and @p b (e.g. of external and internal forces). */
      static FieldNorms
      max(const FieldNorms &a, const FieldNorms &b)
      {
        return {std::max(a.translational, b.translational), std::max(a.rotational, b.rotational)};
      }
    };

    /**
     * @p dofs tells which entries are rotational, @p length_scale is the model
     * size L (> 0), @p residual_tolerance and @p correction_tolerance the
     * relative tolerances tol_r and tol_c.
     */
    NewtonConvergence(const core::DofMap &dofs, double length_scale,
                      double residual_tolerance = 1e-8, double correction_tolerance = 1e-6);

    /** As above, with the tolerances of @p controls. */
    NewtonConvergence(const core::DofMap &dofs, double length_scale,
                      const NewtonControls &controls);

    /**
     * As above, for a DOF vector whose entry i is rotational where
     * @p rotational[i] is true (a system that has no DofMap at hand).
     */
    NewtonConvergence(std::vector<bool> rotational, double length_scale,
                      const NewtonControls &controls);

    /** Per DOF of @p dofs: true for RX RY RZ (moments, rotations). */
    static std::vector<bool>
    rotational_entries(const core::DofMap &dofs);

    /** Euclidean norms of the translational and the rotational entries of @p vector. */
    FieldNorms
    norms(const Eigen::VectorXd &vector) const;

    /**
     * True if the residual @p residual (condensed: zero on constrained DOFs)
     * and the last correction @p correction meet both tests, given the
     * external and internal force vectors and the increment @p increment
     * accumulated since the start of the load increment.
     */
    bool
    converged(const Eigen::VectorXd &residual, const Eigen::VectorXd &external,
              const Eigen::VectorXd &internal, const Eigen::VectorXd &correction,
              const Eigen::VectorXd &increment) const;

    /**
     * The rule itself, on field norms: the residual @p residual against the
     * force level @p force_level (per field the largest force norm the
     * residual is a difference of), the correction @p correction against the
     * increment @p increment, with the cross terms, floors and round-off
     * floor of the class documentation. Sets residual_ratio() and
     * correction_ratio(); false if either is not finite.
     */
    bool
    judge(const FieldNorms &residual, const FieldNorms &force_level, const FieldNorms &correction,
          const FieldNorms &increment) const;

    /** The model size L the cross terms use. */
    double
    length_scale() const
    {
      return length_scale_;
    }

    /**
     * Sets the round-off floor of the residual from the largest diagonal
     * entries of the tangent @p k_force (translational DOFs) and
     * @p k_moment (rotational DOFs) of an @p n_dofs DOF model. Without it the
     * floor is zero.
     */
    void
    set_stiffness_scale(double k_force, double k_moment, unsigned n_dofs);

    /**
     * Sets the round-off floor from @p tangent (its largest diagonal entries
     * per field over the rows @p owned of this rank, maximum over @p communicator).
     */
    void
    set_stiffness_scale(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                        const dealii::IndexSet &owned, MPI_Comm communicator);

    /**
     * The largest diagonal entries of @p tangent on translational and on
     * rotational DOFs, over the rows @p owned of this rank, maximum over
     * @p communicator (the stiffness scale of set_stiffness_scale()).
     */
    FieldNorms
    largest_diagonal(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                     const dealii::IndexSet &owned, MPI_Comm communicator) const;

    /** The larger of the two residual ratios (forces, moments over their scales) of the last call. */
    double
    residual_ratio() const
    {
      return residual_ratio_;
    }

    /** The larger of the two correction ratios of the last call. */
    double
    correction_ratio() const
    {
      return correction_ratio_;
    }

    /** The relative tolerance tol_r of the residual test. */
    double
    residual_tolerance() const
    {
      return residual_tolerance_;
    }

    /** The relative tolerance tol_c of the correction test. */
    double
    correction_tolerance() const
    {
      return correction_tolerance_;
    }

  private:
    std::vector<bool> rotational_; ///< per DOF: a rotation (moment) entry
    double            length_scale_;
    double            residual_tolerance_;
    double            correction_tolerance_;
    double            force_round_off_  = 0.0; ///< F_0 of set_stiffness_scale()
    mutable double    residual_ratio_   = 0.0;
    mutable double    correction_ratio_ = 0.0;
  };
} // namespace corot::solvers
