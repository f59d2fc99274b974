#include <src/analysis/load_history.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/restart_points.h>
#include <src/analysis/shell_pressure.h>
#include <src/analysis/static_analysis.h>
#include <src/analysis/static_results.h>
#include <src/analysis/step_loading.h>
#include <src/analysis/zero_pivot_hold.h>
#include <src/deck/model_keyword_parser.h>
#include <src/solvers/cutback.h>
#include <src/solvers/direct_solver.h>
#include <src/solvers/newton_solver.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

namespace corot::analysis
{
  namespace
  {
    std::string
    format(const double value)
    {
      std::ostringstream out;
      out << std::setprecision(4) << std::scientific << value;
      return out.str();
    }
  } // namespace

  StaticAnalysis::StaticAnalysis(AnalysisContext &context, const core::Step &step,
                                 const StepLoading &loading)
    : context_(context)
    , step_(step)
    , loading_(loading)
    , parameters_(step.parameters.get<core::StaticParameters>())
  {}

  void
  StaticAnalysis::report_held(const std::vector<std::string> &warnings)
  {
    for (const std::string &warning : warnings)
      if (std::find(result_.log.begin(), result_.log.end(), warning) == result_.log.end())
        {
          result_.log.push_back(warning);
          context_.progress << "    warning: " << warning << std::endl;
        }
  }

  void
  StaticAnalysis::check_free_motions(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                                     const Eigen::VectorXd                        &external)
  {
    if (motions_checked_)
      return;
    motions_checked_ = true;
    refuse_free_motions(context_, free_motions_, tangent, external, step_.procedure_at);
  }

  void
  StaticAnalysis::solve_linear(const double time, Eigen::VectorXd &reaction)
  {
    assembly::Assembler &assembler = context_.assembler;
    Eigen::VectorXd      external =
      external_force(context_, loading_, time, parameters_.period, loading_.ramp);
    // Without NLGEOM a pressure acts on the reference faces.
    add_pressure_force(context_,
                       pressures_at(context_, loading_, time, parameters_.period, loading_.ramp),
                       nullptr, external, nullptr);

    dealii::TrilinosWrappers::SparseMatrix stiffness;
    dealii::TrilinosWrappers::MPI::Vector  residual, correction;
    Eigen::VectorXd                        internal;
    assembler.assemble_linear_residual(linear_, external, residual, internal, &stiffness);
    // Unloaded DOFs without stiffness are held (Abaqus: zero pivot); a loaded one is an error.
    ZeroPivotHold hold(assembler, context_.dofs, load_reach(context_, loading_), step_.defined_at);
    report_held(hold.apply(stiffness));
    check_free_motions(stiffness, external);
    assembler.reinit_vector(correction);
    try
      {
        solvers::DirectSolver solver;
        solver.factorize(stiffness);
        solver.solve(correction, residual);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }
    Eigen::VectorXd delta = assembler.to_replicated(correction);
    assembler.distribute(delta);
    linear_ += delta;

    assembler.assemble_linear_residual(linear_, external, residual, internal, nullptr);
    reaction = assembler.reactions(internal, external);
    // The configuration holds the same state for what reads one (rotations
    // exp(theta) about the reference, never composed with earlier steps').
    const core::Configuration state =
      small_displacement_configuration(context_.model.nodes.size(), context_.dofs, linear_);
    context_.configuration.displacements = state.displacements;
    context_.configuration.rotations     = state.rotations;
  }

  unsigned
  StaticAnalysis::solve_increment(const double time, const solvers::NewtonControls &controls,
                                  Eigen::VectorXd &reaction)
  {
    const bool   nonlinear = true;
    const double period    = parameters_.period;

    assembly::Assembler  &assembler = context_.assembler;
    const Eigen::VectorXd dead_external =
      external_force(context_, loading_, time, period, loading_.ramp);
    // A pressure follows the faces: its force is evaluated at every iterate,
    // its load stiffness enters the tangent (Newton's quadratic rate).
    const std::vector<ElementPressure> pressures =
      pressures_at(context_, loading_, time, period, loading_.ramp);
    const auto external_at = [&](const core::Configuration              &configuration,
                                 dealii::TrilinosWrappers::SparseMatrix *tangent) {
      Eigen::VectorXd force = dead_external;
      add_pressure_force(context_, pressures, &configuration, force, tangent);
      return force;
    };
    Eigen::VectorXd external = external_at(context_.configuration, nullptr);

    dealii::TrilinosWrappers::SparseMatrix tangent;
    dealii::TrilinosWrappers::MPI::Vector  residual, correction;
    Eigen::VectorXd                        internal;
    solvers::DirectSolver                  solver;

    double length_scale = 0.0;
    for (const auto &node : context_.model.nodes)
      length_scale = std::max(length_scale, node.position.norm());
    solvers::NewtonConvergence convergence(context_.dofs, length_scale, controls);
    ZeroPivotHold hold(assembler, context_.dofs, load_reach(context_, loading_), step_.defined_at);

    // Sum of the Newton corrections of this increment (rotational entries: the
    // sum of spatial rotation vectors, free of the 2 pi wrap of log R).
    Eigen::VectorXd increment = Eigen::VectorXd::Zero(context_.dofs.n_dofs());
    const auto      iterate   = [&](const unsigned iteration, solvers::NewtonConvergence &test) {
      solvers::NewtonIterate result;
      assembler.assemble_residual(context_.configuration, nonlinear, external, residual, internal,
                                         &tangent);
      if (!pressures.empty())
        external_at(context_.configuration, &tangent);
      // Every tangent: under NLGEOM a row may gain or lose stiffness as the structure turns.
      std::vector<std::string> warnings;
      try
        {
          warnings = hold.apply(tangent);
        }
      catch (const core::InputError &error)
        {
          // A loaded DOF without stiffness at the start of an increment has
          // no equilibrium; met by a Newton iterate it cuts the increment back.
          if (iteration == 1)
            throw;
          context_.progress << "    iteration " << iteration << ": " << error.what() << std::endl;
          result.failure = error.what();
          return result;
        }
      report_held(warnings);
      check_free_motions(tangent, external);

      test.set_stiffness_scale(tangent, assembler.locally_owned_dofs(), assembler.communicator());
      assembler.reinit_vector(correction);
      try
        {
          solver.factorize(tangent);
          solver.solve(correction, residual);
        }
      catch (const std::runtime_error &error)
        {
          // A singular tangent is one more reason to cut the increment back.
          context_.progress << "    iteration " << iteration << ": " << error.what() << std::endl;
          result.failure = error.what();
          return result;
        }
      Eigen::VectorXd delta = assembler.to_replicated(correction);
      assembler.distribute(delta);

      // Backtracking line search on the residual norm (non-linear only), from
      // the second iteration of an increment on: the first correction of an
      // increment is taken in full, because co-rotational beams raise the
      // (axial-force dominated) residual there by orders of magnitude from a
      // stretch of the chords that the next iteration removes; cutting that
      // step (to 1/64) made the roll-up deck need 20 iterations per increment
      // instead of 6. A step is also taken in full when the residual along
      // it has fallen to half (Crisfield 1991, Non-linear finite element
      // analysis of solids and structures, vol. 1, section 9.3: the slope
      // delta . R of the energy along the step): membrane-dominated shells
      // raise the residual norm in later iterations the same way (the Sze
      // strip decks stalled at 1e-3 with steps of 1/64), while the energy
      // along the step has its minimum near the full step.
      double              step_length     = 1.0;
      const double        residual_before = residual.l2_norm();
      const double        slope_before = std::abs(delta.dot(assembler.to_replicated(residual)));
      core::Configuration trial        = context_.configuration;
      assembler.apply_increment(trial, delta);
      if (iteration > 1)
        for (unsigned search = 0; search < 6; ++search)
          {
            dealii::TrilinosWrappers::MPI::Vector trial_residual;
            Eigen::VectorXd                       trial_internal;
            assembler.assemble_residual(trial, true, external_at(trial, nullptr), trial_residual,
                                               trial_internal, nullptr);
            if (trial_residual.l2_norm() <= residual_before || residual_before == 0.0)
              break;
            if (search == 0 &&
                std::abs(delta.dot(assembler.to_replicated(trial_residual))) <= 0.5 * slope_before)
              break;
            step_length *= 0.5;
            trial = context_.configuration;
            assembler.apply_increment(trial, step_length * delta);
          }
      context_.configuration = trial;

      if (!pressures.empty())
        external = external_at(context_.configuration, nullptr);
      assembler.assemble_residual(context_.configuration, nonlinear, external, residual, internal,
                                         nullptr);
      reaction = assembler.reactions(internal, external);

      increment += step_length * delta;
      result.residual = test.norms(assembler.to_replicated(residual));
      result.force_level =
        solvers::NewtonConvergence::FieldNorms::max(test.norms(external), test.norms(internal));
      result.correction = test.norms(step_length * delta);
      result.increment  = test.norms(increment);
      return result;
    };
    const auto report = [&](const unsigned iteration, const double residual_ratio,
                            const double correction_ratio) {
      context_.progress << "    iteration " << iteration << ": residual " << format(residual_ratio)
                        << ", correction " << format(correction_ratio) << std::endl;
    };
    const solvers::NewtonResult result =
      solvers::NewtonSolver(controls, convergence).solve(iterate, report);
    return result.converged ? result.iterations : 0;
  }

  io::StepResult
  StaticAnalysis::run(const unsigned step_number)
  {
    result_.number         = step_number;
    StaticResults &statics = result_.emplace_results<StaticResults>();

    BaseState &base = context_.base;
    nonlinear_      = step_.nlgeom;
    if (!nonlinear_)
      linear_ = base.linear_dofs.size() > 0 ? base.linear_dofs :
                                              context_.configuration.dof_values(context_.dofs);

    if (nonlinear_)
      for (unsigned e = 0; e < context_.elements.size(); ++e)
        if (!context_.elements[e]->supports_large_rotations())
          {
            const core::ElementRecord &record = context_.model.elements[e];
            throw core::InputError(step_.defined_at,
                                   "NLGEOM needs co-rotational elements, but element " +
                                     std::to_string(record.id) + " (" + record.type + ", " +
                                     record.defined_at.str() +
                                     ") is small-displacement only in this release; remove "
                                     "NLGEOM or use T2D2/T3D2 trusses");
          }

    PrescribedMotion prescribed(context_, loading_, result_.log);
    context_.assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);
    free_motions_ = free_rigid_motions(context_, prescribed.constrained_dofs());

    const core::StaticParameters &p      = parameters_;
    const double                  period = p.period > 0 ? p.period : 1.0;
    const double min_increment           = p.min_increment > 0 ? p.min_increment : 1e-5 * period;
    const double max_increment           = p.max_increment > 0 ? p.max_increment : period;
    double       increment =
      nonlinear_ ? std::min(p.initial_increment > 0 ? p.initial_increment : period, max_increment) :
                         period;
    const solvers::NewtonControls controls = step_.controls.applied_to(solvers::NewtonControls());
    solvers::CutBack              cut_back(controls, min_increment);

    OutputRecorder recorder(context_, step_, result_);
    if (!nonlinear_)
      recorder.use_linear_state(linear_);
    Eigen::VectorXd reaction = Eigen::VectorXd::Zero(context_.dofs.n_dofs());
    double          time     = 0.0;
    unsigned        count    = 0;
    // What a restart point holds of the step besides the configuration.
    const auto save = [&](io::RestartRecord &record) {
      record.set("static.path", std::vector<double>{time, increment});
      record.set("static.reaction", reaction);
    };
    if (const RestartPoints::Resume *resume =
          RestartPoints::going_on(context_, step_number, result_.log))
      {
        // Go on from the restart point (only NLGEOM steps write one inside
        // the step): the prologue above ran on the step's start configuration.
        const io::RestartRecord &saved = resume->record;
        context_.configuration =
          RestartPoints::load(saved, "configuration", context_.model.nodes.size());
        const Eigen::VectorXd path = saved.vector("static.path", 2);
        time                       = path[0];
        increment                  = path[1];
        reaction                   = saved.vector("static.reaction", context_.dofs.n_dofs());
        count                      = resume->position.increment;
      }
    while (time < period * (1.0 - 1e-12))
      {
        increment                        = std::min(increment, period - time);
        const double              target = time + increment;
        const core::Configuration saved  = context_.configuration;
        context_.progress << "  step " << step_number << " increment " << count + 1 << ": time "
                          << target << " of " << period << std::endl;
        unsigned iterations = 1;
        if (nonlinear_)
          {
            context_.assembler.impose_prescribed_values(context_.configuration,
                                                        prescribed.values(target, period,
                                                                          loading_.ramp));
            iterations = solve_increment(target, controls, reaction);
          }
        else
          {
            context_.assembler.impose_prescribed_values(linear_, prescribed.values(target, period,
                                                                                   loading_.ramp));
            solve_linear(target, reaction);
          }
        if (iterations == 0)
          {
            context_.configuration    = saved;
            const std::string message = "increment " + std::to_string(count + 1) + " to time " +
                                        format(target) + " did not converge";
            const std::optional<double> smaller = cut_back.retry(increment);
            if (!smaller)
              throw core::InputError(step_.procedure_at,
                                     message +
                                       cut_back.refusal("increment", format(min_increment)) +
                                       ", so the analysis stops here (last converged time " +
                                       format(time) + ")");
            result_.log.push_back(message + "; cut back to " + format(*smaller));
            context_.progress << "  " << result_.log.back() << std::endl;
            increment = *smaller;
            continue;
          }
        if (++count > step_.max_increments)
          throw core::InputError(step_.defined_at, "more increments than INC=" +
                                                     std::to_string(step_.max_increments) +
                                                     " needed to complete the step (time " +
                                                     format(time) + ")");
        time = target;
        cut_back.converged();
        statics.newton_iterations.push_back(iterations);
        result_.log.push_back(
          "increment " + std::to_string(count) + ": time " + format(time) +
          (nonlinear_ ? ", " + std::to_string(iterations) + " iterations" : ""));
        if (nonlinear_ && iterations <= 5)
          increment = std::min(1.5 * increment, max_increment);
        const bool last = time >= period * (1.0 - 1e-12);
        record_increment(context_, step_, count, time, last, save,
                         [&] { recorder.record(time, count, reaction, last); });
      }

    base.close_general_step(step_number, nonlinear_);
    if (!nonlinear_)
      base.linear_dofs = linear_;
    else if (!context_.assembler.followers().empty())
      {
        // What the carried nodes' constraint forces balance at the end of the
        // step, for the stiffness of those forces in perturbation steps.
        Eigen::VectorXd external =
          external_force(context_, loading_, parameters_.period, parameters_.period, loading_.ramp);
        add_pressure_force(context_,
                           pressures_at(context_, loading_, parameters_.period, parameters_.period,
                                        loading_.ramp),
                           &context_.configuration, external, nullptr);
        dealii::TrilinosWrappers::MPI::Vector residual;
        Eigen::VectorXd                       internal;
        context_.assembler.assemble_residual(context_.configuration, true, external, residual,
                                             internal, nullptr);
        base.carried_residual = internal - external;
      }
    return result_;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** *STATIC [, DIRECT]: initial increment, period, min, max. */
    core::StaticParameters
    parse_static(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                 const core::Step &)
    {
      core::StaticParameters p;
      deck::require_at_most_lines(keyword, data, 1);
      if (data.empty())
        return p;
      const deck::DataLine &line = data.front();
      line.require_fields(0, 4, "STATIC");
      p.initial_increment = line.number_or(0, 1.0);
      p.period            = line.number_or(1, 1.0);
      p.min_increment     = line.number_or(2, 0.0);
      p.max_increment     = line.number_or(3, 0.0);
      if (!(p.initial_increment > 0.0) || !(p.period > 0.0) || p.min_increment < 0.0 ||
          p.max_increment < 0.0)
        throw core::InputError(line.location(), "*STATIC increments and period must be positive");
      return p;
    }

    /** A general step (StaticAnalysis records its base state; the runner commits its loads). */
    io::StepResult
    run_static(StepRun &run)
    {
      return StaticAnalysis(run.context, run.step, run.loading).run(run.number);
    }

    ProcedureTypeInfo
    static_type()
    {
      ProcedureTypeInfo type;
      type.takes_followers = true;
      type.keyword         = "STATIC";
      type.description = "static equilibrium: linear, or with NLGEOM Newton with line search and "
                         "cut-back per load increment";
      type.parameters  = {{"DIRECT", "accepted and ignored"},
                          {"RIKS", "arc-length continuation (*STATIC, RIKS)"},
                          {"SOLVER", "accepted and ignored (a sparse direct solver is used)"}};
      type.data_lines  = "initial increment, time period (1), minimum increment (1e-5 period), "
                         "maximum increment (period)";
      type.parameters_type = typeid(core::StaticParameters);
      type.parse           = parse_static;
      type.run             = run_static;
      type.general_period  = [](const core::Step &step) {
        return step.parameters.get<core::StaticParameters>().period;
      };
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(StaticAnalysis, corot::analysis::static_type())
