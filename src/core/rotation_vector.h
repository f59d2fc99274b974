#pragma once
/**
 * @file
 * Rotation vectors on SO(3): exponential map, a logarithm kept on the branch
 * nearest a guess, the Cayley map of step increments, their composition with
 * total rotation vectors and the inverse of the Cayley map's tangent.
 */
#include <Eigen/Dense>
#include <Eigen/Geometry>

namespace corot::core
{
  /**
   * Total rotation vectors psi (R = exp(psi)), as the DOF vectors of a
   * dynamic analysis hold them, and step increments phi given by the Cayley
   * map, R_{n+1} = cay(phi) R_n with
   *
   *     cay(phi) = (I - S/2)^{-1} (I + S/2) = I + 4/(4 + |phi|^2) (S + S^2/2),  S = skew(phi),
   *
   * a rotation by 2 atan(|phi|/2) about phi (so phi = 2 tan(angle/2) axis).
   * The Cayley increment is chosen over the exponential one because of
   * (cay(phi) - I) x = phi x (x + cay(phi) x)/2: a finite rigid rotation of a
   * step moves every point by phi x (its mid-point position), i.e. it is an
   * infinitesimal rigid motion, with rotation phi, about the mid-point
   * configuration. That is what lets element forces that are in equilibrium
   * at the mid-point positions do no work in rigid steps, and so conserve
   * energy and angular momentum together (CorotationalBeam3D::conserving_force;
   * Simo & Wong's rotary inertia works unchanged with it, see
   * NodalRotaryInertia).
   *
   * Eigen gives the quaternion algebra; what is written here is the choice of
   * branch (a rotation vector is defined up to multiples of 2 pi along its
   * axis, and a DOF history must stay continuous, e.g. a hub turning through
   * 80 rad), the Cayley map and the closed form of its tangent.
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

    /** The rotation matrix cay(@p phi) of a step increment. */
    static Eigen::Matrix3d
    cayley(const Eigen::Vector3d &phi);

    /**
     * The Cayley vector phi with cay(phi) = @p q (2 q_v / q_w). Throws
     * std::runtime_error for a rotation of 180 degrees or more, which no
     * step may take.
     */
    static Eigen::Vector3d
    cayley_vector(const Eigen::Quaterniond &q);

    /**
     * The total rotation vector after the step increment @p phi: log(cay(phi)
     * exp(psi)) on the branch nearest psi + 2 atan(|phi|/2) phi/|phi|. When phi
     * and psi are parallel (planar motion) this is psi plus the increment's
     * angle to round-off.
     */
    static Eigen::Vector3d
    compose(const Eigen::Vector3d &psi, const Eigen::Vector3d &phi);

    /** The step increment phi with cay(phi) exp(@p psi_n) = exp(@p psi_n1). */
    static Eigen::Vector3d
    increment(const Eigen::Vector3d &psi_n, const Eigen::Vector3d &psi_n1);

    /**
     * dcay^{-1}(phi) = I - skew(phi)/2 + phi phi^T/4: the map from a spatial
     * spin delta w (cay(phi) <- exp(delta w) cay(phi)) to the change delta phi
     * of the increment to first order. Its inverse, the tangent of the Cayley
     * map, is 4/(4 + |phi|^2) (I + skew(phi)/2) (e.g. Iserles, Munthe-Kaas,
     * Norsett & Zanna 2000, Acta Numerica 9, section 8.3).
     */
    static Eigen::Matrix3d
    cayley_inverse_tangent(const Eigen::Vector3d &phi);

    /**
     * dcay(phi) = 4/(4 + |phi|^2) (I + skew(phi)/2), the tangent of the
     * Cayley map in its spatial form: a change delta phi of the increment
     * turns cay(phi) by the spatial spin delta w = dcay(phi) delta phi to first
     * order (the inverse of cayley_inverse_tangent()).
     */
    static Eigen::Matrix3d
    cayley_tangent(const Eigen::Vector3d &phi);

    /**
     * T(psi)^{-1}, the inverse of the tangent of the exponential map in its
     * spatial (left) form: a spatial spin delta w applied as exp(delta w)
     * exp(psi) changes the total rotation vector by delta psi = T^{-1} delta w
     * to first order, with
     *
     *     T^{-1}(psi) = I - S/2 + (1 - (a/2) cot(a/2))/a^2 S^2,  S = skew(psi), a = |psi|
     *
     * (the tangent of the exponential map, e.g. Ibrahimbegovic, Frey & Kozar
     * 1995, "Computational aspects of vector-like parametrization of
     * three-dimensional finite rotations", IJNME 38, 3653-3673). Singular at
     * a = 2 pi; its symmetric part (a/2) cot(a/2) vanishes at a = pi.
     */
    static Eigen::Matrix3d
    exp_inverse_tangent(const Eigen::Vector3d &psi);
  };
} // namespace corot::core
