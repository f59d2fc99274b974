#pragma once
/**
 * @file
 * Element-independent co-rotational frame of a three- or four-node shell
 * element with nodal rotations (the frame of the co-rotational S3 and S4).
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
   * element for corotational triangular shells", CMAME 195, 6362-6377) and a
   * quadrilateral, N = 3 or 4 nodes:
   *
   *                       e3 = (x2 - x1) x (x3 - x1)/|...|   (N = 3)
   *            x3 o       ^    e3 = (x3 - x1) x (x4 - x2)/|...|   (N = 4)
   *              / \      |     c = sum_i x_i / N,   p_i = x_i - c
   *             /  c\     |
   *         x1 o-----o x2 ---> e1 = q/|q| projected on the plane,
   *                             q = sum_i (X_i,x p_i + X_i,y p_i x e3)
   *
   * The frame Rr = [e1 e2 e3] has its origin at the centroid, its normal
   * along the area vector (invariant under cyclic renumbering), and its
   * in-plane axes fitted to the in-plane reference local positions
   * X_i = R0^T (X_i - C) in the least-squares sense (e1 maximises
   * sum_i (Rr^T p_i) . X_i, the planar polar decomposition; Felippa &
   * Haugen's "best fit" alignment), so the rigid rotation Rr R0^T does not
   * depend on the node numbering.
   *
   * Deformational (local) DOFs, 6N, node-major: u_i = Rr^T p_i - X_i and
   * theta_i = log(Rr^T R_i R0) with R_i the nodal rotation (relative to the
   * reference) and R0 = Rr at the reference; invariant under any superposed
   * rigid motion. For a triangle the normal component of u_i is zero by
   * construction; for a warped quadrilateral X_i keeps its reference warping
   * height z_i (+-h along e3), so the reference state is stress-free, and q
   * has a normal component, which the projection removes.
   *
   * Variations with global DOFs [x_i (3), w_i (3)] per node (w_i spatial
   * rotation increments, R_i <- exp(w_i) R_i): the spin of the frame is
   * delta w_r = G delta d (G the spin-fitter, 3 x 6N, zero on rotations), and
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
   * form (shell_frame.cc); its derivative is taken by forward-mode
   * automatic differentiation of that closed form (Eigen's AutoDiffScalar),
   * exact to round-off, instead of a hand-written second variation.
   */
  template <int N>
  class ShellFrame
  {
  public:
    static_assert(N == 3 || N == 4, "shell frames of triangles and quadrilaterals");

    /** Number of element DOFs, 6 N. */
    static constexpr int n_dofs = 6 * N;

    using Vector    = Eigen::Matrix<double, n_dofs, 1>;
    using Matrix    = Eigen::Matrix<double, n_dofs, n_dofs>;
    using Matrix3xN = Eigen::Matrix<double, 3, n_dofs>;

    /** The frame of one configuration (what the force and tangent need). */
    struct State
    {
      std::array<Eigen::Vector3d, N> positions;      ///< current x_i
      std::array<Eigen::Vector3d, N> relative;       ///< p_i = x_i - c
      Eigen::Matrix3d                rotation;       ///< Rr = [e1 e2 e3] (columns)
      std::array<Eigen::Vector3d, N> local_rotation; ///< theta_i
      Vector                         deformation;    ///< d_l = [u_i, theta_i] per node
      Matrix3xN                      frame_spin;     ///< G: delta w_r = G delta d
      Matrix                         b;              ///< B: delta d_l = B delta d
    };

    /**
     * @p reference_positions of the N nodes; the reference frame R0 has
     * e3 along the area vector and e1 along X_2 - X_1 (projected on the
     * plane). Throws std::invalid_argument for collinear nodes.
     */
    explicit ShellFrame(const std::array<Eigen::Vector3d, N> &reference_positions);

    /** Reference frame R0 (columns e1, e2, e3). */
    const Eigen::Matrix3d &
    reference_axes() const
    {
      return reference_axes_;
    }

    /**
     * Reference local positions X_i = R0^T (X_i - C); the normal component
     * is the warping height (zero for a triangle and a flat quadrilateral).
     */
    const std::array<Eigen::Vector3d, N> &
    reference_local_positions() const
    {
      return local_positions_;
    }

    /**
     * Frame, deformational DOFs, G and B of @p state (N nodes). Throws
     * std::runtime_error if the current element degenerates.
     */
    State
    evaluate(const ElementKinematics &state) const;

    /** Global force B^T f_l for local forces @p local_force (6N, node-major [n_i, m_i]). */
    static Vector
    global_force(const State &frame, const Vector &local_force);

    /**
     * K_sigma = d(B^T f_l)/d d at fixed @p local_force (not symmetric in
     * general: rotations are spatial increments).
     */
    Matrix
    geometric_tangent(const State &frame, const Vector &local_force) const;

  private:
    std::array<Eigen::Vector3d, N> reference_positions_;
    Eigen::Matrix3d                reference_axes_;
    std::array<Eigen::Vector3d, N> local_positions_;
  };

  extern template class ShellFrame<3>;
  extern template class ShellFrame<4>;
} // namespace corot::elements
