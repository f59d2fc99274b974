#pragma once
/**
 * @file
 * A node carried rigidly by another node's position and rotation.
 */
#include <src/constraints/holonomic_constraint.h>

namespace corot::constraints
{
  /**
   * The position of a follower node s carried rigidly by a leading node m
   * through finite rotations (the translational part of Abaqus' *MPC BEAM
   * and of a *RIGID BODY node):
   *
   *     g(q) = x_s - x_m - R_m e0 = 0,   e0 = X_s - X_m,   x = X + u,
   *
   * three equations; the follower's rotation is not involved. Nodes: (s, m).
   * With a = R_m e0 and spatial spins (R_m <- exp(dw_m) R_m, d a = dw_m x a):
   *
   *     G = [ I, 0 | -I, skew(a) ],
   *
   * the constraint force G^T lambda puts lambda on s, -lambda on m and the
   * moment lambda x a on m; its derivative at fixed lambda is the (m, m)
   * rotation block (lambda . a) I - a lambda^T.
   *
   * Discrete gradient: a Cayley step turns R_m e0 exactly as
   * a_{n+1} - a_n = phi x (a_n + a_{n+1})/2 (core::RotationVector), so
   * G_d = [ I, 0 | -I, skew(a_mid) ], a_mid = (a_n + a_{n+1})/2, satisfies the
   * directionality property with no correction, for any two states. The
   * moment of its forces about any point is (x_s - x_m - a)_mid x lambda,
   * zero when both ends satisfy the constraint, so the constraint force also
   * conserves angular momentum (the equivariance of Betsch & Leyendecker
   * 2006, IJNME 67, 499-552, section 4, for the rigid-body director
   * constraints).
   */
  class RigidLinkConstraint : public HolonomicConstraint
  {
  public:
    /**
     * Follower node @p follower at reference position @p follower_position
     * carried by leading node @p leader at @p leader_position.
     */
    RigidLinkConstraint(unsigned follower, const Eigen::Vector3d &follower_position,
                        unsigned leader, const Eigen::Vector3d &leader_position);

    const std::vector<unsigned> &
    nodes() const override
    {
      return nodes_;
    }

    unsigned
    n_equations() const override
    {
      return 3;
    }

    /** Only the leader's rotation. */
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

    /** The current lever a = R_m e0 from the leader to the follower. */
    Eigen::Vector3d
    lever(const ConstraintKinematics &state) const;

  private:
    /** G with lever @p lever. */
    static Eigen::MatrixXd
    gradient_with_lever(const Eigen::Vector3d &lever);

    std::vector<unsigned> nodes_;
    Eigen::Vector3d       offset_; ///< e0 = X_s - X_m
  };
} // namespace corot::constraints
