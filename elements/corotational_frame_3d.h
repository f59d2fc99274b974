#pragma once
/**
 * @file
 * Element-independent co-rotational frame of a two-node element with nodal
 * rotations (OpenSees' CorotCrdTransf3d idea: the element works in local
 * "basic" deformations, the frame carries the rigid motion).
 */
#include <elements/element.h>

#include <Eigen/Dense>

#include <array>

namespace corot::elements
{
  /**
   * Co-rotational frame of Battini & Pacoste (2002), "Co-rotational beam
   * elements with warping effects in instability problems", Comput. Methods
   * Appl. Mech. Engrg. 191, 1755-1789: the rigid rotation from the chord and
   * the nodal section axes, local rotations by the logarithm of the relative
   * rotation. Battini & Pacoste take the twist of the frame from the mean of
   * one section axis (e_2); here it is the best fit to the means of both
   * (e_2 and e_3), so that turning the section about the beam axis turns the
   * frame by the same angle and a section with I11 = I22 is isotropic with
   * the second-order strains of CorotationalBeam3D (issue 11). Its
   * variations and the tangent are derived here
   * directly for spatial rotation increments (R <- exp(dw) R); each step is
   * named in corotational_frame_3d.cc.
   *
   *                    r2 (component of q normal to r1)
   *                    ^
   *        node 1      |                        node 2
   *   x1 = X1 + u1 o---+------------------------o x2 = X2 + u2      r1 = (x2 - x1)/l
   *   triad T1 = R1 R0                          triad T2 = R2 R0
   *   q2 = (T1 + T2) e_2/2,  q3 = (T1 + T2) e_3/2,  q = q2 + q3 x r1,
   *   r3 = r1 x q/|r1 x q|,  r2 = r3 x r1  (r2 maximises r2 . q2 + r3 . q3)
   *
   * R0 = [t0 e1 e2] is the reference element frame (columns), R1, R2 the
   * nodal rotations of the state (relative to the reference). The rigid
   * rotation is Rr = [r1 r2 r3]; at the reference Rr = R0.
   *
   * Local deformations (7): d_l = [u, theta1 (3), theta2 (3)] with the
   * elongation u = l - l0 and the local rotations theta_i = log(Rr^T Ti)
   * (rotation vectors, components in the axes r1, r2, r3). They are
   * invariant under any superposed rigid motion.
   *
   * Global DOFs (12), node-major: [u1 (3), w1 (3), u2 (3), w2 (3)], with
   * w_i spatial rotation increments. delta d_l = B delta d_g, and
   * f_g = B^T f_l for local forces f_l = [N, m1 (3), m2 (3)] work-conjugate
   * to d_l. The consistent tangent is K = B^T K_l B + K_sigma(f_l), where
   * K_sigma = d(B^T f_l)/d d_g at fixed f_l (geometric_tangent).
   */
  class CorotationalFrame3D
  {
  public:
    using Vector7    = Eigen::Matrix<double, 7, 1>;
    using Matrix7    = Eigen::Matrix<double, 7, 7>;
    using Matrix12   = Eigen::Matrix<double, 12, 12>;
    using Matrix7x12 = Eigen::Matrix<double, 7, 12>;
    using Matrix3x12 = Eigen::Matrix<double, 3, 12>;

    /** The frame of one configuration (everything the variations need). */
    struct State
    {
      double                         length = 0.0;   ///< current chord length l
      Eigen::Matrix3d                rotation;       ///< Rr = [r1 r2 r3] (columns)
      std::array<Eigen::Vector3d, 2> triad_e2;       ///< q2_i = T_i e_2
      std::array<Eigen::Vector3d, 2> triad_e3;       ///< q3_i = T_i e_3
      std::array<Eigen::Vector3d, 2> local_rotation; ///< theta_i = log(Rr^T T_i)
      Vector7                        deformation;    ///< d_l = [l - l0, theta1, theta2]
      Matrix3x12                     frame_spin;     ///< W_r: spin of Rr, delta w_r = W_r delta d_g
      Matrix7x12                     b;              ///< B: delta d_l = B delta d_g
    };

    /**
     * @p x1, @p x2 reference node positions; @p reference_axes the reference
     * element frame R0 (columns t0, e1, e2, right-handed, t0 along x2 - x1).
     */
    CorotationalFrame3D(const Eigen::Vector3d &x1, const Eigen::Vector3d &x2,
                        const Eigen::Matrix3d &reference_axes);

    /** Reference length l0. */
    double
    reference_length() const
    {
      return reference_length_;
    }

    /** Reference chord X2 - X1. */
    Eigen::Vector3d
    reference_chord() const
    {
      return reference_x2_ - reference_x1_;
    }

    /** Reference frame R0 (columns t0, e1, e2). */
    const Eigen::Matrix3d &
    reference_axes() const
    {
      return reference_axes_;
    }

    /**
     * Frame, local deformations and B of @p state (two nodes). Throws
     * std::runtime_error if the chord vanishes or q has no part normal to
     * the chord (local rotations of 180 degrees within one element, e.g. the
     * two nodal sections twisted by 180 degrees relative to each other).
     */
    State
    evaluate(const ElementKinematics &state) const;

    /** Global force B^T f_l for local forces @p local_force = [N, m1, m2]. */
    static Eigen::Matrix<double, 12, 1>
    global_force(const State &frame, const Vector7 &local_force);

    /**
     * Geometric part K_sigma = d(B^T f_l)/d d_g at fixed f_l (spatial
     * rotation increments; not symmetric in general). Units: those of the
     * stiffness of the DOF pair (force/length ... force x length).
     */
    static Matrix12
    geometric_tangent(const State &frame, const Vector7 &local_force);

    /** Rotation vector of a rotation matrix (|theta| <= pi), via a unit quaternion. */
    static Eigen::Vector3d
    log_map(const Eigen::Matrix3d &rotation);

    /**
     * Inverse T_s^{-1}(theta) = I - S/2 + eta S^2 of the tangent operator of
     * the exponential map for spatial spins: delta theta = T_s^{-1} delta w
     * when exp(theta) <- exp(delta w) exp(theta); S = skew(theta),
     * eta = (1 - (t/2) cot(t/2))/t^2, t = |theta| (the standard inverse of
     * the spatial tangent operator T_s = I + (1 - cos t)/t^2 S + (t - sin t)/t^3 S^2).
     */
    static Eigen::Matrix3d
    inverse_tangent_operator(const Eigen::Vector3d &theta);

    /**
     * d(T_s^{-T}(theta) m)/d theta at fixed @p m, with
     * T_s^{-T} m = m + theta x m / 2 + eta theta x (theta x m):
     * -S(m)/2 + eta ((theta.m) I + theta m^T - 2 m theta^T)
     * + mu (theta (theta.m) - t^2 m) theta^T, mu = eta'(t)/t.
     */
    static Eigen::Matrix3d
    inverse_tangent_derivative(const Eigen::Vector3d &theta, const Eigen::Vector3d &m);

  private:
    Eigen::Vector3d reference_x1_, reference_x2_;
    Eigen::Matrix3d reference_axes_;
    double          reference_length_;
  };
} // namespace corot::elements
