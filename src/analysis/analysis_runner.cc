#include <src/analysis/analysis_runner.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/arc_length_analysis.h>
#include <src/analysis/buckle_analysis.h>
#include <src/analysis/dynamic_analysis.h>
#include <src/analysis/frequency_analysis.h>
#include <src/analysis/inverse_frequency_analysis.h>
#include <src/analysis/load_history.h>
#include <src/analysis/modal_synthesis_analysis.h>
#include <src/analysis/modification_analysis.h>
#include <src/analysis/sensitivity_analysis.h>
#include <src/analysis/static_analysis.h>
#include <src/assembly/dof_numbering.h>
#include <src/assembly/element_builder.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <filesystem>

namespace corot::analysis
{
  namespace
  {
    /**
     * *STEP, PERTURBATION: CalculiX and Abaqus mean a linear perturbation about
     * the base state (the end of the last general step). corot's *FREQUENCY
     * and *BUCKLE always work about that base state (BaseState; the stresses
     * of an NLGEOM step stiffen it, as in Abaqus), so the flag changes nothing
     * there. After a linear general step CalculiX's PERTURBATION adds the
     * linear preload's stress stiffening, which corot (like Abaqus without
     * NLGEOM) does not: an error rather than another answer. corot has no
     * linear perturbation *STATIC or *DYNAMIC, so it is an error on those.
     */
    void
    check_perturbation(const core::Step &step, const BaseState &base)
    {
      if (!step.perturbation)
        return;
      const bool eigen = step.procedure == core::Procedure::frequency ||
                         step.procedure == core::Procedure::buckle;
      if (!eigen)
        throw core::InputError(step.defined_at,
                               "*STEP, PERTURBATION (a linear perturbation step about the base "
                               "state) is only supported with *FREQUENCY and *BUCKLE; remove "
                               "PERTURBATION for a general step");
      if (base.step > 0 && !base.nonlinear)
        throw core::InputError(step.defined_at,
                               "*STEP, PERTURBATION after the linear step " +
                                 std::to_string(base.step) +
                                 ": CalculiX would stiffen the eigenproblem with that step's "
                                 "linear preload, corot (as Abaqus without NLGEOM) does not; put "
                                 "NLGEOM on step " + std::to_string(base.step) +
                                 " for the preloaded eigenvalues, or remove PERTURBATION");
    }
  } // namespace

  io::Results
  run_analysis(const core::Model &model, MPI_Comm communicator, std::ostream &progress_stream)
  {
    const auto         elements = assembly::build_elements(model);
    const core::DofMap dofs     = assembly::number_dofs(model, elements);
    if (dofs.n_dofs() == 0)
      throw core::InputError({model.deck_path, 0}, "the model has no degrees of freedom (no elements)");
    assembly::Assembler assembler(model, elements, dofs, communicator);
    const AmplitudeTable amplitudes(model);
    core::Configuration configuration(model.nodes.size());
    dealii::ConditionalOStream progress(progress_stream,
                                        dealii::Utilities::MPI::this_mpi_process(communicator) == 0);

    // Initial displacements (*INITIAL CONDITIONS, TYPE=DISPLACEMENT) and velocities.
    for (const core::InitialCondition &ic : model.initial_conditions)
      for (const unsigned id : ic.node_ids)
        {
          const unsigned node = model.node_index.at(id);
          const unsigned k    = ic.dof - 1;
          if (dofs.index(node, static_cast<core::DofKind>(k)) == core::DofMap::invalid)
            throw core::InputError(ic.defined_at, "initial condition on DOF " +
                                                    std::to_string(ic.dof) + " of node " +
                                                    std::to_string(id) + ", which it does not carry");
          if (ic.is_velocity)
            (k < 3 ? configuration.velocities[node][k] : configuration.angular_velocities[node][k - 3]) = ic.value;
          else if (k < 3)
            configuration.displacements[node][k] = ic.value;
          else
            {
              Eigen::Vector3d theta = Eigen::Vector3d::Zero();
              theta[k - 3]          = ic.value;
              configuration.rotations[node] = core::Configuration::exp_map(theta) * configuration.rotations[node];
            }
        }

    AnalysisContext context{model, elements, dofs, assembler, amplitudes, configuration, progress};

    io::Results results;
    results.deck_name = std::filesystem::path(model.deck_path).filename().string();
    progress << "corot: " << model.nodes.size() << " nodes, " << model.elements.size()
             << " elements, " << dofs.n_dofs() << " DOFs, " << model.steps.size() << " steps, "
             << dealii::Utilities::MPI::n_mpi_processes(communicator) << " MPI rank(s)" << std::endl;

    LoadHistory history(model);
    CmsSession  cms_session;           // the reduced model of the last *MODAL SYNTHESIS step
    for (unsigned s = 0; s < model.steps.size(); ++s)
      {
        const core::Step &step = model.steps[s];
        check_perturbation(step, context.base);
        StepLoading loading = history.loading_of(context, step);
        progress << "step " << s + 1 << " (" << step.defined_at.str() << ")" << std::endl;
        switch (step.procedure)
          {
            case core::Procedure::static_analysis:
              results.steps.push_back(step.statics.riks ?
                                        ArcLengthAnalysis(context, step, loading).run(s + 1) :
                                        StaticAnalysis(context, step, loading).run(s + 1));
              history.commit(context, loading, step.statics.period);
              break;
            case core::Procedure::frequency:
              results.steps.push_back(FrequencyAnalysis(context, step, loading).run(s + 1));
              break;
            case core::Procedure::buckle:
              // The load that is scaled is the step's own (CalculiX: loads of
              // earlier steps are removed at the start of a *BUCKLE step).
              loading.loads   = step.loads;
              loading.gravity = step.gravity;
              loading.ramp_start.resize(0);
              results.steps.push_back(BuckleAnalysis(context, step, loading).run(s + 1));
              break;
            case core::Procedure::dynamic:
              results.steps.push_back(DynamicAnalysis(context, step, loading).run(s + 1));
              history.commit(context, loading, step.dynamics.period);
              break;
            case core::Procedure::modal_synthesis:
              results.steps.push_back(ModalSynthesisAnalysis(context, step, loading, cms_session).run(s + 1));
              break;
            case core::Procedure::modification:
              results.steps.push_back(ModificationAnalysis(context, step, cms_session).run(s + 1));
              break;
            case core::Procedure::sensitivity:
              results.steps.push_back(SensitivityAnalysis(context, step, cms_session).run(s + 1));
              break;
            case core::Procedure::inverse_frequency:
              results.steps.push_back(InverseFrequencyAnalysis(context, step, cms_session).run(s + 1));
              break;
            case core::Procedure::none:
              throw core::InputError(step.defined_at, "this step has no procedure (*STATIC, *FREQUENCY, ...)");
          }
        OutputRecorder::report_unwritten(context, step, results.steps.back());
        // Arc-length steps and NLGEOM dynamic steps leave a geometrically
        // non-linear base state; a linear dynamic step leaves its small
        // displacements (StaticAnalysis records its own).
        if (step.procedure == core::Procedure::static_analysis && step.statics.riks)
          context.base.close_general_step(s + 1, true);
        if (step.procedure == core::Procedure::dynamic)
          {
            context.base.close_general_step(s + 1, step.nlgeom);
            if (!step.nlgeom)
              context.base.linear_dofs = context.configuration.dof_values(context.dofs);
          }
      }
    return results;
  }
} // namespace corot::analysis
