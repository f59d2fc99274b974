#pragma once
/**
 * @file
 * Global assembly: the only place that touches deal.II AffineConstraints and
 * Trilinos matrices (DESIGN.md section 3).
 */
#include <elements/element.h>
#include <src/assembly/follower_constraints.h>
#include <src/assembly/partial_rotation_constraints.h>
#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <deal.II/base/index_set.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/trilinos_sparse_matrix.h>
#include <deal.II/lac/trilinos_sparsity_pattern.h>
#include <deal.II/lac/trilinos_vector.h>

#include <Eigen/Dense>

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace corot::assembly
{
  /** A DOF held at a value (*BOUNDARY). */
  struct PrescribedValue
  {
    unsigned dof   = 0;
    double   value = 0.0;
  };

  /** Which global matrix to assemble. */
  enum class MatrixKind
  {
    linear_stiffness,  ///< about the reference configuration
    tangent_stiffness, ///< consistent tangent of the co-rotational internal force
    consistent_mass,
    lumped_mass,
    dynamic_mass,        ///< Element::dynamic_mass() under NLGEOM (constant part)
    linear_dynamic_mass, ///< Element::dynamic_mass() of a linear step
    geometric_stiffness, ///< initial-stress matrix at the stresses of a configuration
    symmetric_tangent_stiffness, ///< (K_t + K_t^T)/2 of the consistent tangent (eigenproblems about a base state)
    turned_consistent_mass ///< consistent mass turned with each element's rigid rotation at a configuration
  };

  /**
   * Element loops into Trilinos matrices and vectors with constraints
   * condensed by deal.II's AffineConstraints.
   *
   * Parallel layout: DOFs are split into contiguous blocks, one per MPI rank
   * (the locally owned rows); each element is assembled by the rank owning its
   * lowest DOF, and contributions to rows of other ranks are sent on
   * compress(). Vectors of nodal quantities handed back to analyses
   * (Eigen::VectorXd) are replicated on every rank.
   */
  class Assembler
  {
  public:
    Assembler(const core::Model                                     &model,
              const std::vector<std::unique_ptr<elements::Element>> &elements,
              const core::DofMap &dofs, MPI_Comm communicator);

    /**
     * Sets the constraints: prescribed DOFs and linear multi-point
     * constraints (*EQUATION: the first term's DOF is eliminated). Rebuilds
     * the sparsity pattern. Throws core::InputError for an equation whose
     * dependent DOF does not exist or is already constrained.
     *
     * A node with RX, RY, RZ of which only some are prescribed holds the
     * prescribed components of its total rotation vector
     * (PartialRotationConstraints): its lines couple the node's three
     * rotational increments and are linearised at the configuration of every
     * non-linear residual assembly (assemble_residual() with @p nonlinear,
     * assemble_conserving_residual()); increment_constraints() and
     * distribute() then refer to that configuration. Here, and so for the
     * linear procedures, they are linearised about the reference.
     */
    void
    set_constraints(const std::vector<PrescribedValue> &prescribed,
                    const std::vector<core::Equation>  &equations);

    /** Homogeneous constraints that Newton increments must satisfy. */
    const dealii::AffineConstraints<double> &
    increment_constraints() const
    {
      return increment_constraints_;
    }

    /**
     * The nodes carried by other nodes (*MPC, *RIGID BODY), eliminated
     * exactly: their lines are linearised at the configuration of every
     * non-linear residual assembly like those of partly prescribed rotations,
     * apply_increment() and impose_prescribed_values() put them back on their
     * constraints, and their DOFs are not reaction DOFs.
     */
    const FollowerConstraints &
    followers() const
    {
      return followers_;
    }

    /** The configuration the followers' lines were last linearised at. */
    const core::Configuration &
    follower_state() const
    {
      return follower_state_;
    }

    /** The nodes whose rotation is partly prescribed. */
    const PartialRotationConstraints &
    partial_rotations() const
    {
      return partial_rotations_;
    }

    /**
     * Linearises the lines of partly prescribed rotations (rows of
     * T(psi)^{-1}) and of followers (their constraint Jacobians) at
     * @p configuration; nothing to do without such nodes.
     */
    void
    linearise_rotation_constraints(const core::Configuration &configuration) const;

    /**
     * The same for a step of the mid-point scheme from @p configuration_n to
     * @p configuration_n1: secant rows, whose product with the step's Cayley
     * increment is the change of the held components (so a held component
     * makes the reaction do no work over the step); followers' lines from
     * their constraints' discrete gradients over the step
     * (FollowerConstraints::add_lines()), so that their constraint forces do
     * no work over it either.
     */
    void
    linearise_rotation_constraints(const core::Configuration &configuration_n,
                                   const core::Configuration &configuration_n1) const;

    /**
     * Configuration::apply_increment, then the held components of partly
     * prescribed rotations set back to their values before the increment
     * (a Newton increment satisfies their linearised constraint only).
     */
    void
    apply_increment(core::Configuration &configuration, const Eigen::VectorXd &delta) const;

    /**
     * The DOFs whose reaction is reported: the constrained ones and, at a
     * partly prescribed rotation, the free rotations its lines couple to (the
     * support moment there is the spatial vector T^{-T} e_k lambda_k, which
     * has components about every axis). Sorted.
     */
    std::vector<unsigned>
    reaction_dofs() const;

    /**
     * Reactions: @p internal minus @p external force on the constrained DOFs
     * (reaction_dofs()), zero elsewhere; a carried node's share goes to its
     * leader first (a supported rigid body's reference node carries the
     * body's loads; the lines at follower_state()).
     */
    Eigen::VectorXd
    reactions(const Eigen::VectorXd &internal, const Eigen::VectorXd &external) const;

    /**
     * Adds the matrix @p block on the DOFs @p dofs to @p matrix (assembled with
     * the current constraints) as distribute_local_to_global would: rows and
     * columns of constrained DOFs go to their masters, with no diagonal added
     * on the constrained rows. Locally owned rows only; call compress(add) after.
     */
    void
    add_condensed(dealii::TrilinosWrappers::SparseMatrix &matrix, const std::vector<unsigned> &dofs,
                  const Eigen::MatrixXd &block) const;

    /** The block of the unconstrained lumped mass on the DOFs @p dofs (summed over ranks). */
    Eigen::Matrix3d
    lumped_block(const std::array<unsigned, 3> &dofs) const;

    /**
     * Sets the DOFs listed in @p targets to their values in @p configuration
     * (translations added, rotations applied as spatial rotation vectors), then
     * the dependent DOF of every *EQUATION from its masters.
     */
    void
    impose_prescribed_values(core::Configuration                &configuration,
                             const std::vector<PrescribedValue> &targets) const;

    /**
     * The same on a DOF vector: sets the entries listed in @p targets, then
     * every *EQUATION's dependent entry from its masters.
     */
    void
    impose_prescribed_values(Eigen::VectorXd                    &values,
                             const std::vector<PrescribedValue> &targets) const;

    /** Locally owned rows. */
    const dealii::IndexSet &
    locally_owned_dofs() const
    {
      return locally_owned_;
    }

    MPI_Comm
    communicator() const
    {
      return communicator_;
    }

    /** The pattern every matrix of the model is built on (stiffness, mass, tangent). */
    const dealii::TrilinosWrappers::SparsityPattern &
    sparsity() const
    {
      return sparsity_;
    }

    /** Resizes @p matrix to the current sparsity pattern. */
    void
    reinit_matrix(dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /** Resizes @p vector to the locally owned rows (writable for assembly). */
    void
    reinit_vector(dealii::TrilinosWrappers::MPI::Vector &vector) const;

    /**
     * Assembles @p kind at @p configuration. Constrained rows get a positive
     * diagonal for stiffness matrices and a zero diagonal for mass matrices, so
     * eigenproblems have no spurious modes from constraints.
     *
     * MatrixKind::turned_consistent_mass turns each element's consistent mass
     * M_e into T M_e T^T, T = diag(Q) on every node's translations and
     * rotations, with Q the element's rigid rotation at @p configuration:
     * the mean of its nodal triads turned further by the smallest rotation
     * that carries the turned reference chord onto the current chord (for
     * one-node elements the node's triad). It is exact for rigidly turned
     * elements; for a deformed element Q differs from its co-rotational frame
     * by the element's own (small) deformation rotations.
     *
     * With MatrixKind::symmetric_tangent_stiffness and @p skewness given,
     * *@p skewness is |K_t - K_t^T|_F / |K_t|_F over the element tangents
     * (summed squares over all ranks): the co-rotational tangent with respect
     * to spatial spins is non-symmetric under moments and away from equilibrium.
     */
    void
    assemble_matrix(MatrixKind kind, const core::Configuration &configuration,
                    dealii::TrilinosWrappers::SparseMatrix &matrix,
                    double                                 *skewness = nullptr) const;

    /**
     * Adds to @p matrix, through the current lines, the derivative of the
     * followers' constraint forces d(G^T lambda)/dq at @p configuration with
     * the multipliers that balance @p force (f_int - f_ext, unconstrained,
     * replicated) on the followers' rows: the stiffness of the constraint
     * forces (FollowerConstraints::for_each_curvature); with
     * @p symmetric_part only the symmetric part of each block (for the
     * symmetric eigenproblems of perturbation steps). Call compress(add) on
     * @p matrix afterwards.
     */
    void
    add_follower_curvature(const core::Configuration &configuration, const Eigen::VectorXd &force,
                           dealii::TrilinosWrappers::SparseMatrix &matrix,
                           bool                                    symmetric_part = false) const;

    /**
     * The matrix of @p kind (a mass) with every constraint condensed except
     * the followers': their rows and columns hold their own entries, so a
     * dynamic system can condense them through lines that change with the
     * configuration (AssembledDynamicSystem).
     */
    void
    assemble_matrix_keeping_followers(MatrixKind kind, const core::Configuration &configuration,
                                      dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /**
     * Element matrix of @p kind for element @p e at @p configuration, in the
     * element's local DOF order (element_dofs()), as assemble_matrix adds it
     * (MatrixKind::symmetric_tangent_stiffness unsymmetrised: the consistent
     * tangent).
     */
    void
    element_matrix(MatrixKind kind, unsigned e, const core::Configuration &configuration,
                   Eigen::MatrixXd &matrix) const;

    /**
     * Assembles K_Delta, the differential initial-stress matrix of *BUCKLE
     * about a deformed base state: each element's
     * Element::initial_stress_increment at @p configuration with its entries
     * of the replicated DOF vector @p increment (spatial rotation increments
     * on rotational DOFs). Constrained rows get a positive diagonal (as
     * assemble_matrix's stiffness matrices); no symmetrisation.
     */
    void
    assemble_initial_stress_increment(const core::Configuration              &configuration,
                                      const Eigen::VectorXd                  &increment,
                                      dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /**
     * Assembles the condensed residual r = f_ext - f_int at @p configuration,
     * the replicated unconstrained internal force (for reactions) and, when
     * @p tangent is given, the matching tangent. With @p nonlinear false the
     * internal force is K_lin d (small displacements).
     */
    void
    assemble_residual(const core::Configuration &configuration, bool nonlinear,
                      const Eigen::VectorXd                  &external_force,
                      dealii::TrilinosWrappers::MPI::Vector  &residual,
                      Eigen::VectorXd                        &internal_force,
                      dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /**
     * The small-displacement residual r = f_ext - K_lin @p values for a plain
     * DOF vector @p values (rotations as rotation vectors, any size: linear
     * steps add rotations as vectors), the replicated unconstrained internal
     * force K_lin @p values and, when @p tangent is given, K_lin.
     */
    void
    assemble_linear_residual(const Eigen::VectorXd &values, const Eigen::VectorXd &external_force,
                             dealii::TrilinosWrappers::MPI::Vector  &residual,
                             Eigen::VectorXd                        &internal_force,
                             dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /**
     * As assemble_residual, with the algorithmic force of the energy-conserving
     * mid-point scheme between @p configuration_n and @p configuration_n1
     * (Element::conserving_force) and its tangent with respect to the state
     * at n+1.
     */
    void
    assemble_conserving_residual(const core::Configuration              &configuration_n,
                                 const core::Configuration              &configuration_n1,
                                 const Eigen::VectorXd                  &external_force,
                                 dealii::TrilinosWrappers::MPI::Vector  &residual,
                                 Eigen::VectorXd                        &internal_force,
                                 dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /** Whether any element's material has Rayleigh damping (*DAMPING) or an element its own (DASHPOTA). */
    bool
    has_damping() const;

    /**
     * The damping force C v at @p configuration for the replicated velocity
     * @p velocity (replicated, unconstrained: @p force) and, when @p matrix is
     * given, C condensed like a tangent. C is the sum of the elements'
     * Rayleigh damping (assembly::rayleigh_damping_matrix(): alpha M_lumped +
     * beta times the material stiffness in the co-rotated frame, rigid-body
     * motion undamped by beta) and of the elements' own damping matrices
     * (Element::damping_matrix(): dashpots), symmetric positive semi-definite.
     */
    void
    assemble_damping(const core::Configuration &configuration, const Eigen::VectorXd &velocity,
                     Eigen::VectorXd &force, dealii::TrilinosWrappers::SparseMatrix *matrix) const;

    /** Whether an element has a configuration-dependent mass (a B21 section's LUMPED=NO). */
    bool
    has_configuration_dependent_mass() const;

    /**
     * The mid-point inertia force of the configuration-dependent masses
     * (Element::midpoint_inertia_force()) over the step from
     * @p configuration_n with the replicated DOF rates @p velocity_n to
     * @p configuration_n1 in time @p dt, on every DOF (replicated, not
     * condensed: @p force), and, when @p tangent is given, its derivative with
     * respect to the end of the step condensed like a tangent.
     */
    void
    assemble_midpoint_inertia(const core::Configuration &configuration_n,
                              const core::Configuration &configuration_n1,
                              const Eigen::VectorXd &velocity_n, double dt, Eigen::VectorXd &force,
                              dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /**
     * Kinetic energy and angular momentum about the origin of the
     * configuration-dependent masses at @p configuration with the replicated
     * DOF rates @p velocity (summed over ranks).
     */
    std::pair<double, Eigen::Vector3d>
    configuration_dependent_momentum(const core::Configuration &configuration,
                                     const Eigen::VectorXd     &velocity) const;

    /**
     * A constrained row of an assembled matrix gets the mean diagonal of its
     * elements' matrices (AffineConstraints), zero where they have no
     * stiffness (the supported reference node of a rigid body of point
     * masses, a carried node with point masses only); this puts 1 there. The
     * row's correction is the constraint's, and with its zero mass row it
     * stays out of an eigen-spectrum, so any non-zero diagonal does.
     * Compressed again if anything changed.
     */
    void
    give_constrained_rows_a_diagonal(dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /** The replicated force @p force condensed like a residual (with the current constraints). */
    void
    condense(const Eigen::VectorXd &force, dealii::TrilinosWrappers::MPI::Vector &condensed) const;

    /** Replicated consistent gravity load of @p loads (M_e times the acceleration field). */
    Eigen::VectorXd
    gravity_force(const std::vector<core::GravityLoad> &loads, double factor) const;

    /** Total strain energy (summed over ranks). */
    double
    strain_energy(const core::Configuration &configuration, bool nonlinear) const;

    /** Replicated copy of a distributed vector. */
    Eigen::VectorXd
    to_replicated(const dealii::TrilinosWrappers::MPI::Vector &vector) const;

    /** Applies the increment constraints to a replicated vector (dependent DOFs from masters, constrained ones zero). */
    void
    distribute(Eigen::VectorXd &vector) const;

    /** Kinematics of element @p element (index into the element list). */
    elements::ElementKinematics
    kinematics(unsigned element, const core::Configuration &configuration) const;

    /** Global DOF indices of element @p element (DofMap::invalid where inactive). */
    const std::vector<unsigned> &
    element_dofs(unsigned element) const
    {
      return element_dofs_[element];
    }

    /**
     * The *EQUATION constraints as given (before closing): dependent DOF and
     * its (master, weight) pairs, u_dependent = sum weight u_master.
     */
    const std::vector<std::pair<unsigned, std::vector<std::pair<unsigned, double>>>> &
    equation_lines() const
    {
      return equation_lines_;
    }

    /** Elements assembled on this rank. */
    const std::vector<unsigned> &
    local_elements() const
    {
      return local_elements_;
    }

  private:
    /**
     * Builds increment_constraints_ from the prescribed DOFs, the lines of the
     * partly prescribed rotations with @p rotation_rows (one matrix per node
     * of partial_rotations_) and the *EQUATION lines.
     */
    void
    build_increment_constraints(const std::vector<Eigen::MatrixXd> &rotation_rows) const;

    /** Adds the locally owned rows of the replicated @p force to @p vector, condensed. */
    void
    add_condensed_force(const Eigen::VectorXd                 &force,
                        dealii::TrilinosWrappers::MPI::Vector &vector) const;

    /** Element force (and tangent if the pointer is set) of element @p e. */
    using ElementForce =
      std::function<void(unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *tangent)>;

    /**
     * The element loop shared by the residual assemblies; with @p linearised
     * (a non-linear residual) the tangent gets
     * add_rotation_constraint_curvature().
     */
    void
    assemble_element_forces(const ElementForce                     &element_force,
                            const Eigen::VectorXd                  &external_force,
                            dealii::TrilinosWrappers::MPI::Vector  &residual,
                            Eigen::VectorXd                        &internal_force,
                            dealii::TrilinosWrappers::SparseMatrix *tangent, bool linearised) const;

    /**
     * Adds to @p tangent the change of the partly prescribed rotations'
     * constraint with the configuration, weighted by their reactions, which
     * @p force (f_int - f_ext, replicated) gives on the held rows.
     */
    void
    add_rotation_constraint_curvature(const Eigen::VectorXd                  &force,
                                      dealii::TrilinosWrappers::SparseMatrix &tangent) const;

    /** Rigid rotation of element @p e at @p configuration (see turned_consistent_mass). */
    Eigen::Matrix3d
    element_rotation(unsigned e, const core::Configuration &configuration) const;


    const core::Model                                     &model_;
    const std::vector<std::unique_ptr<elements::Element>> &elements_;
    const core::DofMap                                    &dofs_;
    MPI_Comm                                               communicator_;

    dealii::IndexSet                   locally_owned_;
    dealii::IndexSet                   writable_;
    std::vector<std::vector<unsigned>> element_dofs_;
    std::vector<unsigned>              local_elements_;
    /** Rebuilt when partly prescribed rotations are linearised at a configuration. */
    mutable dealii::AffineConstraints<double> increment_constraints_;
    PartialRotationConstraints                partial_rotations_;
    FollowerConstraints                       followers_;
    /** The configuration of the last linearisation of followers_ (the reference at first). */
    mutable core::Configuration follower_state_;
    /** The start of the step when followers_ were last linearised over a step, else empty. */
    mutable std::optional<core::Configuration> follower_step_start_;
    /** The rotation vectors of partial_rotations_ at the last linearisation. */
    mutable std::vector<Eigen::Vector3d> linearised_psi_;
    /** Prescribed DOFs other than those of partial_rotations_. */
    std::vector<unsigned> held_dofs_;
    /** *EQUATION lines as written: dependent DOF and (master, weight) pairs, not closed. */
    std::vector<std::pair<unsigned, std::vector<std::pair<unsigned, double>>>> equation_lines_;
    std::vector<core::SourceLocation>                                          equations_at_;
    dealii::TrilinosWrappers::SparsityPattern                                  sparsity_;
  };
} // namespace corot::assembly
