#pragma once
/**
 * @file
 * Rotation vectors on SO(3): exponential map, a logarithm kept on the branch
 * nearest a guess, composition with spatial increments and the inverse of the
 * tangent of the exponential map.
 */
#include <Eigen/Dense>
#include <Eigen/Geometry>

namespace corot::core
{
  /**
   * Total rotation vectors psi (R = exp(psi)) and spatial increments theta
   * (R_{n+1} = exp(theta) R_n), as the DOF vectors of a dynamic analysis hold
   * them. Eigen gives the quaternion algebra; what is written here is the
   * choice of branch (a rotation vector is defined up to multiples of 2 pi
   * along its axis, and a DOF history must stay continuous, e.g. a hub turning
   * through 80 rad) and the closed form of dexp^{-1}, which Eigen lacks.
   */
  class RotationVector
  {
  public:
    /** The skew matrix of @p v: skew(v) x = v x x. */
    static Eigen::Matrix3d
    skew(const Eigen::Vector3d &v);

    /** The rotation matrix exp(skew(@p theta)) (Rodrigues). */
    static Eigen::Matrix3d
    exp(const Eigen::Vector3d &theta);

    /**
     * A rotation vector of @p q, chosen among (phi + 2 pi k) a (a the axis,
     * phi in [0, pi]) as the one nearest to @p near.
     */
    static Eigen::Vector3d
    log_near(const Eigen::Quaterniond &q, const Eigen::Vector3d &near);

    /**
     * The total rotation vector after a spatial increment: log(exp(theta)
     * exp(psi)) on the branch nearest psi + theta. When theta and psi are
     * parallel (planar motion) this is psi + theta to round-off.
     */
    static Eigen::Vector3d
    compose(const Eigen::Vector3d &psi, const Eigen::Vector3d &theta);

    /**
     * The spatial increment theta with exp(theta) exp(@p psi_n) =
     * exp(@p psi_n1), on the branch nearest psi_n1 - psi_n.
     */
    static Eigen::Vector3d
    increment(const Eigen::Vector3d &psi_n, const Eigen::Vector3d &psi_n1);

    /**
     * dexp^{-1}(theta) = I - skew/2 + (1 - (a/2) cot(a/2))/a^2 skew^2, a = |theta|:
     * the map from a spatial spin delta phi (exp(theta) <- exp(delta phi)
     * exp(theta)) to the change delta theta of the rotation vector to first
     * order (e.g. Simo & Vu-Quoc 1988; Ibrahimbegovic et al. 1995).
     */
    static Eigen::Matrix3d
    inverse_tangent(const Eigen::Vector3d &theta);
  };
} // namespace corot::core
