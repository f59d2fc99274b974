#include <src/analysis/arc_length_analysis.h>
#include <src/analysis/load_history.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/restart_points.h>
#include <src/analysis/rigid_motion_check.h>
#include <src/analysis/static_results.h>
#include <src/analysis/step_loading.h>
#include <src/analysis/zero_pivot_hold.h>
#include <src/deck/model_keyword_parser.h>
#include <src/solvers/cutback.h>
#include <src/solvers/newton_convergence.h>
#include <src/solvers/newton_solver.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>

namespace corot::analysis
{
  namespace
  {
    constexpr double desired_iterations = 5.0;

    std::string
    format(const double value)
    {
      std::ostringstream out;
      out << std::setprecision(6) << value;
      return out.str();
    }
  } // namespace

  ArcLengthAnalysis::ArcLengthAnalysis(AnalysisContext &context, const core::Step &step,
                                       const StepLoading &loading)
    : context_(context)
    , step_(step)
    , loading_(loading)
  {}

  Eigen::VectorXd
  ArcLengthAnalysis::external(const double load_factor) const
  {
    Eigen::VectorXd force = dead_load_ + load_factor * reference_load_;
    add_pressure_force(context_, pressures_at_load_factor(load_factor), &context_.configuration,
                       force, nullptr);
    return force;
  }

  Eigen::VectorXd
  ArcLengthAnalysis::reference_at_configuration() const
  {
    Eigen::VectorXd force = reference_load_;
    add_pressure_force(context_, pressure_change_, &context_.configuration, force, nullptr);
    return force;
  }

  std::vector<ElementPressure>
  ArcLengthAnalysis::pressures_at_load_factor(const double load_factor) const
  {
    // The face force is linear in the pressure: p_0 + λ Δp as two lists.
    std::vector<ElementPressure> pressures = pressure_start_;
    for (ElementPressure change : pressure_change_)
      {
        change.pressure *= load_factor;
        pressures.push_back(change);
      }
    return pressures;
  }

  void
  ArcLengthAnalysis::assemble_and_factorize(const double                            load_factor,
                                            dealii::TrilinosWrappers::SparseMatrix &tangent,
                                            dealii::TrilinosWrappers::MPI::Vector  &residual,
                                            Eigen::VectorXd                        &internal,
                                            solvers::DirectSolver                  &solver)
  {
    context_.assembler.assemble_residual(context_.configuration, true, external(load_factor),
                                         residual, internal, &tangent);
    const bool pressures = !pressure_start_.empty() || !pressure_change_.empty();
    if (pressures)
      // The load stiffness of the pressures that follow the faces, -dF/dx.
      {
        Eigen::VectorXd unused = Eigen::VectorXd::Zero(internal.size());
        add_pressure_force(context_, pressures_at_load_factor(load_factor), &context_.configuration,
                           unused, &tangent);
      }
    if (pressures || !context_.assembler.partial_rotations().empty() ||
        !context_.assembler.followers().empty())
      // q at this configuration, condensed with the constraints just linearised here.
      context_.assembler.condense(reference_at_configuration(), condensed_reference_);
    // DOFs without stiffness and without load (reference or dead) are held, as in *STATIC.
    ZeroPivotHold hold(context_.assembler, context_.dofs, load_reach_, step_.defined_at);
    for (const std::string &warning : hold.apply(tangent))
      if (std::find(result_.log.begin(), result_.log.end(), warning) == result_.log.end())
        {
          result_.log.push_back(warning);
          context_.progress << "    warning: " << warning << std::endl;
        }
    if (!free_motions_.empty())
      {
        refuse_free_motions(context_, free_motions_, tangent, load_reach_, step_.procedure_at);
        free_motions_.clear(); // checked once: the supports do not change within the step
      }
    solver.factorize(tangent);
  }

  Eigen::VectorXd
  ArcLengthAnalysis::solve(solvers::DirectSolver                       &solver,
                           const dealii::TrilinosWrappers::MPI::Vector &rhs) const
  {
    dealii::TrilinosWrappers::MPI::Vector solution;
    context_.assembler.reinit_vector(solution);
    solver.solve(solution, rhs);
    Eigen::VectorXd result = context_.assembler.to_replicated(solution);
    context_.assembler.distribute(result);
    return result;
  }

  std::optional<double>
  ArcLengthAnalysis::constraint_root(const Eigen::VectorXd &increment, const Eigen::VectorXd &base,
                                     const Eigen::VectorXd &load_solution, const double arc)
  {
    // |base + δλ δu_t|^2 = Δs^2 (Crisfield 1981; eq. 9.19 of the 1991 book).
    const double a1           = load_solution.squaredNorm();
    const double a2           = 2.0 * load_solution.dot(base);
    const double a3           = base.squaredNorm() - arc * arc;
    const double discriminant = a2 * a2 - 4.0 * a1 * a3;
    if (!(discriminant >= 0.0) || !(a1 > 0.0))
      return std::nullopt;
    // Roots without cancellation (Numerical Recipes, 3rd ed., eq. 5.6.4), then
    // the one whose new increment makes the smallest angle with the old one
    // (all candidates have length Δs, so the largest dot product).
    const double q        = -0.5 * (a2 + std::copysign(std::sqrt(discriminant), a2));
    const double roots[2] = {q / a1, q != 0.0 ? a3 / q : 0.0};
    double       best = -std::numeric_limits<double>::infinity(), choice = roots[0];
    for (const double root : roots)
      {
        const double cosine = increment.dot(base + root * load_solution);
        if (cosine > best)
          {
            best   = cosine;
            choice = root;
          }
      }
    return choice;
  }

  unsigned
  ArcLengthAnalysis::solve_increment(const double arc, const solvers::NewtonControls &controls,
                                     double &load_factor, Eigen::VectorXd &direction,
                                     Eigen::VectorXd &reaction)
  {
    assembly::Assembler &assembler = context_.assembler;
    // No round-off floor (set_stiffness_scale): a RIKS step always carries a reference load.
    solvers::NewtonConvergence             convergence(context_.dofs, length_scale_, controls);
    dealii::TrilinosWrappers::SparseMatrix tangent;
    dealii::TrilinosWrappers::MPI::Vector  residual;
    Eigen::VectorXd                        internal;
    solvers::DirectSolver                  solver;
    try
      {
        // Predictor along the tangent, in the direction of the previous increment.
        assemble_and_factorize(load_factor, tangent, residual, internal, solver);
        const Eigen::VectorXd tangent_solution = solve(solver, condensed_reference_);
        const double          sign =
          direction.size() == 0 || direction.dot(tangent_solution) >= 0.0 ? 1.0 : -1.0;
        double          delta_lambda = sign * arc / tangent_solution.norm();
        Eigen::VectorXd increment    = delta_lambda * tangent_solution;
        assembler.apply_increment(context_.configuration, increment);
        load_factor += delta_lambda;

        // Corrector: Newton on the equilibrium and the arc-length constraint
        // (a singular tangent throws, and the increment is cut back below).
        Eigen::VectorXd force;
        const auto      iterate = [&](const unsigned iteration, solvers::NewtonConvergence &test) {
          solvers::NewtonIterate result;
          assemble_and_factorize(load_factor, tangent, residual, internal, solver);
          const Eigen::VectorXd residual_solution = solve(solver, residual);
          const Eigen::VectorXd load_solution     = solve(solver, condensed_reference_);

          const std::optional<double> root =
            constraint_root(increment, increment + residual_solution, load_solution, arc);
          if (!root)
            {
              result.failure = "the arc-length constraint has no real root";
              context_.progress << "    iteration " << iteration << ": " << result.failure
                                << std::endl;
              return result;
            }
          const double          delta      = *root;
          const Eigen::VectorXd correction = residual_solution + delta * load_solution;
          assembler.apply_increment(context_.configuration, correction);
          increment += correction;
          load_factor += delta;
          delta_lambda += delta;

          force = external(load_factor);
          assembler.assemble_residual(context_.configuration, true, force, residual, internal,
                                           nullptr);
          result.residual = test.norms(assembler.to_replicated(residual));
          result.force_level =
            solvers::NewtonConvergence::FieldNorms::max(test.norms(force), test.norms(internal));
          result.correction = test.norms(correction);
          result.increment  = test.norms(increment);
          return result;
        };
        const auto report = [&](const unsigned iteration, const double residual_ratio,
                                const double correction_ratio) {
          context_.progress << "    iteration " << iteration << ": LPF " << format(load_factor)
                            << ", residual " << residual_ratio << ", correction "
                            << correction_ratio << std::endl;
        };
        const solvers::NewtonResult result =
          solvers::NewtonSolver(controls, convergence).solve(iterate, report);
        if (result.converged)
          {
            reaction  = assembler.reactions(internal, force);
            direction = increment;
            return result.iterations;
          }
      }
    catch (const std::runtime_error &error)
      {
        // A singular tangent (e.g. exactly at a bifurcation point): cut back.
        context_.progress << "    " << error.what() << std::endl;
      }
    return 0;
  }

  io::StepResult
  ArcLengthAnalysis::run(const unsigned step_number)
  {
    result_.number                      = step_number;
    StaticResults              &statics = result_.emplace_results<StaticResults>();
    const core::RiksParameters &p       = step_.parameters.get<core::RiksParameters>();

    for (unsigned e = 0; e < context_.elements.size(); ++e)
      if (!context_.elements[e]->supports_large_rotations())
        {
          const core::ElementRecord &record = context_.model.elements[e];
          throw core::InputError(step_.procedure_at,
                                 "*STATIC, RIKS needs co-rotational elements, but element " +
                                   std::to_string(record.id) + " (" + record.type + ", " +
                                   record.defined_at.str() + ") is small-displacement only");
        }

    PrescribedMotion prescribed(context_, loading_, result_.log);
    context_.assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);
    free_motions_     = free_rigid_motions(context_, prescribed.constrained_dofs());
    const auto start  = prescribed.values(0.0, 1.0, true);
    const auto target = prescribed.values(1.0, 1.0, true);
    for (std::size_t i = 0; i < start.size(); ++i)
      if (start[i].value != target[i].value)
        throw core::InputError(step_.procedure_at,
                               "*STATIC, RIKS scales loads only: the prescribed value of " +
                                 context_.dofs.describe(start[i].dof) +
                                 " changes during the step; prescribe it in an earlier step or "
                                 "drive the structure by a *CLOAD");
    context_.assembler.impose_prescribed_values(context_.configuration, target);

    // Reference load q: the step's own loads; f_0: what is carried over.
    for (const core::ConcentratedLoad &load : step_.loads)
      if (!load.amplitude.empty())
        throw core::InputError(load.defined_at,
                               "*STATIC, RIKS scales its loads by the load "
                               "proportionality factor; AMPLITUDE= does not apply");
    for (const core::GravityLoad &load : step_.gravity)
      if (!load.amplitude.empty())
        throw core::InputError(load.defined_at,
                               "*STATIC, RIKS scales its loads by the load "
                               "proportionality factor; AMPLITUDE= does not apply");
    // Abaqus: P = P_0 + λ (P_ref - P_0), with P_0 the loads in force at the
    // start of the step (those without amplitude: StepLoading::ramp_start;
    // carried ones with an amplitude at its value at the end of the step) and
    // P_ref the loads the step ends with. A load the step redefines thus goes
    // from its previous value, not from zero; one it leaves alone stays dead.
    StepLoading carried_with_amplitude;
    for (const core::ConcentratedLoad &load : loading_.loads)
      if (!load.amplitude.empty())
        carried_with_amplitude.loads.push_back(load);
    for (const core::GravityLoad &load : loading_.gravity)
      if (!load.amplitude.empty())
        carried_with_amplitude.gravity.push_back(load);
    dead_load_ = external_force(context_, carried_with_amplitude, 1.0, 1.0, true);
    if (loading_.ramp_start.size() > 0)
      dead_load_ += loading_.ramp_start;
    reference_load_ = external_force(context_, loading_, 1.0, 1.0, true) - dead_load_;
    // Pressures on shell faces: p = p_0 + λ (p_ref - p_0) on each face (as
    // the other loads), following the faces; the face force is linear in p.
    for (const core::PressureLoad &load : loading_.pressures)
      if (!load.amplitude.empty())
        throw core::InputError(load.defined_at,
                               "*STATIC, RIKS scales its loads by the load "
                               "proportionality factor; AMPLITUDE= does not apply");
    pressure_start_  = pressures_at(context_, loading_, 0.0, 1.0, true);
    pressure_change_ = pressures_at(context_, loading_, 1.0, 1.0, true);
    for (ElementPressure start : pressure_start_)
      {
        start.pressure = -start.pressure;
        pressure_change_.push_back(start);
      }
    // What the loads reach (for the zero-pivot hold and the free-motion check).
    load_reach_ = dead_load_.cwiseAbs() + reference_load_.cwiseAbs();
    for (const auto *pressures : {&pressure_start_, &pressure_change_})
      {
        Eigen::VectorXd face_forces = Eigen::VectorXd::Zero(load_reach_.size());
        add_pressure_force(context_, *pressures, &context_.configuration, face_forces, nullptr);
        load_reach_ += face_forces.cwiseAbs();
      }
    if (reference_load_.norm() == 0.0 && pressure_change_.empty())
      throw core::InputError(
        step_.procedure_at, "*STATIC, RIKS needs a reference load: a *CLOAD or *DLOAD in its step");

    unsigned limit_dof = core::DofMap::invalid;
    if (p.limit_node != 0)
      {
        const auto node = context_.model.node_index.find(p.limit_node);
        if (node == context_.model.node_index.end())
          throw core::InputError(p.data_at, "*STATIC, RIKS: node " + std::to_string(p.limit_node) +
                                              " of the displacement limit does not exist");
        limit_dof = context_.dofs.index(node->second, static_cast<core::DofKind>(p.limit_dof - 1));
        if (limit_dof == core::DofMap::invalid)
          throw core::InputError(p.data_at, "*STATIC, RIKS: node " + std::to_string(p.limit_node) +
                                              " does not carry DOF " + std::to_string(p.limit_dof));
      }

    for (const auto &node : context_.model.nodes)
      length_scale_ = std::max(length_scale_, node.position.norm());

    // q condensed like a residual: r(f_0 + q) - r(f_0) at any configuration
    // (with pressures, assemble_and_factorize() condenses q(x) afresh).
    {
      dealii::TrilinosWrappers::MPI::Vector with_load;
      Eigen::VectorXd                       internal;
      context_.assembler.assemble_residual(context_.configuration, true,
                                           dead_load_ + reference_load_, with_load, internal,
                                           nullptr);
      context_.assembler.assemble_residual(context_.configuration, true, dead_load_,
                                           condensed_reference_, internal, nullptr);
      condensed_reference_.sadd(-1.0, 1.0, with_load);
    }

    // Arc-length units: an arc length of 1 in the deck is |δu_t| at the start of the step.
    double scale;
    {
      dealii::TrilinosWrappers::SparseMatrix tangent;
      dealii::TrilinosWrappers::MPI::Vector  residual;
      Eigen::VectorXd                        internal;
      solvers::DirectSolver                  solver;
      try
        {
          assemble_and_factorize(0.0, tangent, residual, internal, solver);
        }
      catch (const std::runtime_error &error)
        {
          throw core::InputError(step_.procedure_at,
                                 std::string("*STATIC, RIKS: the tangent stiffness at the start "
                                             "of the step is singular (") +
                                   error.what() + ")");
        }
      scale = solve(solver, condensed_reference_).norm();
    }

    const double max_arc = p.max_increment > 0 ? p.max_increment : p.period;
    const double min_arc =
      std::min(p.min_increment > 0 ? p.min_increment : 1e-5 * p.period, max_arc);
    double                        arc      = std::min(p.initial_increment, max_arc);
    const solvers::NewtonControls controls = step_.controls.applied_to(solvers::NewtonControls());
    solvers::CutBack              cut_back(controls, min_arc);

    OutputRecorder  recorder(context_, step_, result_);
    Eigen::VectorXd reaction = Eigen::VectorXd::Zero(context_.dofs.n_dofs());
    Eigen::VectorXd direction;
    double          load_factor = 0.0, arc_total = 0.0;
    unsigned        count = 0;
    std::string     stop;
    // What a restart point holds of the step besides the configuration.
    const auto save = [&](io::RestartRecord &record) {
      record.set("riks.path", std::vector<double>{load_factor, arc_total, arc});
      record.set("riks.direction", direction);
      record.set("riks.reaction", reaction);
    };
    if (const RestartPoints::Resume *resume =
          RestartPoints::going_on(context_, step_number, result_.log))
      {
        // Go on from the restart point: the prologue above ran on the step's
        // start configuration, as in the run that wrote the point.
        const io::RestartRecord &saved = resume->record;
        context_.configuration =
          RestartPoints::load(saved, "configuration", context_.model.nodes.size());
        const Eigen::VectorXd path = saved.vector("riks.path", 3);
        load_factor                = path[0];
        arc_total                  = path[1];
        arc                        = path[2];
        direction                  = saved.vector("riks.direction", context_.dofs.n_dofs());
        reaction                   = saved.vector("riks.reaction", context_.dofs.n_dofs());
        count                      = resume->position.increment;
      }
    while (stop.empty())
      {
        arc                                       = std::min(arc, p.period - arc_total);
        const core::Configuration saved           = context_.configuration;
        double                    trial_factor    = load_factor;
        Eigen::VectorXd           trial_direction = direction;
        context_.progress << "  step " << step_number << " increment " << count + 1
                          << ": arc length " << arc_total + arc << " of " << p.period << std::endl;
        const unsigned iterations =
          solve_increment(arc * scale, controls, trial_factor, trial_direction, reaction);
        if (iterations == 0)
          {
            context_.configuration    = saved;
            const std::string message = "increment " + std::to_string(count + 1) + " (arc length " +
                                        format(arc) + ") did not converge";
            const std::optional<double> smaller = cut_back.retry(arc);
            if (!smaller)
              throw core::InputError(step_.procedure_at,
                                     message + cut_back.refusal("arc length", format(min_arc)) +
                                       ", so the analysis stops here (last converged LPF " +
                                       format(load_factor) + ")");
            arc = *smaller;
            result_.log.push_back(message + "; cut back to " + format(arc));
            context_.progress << "  " << result_.log.back() << std::endl;
            continue;
          }
        ++count;
        cut_back.converged();
        arc_total += arc;
        load_factor = trial_factor;
        direction   = trial_direction;
        statics.newton_iterations.push_back(iterations);
        statics.arc_length.push_back(arc_total);
        statics.load_factor.push_back(load_factor);
        result_.log.push_back("increment " + std::to_string(count) + ": arc length " +
                              format(arc_total) + ", LPF " + format(load_factor) + ", " +
                              std::to_string(iterations) + " iterations");

        if (arc_total >= p.period * (1.0 - 1e-12))
          stop = "the total arc length " + format(p.period) + " is reached";
        else if (p.max_load_factor && load_factor >= *p.max_load_factor)
          stop = "the LPF reached the maximum " + format(*p.max_load_factor);
        else if (limit_dof != core::DofMap::invalid &&
                 std::copysign(1.0, p.limit_displacement) *
                     context_.configuration.dof_values(context_.dofs)[limit_dof] >=
                   std::abs(p.limit_displacement))
          stop = "node " + std::to_string(p.limit_node) + " DOF " + std::to_string(p.limit_dof) +
                 " reached the displacement limit " + format(p.limit_displacement);
        else if (count >= step_.max_increments)
          stop = "INC=" + std::to_string(step_.max_increments) + " increments are done";
        const double factor = std::sqrt(desired_iterations / iterations);
        arc                 = std::clamp(std::min(factor, 2.0) * arc, min_arc, max_arc);
        record_increment(context_, step_, count, arc_total, !stop.empty(), save,
                         [&] { recorder.record(arc_total, count, reaction, !stop.empty()); });
      }
    result_.log.push_back("the step ends: " + stop);
    context_.progress << "  " << result_.log.back() << std::endl;
    return result_;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /**
     * *STATIC, RIKS (needs NLGEOM): initial arc-length increment, total arc
     * length, min, max increment, maximum load proportionality factor, node,
     * DOF, displacement limit (Abaqus). Every field is checked here and an
     * error names the data line.
     */
    core::RiksParameters
    parse_riks(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
               const core::Step &step)
    {
      if (!step.nlgeom)
        throw core::InputError(keyword.location(),
                               "*STATIC, RIKS traces a non-linear path: the *STEP needs NLGEOM");
      deck::require_one_line(keyword, data);
      const deck::DataLine &line = data.front();
      line.require_fields(1, 8, "STATIC, RIKS");
      core::RiksParameters p;
      p.data_at           = line.location();
      p.initial_increment = line.number(0);
      p.period            = line.number_or(1, 1.0);
      p.min_increment     = line.number_or(2, 0.0);
      p.max_increment     = line.number_or(3, 0.0);
      if (!(p.initial_increment > 0.0) || !(p.period > 0.0) || p.min_increment < 0.0 ||
          p.max_increment < 0.0)
        throw core::InputError(line.location(), "*STATIC, RIKS: the arc-length increments and the "
                                                "total arc length must be positive");
      if (p.max_increment > 0.0 && p.min_increment > p.max_increment)
        throw core::InputError(line.location(), "*STATIC, RIKS: the minimum arc-length increment "
                                                "exceeds the maximum");
      if (!line.is_empty(4))
        {
          p.max_load_factor = line.number(4);
          if (!(*p.max_load_factor > 0.0))
            throw core::InputError(line.location(),
                                   "*STATIC, RIKS: the maximum load proportionality factor "
                                   "(field 5) must be positive");
        }
      const bool has_node = !line.is_empty(5), has_dof = !line.is_empty(6),
                 has_value = !line.is_empty(7);
      if (has_node || has_dof || has_value)
        {
          if (!(has_node && has_dof && has_value))
            throw core::InputError(line.location(),
                                   "*STATIC, RIKS: a displacement limit needs a node (field 6), a "
                                   "DOF (field 7) and a value (field 8)");
          p.limit_node         = line.positive_integer(5);
          p.limit_dof          = line.positive_integer(6);
          p.limit_displacement = line.number(7);
          if (p.limit_dof > 6)
            throw core::InputError(line.location(), "*STATIC, RIKS: DOF " +
                                                      std::to_string(p.limit_dof) +
                                                      " of the displacement limit is not 1-6");
          if (p.limit_displacement == 0.0)
            throw core::InputError(line.location(),
                                   "*STATIC, RIKS: the displacement limit must not be zero");
        }
      return p;
    }

    /** A general step that leaves a geometrically non-linear base state. */
    io::StepResult
    run_riks(StepRun &run)
    {
      io::StepResult result = ArcLengthAnalysis(run.context, run.step, run.loading).run(run.number);
      run.context.base.close_general_step(run.number, true);
      return result;
    }

    ProcedureTypeInfo
    riks_type()
    {
      ProcedureTypeInfo type;
      type.takes_followers = true;
      type.keyword         = "STATIC";
      type.variant         = "RIKS";
      type.description     = "arc-length continuation (Crisfield's cylindrical arc length) through "
                             "limit points; needs NLGEOM";
      type.parameters      = {{"DIRECT", "accepted and ignored"},
                              {"RIKS", "selects the arc-length procedure"},
                              {"SOLVER", "accepted and ignored (a sparse direct solver is used)"}};
      type.data_lines = "initial arc length, total arc length (1), minimum, maximum arc length, "
                        "maximum load proportionality factor, node, DOF, displacement limit "
                        "(an arc length of 1 is the linear displacement under the step's loads)";
      type.parameters_type = typeid(core::RiksParameters);
      type.parse           = parse_riks;
      type.run             = run_riks;
      type.general_period  = [](const core::Step &step) {
        return step.parameters.get<core::RiksParameters>().period;
      };
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(ArcLengthAnalysis, corot::analysis::riks_type())
