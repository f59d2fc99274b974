#pragma once
/**
 * @file
 * What a time integrator sees of a structure (DESIGN.md section 5): never
 * elements, matrices or constraints, only forces, a mass operator and one
 * Newton correction at a time.
 */
#include <src/solvers/newton_controls.h>

#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include <vector>

namespace corot::integrators
{
  /** Which internal force the residual uses. */
  enum class ForceModel
  {
    end_of_step, ///< f_int(d_{n+1}): Newmark, HHT
    conserving   ///< the elements' energy-conserving mid-point force f(d_n, d_{n+1})
  };

  /**
   * A semi-discrete structure M a + f_int(d) = f_ext(t) with DOF vectors
   * indexed by global DOF number (replicated on every MPI rank).
   * Constrained DOFs are held: corrections returned are zero there.
   */
  class DynamicSystem
  {
  public:
    virtual ~DynamicSystem() = default;

    /** Number of DOFs. */
    virtual unsigned
    n_dofs() const = 0;

    /** M x. */
    virtual Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const = 0;

    /** External force at time @p time. */
    virtual Eigen::VectorXd
    external_force(double time) const = 0;

    /** Internal force f_int(d) on the free DOFs (zero on constrained ones). */
    virtual Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) = 0;

    /** Initial acceleration M^{-1} (f_ext(t) - f_int(d)), zero on constrained DOFs. */
    virtual Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, double time) = 0;

    /**
     * One Newton correction delta for the residual
     * g = f(d_n, d_n1) + @p inertia_force - @p external_force, i.e. the solution of
     * (dg/dd_n1 + c M) delta = -g with c = @p mass_coefficient, where f is
     * chosen by @p model. Sets @p residual_ratio to |g| / (force scale).
     * @p d_n1 is compose(d_n, increment); the correction returned is that of
     * the increment (for rotations on SO(3) the system turns the spatial spin
     * Newton solves for into the change of phi, so increment += correction
     * is exact).
     */
    virtual Eigen::VectorXd
    newton_correction(ForceModel             model,
                      const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1,
                      const Eigen::VectorXd &inertia_force,
                      const Eigen::VectorXd &external_force,
                      double                 mass_coefficient,
                      double                &residual_ratio) = 0;

    /**
     * The iteration limit and tolerances of newton_iteration() (the step's
     * *CONTROLS over solvers::NewtonControls::for_dynamics()).
     */
    virtual solvers::NewtonControls
    newton_controls() const
    {
      return solvers::NewtonControls::for_dynamics();
    }

    /** Strain energy at @p d. */
    virtual double
    strain_energy(const Eigen::VectorXd &d) const = 0;

    /**
     * Writes the values that prescribed motion gives the constrained DOFs at
     * t_{n+1} = @p time_n1 into @p d_n1 (every other entry is left alone).
     * @p d_n holds the values at t_n = @p time_n, from which prescribed
     * velocities are integrated. The default has no prescribed motion.
     */
    virtual void
    impose_prescribed_motion(double /*time_n*/, double /*time_n1*/,
                             const Eigen::VectorXd & /*d_n*/, Eigen::VectorXd & /*d_n1*/) const
    {}

    /** Whether any constrained DOF moves (so reactions can do work). */
    virtual bool
    has_prescribed_motion() const
    {
      return false;
    }

    /**
     * The reactions on the constrained DOFs, f(d_n, d_n1) + @p inertia_force -
     * @p external_force there (zero on free DOFs), with f chosen by @p model
     * as in newton_correction(), condensed as the constraints condense the
     * equations: a linear constraint's dependent DOF passes its residual to its
     * masters and has no reaction (its constraint force does no work). With
     * them the scheme's energy balance is closed when constrained DOFs move:
     * reactions x their increments is the work done on the structure by the
     * prescribed motion.
     */
    virtual Eigen::VectorXd
    reactions(ForceModel /*model*/, const Eigen::VectorXd & /*d_n*/,
              const Eigen::VectorXd &d_n1, const Eigen::VectorXd & /*inertia_force*/,
              const Eigen::VectorXd & /*external_force*/)
    {
      return Eigen::VectorXd::Zero(d_n1.size());
    }

    /**
     * The tangent stiffness K = d f_int/d d at @p d, consistent with
     * internal_force(); rows and columns of constrained DOFs are those of the
     * identity. For schemes that couple several stages of a step in one Newton
     * system (TimeFiniteElement with k >= 2).
     */
    virtual Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) = 0;

    /** The (constant) mass matrix M of mass_times(), rows and columns of constrained DOFs zero. */
    virtual Eigen::SparseMatrix<double>
    mass_matrix() const = 0;

    /**
     * @name Rotations on SO(3) (Simo & Wong 1991)
     * A system whose rotational DOFs are 3D rotations holds in a DOF vector d
     * a total rotation vector psi per node (R = exp(psi)), and the increment
     * of a step on those DOFs is the Cayley vector phi of the spatial step
     * rotation, R_{n+1} = cay(phi) R_n (core::RotationVector says why Cayley),
     * never a difference of rotation vectors.
     * Velocities of those DOFs are spatial angular velocities. The defaults
     * below are those of a vector space (translations, planar rotations), so
     * a system without 3D rotations keeps its results bit for bit.
     */
    ///@{

    /** The DOF vector reached from @p d_n by the step increment @p increment (default d_n + increment). */
    virtual Eigen::VectorXd
    compose(const Eigen::VectorXd &d_n, const Eigen::VectorXd &increment) const
    {
      return d_n + increment;
    }

    /** The increment that compose() turns @p d_n into @p d_n1 with (default d_n1 - d_n). */
    virtual Eigen::VectorXd
    increment_between(const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1) const
    {
      return d_n1 - d_n;
    }

    /**
     * The velocity at t_{n+1} of the mid-point scheme, from the step
     * @p increment and @p v_n (default 2 increment/dt - v_n, Crisfield & Shi
     * 1993 eq. 1).
     */
    virtual Eigen::VectorXd
    midpoint_velocity(const Eigen::VectorXd & /*d_n*/, const Eigen::VectorXd &increment,
                      const Eigen::VectorXd &v_n, const double dt) const
    {
      return 2.0 / dt * increment - v_n;
    }

    /**
     * The inertia force of the mid-point scheme, whose work on @p increment
     * is exactly the change of kinetic energy (default M a_m = M (2/dt^2)
     * (increment - dt v_n), Crisfield & Shi 1993 eq. 6; nodes on SO(3):
     * (pi_{n+1} - pi_n)/dt, Simo & Wong 1991). Its Newton tangent is
     * (2/dt^2) M, or what the system adds in newton_correction() (see there).
     */
    virtual Eigen::VectorXd
    midpoint_inertia_force(const Eigen::VectorXd & /*d_n*/, const Eigen::VectorXd &increment,
                           const Eigen::VectorXd &v_n, const double dt)
    {
      return mass_times(2.0 / (dt * dt) * (increment - dt * v_n));
    }

    /**
     * The inertia force at t_{n+1} of the Newmark-type schemes, times
     * @p weight (HHT divides its equation by 1 + alpha): default weight M a.
     * Nodes on SO(3) (the spatial form of Simo & Vu-Quoc's Newmark, 1988,
     * with spatial angular velocity w and acceleration alpha, w' = alpha):
     * weight (I alpha + w x I w), I = R J R^T. @p acceleration_coefficient
     * and @p velocity_coefficient are da/dd and dv/dd of the scheme, for the
     * Newton tangent of that moment.
     */
    virtual Eigen::VectorXd
    end_of_step_inertia_force(const Eigen::VectorXd & /*d_n1*/, const Eigen::VectorXd & /*v_n1*/,
                              const Eigen::VectorXd &a_n1, const double weight,
                              double /*acceleration_coefficient*/, double /*velocity_coefficient*/)
    {
      return mass_times(weight * a_n1);
    }

    /**
     * The initial acceleration at (@p d, @p v): initial_acceleration() by
     * default; with the gyroscopic moment -w x I w on SO(3) nodes.
     */
    virtual Eigen::VectorXd
    consistent_initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd & /*v*/,
                                    const double time)
    {
      return initial_acceleration(d, time);
    }

    /** Kinetic energy at (@p d, @p v) (default 1/2 v.M v). */
    virtual double
    kinetic_energy(const Eigen::VectorXd & /*d*/, const Eigen::VectorXd &v) const
    {
      return 0.5 * v.dot(mass_times(v));
    }
    ///@}

    /** The constrained DOFs (held at their values), in increasing order. */
    virtual std::vector<unsigned>
    constrained_dofs() const = 0;
  };
} // namespace corot::integrators
