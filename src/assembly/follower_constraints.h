#pragma once
/**
 * @file
 * Nodes carried by other nodes through finite rotations (*MPC BEAM, PIN,
 * TIE and *RIGID BODY), eliminated exactly.
 */
#include <src/constraints/holonomic_constraint.h>
#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <deal.II/lac/affine_constraints.h>

#include <Eigen/Dense>

#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace corot::assembly
{
  /**
   * The node ties of a model (core::Model::node_ties and the nodes of every
   * core::Model::rigid_bodies entry), each a follower node s whose position
   * (constraints::RigidLinkConstraint or TranslationTieConstraint) and, where
   * it has them, rotation (constraints::RotationTieConstraint) follow a leading
   * node m.
   *
   * Method: exact elimination (master-slave). The follower's DOFs are
   * dependent: a Newton increment satisfies the linearised constraint
   * G_s dq_s + G_m dq_m = 0 as the AffineConstraints lines
   * dq_s = -G_s^{-1} G_m dq_m (for the rigid link du_s = du_m - skew(a) dw_m,
   * dw_s = dw_m), re-linearised at every configuration, and after every
   * update the follower is put back on the constraint exactly (restore():
   * x_s = x_m + R_m e0, R_s = R_m), so the constraints hold to round-off at
   * every converged state, not only to first order. The condensed tangent
   * gets the constraint forces' own derivative d(G^T lambda)/dq
   * (HolonomicConstraint::force_derivative) with the multipliers
   * lambda = -G_s^{-T} r_s read from the follower's unbalanced force r_s
   * (f_int - f_ext). Elimination was chosen over Lagrange multipliers
   * because it keeps the existing symmetric, positive definite condensed
   * systems and solvers, and because each follower's rows have the identity
   * (G_s = I on the manifold) as an always-invertible pivot; it needs each
   * follower to be eliminated once, so a follower that is also supported,
   * or carried twice, is refused (a redundant set, see
   * constraints::ReactionSolvability) rather than solved. A follower may
   * lead another tie (a chain): the followers are restored leaders first and
   * condensed last-of-the-chain first, and AffineConstraints resolves the
   * chained lines when it closes them.
   *
   * Connector elements (CONN3D2, *CONNECTOR SECTION) are followers too: a
   * HINGE's follower node b has its position tied to a's
   * (TranslationTieConstraint) and two of its three rotations
   * (RevoluteConstraint): its lines express the eliminated coordinates
   * through the leader's six and the follower's own free ones
   * (dq_D = -G_D^{-1} (G_m dq_m + G_F dq_F)), and restore() puts it back on
   * the constraint by Newton's method on the eliminated coordinates. Which
   * two rotations are eliminated is chosen at the reference: those normal
   * to the global axis nearest the hinge axis; a hinge axis that later
   * turns normal to that global axis makes G_D singular, which is reported
   * (core::InputError at the connector's section).
   *
   * Only 3D nodes (UX UY UZ, and RX RY RZ where rotations are tied) take part.
   */
  class FollowerConstraints
  {
  public:
    /** How a piece puts its follower back on the constraint (restore()). */
    enum class Restore
    {
      lever,    ///< x_s = x_m + R_m e0 (RigidLinkConstraint)
      position, ///< u_s = u_m (TranslationTieConstraint)
      rotation, ///< R_s = R_m (RotationTieConstraint)
      project   ///< Newton's method on the eliminated coordinates (any other)
    };

    /** One holonomic constraint of a follower and the follower coordinates it eliminates. */
    struct Piece
    {
      std::shared_ptr<constraints::HolonomicConstraint> constraint;
      /** Follower coordinates (0-2 translations, 3-5 rotations) its equations are solved for. */
      std::vector<unsigned> eliminated;
      Restore               restore = Restore::project;
    };

    /** One follower and its constraints. */
    struct Follower
    {
      unsigned                follower;      ///< node index
      unsigned                leader;        ///< node index
      std::array<unsigned, 6> follower_dofs; ///< global, invalid where absent
      std::array<unsigned, 6> leader_dofs;
      std::vector<Piece>      pieces; ///< positions, then rotations
      bool                    rigid_lever;
      bool                    tied_rotation; ///< all three rotations of the follower tied
      core::SourceLocation    defined_at;
      std::string             origin;

      /** The eliminated follower coordinates, piece by piece (the rows of line_weights()). */
      std::vector<unsigned>
      eliminated() const;

      /**
       * Whether some, not all, of the follower's rotations are eliminated
       * (a hinge): its rotary inertia then couples eliminated and free rows.
       */
      bool
      partly_eliminated_rotation() const;
    };

    FollowerConstraints() = default;

    /**
     * Expands the model's node ties and rigid bodies on @p dofs. Throws
     * core::InputError (at the defining line) for a node carried twice, a
     * follower that leads another tie, a leader without the rotational DOFs
     * a rigid lever or tied rotation needs, or a planar node.
     */
    FollowerConstraints(const core::Model &model, const core::DofMap &dofs);

    /** Whether there are no followers. */
    bool
    empty() const
    {
      return followers_.empty();
    }

    /** The followers. */
    const std::vector<Follower> &
    followers() const
    {
      return followers_;
    }

    /** Whether global DOF @p dof belongs to a follower. */
    bool
    is_follower_dof(unsigned dof) const;

    /**
     * Adds the lines of every follower DOF to @p constraints: linearised at
     * @p configuration (G = dg/dq there), or, when @p step_start is given, for
     * the step from @p step_start to @p configuration with the constraints'
     * discrete gradients G_d (HolonomicConstraint::discrete_gradient()), whose
     * lines dq_s = -G_d,s^{-1} G_d,m dq_m hold exactly between the step's
     * increments (displacements and Cayley vectors) once both ends are on the
     * constraint. Condensing a mid-point residual with the latter is the
     * discrete null-space method of Betsch & Leyendecker (2006), IJNME 67,
     * 499-552, eq. (47)-(52): the constraint forces do no work over the step.
     */
    void
    add_lines(dealii::AffineConstraints<double> &constraints,
              const core::Configuration         &configuration,
              const core::Configuration         *step_start = nullptr) const;

    /**
     * The weights of follower @p f's lines (rows: its eliminated coordinates,
     * Follower::eliminated(); columns: the follower's six coordinates, zero
     * in the eliminated ones, then the leader's six), as add_lines() uses
     * them.
     */
    Eigen::MatrixXd
    line_weights(const Follower &f, const core::Configuration &configuration,
                 const core::Configuration *step_start = nullptr) const;

    /**
     * Moves each follower's entries of @p force on its eliminated DOFs onto
     * the leader and the follower's free DOFs with the transposed line
     * weights (force_m += C^T force_s, force_s = 0): a force on a carried
     * node as the leader feels it, including on the leader's supported DOFs
     * (which AffineConstraints' closed lines would drop).
     */
    void
    condense(Eigen::VectorXd &force, const core::Configuration &configuration,
             const core::Configuration *step_start = nullptr) const;

    /** Puts every follower back on its constraint from its leader's state. */
    void
    restore(core::Configuration &configuration) const;

    /**
     * For each follower, the block d(G^T lambda)/dq (on its 12 coordinates,
     * global DOFs in @p dofs, invalid entries left out by the caller) with
     * lambda from @p force (f_int - f_ext, replicated, unconstrained).
     */
    void
    for_each_curvature(const core::Configuration &configuration, const Eigen::VectorXd &force,
                       const std::function<void(const std::vector<unsigned> &dofs,
                                                const Eigen::MatrixXd       &block)> &add) const;

    /** The kinematics of follower @p i's two nodes (follower, leader). */
    constraints::ConstraintKinematics
    kinematics(const Follower &follower, const core::Configuration &configuration) const;

    /**
     * The DOFs the lines of follower @p f's eliminated DOFs may refer to: the
     * leader's and the follower's own free ones (valid ones only), and, where
     * the leader is itself carried (a chain), its masters in turn.
     */
    std::vector<unsigned>
    masters(const Follower &f) const;

    /** Whether some follower's leader is itself carried (a chain of ties). */
    bool
    chained() const
    {
      return chained_;
    }

  private:
    /** Adds the followers of the model's connector elements (*CONNECTOR SECTION). */
    void
    add_connectors(const core::Model &model, const core::DofMap &dofs,
                   std::map<unsigned, size_t> &carried);

    /** Adds follower @p f (its pieces set) after the checks every follower needs. */
    void
    add(Follower f, const core::Model &model, std::map<unsigned, size_t> &carried);

    /**
     * Orders the followers leaders first (order_) and indexes them by
     * eliminated DOF; throws core::InputError for a circular chain.
     */
    void
    order_leaders_first(const core::Model &model);

    /** condense() of follower @p f's entries of @p force with its line weights @p weights. */
    void
    condense(const Follower &f, const Eigen::MatrixXd &weights, Eigen::VectorXd &force) const;

    /** restore() of one piece. */
    void
    restore(const Follower &f, const Piece &piece, core::Configuration &configuration) const;

    std::vector<Follower> followers_;
    std::vector<size_t>   order_;           ///< indices into followers_, leaders first
    std::vector<int>      follower_of_dof_; ///< index of the follower eliminating a DOF, or -1
    bool                  chained_ = false;
    std::vector<bool>     follower_dof_;
  };
} // namespace corot::assembly
