#include <src/analysis/analysis_runner.h>
#include <src/analysis/arc_length_analysis.h>
#include <src/analysis/buckle_analysis.h>
#include <src/analysis/dynamic_analysis.h>
#include <src/analysis/frequency_analysis.h>
#include <src/analysis/inverse_frequency_analysis.h>
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
    /** Loads in force in a step: those carried over, updated by the step's own lines. */
    StepLoading
    loading_of_step(const core::Model &model, const core::Step &step, StepLoading &carried)
    {
      if (step.new_boundaries)
        carried.boundaries.clear();
      if (step.new_loads)
        carried.loads.clear();

      StepLoading loading;
      loading.boundaries = model.boundaries;
      loading.boundaries.insert(loading.boundaries.end(), carried.boundaries.begin(),
                                carried.boundaries.end());
      loading.boundaries.insert(loading.boundaries.end(), step.boundaries.begin(),
                                step.boundaries.end());
      // A later *CLOAD for the same node and DOF replaces an earlier one (OP=MOD).
      loading.loads = carried.loads;
      for (const core::ConcentratedLoad &load : step.loads)
        {
          for (core::ConcentratedLoad &old : loading.loads)
            if (old.dof == load.dof)
              old.node_ids.erase(std::remove_if(old.node_ids.begin(), old.node_ids.end(),
                                                [&](const unsigned id) {
                                                  return std::find(load.node_ids.begin(),
                                                                   load.node_ids.end(),
                                                                   id) != load.node_ids.end();
                                                }),
                                 old.node_ids.end());
          loading.loads.push_back(load);
        }
      loading.gravity = carried.gravity;
      loading.gravity.insert(loading.gravity.end(), step.gravity.begin(), step.gravity.end());
      return loading;
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

    StepLoading carried;
    CmsSession  cms_session; // the reduced model of the last *MODAL SYNTHESIS step
    for (unsigned s = 0; s < model.steps.size(); ++s)
      {
        const core::Step &step    = model.steps[s];
        const StepLoading loading = loading_of_step(model, step, carried);
        progress << "step " << s + 1 << " (" << step.defined_at.str() << ")" << std::endl;
        switch (step.procedure)
          {
            case core::Procedure::static_analysis:
              results.steps.push_back(step.statics.riks ?
                                        ArcLengthAnalysis(context, step, loading).run(s + 1) :
                                        StaticAnalysis(context, step, loading).run(s + 1));
              carried.boundaries.insert(carried.boundaries.end(), step.boundaries.begin(), step.boundaries.end());
              carried.loads   = loading.loads;
              carried.gravity = loading.gravity;
              break;
            case core::Procedure::frequency:
              results.steps.push_back(FrequencyAnalysis(context, step, loading).run(s + 1));
              break;
            case core::Procedure::buckle:
              results.steps.push_back(BuckleAnalysis(context, step, loading).run(s + 1));
              break;
            case core::Procedure::dynamic:
              results.steps.push_back(DynamicAnalysis(context, step, loading).run(s + 1));
              carried.boundaries.insert(carried.boundaries.end(), step.boundaries.begin(), step.boundaries.end());
              carried.loads   = loading.loads;
              carried.gravity = loading.gravity;
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
        // Arc-length and dynamic steps leave a geometrically non-linear base
        // state (StaticAnalysis records its own).
        if ((step.procedure == core::Procedure::static_analysis && step.statics.riks) ||
            step.procedure == core::Procedure::dynamic)
          context.base.close_general_step(s + 1, true);
      }
    return results;
  }
} // namespace corot::analysis
