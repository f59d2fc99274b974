#pragma once
/**
 * @file
 * The *BUCKLE procedure: linear (eigenvalue) buckling load factors.
 */
#include <src/analysis/analysis_context.h>
#include <src/io/results.h>

namespace corot::analysis
{
  /**
   * Linear buckling about the base state (BaseState; a perturbation step: the
   * state carried between steps is not changed), as Abaqus's *BUCKLE (Abaqus
   * Theory Manual, "Eigenvalue buckling prediction"): the critical load is
   * P + lambda Q, with P the preload of the earlier general steps and Q the
   * perturbation load, this step's own *CLOAD and *DLOAD lines; the reported
   * load factors lambda multiply Q only:
   *  1. K_0, the stiffness of the base state: after a geometrically
   *     non-linear step the symmetric part of the tangent at its end state
   *     (the preload's stresses included); otherwise the small-displacement
   *     stiffness about the reference configuration, a linear preload not
   *     included (CalculiX without *STEP, PERTURBATION; Abaqus would add its
   *     initial-stress matrix);
   *  2. the perturbation response K_0 du = Q, the step's boundary conditions
   *     held at zero;
   *  3. K_Delta, the differential initial stress of du: about the reference
   *     the elements' initial-stress matrices at the stresses of du
   *     (Element::geometric_stiffness); about an NLGEOM base state the
   *     change of the stress part of the tangent at the base geometry when
   *     the stresses change by their linearised response to du
   *     (Element::initial_stress_increment: analytic, geometry and material
   *     stiffness held at the base). Not the derivative of the whole tangent
   *     along du (a central difference): that adds the change of the
   *     material stiffness with the geometry, of relative size (r/l_e)^2 per
   *     element, which is no initial stress (a load-free NLGEOM base gave
   *     736 instead of Euler's 987 with 8 B21, 253 with 32). Plus the load
   *     stiffness of the concentrated moments, which *BUCKLE treats as
   *     semi-tangential (conservative; Argyris, Hilpert, Malejannakis and
   *     Scharpf 1979, Comput. Methods Appl. Mech. Engrg. 20, 47-85): the
   *     moment M + theta x M/2 has -dF/dw = S(M)/2 on the rotational block of
   *     each loaded node (w: spatial rotation increments, S(M) w = M x w);
   *  4. the smallest positive load factors lambda of (K_0 + lambda K_Delta) x = 0
   *     (solvers::solve_buckling_eigenproblem).
   * Without a preload this is the classical problem (K + lambda K_g) x = 0;
   * with an axial NLGEOM preload P0 of a column, P0 + lambda Q is the
   * column's buckling load (input_decks/euler_column_buckle_nlgeom.inp).
   * Reports "load_factors" and "base_state" (JSON and .dat) and, with
   * *NODE FILE, the buckling modes normalised to a largest translation of one.
   */
  class BuckleAnalysis
  {
  public:
    BuckleAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    io::StepResult
    run(unsigned step_number);

  private:
    /** Sets the diagonal of constrained rows to zero. */
    void
    zero_constrained_diagonal(dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /** Adds the load stiffness S(M)/2 of the concentrated moments in @p load. */
    void
    add_moment_stiffness(const Eigen::VectorXd                  &load,
                         dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /** Initial-stress matrix at the small displacements @p displacement plus the moment stiffness of @p load. */
    void
    initial_stress_matrix(const Eigen::VectorXd &displacement, const Eigen::VectorXd &load,
                          dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
  };
} // namespace corot::analysis
