#pragma once
/**
 * @file
 * What a time integrator sees of a structure (DESIGN.md section 5): never
 * elements, matrices or constraints, only the configuration manifold, forces,
 * a mass operator and one Newton correction at a time. The scheme formulas
 * (velocity and acceleration updates, weights, quadrature in time) are the
 * integrators' own, as MFEM's ODE solvers keep theirs and ask their
 * TimeDependentOperator only for evaluations.
 */
#include <src/solvers/newton_controls.h>
#include <src/solvers/newton_convergence.h>

#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace corot::integrators
{
  /** Which internal force the residual uses. */
  enum class ForceModel
  {
    end_of_step, ///< f_int(d_{n+1})
    conserving ///< the elements' energy-conserving force f(d_n, d_{n+1}): Delta d . f = W_{n+1} - W_n
  };

  /**
   * The step a scheme formed the mid-point inertia of the
   * configuration-dependent masses over
   * (DynamicSystem::midpoint_configuration_inertia()): its v_n and dt.
   */
  struct MidpointInertiaStep
  {
    Eigen::VectorXd velocity_n;
    double          dt = 0.0;
  };

  /**
   * The inertia force of a trial increment as a scheme forms it (e.g. M a on
   * translations, a moment on rotating nodes), with the Newton tangent of its
   * part on the rotating nodes.
   */
  struct InertiaForce
  {
    Eigen::VectorXd force;
    /**
     * Per rotating node (DynamicSystem::rotating_nodes() order): the
     * derivative of its moment with respect to the node's spatial spin at
     * R_{n+1}. Empty: the force is linear in the increment with tangent c M
     * (c the Newton mass coefficient), also on the rotating nodes.
     */
    std::vector<Eigen::Matrix3d> rotating_tangents;
    /**
     * The physical damping force C(d) v the scheme has added to @p force is
     * formed with a velocity v whose derivative with respect to the increment
     * is this coefficient: the Newton matrix gets it times C(d_{n+1}) (the
     * change of C with the configuration left out). Zero: no damping force.
     */
    double damping_coefficient = 0.0;
    /**
     * The step [t_n, t_{n+1}] over which the scheme applies the loads that
     * follow the configuration (DynamicSystem::follower_force) in the
     * residual, with their tangent in the Newton matrix. Unset: the scheme
     * applies only the loads of external_force().
     */
    std::optional<std::pair<double, double>> follower_step = std::nullopt;
    /**
     * The time t_{n+1} at which a scheme with equilibrium at the end of the
     * step (Newmark, HHT, generalized-alpha) applies the loads that follow
     * the configuration: DynamicSystem::follower_force_at(d_{n+1}, t_{n+1})
     * in the residual and its load stiffness in the Newton matrix. Unset:
     * not applied this way. At most one of this and follower_step is set.
     */
    std::optional<double> end_of_step_follower_time = std::nullopt;
    /**
     * Set when @p force includes DynamicSystem::midpoint_configuration_inertia()
     * of this step: the Newton matrix then gets its tangent.
     */
    std::optional<MidpointInertiaStep> configuration_inertia_step = std::nullopt;
  };

  /**
   * A 3-vector per rotating node (DynamicSystem::rotating_nodes() order) and
   * its derivative with respect to the node's spatial spin w at the rotation
   * it is evaluated at (R <- exp(delta w) R).
   */
  struct RotatingNodeTerms
  {
    std::vector<Eigen::Vector3d> values;
    std::vector<Eigen::Matrix3d> tangents;
  };

  /**
   * What DynamicSystem::newton_correction() reports of the residual it
   * solved for, for the field-wise convergence test of the one Newton
   * solver (solvers::NewtonConvergence::judge()).
   */
  struct ResidualNorms
  {
    using FieldNorms = solvers::NewtonConvergence::FieldNorms;
    /** The residual g on the free DOFs (translational and rotational entries apart). */
    FieldNorms residual;
    /** Per field the largest of the forces g is a difference of (external, internal, inertia). */
    FieldNorms force_level;
    /**
     * The largest diagonal entries of the Newton matrix on translational and
     * rotational DOFs (NewtonConvergence::set_stiffness_scale(): the
     * round-off floor of the residual); zero: no floor.
     */
    double stiffness_force = 0.0, stiffness_moment = 0.0;
  };

  /**
   * A semi-discrete structure M a + f_int(d) = f_ext(t) with DOF vectors
   * indexed by global DOF number (replicated on every MPI rank).
   * Constrained DOFs are held: corrections returned are zero there.
   * Evaluations have no memory: each one is made at the arguments it is given.
   */
  class DynamicSystem
  {
  public:
    virtual ~DynamicSystem() = default;

    /** Number of DOFs. */
    virtual unsigned
    n_dofs() const = 0;

    /**
     * Per DOF: true for a rotation (its force is a moment), for the
     * field-wise convergence test. Default: every DOF translational.
     */
    virtual std::vector<bool>
    rotational_dofs() const
    {
      return std::vector<bool>(n_dofs(), false);
    }

    /**
     * The model size L that relates the two fields (a moment over L is a
     * force, a rotation times L a displacement;
     * solvers::NewtonConvergence). Default 1.
     */
    virtual double
    length_scale() const
    {
      return 1.0;
    }

    /** M x. */
    virtual Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const = 0;

    /** External force at time @p time. */
    virtual Eigen::VectorXd
    external_force(double time) const = 0;

    /**
     * The loads that follow the configuration (pressure on shell faces under
     * NLGEOM) applied over a step from @p d_n at @p time_n to @p d_n1 at
     * @p time_n1, as the energy-conserving mid-point scheme takes them: their
     * work along the step is exactly d_n1 - d_n times this force
     * (analysis::add_step_pressure_force). Empty if the system has none.
     */
    virtual Eigen::VectorXd
    follower_force(const Eigen::VectorXd &, const Eigen::VectorXd &, double, double) const
    {
      return {};
    }

    /**
     * The loads that follow the configuration (a pressure on shell faces
     * under NLGEOM) at configuration @p d and time @p time, for the schemes
     * with equilibrium at the end of the step. Empty if the system has none.
     */
    virtual Eigen::VectorXd
    follower_force_at(const Eigen::VectorXd & /*d*/, double /*time*/) const
    {
      return {};
    }

    /** Internal force f_int(d) on the free DOFs (zero on constrained ones). */
    virtual Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) = 0;

    /**
     * The acceleration at (@p d, @p v) at @p time from equilibrium,
     * M a = f_ext - f_int(d), zero on constrained DOFs; on rotating nodes
     * Euler's equations, I alpha = m - w x I w.
     */
    virtual Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &v, double time) = 0;

    /**
     * One Newton correction delta for the residual
     * g = f(d_n, d_n1) + @p inertia.force - @p external_force (minus
     * follower_force() over @p inertia.follower_step if set), i.e. the
     * solution of (dg/dd_n1) delta = -g, where f is chosen by @p model and the
     * tangent of the inertia force is c M with c = @p mass_coefficient, or
     * @p inertia.rotating_tangents on the rotating nodes when given. Sets
     * @p norms to the norms of g and of the forces it is a difference of.
     * @p d_n1 is compose(d_n, increment); the correction returned is that of
     * the increment (for rotations on SO(3) the system turns the spatial spin
     * Newton solves for into the change of phi, so increment += correction
     * is exact).
     */
    virtual Eigen::VectorXd
    newton_correction(ForceModel model, const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1,
                      const InertiaForce &inertia, const Eigen::VectorXd &external_force,
                      double mass_coefficient, ResidualNorms &norms) = 0;

    /**
     * The iteration limit and tolerances of newton_iteration() (the step's
     * *CONTROLS over solvers::NewtonControls::for_dynamics()).
     */
    virtual solvers::NewtonControls
    newton_controls() const
    {
      return solvers::NewtonControls::for_dynamics();
    }

    /** Whether the structure has physical damping (Rayleigh, dashpots): damping_force() not zero. */
    virtual bool
    has_damping() const
    {
      return false;
    }

    /**
     * The damping force C(@p d) @p v on every DOF (on constrained ones it is
     * part of their reaction), C symmetric positive semi-definite, so that
     * v . C v >= 0 is the rate of dissipation. The default has no damping.
     */
    virtual Eigen::VectorXd
    damping_force(const Eigen::VectorXd &d, const Eigen::VectorXd & /*v*/)
    {
      return Eigen::VectorXd::Zero(d.size());
    }

    /**
     * Whether some DOFs depend on others through constraints that turn with
     * the configuration (nodes carried by *MPC or *RIGID BODY): their
     * equations are condensed onto the DOFs they depend on with the
     * constraints of the configuration the residual is formed at.
     */
    virtual bool
    has_carried_nodes() const
    {
      return false;
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
    impose_prescribed_motion(double /*time_n*/, double /*time_n1*/, const Eigen::VectorXd & /*d_n*/,
                             Eigen::VectorXd & /*d_n1*/) const
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
    reactions(ForceModel /*model*/, const Eigen::VectorXd & /*d_n*/, const Eigen::VectorXd &d_n1,
              const Eigen::VectorXd & /*inertia_force*/, const Eigen::VectorXd & /*external_force*/)
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
     * Whether part of the mass turns with the configuration (a co-rotational
     * consistent beam mass): its inertia is not in mass_times() but in
     * midpoint_configuration_inertia(), and kinetic_energy() includes it.
     * Schemes that do not apply it must refuse such a system.
     */
    virtual bool
    has_configuration_dependent_mass() const
    {
      return false;
    }

    /**
     * The inertia force of the configuration-dependent masses over a step of
     * the energy-conserving mid-point scheme from @p d_n with velocities
     * @p v_n by @p increment in time @p dt (v_{n+1} = 2 increment/dt - v_n), on
     * every DOF: increment . force is exactly their change of kinetic energy.
     * Empty without such masses.
     */
    virtual Eigen::VectorXd
    midpoint_configuration_inertia(const Eigen::VectorXd & /*d_n*/,
                                   const Eigen::VectorXd & /*increment*/,
                                   const Eigen::VectorXd & /*v_n*/, double /*dt*/) const
    {
      return {};
    }

    /** Kinetic energy at (@p d, @p v) (default 1/2 v.M v). */
    virtual double
    kinetic_energy(const Eigen::VectorXd & /*d*/, const Eigen::VectorXd &v) const
    {
      return 0.5 * v.dot(mass_times(v));
    }

    /**
     * @name The configuration manifold: rotations on SO(3) (Simo & Wong 1991)
     * A system whose rotational DOFs are 3D rotations holds in a DOF vector d
     * a total rotation vector psi per rotating node (R = exp(psi)), and the
     * increment of a step on those DOFs is the Cayley vector phi of the
     * spatial step rotation, R_{n+1} = cay(phi) R_n (core::RotationVector says
     * why Cayley), never a difference of rotation vectors. Velocities and
     * accelerations of those DOFs are spatial angular velocities and
     * accelerations. The defaults below are those of a vector space
     * (translations, planar rotations): no rotating nodes.
     */
    ///@{

    /** The rotating nodes: the global DOFs of each one's three rotations. */
    virtual std::vector<std::array<unsigned, 3>>
    rotating_nodes() const
    {
      return {};
    }

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
     * @p x with the spatial vectors of the rotating nodes turned by the step
     * rotation of @p increment, cay(phi) x (the Cayley map); every other
     * entry as it is (the default: all of them).
     */
    virtual Eigen::VectorXd
    transport(const Eigen::VectorXd & /*increment*/, const Eigen::VectorXd &x) const
    {
      return x;
    }

    /**
     * The spatial angular momenta pi = R J R^T w of the rotating nodes (J the
     * material rotary inertia) at the rotation R = cay(phi) R_n reached from
     * @p d_n by @p increment (a zero increment: at @p d_n), w from @p v, with
     * their tangents -skew(pi) + c R J R_n^T dcay^{-1}(phi) for a body
     * velocity W = R^T w that changes with the body increment Theta = R_n^T phi
     * as dW/dTheta = c = @p body_velocity_coefficient (Simo & Wong 1991).
     */
    virtual RotatingNodeTerms
    rotating_momentum(const Eigen::VectorXd & /*d_n*/, const Eigen::VectorXd & /*increment*/,
                      const Eigen::VectorXd & /*v*/, double /*body_velocity_coefficient*/) const
    {
      return {};
    }

    /**
     * The inertial moments I alpha + w x I w (I = R J R^T, R = exp(psi) of
     * @p d; w, alpha from @p v and @p a) of the rotating nodes (Euler's
     * equations in spatial form), with their tangents c_a I + c_v (skew(w) I -
     * skew(I w)) for da/dw = c_a = @p acceleration_coefficient and dv/dw =
     * c_v = @p velocity_coefficient (I held: its change is of order 1 against
     * c_a I).
     */
    virtual RotatingNodeTerms
    rotating_inertia_force(const Eigen::VectorXd & /*d*/, const Eigen::VectorXd & /*v*/,
                           const Eigen::VectorXd & /*a*/, double /*acceleration_coefficient*/,
                           double /*velocity_coefficient*/) const
    {
      return {};
    }
    ///@}

    /** The constrained DOFs (held at their values), in increasing order. */
    virtual std::vector<unsigned>
    constrained_dofs() const = 0;
  };
} // namespace corot::integrators
