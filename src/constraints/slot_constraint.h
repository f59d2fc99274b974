#pragma once
/**
 * @file
 * A node that stays on a line fixed in another node (the translational part
 * of a slider).
 */
#include <src/constraints/holonomic_constraint.h>

#include <array>

namespace corot::constraints
{
  /**
   * Abaqus' SLOT connection (the translational part of TRANSLATOR and
   * CYLINDRICAL): the follower s stays on the line through the leading node
   * m along a direction fixed in m. With d = x_s - x_m (x = X + u) and two
   * directions normal to the line, t_k = R_m T_k (k = 1, 2),
   *
   *     g_k(q) = d . t_k = 0,
   *
   * two equations, nodes (s, m); the follower's rotation is not involved.
   * With spatial spins, dg_k = t_k . (du_s - du_m) + (t_k x d) . dw_m, so
   *
   *     G = [ t_k^T, 0 | -t_k^T, (t_k x d)^T ],
   *
   * forces tau = sum lambda_k t_k on s, -tau on m and the moment tau x d on
   * m (no resultant force or moment).
   *
   * Discrete gradient: g_k is bilinear in d and t_k, and a Cayley step moves
   * t_k by phi_m x (t_k,n + t_k,n+1)/2 exactly, so with averages over the
   * step G_d = [ t̄_k^T, 0 | -t̄_k^T, (t̄_k x d̄)^T ] is exact for any two
   * states and has no resultant force or moment about the mid-point
   * positions (as RevoluteConstraint; Betsch & Leyendecker 2006, IJNME 67,
   * 499-552).
   */
  class SlotConstraint : public HolonomicConstraint
  {
  public:
    /**
     * Follower @p follower at @p follower_position on the line through
     * @p leader at @p leader_position normal to @p normals (unit, orthogonal,
     * fixed in the leader; at the reference). Throws std::invalid_argument
     * unless the follower lies on that line at the reference.
     */
    SlotConstraint(unsigned follower, const Eigen::Vector3d &follower_position, unsigned leader,
                   const Eigen::Vector3d                &leader_position,
                   const std::array<Eigen::Vector3d, 2> &normals);

    const std::vector<unsigned> &
    nodes() const override
    {
      return nodes_;
    }

    unsigned
    n_equations() const override
    {
      return 2;
    }

    bool
    uses_rotation(const unsigned i) const override
    {
      return i == 1;
    }

    Eigen::VectorXd
    value(const ConstraintKinematics &state) const override;

    Eigen::MatrixXd
    jacobian(const ConstraintKinematics &state) const override;

    Eigen::MatrixXd
    force_derivative(const ConstraintKinematics &state,
                     const Eigen::VectorXd      &lambda) const override;

    Eigen::MatrixXd
    discrete_gradient(const ConstraintKinematics &state_n,
                      const ConstraintKinematics &state_n1) const override;

  private:
    /** d = x_s - x_m at @p state. */
    Eigen::Vector3d
    separation(const ConstraintKinematics &state) const;

    /** t_k = R_m T_k at @p state. */
    std::array<Eigen::Vector3d, 2>
    normals(const ConstraintKinematics &state) const;

    /** G from the separation @p d and the normals @p t. */
    static Eigen::MatrixXd
    gradient(const Eigen::Vector3d &d, const std::array<Eigen::Vector3d, 2> &t);

    std::vector<unsigned>          nodes_;
    Eigen::Vector3d                reference_separation_; ///< X_s - X_m
    std::array<Eigen::Vector3d, 2> normals_;
  };
} // namespace corot::constraints
