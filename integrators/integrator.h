#pragma once
/**
 * @file
 * The time-integrator interface (DESIGN.md section 5; after MFEM's ODESolver). Integrators
 * register themselves with COROT_REGISTER_INTEGRATOR (integrators/registry.h).
 */
#include <integrators/dynamic_system.h>

#include <Eigen/Dense>

#include <stdexcept>
#include <string>

namespace corot::integrators
{
  /** Displacement, velocity and acceleration at a time. */
  struct State
  {
    double          time = 0.0;
    Eigen::VectorXd displacement, velocity, acceleration;
    Eigen::VectorXd reaction;       ///< reactions on the constrained DOFs (empty until computed)
    unsigned        iterations = 0; ///< Newton iterations of the last step
  };

  /** Thrown when a step's Newton iterations do not converge. */
  class NotConverged : public std::runtime_error
  {
  public:
    using std::runtime_error::runtime_error;
  };

  /** A one-step time integrator for M a + f_int(d) = f_ext(t). */
  class Integrator
  {
  public:
    virtual ~Integrator() = default;

    /** Completes @p state at its time (e.g. the initial acceleration). */
    virtual void
    initialize(DynamicSystem &system, State &state) = 0;

    /**
     * Advances @p state by @p time_step: on entry the state at t_n, on return
     * the converged state at t_n + time_step. Throws NotConverged, leaving
     * @p state unchanged, if Newton does not converge.
     */
    virtual void
    advance(DynamicSystem &system, State &state, double time_step) = 0;

    /**
     * Work of the external forces over the last step, as the scheme sees it,
     * including the work of the reactions of moving constrained DOFs.
     */
    virtual double
    external_work_increment() const = 0;

    /**
     * Energy dissipated by the system's physical damping over the last step,
     * as the scheme sees it: the work of its damping force on the increment
     * (DynamicSystem::damping_force()); zero without damping (the default).
     */
    virtual double
    dissipated_energy_increment() const
    {
      return 0.0;
    }

    /**
     * Estimate of the local (one-step) error of the displacements of the step
     * that took @p before to @p after in @p time_step, for automatic
     * incrementation (DOF vector, spatial rotation angles on SO(3) nodes).
     * @p previous_time_step is the length of the step that led to @p before,
     * 0 at the start of the procedure. Empty when the scheme has no estimate
     * (the default) or none yet.
     */
    virtual Eigen::VectorXd
    local_error(const State & /*before*/, const State & /*after*/, double /*time_step*/,
                double /*previous_time_step*/) const
    {
      return {};
    }

    /**
     * Why the scheme cannot run with automatic incrementation (a message for
     * the deck's *DYNAMIC line), or empty if it can (the default).
     */
    virtual std::string
    automatic_incrementation_limitation() const
    {
      return {};
    }

    /**
     * Whether the scheme applies the loads that follow the configuration (a
     * pressure on shell faces under NLGEOM: DynamicSystem::follower_force()
     * or follower_force_at()) in its residual, with their load stiffness.
     * Default false: a step with such loads is refused for the scheme at the
     * load's deck line rather than run without them.
     */
    virtual bool
    applies_follower_loads() const
    {
      return false;
    }

    /**
     * Whether the scheme applies the inertia of masses that turn with the
     * configuration (DynamicSystem::has_configuration_dependent_mass(): a
     * B21 section's LUMPED=NO under NLGEOM). Default false: such a step is
     * refused for the scheme rather than run without that mass.
     */
    virtual bool
    applies_configuration_dependent_mass() const
    {
      return false;
    }

    /**
     * Why the scheme cannot advance @p system (a message for the deck's
     * *DYNAMIC line), or empty if it can (the default).
     */
    virtual std::string
    limitation(const DynamicSystem & /*system*/) const
    {
      return {};
    }
  };
} // namespace corot::integrators
