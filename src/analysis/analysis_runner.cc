#include <src/analysis/analysis_runner.h>
#include <src/analysis/cms_session.h>
#include <src/analysis/load_history.h>
#include <src/analysis/memory_plan.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/restart_points.h>
#include <src/analysis/shell_pressure.h>
#include <src/assembly/dof_numbering.h>
#include <src/assembly/element_builder.h>
#include <src/io/interrupt_request.h>
#include <src/solvers/blas_library.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

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
    check_perturbation(const core::Step &step, const ProcedureTypeInfo &procedure,
                       const BaseState &base)
    {
      if (!step.perturbation)
        return;
      if (!procedure.perturbation)
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
                                 "NLGEOM on step " +
                                 std::to_string(base.step) +
                                 " for the preloaded eigenvalues, or remove PERTURBATION");
    }

    /**
     * *RESTART, READ: the index of the first step to run from @p resume (the
     * step it lies in, or the next one at the end of a step). The steps
     * before it leave their loads to @p history as they did in the run that
     * wrote the point. A reduced model of *MODAL SYNTHESIS is not kept in
     * restart files: a step that needs one of a skipped step is refused.
     */
    unsigned
    skip_to(const RestartPoints::Resume &resume, const AnalysisContext &context,
            LoadHistory &history)
    {
      const core::Model &model = context.model;
      const unsigned     first =
        resume.position.complete ? resume.position.step : resume.position.step - 1;
      unsigned synthesis = 0; // the skipped *MODAL SYNTHESIS step whose model is lost (0: none)
      for (unsigned s = 0; s < model.steps.size(); ++s)
        {
          const core::Step        &step      = model.steps[s];
          const ProcedureTypeInfo *procedure = ProcedureRegistry::instance().of(step);
          if (procedure == nullptr)
            continue;
          if (s < first)
            {
              if (procedure->reduced_model == ProcedureTypeInfo::ReducedModelUse::builds)
                synthesis = s + 1;
              if (procedure->general_period)
                history.commit(context, history.loading_of(context, step),
                               procedure->general_period(step));
            }
          else if (procedure->reduced_model == ProcedureTypeInfo::ReducedModelUse::builds)
            synthesis = 0; // a synthesis of its own for the steps after it
          else if (synthesis &&
                   procedure->reduced_model == ProcedureTypeInfo::ReducedModelUse::needs)
            throw core::InputError(model.restart_read->defined_at,
                                   "*RESTART, READ: step " + std::to_string(s + 1) +
                                     " needs the reduced model of *MODAL SYNTHESIS step " +
                                     std::to_string(synthesis) +
                                     ", which restart files do not keep: restart at or before "
                                     "step " +
                                     std::to_string(synthesis));
        }
      context.progress << "restart: " << resume.file << ", " << resume.position.describe()
                       << (first > 0 ? "; steps 1 to " + std::to_string(first) +
                                         " were done by the run that wrote it" :
                                       std::string())
                       << std::endl;
      return first;
    }
    /** The procedures that run with *MPC, *RIGID BODY and connectors, e.g. "*BUCKLE, ... and *STATIC, RIKS". */
    std::string
    procedures_taking_followers()
    {
      std::vector<std::string> names;
      for (const ProcedureTypeInfo *type : ProcedureRegistry::instance().types())
        if (type->takes_followers)
          names.push_back("*" + type->name());
      std::string list;
      for (std::size_t i = 0; i < names.size(); ++i)
        list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
      return list;
    }
    /**
     * Stops a run whose matrices and factor would not fit in the memory it may use, before they
     * are allocated; rank 0, which holds the factor, decides for every rank.
     */
    void
    check_memory(const assembly::Assembler &assembler, const RunOptions &options,
                 dealii::ConditionalOStream &progress)
    {
      const MemoryPlan plan(
        solvers::estimate_factor_fill(assembler.sparsity(), assembler.communicator()));
      const core::MemoryBudget budget =
        options.memory ? *options.memory : core::MemoryBudget::of_this_machine();
      std::string refusal;
      try
        {
          plan.check(budget);
        }
      catch (const std::runtime_error &error)
        {
          refusal = error.what();
        }
      refusal = dealii::Utilities::MPI::broadcast(assembler.communicator(), refusal, 0);
      if (!refusal.empty())
        throw std::runtime_error(refusal);
      if (plan.bytes() > budget.bytes() / 2)
        progress << "memory: the run needs " << plan.describe() << ", more than half of the "
                 << core::MemoryBudget::format(budget.bytes()) << " " << budget.source()
                 << std::endl;
    }
  } // namespace

  io::Results
  run_analysis(const core::Model &model, MPI_Comm communicator, std::ostream &progress_stream,
               io::ResultStream *stream, const RunOptions &options)
  {
    if (model.restart_read && model.nodes.empty())
      throw core::InputError(model.restart_read->defined_at,
                             "*RESTART, READ: corot's restart files hold the state, not the model "
                             "(Abaqus' and CalculiX' hold both): put this line into a copy of the "
                             "deck that wrote the restart file, before its first *STEP");
    const auto         elements = assembly::build_elements(model);
    const core::DofMap dofs     = assembly::number_dofs(model, elements);
    if (dofs.n_dofs() == 0)
      throw core::InputError({model.deck_path, 0},
                             "the model has no degrees of freedom (no elements)");
    assembly::Assembler        assembler(model, elements, dofs, communicator);
    const AmplitudeTable       amplitudes(model);
    core::Configuration        configuration(model.nodes.size());
    dealii::ConditionalOStream progress(progress_stream, dealii::Utilities::MPI::this_mpi_process(
                                                           communicator) == 0);
    check_memory(assembler, options, progress);

    // Initial displacements (*INITIAL CONDITIONS, TYPE=DISPLACEMENT) and velocities.
    for (const core::InitialCondition &ic : model.initial_conditions)
      for (const unsigned id : ic.node_ids)
        {
          const unsigned node = model.node_index.at(id);
          const unsigned k    = ic.dof - 1;
          if (dofs.index(node, static_cast<core::DofKind>(k)) == core::DofMap::invalid)
            throw core::InputError(ic.defined_at, "initial condition on DOF " +
                                                    std::to_string(ic.dof) + " of node " +
                                                    std::to_string(id) +
                                                    ", which it does not carry");
          if (ic.is_velocity)
            (k < 3 ? configuration.velocities[node][k] :
                     configuration.angular_velocities[node][k - 3]) = ic.value;
          else if (k < 3)
            configuration.displacements[node][k] = ic.value;
          else
            {
              Eigen::Vector3d theta = Eigen::Vector3d::Zero();
              theta[k - 3]          = ic.value;
              configuration.rotations[node] =
                core::Configuration::exp_map(theta) * configuration.rotations[node];
            }
        }

    AnalysisContext context{model, elements, dofs, assembler, amplitudes, configuration, progress};
    context.stream = stream;
    context.job    = options.job.empty() ?
                       std::filesystem::path(model.deck_path).replace_extension().string() :
                       options.job;
    RestartPoints restart(model, dofs, context.job, communicator);
    context.restart = &restart;

    io::Results results;
    results.deck_name                = std::filesystem::path(model.deck_path).filename().string();
    const solvers::BlasLibrary blas  = solvers::loaded_blas_library();
    results.environment.mpi_ranks    = dealii::Utilities::MPI::n_mpi_processes(communicator);
    results.environment.blas         = blas.blas;
    results.environment.blas_config  = blas.config;
    results.environment.blas_threads = blas.threads;
    results.environment.lapack       = blas.lapack;
    progress << "blas: " << blas.describe() << std::endl;
    progress << "corot: " << model.nodes.size() << " nodes, " << model.elements.size()
             << " elements, " << dofs.n_dofs() << " DOFs, " << model.steps.size() << " steps, "
             << dealii::Utilities::MPI::n_mpi_processes(communicator) << " MPI rank(s)"
             << std::endl;

    LoadHistory history(model);
    CmsSession  cms_session; // the reduced model of the last *MODAL SYNTHESIS step
    unsigned    first = 0;
    if (const std::optional<RestartPoints::Resume> resume = restart.read(context))
      first = skip_to(*resume, context, history);
    for (unsigned s = first; s < model.steps.size(); ++s)
      try
        {
          const core::Step        &step      = model.steps[s];
          const ProcedureTypeInfo *procedure = ProcedureRegistry::instance().of(step);
          if (procedure == nullptr)
            throw core::InputError(step.defined_at,
                                   "this step has no procedure (*STATIC, *FREQUENCY, ...)");
          check_perturbation(step, *procedure, context.base);
          if (!assembler.followers().empty() && !procedure->takes_followers)
            throw core::InputError(step.procedure_at,
                                   "*MPC, *RIGID BODY and connectors (" +
                                     assembler.followers().followers().front().defined_at.str() +
                                     ") are supported in " + procedures_taking_followers() +
                                     " only in this release");
          StepLoading loading = history.loading_of(context, step);
          check_pressure_support(step, loading, context.base);
          progress << "step " << s + 1 << " (" << step.defined_at.str() << ")" << std::endl;
          if (stream != nullptr)
            stream->begin_step(s + 1);
          restart.begin_step(context, s + 1);
          StepRun run{context, step, loading, history, cms_session, s + 1};
          results.steps.push_back(procedure->run(run));
          if (procedure->general_period)
            history.commit(context, loading, procedure->general_period(step));
          restart.step_completed(context, step, s + 1,
                                 procedure->general_period ? procedure->general_period(step) : 0.0);
          std::vector<std::string> &solvers = results.environment.direct_solvers;
          const std::string        &used    = results.steps.back().direct_solver;
          if (!used.empty() && std::find(solvers.begin(), solvers.end(), used) == solvers.end())
            solvers.push_back(used);
          OutputRecorder::report_unwritten(context, step, results.steps.back());
          if (stream != nullptr)
            stream->end_step(results);
        }
      catch (const io::Interrupted &interrupted)
        {
          if (stream != nullptr)
            stream->finish(results, "interrupted", interrupted.what());
          throw;
        }
      catch (const std::exception &error)
        {
          if (stream != nullptr)
            stream->finish(results, "failed", error.what());
          throw;
        }
    return results;
  }
} // namespace corot::analysis
