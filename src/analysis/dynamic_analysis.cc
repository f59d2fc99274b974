#include <integrators/integrator_setup.h>
#include <integrators/registry.h>
#include <integrators/step_size_controller.h>
#include <src/analysis/assembled_dynamic_system.h>
#include <src/analysis/dynamic_analysis.h>
#include <src/analysis/dynamic_results.h>
#include <src/analysis/load_history.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/restart_points.h>
#include <src/analysis/step_loading.h>
#include <src/deck/model_keyword_parser.h>
#include <src/solvers/cutback.h>

#include <algorithm>
#include <cmath>
#include <functional>
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
      out << std::setprecision(6) << value;
      return out.str();
    }

    /**
     * |e| / (tolerance x scale) over the free DOFs, scale = max(|Delta d|,
     * dt |v_n|, dt |v_n+1|), the displacement of the increment (a floor of
     * 1e-8 @p length keeps a structure at rest from dividing by zero).
     */
    double
    error_ratio(const Eigen::VectorXd &error, const Eigen::VectorXd &increment,
                const integrators::State &before, const integrators::State &after, const double dt,
                const std::vector<bool> &is_free, const double tolerance, const double length)
    {
      double error_norm = 0.0, increment_norm = 0.0, before_norm = 0.0, after_norm = 0.0;
      for (unsigned i = 0; i < error.size(); ++i)
        if (is_free[i])
          {
            error_norm += error[i] * error[i];
            increment_norm += increment[i] * increment[i];
            before_norm += before.velocity[i] * before.velocity[i];
            after_norm += after.velocity[i] * after.velocity[i];
          }
      const double scale = std::max({std::sqrt(increment_norm), dt * std::sqrt(before_norm),
                                     dt * std::sqrt(after_norm), 1e-8 * length});
      return std::sqrt(error_norm) / (tolerance * scale);
    }

    /**
     * The mass the step uses, as a line for the .dat: lumped, and the
     * consistent mass of each beam section with LUMPED=NO. Refuses, at the
     * line of the first such section, what the co-rotational consistent mass
     * of a non-linear step cannot run with yet: elements without one (B31), a
     * scheme that does not apply it, ties.
     */
    std::string
    mass_choice(const AnalysisContext &context, const core::Step &step,
                const integrators::Integrator &integrator, const std::string &name)
    {
      std::vector<const core::Section *> consistent;
      for (const core::Section &section : context.model.sections)
        if (section.kind == core::SectionKind::beam && !section.properties.beam().lumped)
          consistent.push_back(&section);
      if (consistent.empty())
        return "mass: lumped (Abaqus' default in *DYNAMIC; LUMPED=NO on a beam section gives "
               "its consistent mass)";
      std::string line = "mass: consistent on";
      for (const core::Section *section : consistent)
        line += " ELSET=" + section->elset + " (LUMPED=NO, " + section->defined_at.str() + ")";
      line += step.nlgeom ? ", the co-rotational consistent mass that turns with the nodes" :
                            ", the consistent mass of *FREQUENCY";
      line += "; lumped on the other elements";
      if (!step.nlgeom)
        return line;
      const auto refuse = [&](const std::string &why) {
        throw core::InputError(consistent.front()->defined_at,
                               "LUMPED=NO " + why + " (step at " + step.defined_at.str() + ")");
      };
      Eigen::MatrixXd unused;
      for (const auto &element : context.elements)
        try
          {
            element->dynamic_mass(true, unused);
          }
        catch (const std::runtime_error &error)
          {
            refuse(std::string("cannot be applied: ") + error.what());
          }
      if (!context.assembler.has_configuration_dependent_mass())
        return line;
      if (!integrator.applies_configuration_dependent_mass())
        refuse("(the co-rotational consistent B21 mass under NLGEOM) is applied by "
               "INTEGRATOR=MIDPOINT only, not by INTEGRATOR=" +
               name + " yet: use MIDPOINT, or LUMPED=YES");
      if (!context.assembler.followers().empty())
        refuse("(the co-rotational consistent B21 mass under NLGEOM) with *MPC, *RIGID BODY or "
               "connectors is not built yet: give LUMPED=YES");
      return line;
    }
  } // namespace

  DynamicAnalysis::DynamicAnalysis(AnalysisContext &context, const core::Step &step,
                                   const StepLoading &loading)
    : context_(context)
    , step_(step)
    , loading_(loading)
  {}

  io::StepResult
  DynamicAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number            = step_number;
    DynamicResults &dynamics = result.emplace_results<DynamicResults>();

    const core::DynamicParameters &p = step_.parameters.get<core::DynamicParameters>();
    if (!(p.time_increment > 0.0) || !(p.period > 0.0))
      throw core::InputError(step_.procedure_at,
                             "*DYNAMIC needs a positive time increment and time period");
    if (!p.integrator)
      throw std::logic_error("a *DYNAMIC step without an integrator setup");
    const std::unique_ptr<integrators::Integrator> integrator = p.integrator->create();
    if (const std::string why = integrator->automatic_incrementation_limitation();
        !p.direct && !why.empty())
      throw core::InputError(step_.procedure_at, why);
    PrescribedMotion prescribed(context_, loading_, result.log, true);
    context_.assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);
    // *CONTROLS over the defaults (DIRECT: halving, at most 4 times).
    const solvers::NewtonControls controls =
      step_.controls.applied_to(p.direct ? solvers::NewtonControls::for_fixed_time_increments() :
                                           solvers::NewtonControls::for_dynamics());
    result.log.push_back(mass_choice(context_, step_, *integrator, p.integrator->name()));
    context_.progress << "  " << result.log.back() << std::endl;
    AssembledDynamicSystem system(context_, loading_, p.period, &prescribed, step_.nlgeom,
                                  controls);
    if (const std::string why = integrator->limitation(system); !why.empty())
      throw core::InputError(step_.procedure_at, why);

    const core::DofMap &dofs = context_.dofs;
    integrators::State  state;
    state.displacement = context_.configuration.dof_values(dofs);
    state.velocity     = Eigen::VectorXd::Zero(dofs.n_dofs());
    for (unsigned node = 0; node < dofs.n_nodes(); ++node)
      for (unsigned k = 0; k < core::n_dof_kinds; ++k)
        {
          const unsigned dof = dofs.index(node, static_cast<core::DofKind>(k));
          if (dof != core::DofMap::invalid)
            state.velocity[dof] = k < 3 ? context_.configuration.velocities[node][k] :
                                          context_.configuration.angular_velocities[node][k - 3];
        }
    // Constrained DOFs move as prescribed (a jump of a displacement without
    // amplitude happens at once, as Abaqus' AMPLITUDE=STEP), at the
    // prescribed rate; a partly prescribed rotation keeps the held components
    // of its rotation vector (T(psi)^{-1} w has no component there).
    context_.assembler.linearise_rotation_constraints(context_.configuration);
    const Eigen::VectorXd given_velocity = state.velocity;
    context_.assembler.distribute(state.velocity);
    // A carried node moves with its leader (Abaqus: a rigid body's velocity
    // is its reference node's); say so where the deck gave it another one.
    for (const auto &f : context_.assembler.followers().followers())
      for (const unsigned dof : f.follower_dofs)
        if (dof != core::DofMap::invalid && context_.assembler.followers().is_follower_dof(dof) &&
            given_velocity[dof] != 0.0 &&
            std::abs(given_velocity[dof] - state.velocity[dof]) >
              1e-9 * std::abs(given_velocity[dof]))
          {
            result.log.push_back(
              "*INITIAL CONDITIONS: " + dofs.describe(dof) + " moves with its leader, at " +
              format(state.velocity[dof]) + ", not at the " + format(given_velocity[dof]) +
              " given: the node is carried by " + f.origin + " (" + f.defined_at.str() + ")");
            context_.progress << "  " << result.log.back() << std::endl;
            break;
          }
    if (system.has_prescribed_motion())
      {
        system.impose_prescribed_motion(0.0, 0.0, state.displacement, state.displacement);
        context_.assembler.impose_prescribed_values(state.velocity,
                                                    prescribed.dynamic_rates(0.0, p.period));
      }
    try
      {
        integrator->initialize(system, state);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }

    OutputRecorder            recorder(context_, step_, result);
    const std::vector<double> output_times  = recorder.output_times(p.period);
    double                    external_work = 0.0, viscous_dissipation = 0.0;
    std::optional<double>     initial_energy; // the total at the start of the step

    // What a restart point holds of the step besides the configuration: the
    // integrator's state, the energy sums and the incrementation's state.
    unsigned    n = 0, rejected = 0, cut_backs = 0;
    double      previous_dt = 0.0, smallest = p.period, largest = 0.0;
    std::size_t next_target = 0;
    double      next_report = p.period / 20.0;
    std::optional<integrators::StepSizeController> controller;
    std::optional<double> resumed_proposal; // the increment proposed at the restart point
    const auto            save = [&](io::RestartRecord &record) {
      record.set("dynamic.time", state.time);
      record.set("dynamic.displacement", state.displacement);
      record.set("dynamic.velocity", state.velocity);
      record.set("dynamic.acceleration", state.acceleration);
      record.set("dynamic.reaction", state.reaction);
      record.set("dynamic.energy",
                            std::vector<double>{external_work, viscous_dissipation, *initial_energy});
      record.set("dynamic.incrementation",
                            std::vector<double>{static_cast<double>(rejected), static_cast<double>(cut_backs),
                                     previous_dt, smallest, largest,
                                     static_cast<double>(next_target), next_report,
                                     controller ? controller->proposed() : 0.0});
    };
    const RestartPoints::Resume *resume =
      RestartPoints::going_on(context_, step_number, result.log);

    auto record = [&](const unsigned increment, const bool last, const bool resumed = false) {
      core::Configuration configuration = system.configuration(state.displacement);
      for (unsigned node = 0; node < dofs.n_nodes(); ++node)
        for (unsigned k = 0; k < core::n_dof_kinds; ++k)
          {
            const unsigned dof = dofs.index(node, static_cast<core::DofKind>(k));
            if (dof != core::DofMap::invalid)
              (k < 3 ? configuration.velocities[node][k] :
                       configuration.angular_velocities[node][k - 3]) = state.velocity[dof];
          }
      context_.configuration = configuration;
      if (resumed || recorder.energy_due(state.time, increment, last))
        {
          const double          kinetic = system.kinetic_energy(state.displacement, state.velocity);
          const Eigen::Vector3d momentum =
            system.angular_momentum(state.displacement, state.velocity);
          for (unsigned k = 0; k < 3; ++k)
            dynamics.energy.angular_momentum[k].push_back(momentum[k]);
          const double strain = system.strain_energy(state.displacement);
          dynamics.energy.time.push_back(state.time);
          dynamics.energy.kinetic.push_back(kinetic);
          dynamics.energy.strain.push_back(strain);
          dynamics.energy.external_work.push_back(external_work);
          dynamics.energy.viscous_dissipation.push_back(viscous_dissipation);
          const double total = kinetic + strain + viscous_dissipation - external_work;
          if (!initial_energy)
            initial_energy = total;
          dynamics.energy.total.push_back(total);
          dynamics.energy.numerical_dissipation.push_back(*initial_energy - total);
        }
      const auto write = [&] {
        recorder.record(state.time, increment, state.reaction, last); // empty: none computed
      };
      if (increment > 0 && !resumed)
        record_increment(context_, step_, increment, state.time, last, save, write);
      else
        write();
    };
    const auto numbers = [](const std::vector<double> &values) {
      return Eigen::Map<const Eigen::VectorXd>(values.data(), values.size());
    };
    if (resume != nullptr)
      {
        // Go on from the restart point: the prologue above ran on the step's
        // start configuration, as in the run that wrote the point.
        const io::RestartRecord &saved = resume->record;
        n                              = resume->position.increment;
        state.time                     = saved.number("dynamic.time");
        state.displacement             = saved.vector("dynamic.displacement", dofs.n_dofs());
        state.velocity                 = saved.vector("dynamic.velocity", dofs.n_dofs());
        state.acceleration             = numbers(saved.numbers("dynamic.acceleration"));
        state.reaction                 = numbers(saved.numbers("dynamic.reaction"));
        const Eigen::VectorXd energy   = saved.vector("dynamic.energy", 3);
        external_work                  = energy[0];
        viscous_dissipation            = energy[1];
        initial_energy                 = energy[2];
        const Eigen::VectorXd counters = saved.vector("dynamic.incrementation", 8);
        rejected                       = static_cast<unsigned>(counters[0]);
        cut_backs                      = static_cast<unsigned>(counters[1]);
        previous_dt                    = counters[2];
        smallest                       = counters[3];
        largest                        = counters[4];
        next_target                    = static_cast<std::size_t>(counters[5]);
        next_report                    = counters[6];
        if (!p.direct)
          resumed_proposal = counters[7];
        record(n, false, true);
      }
    else
      record(0, false);

    const double initial_total = *initial_energy;
    auto         report        = [&](const std::string &where, const unsigned iterations) {
      const double total = dynamics.energy.total.back();
      // The level energies are measured against: the initial total, or
      // the largest kinetic + strain energy so far when that is zero.
      double energy_scale = std::abs(initial_total);
      for (unsigned i = 0; i < dynamics.energy.kinetic.size(); ++i)
        energy_scale =
          std::max(energy_scale, dynamics.energy.kinetic[i] + dynamics.energy.strain[i]);
      energy_scale = std::max(energy_scale, 1e-300);
      std::ostringstream line;
      line << "  step " << step_number << " increment " << where << ": t = " << std::setprecision(6)
           << state.time << ", " << iterations << " Newton iterations, energy "
           << std::setprecision(10) << total << " (change " << std::setprecision(3)
           << (total - initial_total) / energy_scale << " of the energy level)";
      context_.progress << line.str() << std::endl;
    };
    auto log = [&](const std::string &line) {
      result.log.push_back(line);
      context_.progress << "  " << line << std::endl;
    };

    if (p.direct)
      {
        // Fixed increments end on the time points only if these lie on the grid.
        for (const double time : output_times)
          if (std::abs(time / p.time_increment - std::round(time / p.time_increment)) > 1e-9)
            throw core::InputError(step_.procedure_at,
                                   "a TIME POINTS= time (" + format(time) +
                                     ") is not a multiple of the DIRECT time increment " +
                                     format(p.time_increment) +
                                     ": no increment would end on it (drop DIRECT for "
                                     "automatic increments, which do)");
        const unsigned n_steps = static_cast<unsigned>(std::llround(p.period / p.time_increment));
        const unsigned report_every = std::max(1u, n_steps / 20);
        for (++n; n <= n_steps; ++n)
          {
            double   remaining  = p.time_increment;
            unsigned iterations = 0;
            while (remaining > 1e-12 * p.time_increment)
              {
                double           dt = remaining;
                solvers::CutBack cut_back(controls, 0.0);
                for (;;)
                  {
                    try
                      {
                        integrator->advance(system, state, dt);
                        break;
                      }
                    catch (const std::runtime_error &error)
                      {
                        const std::optional<double> smaller = cut_back.retry(dt);
                        if (!smaller)
                          throw core::InputError(step_.procedure_at,
                                                 "time step at t = " + std::to_string(state.time) +
                                                   " did not converge even at " +
                                                   std::to_string(dt) +
                                                   cut_back.refusal("time step",
                                                                    std::to_string(dt)) +
                                                   ": " + error.what());
                        dt = *smaller;
                        log("t = " + std::to_string(state.time) + ": " + error.what() +
                            "; the step is cut back to " + std::to_string(dt));
                      }
                  }
                external_work += integrator->external_work_increment();
                viscous_dissipation += integrator->dissipated_energy_increment();
                iterations += state.iterations;
                remaining -= dt;
              }
            dynamics.newton_iterations.push_back(iterations);
            dynamics.time_increments.push_back(p.time_increment);
            record(n, n == n_steps);
            if (n % report_every == 0 || n == n_steps)
              report(std::to_string(n) + "/" + std::to_string(n_steps), iterations);
          }
        return result;
      }

    // Automatic incrementation.
    const double minimum =
      p.min_increment > 0.0 ? p.min_increment : std::min(p.time_increment, 1e-5 * p.period);
    const double maximum = p.max_increment > 0.0 ? p.max_increment : p.period;
    // A resumed step goes on with the increment proposed at its restart point.
    controller.emplace(resumed_proposal.value_or(p.time_increment), minimum, maximum, controls);
    std::vector<double> targets = output_times;
    if (targets.empty() || targets.back() < p.period)
      targets.push_back(p.period);

    std::vector<bool> is_free(dofs.n_dofs(), true);
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      is_free[line.index] = false;
    double length = 0.0;
    for (const auto &node : context_.model.nodes)
      length = std::max(length, node.position.norm());
    length = std::max(length, 1e-300);

    while (next_target < targets.size())
      {
        const double target = targets[next_target];
        double       dt     = controller->proposed();
        // End on the target; stretch by up to 10 % rather than leave a sliver.
        const bool hits = state.time + 1.1 * dt >= target && target - state.time <= maximum;
        if (hits)
          dt = target - state.time;
        const integrators::State before = state;
        try
          {
            integrator->advance(system, state, dt);
          }
        catch (const std::runtime_error &error)
          {
            state = before;
            ++cut_backs;
            if (!controller->cut_back(dt))
              throw core::InputError(step_.procedure_at,
                                     "time increment at t = " + format(state.time) +
                                       " did not converge even at the minimum increment " +
                                       format(minimum) + ": " + error.what());
            log("t = " + format(state.time) + ": " + error.what() +
                "; the increment is cut back to " + format(controller->proposed()));
            continue;
          }
        const Eigen::VectorXd error = integrator->local_error(before, state, dt, previous_dt);
        const double          ratio =
          error.size() == 0 ?
                     -1.0 :
                     error_ratio(error, system.increment_between(before.displacement, state.displacement),
                                 before, state, dt, is_free, p.tolerance, length);
        const auto verdict = controller->judge(dt, ratio);
        if (verdict != integrators::StepSizeController::Verdict::accepted)
          {
            state = before;
            ++rejected;
            if (verdict == integrators::StepSizeController::Verdict::below_minimum)
              throw core::InputError(step_.procedure_at,
                                     "the local error at t = " + format(state.time) + " is " +
                                       format(ratio) + " times TOLERANCE=" + format(p.tolerance) +
                                       " even at the minimum increment " + format(minimum) +
                                       " (*DYNAMIC data line, field 3)");
            continue;
          }
        if (hits)
          {
            state.time = target; // exactly, for TIME POINTS= output
            ++next_target;
          }
        if (++n > step_.max_increments)
          throw core::InputError(step_.defined_at,
                                 "the step needs more than INC=" +
                                   std::to_string(step_.max_increments) + " increments (at t = " +
                                   format(state.time) + " of " + format(p.period) +
                                   "): raise INC= on the *STEP line or the *DYNAMIC increments");
        external_work += integrator->external_work_increment();
        viscous_dissipation += integrator->dissipated_energy_increment();
        dynamics.newton_iterations.push_back(state.iterations);
        dynamics.time_increments.push_back(dt);
        smallest        = std::min(smallest, dt);
        largest         = std::max(largest, dt);
        previous_dt     = dt;
        const bool last = next_target == targets.size();
        record(n, last);
        if (state.time >= next_report * (1.0 - 1e-12) || last)
          {
            report(std::to_string(n) + " (dt " + format(dt) + ")", state.iterations);
            while (next_report <= state.time * (1.0 + 1e-12))
              next_report += p.period / 20.0;
          }
      }
    log("automatic incrementation: " + std::to_string(n) + " increments accepted (" +
        format(smallest) + " to " + format(largest) + "), " + std::to_string(rejected) +
        " rejected by the error estimate (TOLERANCE=" + format(p.tolerance) + "), " +
        std::to_string(cut_backs) + " cut back after Newton failed");
    return result;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** The *DYNAMIC keyword line as an integrator plugin reads it: errors name its file:line. */
    class IntegratorParameters : public integrators::ParameterReader
    {
    public:
      explicit IntegratorParameters(const deck::KeywordLine &keyword)
        : keyword_(keyword)
      {}

      bool
      has(const std::string &parameter) const override
      {
        return keyword_.has(parameter);
      }

      std::optional<double>
      number(const std::string &parameter) const override
      {
        return keyword_.number(parameter);
      }

      std::optional<unsigned>
      integer(const std::string &parameter) const override
      {
        return keyword_.integer(parameter);
      }

      [[noreturn]] void
      fail(const std::string &message) const override
      {
        throw core::InputError(keyword_.location(), message);
      }

    private:
      const deck::KeywordLine &keyword_;
    };

    /**
     * *DYNAMIC [, DIRECT, INTEGRATOR=, ALPHA=, RHO_INF=, ORDER=, TOLERANCE=]: time
     * increment (DIRECT) or initial increment, period, min, max (Abaqus).
     */
    core::DynamicParameters
    parse_dynamic(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                  const core::Step &)
    {
      core::DynamicParameters p;
      p.direct = keyword.has("DIRECT");
      // ALPHA= without INTEGRATOR= is how Abaqus and CalculiX decks ask for HHT.
      p.integrator = std::make_shared<const integrators::IntegratorSetup>(
        integrators::IntegratorRegistry::instance().parse(
          keyword.value_upper("INTEGRATOR").value_or(keyword.has("ALPHA") ? "HHT" : "MIDPOINT"),
          IntegratorParameters(keyword)));
      if (const auto tolerance = keyword.number("TOLERANCE"))
        {
          if (!(*tolerance > 0.0))
            throw core::InputError(keyword.location(), "TOLERANCE= must be positive");
          if (p.direct)
            throw core::InputError(keyword.location(),
                                   "TOLERANCE= applies to automatic incrementation, not to DIRECT");
          p.tolerance = *tolerance;
        }
      deck::require_one_line(keyword, data);
      const deck::DataLine &line = data.front();
      line.require_fields(2, 4, "DYNAMIC");
      p.time_increment = line.number(0);
      p.period         = line.number(1);
      p.min_increment  = line.number_or(2, 0.0);
      p.max_increment  = line.number_or(3, 0.0);
      if (!(p.time_increment > 0.0) || !(p.period > 0.0))
        throw core::InputError(line.location(),
                               "*DYNAMIC time increment and period must be positive");
      if (p.time_increment > p.period * (1.0 + 1e-12))
        throw core::InputError(line.location(), "*DYNAMIC time increment exceeds the time period");
      if (p.min_increment < 0.0 || p.max_increment < 0.0)
        throw core::InputError(line.location(),
                               "*DYNAMIC minimum and maximum increments must not be negative");
      if (!p.direct && p.max_increment > 0.0 &&
          (p.max_increment < p.min_increment || p.max_increment < p.time_increment))
        throw core::InputError(line.location(), "*DYNAMIC maximum increment (field 4) is below the "
                                                "minimum or the initial increment");
      if (!p.direct && p.min_increment > p.time_increment)
        throw core::InputError(line.location(), "*DYNAMIC minimum increment (field 3) exceeds the "
                                                "initial increment");
      return p;
    }

    /**
     * A general step. NLGEOM leaves a geometrically non-linear base state; a
     * linear dynamic step leaves its small displacements.
     */
    io::StepResult
    run_dynamic(StepRun &run)
    {
      io::StepResult result = DynamicAnalysis(run.context, run.step, run.loading).run(run.number);
      run.context.base.close_general_step(run.number, run.step.nlgeom);
      if (!run.step.nlgeom)
        run.context.base.linear_dofs = run.context.configuration.dof_values(run.context.dofs);
      return result;
    }

    ProcedureTypeInfo
    dynamic_type()
    {
      ProcedureTypeInfo type;
      type.takes_followers = true;
      type.keyword         = "DYNAMIC";
      type.description     = "implicit direct time integration; with NLGEOM co-rotational through "
                             "large rotations, without it geometrically linear";
      type.parameters      = {{"DIRECT", "fixed increments (otherwise automatic incrementation)"},
                              {"INTEGRATOR",
                               "the time integrator: MIDPOINT (energy-conserving, the default) or "
                                    "another of those corot --help lists; ALPHA= alone selects HHT"},
                              {"TOLERANCE",
                               "automatic incrementation: local error per increment (1e-3)"}};
      // The integrators' own parameters (ALPHA=, RHO_INF=, ORDER=, ...), as they registered
      // them: a new integrator brings its parameters with its own file pair.
      type.plugin_parameters = [] {
        std::vector<ProcedureParameterHelp> parameters;
        for (const integrators::IntegratorTypeInfo *integrator :
             integrators::IntegratorRegistry::instance().types())
          for (const integrators::IntegratorParameterInfo &parameter : integrator->parameters)
            parameters.push_back({parameter.name, integrator->name + ": " + parameter.help});
        return parameters;
      };
      type.refused         = {{"HAFTOL",
                               "HAFTOL= (Abaqus' half-increment residual tolerance) is not supported: "
                                       "corot's automatic incrementation bounds a local displacement error, "
                                       "set with TOLERANCE= (default 1e-3)"}};
      type.data_lines      = "time increment (DIRECT) or initial increment, time period, minimum "
                             "increment, maximum increment";
      type.ramp_by_default = false;
      type.parameters_type = typeid(core::DynamicParameters);
      type.parse           = parse_dynamic;
      type.run             = run_dynamic;
      type.general_period  = [](const core::Step &step) {
        return step.parameters.get<core::DynamicParameters>().period;
      };
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(DynamicAnalysis, corot::analysis::dynamic_type())
