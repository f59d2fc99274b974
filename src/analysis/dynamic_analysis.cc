#include <integrators/integrator.h>
#include <src/analysis/assembled_dynamic_system.h>
#include <src/analysis/dynamic_analysis.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/step_loading.h>

#include <cmath>
#include <iomanip>
#include <sstream>

namespace corot::analysis
{
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
    result.number    = step_number;
    result.procedure = "dynamic";

    const core::DynamicParameters &p = step_.dynamics;
    if (!(p.time_increment > 0.0) || !(p.period > 0.0))
      throw core::InputError(step_.procedure_at,
                             "*DYNAMIC needs a positive time increment and time period");
    auto integrator = integrators::create_integrator(p.integrator, p.order, p.alpha);
    if (!integrator)
      throw core::InputError(step_.procedure_at,
                             "INTEGRATOR=" + p.integrator +
                               (p.integrator == "TIMEFE" ? ", ORDER=" + std::to_string(p.order) : "") +
                               " is not available (MIDPOINT, NEWMARK, HHT, or TIMEFE with ORDER >= 1)");
    PrescribedMotion prescribed(context_, loading_, result.log, true);
    context_.assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);
    AssembledDynamicSystem system(context_, loading_, p.period, &prescribed, step_.nlgeom);
    if (p.integrator == "TIMEFE" && system.has_rotations_on_so3())
      throw core::InputError(step_.procedure_at,
                             "INTEGRATOR=TIMEFE does not handle 3D rotations (nodes with RX, RY "
                             "and RZ, e.g. B31) yet: use MIDPOINT, NEWMARK or HHT");
    if (p.integrator == "TIMEFE" && p.order >= 2 && system.has_prescribed_motion())
      throw core::InputError(step_.procedure_at,
                             "INTEGRATOR=TIMEFE with ORDER >= 2 does not handle prescribed motion "
                             "(*BOUNDARY, AMPLITUDE= or TYPE=VELOCITY) yet: use ORDER=1 (the "
                             "mid-point scheme) or MIDPOINT");

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
    // prescribed rate.
    context_.assembler.distribute(state.velocity);
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

    OutputRecorder recorder(context_, step_, result);
    double         external_work = 0.0;
    auto record = [&](const unsigned increment, const bool last) {
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
      const double kinetic   = system.kinetic_energy(state.displacement, state.velocity);
      const Eigen::Vector3d momentum = system.angular_momentum(state.displacement, state.velocity);
      for (unsigned k = 0; k < 3; ++k)
        result.energy.angular_momentum[k].push_back(momentum[k]);
      const double strain    = system.strain_energy(state.displacement);
      result.energy.time.push_back(state.time);
      result.energy.kinetic.push_back(kinetic);
      result.energy.strain.push_back(strain);
      result.energy.external_work.push_back(external_work);
      result.energy.total.push_back(kinetic + strain - external_work);
      recorder.record(state.time, increment,
                      state.reaction.size() == dofs.n_dofs() ? state.reaction :
                                                               Eigen::VectorXd::Zero(dofs.n_dofs()),
                      last);
    };
    record(0, false);

    const double   initial_total = result.energy.total.front();
    const unsigned n_steps       = static_cast<unsigned>(std::llround(p.period / p.time_increment));
    const unsigned report_every  = std::max(1u, n_steps / 20);
    for (unsigned n = 1; n <= n_steps; ++n)
      {
        double   remaining = p.time_increment;
        unsigned iterations = 0;
        while (remaining > 1e-12 * p.time_increment)
          {
            double dt = remaining;
            for (unsigned cut = 0;; ++cut)
              {
                try
                  {
                    integrator->advance(system, state, dt);
                    break;
                  }
                catch (const std::runtime_error &error)
                  {
                    if (cut == 4)
                      throw core::InputError(step_.procedure_at,
                                             "time step at t = " + std::to_string(state.time) +
                                               " did not converge even at " + std::to_string(dt) +
                                               ": " + error.what());
                    dt *= 0.5;
                    result.log.push_back("t = " + std::to_string(state.time) + ": " + error.what() +
                                         "; the step is cut back to " + std::to_string(dt));
                    context_.progress << "  " << result.log.back() << std::endl;
                  }
              }
            external_work += integrator->external_work_increment();
            iterations += state.iterations;
            remaining -= dt;
          }
        result.newton_iterations.push_back(iterations);
        record(n, n == n_steps);
        if (n % report_every == 0 || n == n_steps)
          {
            const double total = result.energy.total.back();
            // The level energies are measured against: the initial total, or
            // the largest kinetic + strain energy so far when that is zero.
            double energy_scale = std::abs(initial_total);
            for (unsigned i = 0; i < result.energy.kinetic.size(); ++i)
              energy_scale = std::max(energy_scale, result.energy.kinetic[i] + result.energy.strain[i]);
            energy_scale = std::max(energy_scale, 1e-300);
            std::ostringstream line;
            line << "  step " << step_number << " increment " << n << "/" << n_steps << ": t = "
                 << std::setprecision(6) << state.time << ", " << iterations
                 << " Newton iterations, energy " << std::setprecision(10) << total
                 << " (change " << std::setprecision(3) << (total - initial_total) / energy_scale
                 << " of the energy level)";
            context_.progress << line.str() << std::endl;
          }
      }
    return result;
  }
} // namespace corot::analysis
