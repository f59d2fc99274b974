#pragma once
/**
 * @file
 * The structure of a deck seen as an integrators::DynamicSystem.
 */
#include <integrators/dynamic_system.h>
#include <src/analysis/analysis_context.h>
#include <src/analysis/nodal_rotary_inertia.h>
#include <src/analysis/step_loading.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <array>
#include <vector>

namespace corot::analysis
{
  /**
   * Adapts the assembler to the integrator interface: DOF vectors are
   * replicated; the configuration of a DOF vector d is the reference state
   * displaced by d, with rotational entries as total rotation vectors psi
   * (R = exp(psi)). Uses the elements' dynamic mass (Element::dynamic_mass():
   * lumped, Abaqus' default for first-order elements in dynamics, unless a
   * beam section says LUMPED=NO) and, under NLGEOM, the inertia of the masses
   * that turn with the nodes (midpoint_configuration_inertia()). Constraints: the step's boundary conditions, held
   * at their values or moved as @p prescribed says.
   *
   * Nodes with all three rotational DOFs (B31) turn on SO(3): a step's
   * increment there is the Cayley vector phi of the spatial step rotation,
   * R_{n+1} = cay(phi) R_n (compose(), increment_between()); their velocities are
   * spatial angular velocities; their lumped rotary inertia (the 3 x 3 block
   * of the lumped mass at the reference, so the material inertia J) acts as
   * a rigid body's, R J R^T: angular momentum R J R^T w (rotating_momentum()),
   * Euler's inertial moment (rotating_inertia_force()) and kinetic energy
   * 1/2 W.J W. Nodes with one rotational DOF (B21: RZ) keep additive
   * rotations, which are exact in the plane, and their results bit for bit.
   *
   * Without NLGEOM (@p nonlinear false) the structure is geometrically linear,
   * as Abaqus/Standard and CalculiX treat a *DYNAMIC step without NLGEOM: the
   * internal force is K_lin d about the reference, the mid-point scheme's force
   * K_lin (d_n + d_n1)/2 (exactly energy-conserving for the quadratic strain
   * energy 1/2 d.K_lin d), every rotation is additive and the rotary inertia
   * is the constant lumped one (no SO(3) nodes, no gyroscopic moments).
   */
  class AssembledDynamicSystem : public integrators::DynamicSystem
  {
  public:
    /**
     * @p prescribed, when given and moving, drives the constrained DOFs; it
     * must outlive this object. @p nonlinear is the step's NLGEOM.
     */
    AssembledDynamicSystem(
      AnalysisContext &context, const StepLoading &loading, double period,
      const PrescribedMotion *prescribed = nullptr, bool nonlinear = true,
      const solvers::NewtonControls &controls = solvers::NewtonControls::for_dynamics());

    /** The controls given to the constructor. */
    solvers::NewtonControls
    newton_controls() const override
    {
      return controls_;
    }

    unsigned
    n_dofs() const override;

    Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const override;

    Eigen::VectorXd
    external_force(double time) const override;

    /** RX RY RZ (and the planar rotation) of the DofMap. */
    std::vector<bool>
    rotational_dofs() const override;

    /** The largest distance of a node from the origin, as the static solver's. */
    double
    length_scale() const override;

    Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) override;

    /** M^{-1}(f_ext - f_int - C v), with alpha = I^{-1} (m - w x I w) on SO(3) nodes. */
    Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &v, double time) override;

    Eigen::VectorXd
    follower_force(const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1, double time_n,
                   double time_n1) const override;

    /** The pressures at @p time on the faces at @p d (NLGEOM; empty otherwise). */
    Eigen::VectorXd
    follower_force_at(const Eigen::VectorXd &d, double time) const override;

    /**
     * The correction of the increment: Newton's spatial spins on SO(3) nodes
     * are composed with the increment phi. With rotary inertia tangents in
     * @p inertia, the Newton matrix carries them in place of c J.
     */
    Eigen::VectorXd
    newton_correction(integrators::ForceModel model, const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1, const integrators::InertiaForce &inertia,
                      const Eigen::VectorXd &external_force, double mass_coefficient,
                      integrators::ResidualNorms &norms) override;

    /** Under NLGEOM, whether an element's mass turns with its nodes (a B21 section's LUMPED=NO). */
    bool
    has_configuration_dependent_mass() const override
    {
      return turning_mass_;
    }

    /** Assembler::assemble_midpoint_inertia() at the configurations of @p d_n and its step. */
    Eigen::VectorXd
    midpoint_configuration_inertia(const Eigen::VectorXd &d_n, const Eigen::VectorXd &increment,
                                   const Eigen::VectorXd &v_n, double dt) const override;

    /** Whether the model has *MPC or *RIGID BODY followers. */
    bool
    has_carried_nodes() const override
    {
      return !carried_.empty();
    }

    double
    strain_energy(const Eigen::VectorXd &d) const override;

    /** Whether a material of the model has *DAMPING. */
    bool
    has_damping() const override;

    /**
     * The Rayleigh damping force (Assembler::assemble_damping()) at the
     * configuration of @p d; without NLGEOM at the reference configuration
     * (constant C, as the rest of a linear step).
     */
    Eigen::VectorXd
    damping_force(const Eigen::VectorXd &d, const Eigen::VectorXd &v) override;

    void
    impose_prescribed_motion(double time_n, double time_n1, const Eigen::VectorXd &d_n,
                             Eigen::VectorXd &d_n1) const override;

    bool
    has_prescribed_motion() const override;

    Eigen::VectorXd
    reactions(integrators::ForceModel model, const Eigen::VectorXd &d_n,
              const Eigen::VectorXd &d_n1, const Eigen::VectorXd &inertia_force,
              const Eigen::VectorXd &external_force) override;

    /** Additive, except psi_{n+1} = log(cay(phi) exp(psi_n)) on SO(3) nodes. */
    Eigen::VectorXd
    compose(const Eigen::VectorXd &d_n, const Eigen::VectorXd &increment) const override;

    /** Differences, except phi = cay^{-1}(exp(psi_n1) exp(-psi_n)) on SO(3) nodes. */
    Eigen::VectorXd
    increment_between(const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1) const override;

    /** The nodes with RX, RY and RZ. */
    std::vector<std::array<unsigned, 3>>
    rotating_nodes() const override;

    /** cay(phi) x on SO(3) nodes. */
    Eigen::VectorXd
    transport(const Eigen::VectorXd &increment, const Eigen::VectorXd &x) const override;

    integrators::RotatingNodeTerms
    rotating_momentum(const Eigen::VectorXd &d_n, const Eigen::VectorXd &increment,
                      const Eigen::VectorXd &v, double body_velocity_coefficient) const override;

    integrators::RotatingNodeTerms
    rotating_inertia_force(const Eigen::VectorXd &d, const Eigen::VectorXd &v,
                           const Eigen::VectorXd &a, double acceleration_coefficient,
                           double velocity_coefficient) const override;

    /** 1/2 v.M v on translations and planar rotations, 1/2 W.J W on SO(3) nodes. */
    double
    kinetic_energy(const Eigen::VectorXd &d, const Eigen::VectorXd &v) const override;

    /**
     * Angular momentum about the origin: sum of x x (M v) over the nodes
     * (x the current position) plus the nodes' rotary momentum (R J R^T w on
     * SO(3) nodes, J w_z on planar ones).
     */
    Eigen::Vector3d
    angular_momentum(const Eigen::VectorXd &d, const Eigen::VectorXd &v) const;

    /** Assembled consistent tangent at @p d, identity on constrained DOFs (replicated). */
    Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) override;

    /** The lumped mass, zero on constrained DOFs (replicated). */
    Eigen::SparseMatrix<double>
    mass_matrix() const override;

    /** The DOFs of the step's boundary conditions; throws for *EQUATION constraints (not handled yet). */
    std::vector<unsigned>
    constrained_dofs() const override;

    /** The configuration of DOF vector @p d. */
    core::Configuration
    configuration(const Eigen::VectorXd &d) const;

    /**
     * Adds the follower loads over a step (follower_force()) to @p force and,
     * with @p tangent, minus their derivative with respect to @p d_n1.
     */
    void
    add_follower_force(const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1, double time_n,
                       double time_n1, Eigen::VectorXd &force,
                       dealii::TrilinosWrappers::SparseMatrix *tangent) const;

  private:
    AnalysisContext        &context_;
    const StepLoading      &loading_;
    double                  period_;
    const PrescribedMotion *prescribed_;
    bool                    moving_;
    bool                    nonlinear_;            ///< NLGEOM: co-rotational, else K_lin d
    bool                    turning_mass_ = false; ///< has_configuration_dependent_mass()
    dealii::TrilinosWrappers::SparseMatrix mass_;
    double                  length_scale_ = 0.0; ///< largest |nodal position| (length_scale())
    std::vector<bool>       rotational_;         ///< per DOF: a rotation (rotational_dofs())
    solvers::NewtonControls controls_;           ///< Newton limits of the step

    /**
     * A node with RX, RY and RZ: its global rotational DOFs and its rotary
     * inertia. The lumped mass matrix holds its 3 x 3 block with the rows and
     * columns of constrained DOFs zero (mass_block); the rotary inertia is that
     * block, except at a partly prescribed rotation, which turns about every
     * axis and keeps its whole inertia (its constraint enters the Newton
     * matrix through Assembler::add_condensed()).
     */
    struct So3Node
    {
      unsigned                node;
      std::array<unsigned, 3> dofs;
      NodalRotaryInertia      inertia;
      Eigen::Matrix3d         mass_block;
      bool                    partial = false; ///< some, not all, rotations prescribed
      /** A follower's rotations (CarriedInertia::so3 points here): their inertia is carried. */
      bool carried = false;
      /** Some, not all, of them eliminated (a hinge's follower): all three enter restore_followers(). */
      bool partly_carried = false;
    };
    std::vector<So3Node> so3_nodes_;

    /**
     * The lumped inertia of a node carried by another (*MPC, *RIGID BODY;
     * assembly::FollowerConstraints): its DOFs have no equation of their own,
     * so the Newton matrix gets its mass through the lines of its constraint
     * (C^T M_s C on the leader), which the condensed mass_ does not hold.
     */
    struct CarriedInertia
    {
      const assembly::FollowerConstraints::Follower *follower;
      /**
       * The follower's eliminated DOFs (u_s, and w_s if tied); where only some
       * rotations are eliminated (a hinge), all three rotations, whose rotary
       * inertia couples them (then not in mass_).
       */
      std::vector<unsigned> dofs;
      Eigen::MatrixXd       block;    ///< the lumped mass on them
      int                   so3 = -1; ///< index into so3_nodes_ when w_s turns on SO(3)
    };
    std::vector<CarriedInertia> carried_;

    /**
     * The part b_D of the accelerations of the coordinates that follower
     * @p f's projected pieces (a hinge's rotations, a slot's translations)
     * eliminate that the velocities @p v give (a_D = C a + b_D), into
     * @p offsets (the entries of @p carried's DOFs).
     */
    void
    add_projected_offsets(const assembly::FollowerConstraints::Follower &f,
                          const core::Configuration &configuration, const Eigen::VectorXd &v,
                          const CarriedInertia &carried, Eigen::VectorXd &offsets) const;

    /**
     * Puts the followers of @p increment + @p delta back on their constraints
     * (assembly::FollowerConstraints::restore() at the configuration it
     * reaches from @p d_n) by changing their entries of @p delta, so that
     * every Newton iterate satisfies the constraints exactly.
     */
    void
    restore_followers(const Eigen::VectorXd &d_n, const Eigen::VectorXd &increment,
                      Eigen::VectorXd &delta) const;

    /**
     * Internal force at @p d with residual @p external - f_int (condensed) and,
     * if @p tangent is given, its tangent: co-rotational, or K_lin d without NLGEOM.
     */
    void
    assemble_internal(const Eigen::VectorXd &d, const Eigen::VectorXd &external,
                      dealii::TrilinosWrappers::MPI::Vector &residual, Eigen::VectorXd &internal,
                      dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /**
     * As assemble_internal() for the force @p model chooses between @p d_n and
     * @p d_n1: the elements' conserving force (K_lin (d_n + d_n1)/2 without
     * NLGEOM, tangent K_lin/2) or the end-of-step force.
     */
    void
    assemble_step_force(integrators::ForceModel model, const Eigen::VectorXd &d_n,
                        const Eigen::VectorXd &d_n1, const Eigen::VectorXd &external,
                        dealii::TrilinosWrappers::MPI::Vector &residual, Eigen::VectorXd &internal,
                        dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /** Total rotation vector of @p node in @p d. */
    static Eigen::Vector3d
    rotation_entries(const So3Node &node, const Eigen::VectorXd &d);

    /**
     * M^{-1}(f_ext(@p time) - f_int(@p d) - @p damping), zero on constrained
     * DOFs (J on SO(3) nodes). Followers move with their leaders: their
     * inertia enters the leaders' equations through the lines linearised at
     * @p d (with the centripetal acceleration w x (w x a) of a rigid lever a
     * and the gyroscopic moment w x I w of a carried rotary inertia, from the
     * velocities @p v), and their accelerations follow from the leaders'.
     */
    Eigen::VectorXd
    equilibrium_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &v, double time,
                             const Eigen::VectorXd &damping) const;
  };
} // namespace corot::analysis
