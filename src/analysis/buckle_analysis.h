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
   * Linear buckling about the reference configuration (a perturbation step:
   * the state carried between steps is not changed). The loads in force in
   * the step are the reference load P:
   *  1. preload: the small-displacement static solution K u = P with the
   *     step's boundary conditions held at zero;
   *  2. K_g: the elements' initial-stress matrices at the stresses of u
   *     (Element::geometric_stiffness), plus the load stiffness of the
   *     concentrated moments, which *BUCKLE treats as semi-tangential
   *     (conservative; Argyris, Hilpert, Malejannakis and Scharpf 1979,
   *     Comput. Methods Appl. Mech. Engrg. 20, 47-85): the moment
   *     M + theta x M/2 has -dF/dw = S(M)/2 on the rotational block of each
   *     loaded node (w: spatial rotation increments, S(M) w = M x w);
   *  3. the smallest positive load factors lambda of (K + lambda K_g) x = 0
   *     (solvers::solve_buckling_eigenproblem), so lambda P is the critical load.
   * Reports "load_factors" (JSON and .dat) and, with *NODE FILE, the buckling
   * modes normalised to a largest translation of one.
   */
  class BuckleAnalysis
  {
  public:
    BuckleAnalysis(AnalysisContext &context, const core::Step &step, const StepLoading &loading);

    io::StepResult
    run(unsigned step_number);

  private:
    AnalysisContext   &context_;
    const core::Step  &step_;
    const StepLoading &loading_;
  };
} // namespace corot::analysis
