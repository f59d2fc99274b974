/**
 * The DynamicSystem methods the time finite elements of order k >= 2 use, on
 * an assembled structure (a pinned three-bar planar truss with point masses):
 * tangent_stiffness equals a central-difference Jacobian of internal_force on
 * the free DOFs and is the identity on constrained ones; mass_matrix agrees
 * with mass_times and is zero on constrained DOFs. And an *EQUATION in a
 * TIMEFE ORDER=2 step is a clear error at the *DYNAMIC line.
 */
#include <src/analysis/analysis_context.h>
#include <src/analysis/analysis_runner.h>
#include <src/analysis/assembled_dynamic_system.h>
#include <src/analysis/step_loading.h>
#include <src/assembly/dof_numbering.h>
#include <src/assembly/element_builder.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>

#include "scratch_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace
{
  std::string
  write_deck(const std::string &name, const std::string &text)
  {
    return corot::test::write_scratch_file(name, text);
  }

  /** Node 1 pinned, nodes 2-4 free; T2D2 bars 1-2, 2-3, 3-4 and 2-4; masses at 2, 3, 4. */
  const std::string truss = R"(*NODE
1, 0.0, 0.0
2, 1.0, 0.2
3, 2.0, -0.1
4, 1.5, 1.0
*ELEMENT, TYPE=T2D2, ELSET=BARS
1, 1, 2
2, 2, 3
3, 3, 4
4, 2, 4
*ELEMENT, TYPE=MASS, ELSET=BOBS
5, 2
6, 3
7, 4
*MATERIAL, NAME=STEEL
*ELASTIC
2.0e5, 0.3
*SOLID SECTION, ELSET=BARS, MATERIAL=STEEL
1.0
*MASS, ELSET=BOBS
3.0
*BOUNDARY
1, 1, 2
)";
} // namespace

TEST(AssembledDynamicSystem, TangentAndMassMatricesForStageNewton)
{
  const corot::core::Model model = corot::deck::read_deck(
    write_deck("truss.inp",
               truss + "*STEP\n*DYNAMIC, INTEGRATOR=TIMEFE, ORDER=2\n0.1, 1.0\n*END STEP\n"));
  const auto                            elements = corot::assembly::build_elements(model);
  const corot::core::DofMap             dofs     = corot::assembly::number_dofs(model, elements);
  corot::assembly::Assembler            assembler(model, elements, dofs, MPI_COMM_WORLD);
  const corot::analysis::AmplitudeTable amplitudes(model);
  corot::core::Configuration            configuration(model.nodes.size());
  std::ostringstream                    sink;
  dealii::ConditionalOStream            progress(sink, false);
  corot::analysis::AnalysisContext      context{model,      elements,      dofs,    assembler,
                                           amplitudes, configuration, progress};
  corot::analysis::StepLoading          loading;
  loading.boundaries = model.boundaries;
  std::vector<std::string>                log;
  const corot::analysis::PrescribedMotion prescribed(context, loading, log);
  assembler.set_constraints(prescribed.constrained_dofs(), model.equations);
  corot::analysis::AssembledDynamicSystem system(context, loading, 1.0);

  const unsigned              n     = system.n_dofs();
  const std::vector<unsigned> fixed = system.constrained_dofs();
  ASSERT_EQ(fixed.size(), 2u);
  std::vector<bool> is_fixed(n, false);
  for (const unsigned i : fixed)
    is_fixed[i] = true;

  // A finite, non-symmetric deformation (large enough to rotate and stretch every bar).
  Eigen::VectorXd d = Eigen::VectorXd::Zero(n);
  for (unsigned i = 0; i < n; ++i)
    if (!is_fixed[i])
      d[i] = 0.05 * std::sin(1.0 + 3.0 * i);
  const Eigen::MatrixXd K       = Eigen::MatrixXd(system.tangent_stiffness(d));
  double                largest = 0.0, scale = K.cwiseAbs().maxCoeff();
  const double          h = 1e-6;
  for (unsigned j = 0; j < n; ++j)
    {
      if (is_fixed[j])
        continue;
      Eigen::VectorXd plus = d, minus = d;
      plus[j] += h;
      minus[j] -= h;
      const Eigen::VectorXd column =
        (system.internal_force(plus) - system.internal_force(minus)) / (2 * h);
      for (unsigned i = 0; i < n; ++i)
        if (!is_fixed[i])
          largest = std::max(largest, std::abs(K(i, j) - column[i]));
    }
  std::cout << "tangent vs central differences: largest difference / largest entry "
            << largest / scale << std::endl;
  EXPECT_LT(largest / scale, 1e-7);
  for (const unsigned i : fixed)
    for (unsigned j = 0; j < n; ++j)
      {
        EXPECT_EQ(K(i, j), i == j ? 1.0 : 0.0);
        EXPECT_EQ(K(j, i), i == j ? 1.0 : 0.0);
      }

  const Eigen::MatrixXd M = Eigen::MatrixXd(system.mass_matrix());
  Eigen::VectorXd       x = Eigen::VectorXd::Zero(n);
  for (unsigned i = 0; i < n; ++i)
    if (!is_fixed[i])
      x[i] = 1.0 + i;
  const Eigen::VectorXd product = system.mass_times(x);
  for (unsigned i = 0; i < n; ++i)
    {
      if (is_fixed[i])
        continue;
      EXPECT_NEAR((M * x)[i], product[i], 1e-12 * product.norm()) << i;
    }
  for (const unsigned i : fixed)
    EXPECT_EQ(M.row(i).norm() + M.col(i).norm(), 0.0);
  EXPECT_GT(M.trace(), 0.0);
}

TEST(AssembledDynamicSystem, EquationWithHigherOrderTimeElementIsAnErrorAtTheStep)
{
  // Line 27 is *STEP, 28 the *DYNAMIC line.
  const std::string path = write_deck("equation.inp", truss + R"(*EQUATION
2
3, 2, 1.0, 4, 2, -1.0
*STEP
*DYNAMIC, DIRECT, INTEGRATOR=TIMEFE, ORDER=2
0.1, 0.2
*END STEP
)");
  std::string       message;
  try
    {
      std::ostringstream progress;
      corot::analysis::run_analysis(corot::deck::read_deck(path), MPI_COMM_WORLD, progress);
    }
  catch (const corot::core::InputError &error)
    {
      message = error.what();
    }
  EXPECT_NE(message.find("equation.inp:28:"), std::string::npos) << message;
  EXPECT_NE(message.find("*EQUATION"), std::string::npos) << message;
}

TEST(AssembledDynamicSystem, NewtonCorrectionDependsOnItsArgumentsOnly)
{
  // The free-flying B31 beam: five nodes turning on SO(3). A Newton correction
  // used to take the rotary inertia tangent of the last *_inertia_force() call
  // if that call's d_n1 equalled its own bit for bit; now the tangent is an
  // argument, and evaluations elsewhere in between change nothing.
  const corot::core::Model model = corot::deck::read_deck(
    std::string(COROT_SOURCE_DIR) + "/input_decks/free_flying_beam_b31_midpoint.inp");
  const auto                              elements = corot::assembly::build_elements(model);
  const corot::core::DofMap               dofs     = corot::assembly::number_dofs(model, elements);
  corot::assembly::Assembler              assembler(model, elements, dofs, MPI_COMM_WORLD);
  const corot::analysis::AmplitudeTable   amplitudes(model);
  corot::core::Configuration              configuration(model.nodes.size());
  std::ostringstream                      sink;
  dealii::ConditionalOStream              progress(sink, false);
  corot::analysis::AnalysisContext        context{model,      elements,      dofs,    assembler,
                                           amplitudes, configuration, progress};
  corot::analysis::StepLoading            loading;
  std::vector<std::string>                log;
  const corot::analysis::PrescribedMotion prescribed(context, loading, log);
  assembler.set_constraints(prescribed.constrained_dofs(), model.equations);
  corot::analysis::AssembledDynamicSystem system(context, loading, 1.0);
  ASSERT_EQ(system.rotating_nodes().size(), 5u);

  const unsigned  n = system.n_dofs();
  Eigen::VectorXd d_n(n), increment(n), v(n), a(n);
  for (unsigned i = 0; i < n; ++i)
    {
      d_n[i]       = 0.3 * std::sin(1.0 + 3.0 * i);
      increment[i] = 0.02 * std::cos(2.0 + 5.0 * i);
      v[i]         = std::sin(0.5 + 7.0 * i);
      a[i]         = std::cos(1.5 + 2.0 * i);
    }
  const double                     dt = 0.004, c = 4.0 / (dt * dt);
  const Eigen::VectorXd            d_n1     = system.compose(d_n, increment);
  const Eigen::VectorXd            external = Eigen::VectorXd::Zero(n);
  corot::integrators::InertiaForce inertia{system.mass_times(c * increment), {}};
  for (const Eigen::Matrix3d &tangent :
       system.rotating_inertia_force(d_n1, v, a, c, 2.0 / dt).tangents)
    inertia.rotating_tangents.push_back(tangent);

  corot::integrators::ResidualNorms ratio;
  const Eigen::VectorXd first = system.newton_correction(corot::integrators::ForceModel::conserving,
                                                         d_n, d_n1, inertia, external, c, ratio);

  // Evaluations at other points in between.
  const Eigen::VectorXd other = system.compose(d_n, 2.0 * increment);
  system.rotating_inertia_force(other, a, v, 1.0, 3.0);
  system.rotating_momentum(d_n, 2.0 * increment, v, 2.0 / dt);
  corot::integrators::ResidualNorms other_ratio;
  corot::integrators::InertiaForce  other_inertia{system.mass_times(increment), {}};
  for (const Eigen::Matrix3d &tangent :
       system.rotating_inertia_force(other, a, v, 1.0, 3.0).tangents)
    other_inertia.rotating_tangents.push_back(tangent);
  system.newton_correction(corot::integrators::ForceModel::end_of_step, d_n, other, other_inertia,
                           external, 1.0, other_ratio);

  corot::integrators::ResidualNorms again_ratio;
  const Eigen::VectorXd             again =
    system.newton_correction(corot::integrators::ForceModel::conserving, d_n, d_n1, inertia,
                             external, c, again_ratio);
  EXPECT_EQ((again - first).lpNorm<Eigen::Infinity>(), 0.0);
  EXPECT_EQ(again_ratio.residual.translational, ratio.residual.translational);
  EXPECT_EQ(again_ratio.residual.rotational, ratio.residual.rotational);

  // The rotary tangents given are the ones used: without them (c J) the correction differs.
  corot::integrators::ResidualNorms plain_ratio;
  const Eigen::VectorXd             plain =
    system.newton_correction(corot::integrators::ForceModel::conserving, d_n, d_n1,
                             corot::integrators::InertiaForce{inertia.force, {}}, external, c,
                             plain_ratio);
  EXPECT_GT((plain - first).norm(), 1e-6 * first.norm());
}
