#pragma once
/**
 * @file
 * Two nodes whose rotations differ only about a common axis (the rotational
 * part of a hinge).
 */
#include <src/constraints/holonomic_constraint.h>

#include <array>

namespace corot::constraints
{
  /**
   * Abaqus' REVOLUTE connection (the rotational part of HINGE): an axis fixed
   * in the leading node m and an axis fixed in the follower s stay parallel,
   * so their relative rotation is about that axis only. With the axis
   * a = R_m A (A its direction at the reference) and two directions normal
   * to the follower's axis, t_k = R_s T_k (k = 1, 2),
   *
   *     g_k(q) = t_k . a = 0,
   *
   * two equations, nodes (s, m). With spatial spins (dR = skew(dw) R),
   * dg_k = (t_k x a) . (dw_s - dw_m), so
   *
   *     G = [ 0, c_1^T | 0, -c_1^T ; 0, c_2^T | 0, -c_2^T ],  c_k = t_k x a:
   *
   * the follower's rotations about the two directions normal to the axis are
   * tied to the leader's, the one about the axis is free. Each row's forces
   * are a moment c_k lambda_k on s and its opposite on m.
   *
   * Discrete gradient: g_k is bilinear in t_k and a, and a Cayley step
   * R_{n+1} = cay(phi) R_n moves any vector attached to the node by
   * v_{n+1} - v_n = phi x (v_n + v_{n+1})/2 exactly. Hence
   * g_k(n+1) - g_k(n) = (t̄_k x ā) . (phi_s - phi_m) with t̄_k, ā the
   * averages over the step: G_d = [0, c̄_k^T | 0, -c̄_k^T], c̄_k = t̄_k x ā,
   * exact in every configuration (no Gonzalez correction needed), equal to G
   * for a step of zero length, and with equal and opposite moments, so a
   * mid-point scheme conserves the angular momentum as well as the energy
   * (the construction of Betsch & Leyendecker 2006, IJNME 67, 499-552, for
   * directors).
   */
  class RevoluteConstraint : public HolonomicConstraint
  {
  public:
    /**
     * Follower @p follower turning about @p axis (unit, at the reference,
     * fixed in the leader @p leader) relative to it; @p normals (unit,
     * orthogonal, normal to the follower's own axis, fixed in the follower)
     * are T_1 and T_2. Throws std::invalid_argument unless the axis is
     * normal to both (the axes are parallel at the reference).
     */
    RevoluteConstraint(unsigned follower, unsigned leader, const Eigen::Vector3d &axis,
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
    uses_rotation(unsigned) const override
    {
      return true;
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

    /** The axis a = R_m A at @p state. */
    Eigen::Vector3d
    axis(const ConstraintKinematics &state) const;

  private:
    /** G from the axis @p a and the follower's normals @p t. */
    static Eigen::MatrixXd
    gradient(const Eigen::Vector3d &a, const std::array<Eigen::Vector3d, 2> &t);

    /** t_k = R_s T_k at @p state. */
    std::array<Eigen::Vector3d, 2>
    normals(const ConstraintKinematics &state) const;

    std::vector<unsigned>          nodes_;
    Eigen::Vector3d                axis_;
    std::array<Eigen::Vector3d, 2> normals_;
  };
} // namespace corot::constraints
