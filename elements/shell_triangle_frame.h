#pragma once
/**
 * @file
 * Element-independent co-rotational frame of a three-node shell element with
 * nodal rotations (the frame of the co-rotational S3).
 */
#include <elements/element.h>

#include <Eigen/Dense>

#include <array>

namespace corot::elements
{
  /**
   * The element-independent co-rotational (EICR) formulation of Rankin &
   * Nour-Omid (1988), "The use of projectors to improve finite element
   * performance", Computers & Structures 30, 257-267, in the form of Felippa &
   * Haugen (2005), "A unified formulation of small-strain corotational finite
   * elements: I. Theory", Comput. Methods Appl. Mech. Engrg. 194, 2285-2335,
   * for a triangle (as Battini & Pacoste 2006, "On the choice of the linear
   * element for corotational triangular shells", CMAME 195, 6362-6377):
   *
   *                       e3 = (x2 - x1) x (x3 - x1)/|...|
   *            x3 o       ^
   *              / \      |     c = (x1 + x2 + x3)/3,   p_i = x_i - c
   *             /  c\     |
   *         x1 o-----o x2 ---> e1 = q/|q|, q = sum_i (X_i,x p_i + X_i,y p_i x e3)
   *
   * The frame Rr = [e1 e2 e3] has its origin at the centroid, its normal
   * along the area vector (invariant under cyclic renumbering), and its
   * in-plane axes fitted to the reference local positions X_i = R0^T (X_i - C)
   * in the least-squares sense (e1 maximises sum_i (Rr^T p_i) . X_i, the
   * planar polar decomposition; Felippa & Haugen's "best fit" alignment), so
   * the rigid rotation Rr R0^T does not depend on the node numbering.
   *
   * Deformational (local) DOFs, 18, node-major: u_i = Rr^T p_i - X_i (zero
   * normal component by construction) and theta_i = log(Rr^T R_i R0) with R_i
   * the nodal rotation (relative to the reference) and R0 = Rr at the
   * reference; invariant under any superposed rigid motion.
   *
   * Variations with global DOFs [x_i (3), w_i (3)] per node (w_i spatial
   * rotation increments, R_i <- exp(w_i) R_i): the spin of the frame is
   * delta w_r = G delta d (G the spin-fitter, 3 x 18, zero on rotations), and
   *
   *     delta u_i     = Rr^T (delta p_i) + skew(Rr^T p_i) Rr^T G delta d,
   *     delta theta_i = T_s^{-1}(theta_i) Rr^T (delta w_i - G delta d),
   *
   * i.e. delta d_l = H P T delta d with Felippa & Haugen's projector
   * P = I - S G (translations of the centroid removed), H = diag(I, T_s^{-1}).
   * The internal force is f = B^T f_l, B = d d_l/d d, and the consistent
   * tangent K = B^T K_l B + K_sigma(f_l) with K_sigma = d(B^T f_l)/d d at
   * fixed f_l: the rotation of the nodal forces with the frame, the variation
   * of T_s^{-T}, the projection of the variation of the moment sum and the
   * variation of G itself (the projector's variation). G is written in closed
   * form (shell_triangle_frame.cc); its derivative is taken by forward-mode
   * automatic differentiation of that closed form (Eigen's AutoDiffScalar),
   * exact to round-off, instead of a hand-written second variation.
   */
  class ShellTriangleFrame
  {
  public:
    using Vector18 = Eigen::Matrix<double, 18, 1>;
    using Matrix18 = Eigen::Matrix<double, 18, 18>;
    using Matrix3x18 = Eigen::Matrix<double, 3, 18>;

    /** The frame of one configuration (what the force and tangent need). */
    struct State
    {
      std::array<Eigen::Vector3d, 3> positions;      ///< current x_i
      std::array<Eigen::Vector3d, 3> relative;       ///< p_i = x_i - c
      Eigen::Matrix3d                rotation;       ///< Rr = [e1 e2 e3] (columns)
      std::array<Eigen::Vector3d, 3> local_rotation; ///< theta_i
      Vector18                       deformation;    ///< d_l = [u_i, theta_i] per node
      Matrix3x18                     frame_spin;     ///< G: delta w_r = G delta d
      Matrix18                       b;              ///< B: delta d_l = B delta d
    };

    /**
     * @p reference_positions of the three nodes; the reference frame R0 has
     * e3 along the area vector and e1 along X_2 - X_1. Throws
     * std::invalid_argument for collinear nodes.
     */
    explicit ShellTriangleFrame(const std::array<Eigen::Vector3d, 3> &reference_positions);

    /** Reference frame R0 (columns e1, e2, e3). */
    const Eigen::Matrix3d &
    reference_axes() const
    {
      return reference_axes_;
    }

    /** Reference local positions X_i = R0^T (X_i - C) (in-plane; the normal component is zero). */
    const std::array<Eigen::Vector2d, 3> &
    reference_local_positions() const
    {
      return local_positions_;
    }

    /**
     * Frame, deformational DOFs, G and B of @p state (three nodes). Throws
     * std::runtime_error if the current triangle degenerates.
     */
    State
    evaluate(const ElementKinematics &state) const;

    /** Global force B^T f_l for local forces @p local_force (18, node-major [n_i, m_i]). */
    static Vector18
    global_force(const State &frame, const Vector18 &local_force);

    /**
     * K_sigma = d(B^T f_l)/d d at fixed @p local_force (not symmetric in
     * general: rotations are spatial increments).
     */
    Matrix18
    geometric_tangent(const State &frame, const Vector18 &local_force) const;

  private:
    std::array<Eigen::Vector3d, 3> reference_positions_;
    Eigen::Matrix3d                reference_axes_;
    std::array<Eigen::Vector2d, 3> local_positions_;
  };
} // namespace corot::elements
