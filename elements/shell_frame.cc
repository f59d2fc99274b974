#include <elements/corotational_frame_3d.h>
#include <elements/shell_frame.h>

#include <unsupported/Eigen/AutoDiff>

#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    template <typename Scalar>
    using Vector3 = Eigen::Matrix<Scalar, 3, 1>;

    template <typename Scalar>
    Eigen::Matrix<Scalar, 3, 3>
    skew(const Vector3<Scalar> &v)
    {
      Eigen::Matrix<Scalar, 3, 3> s;
      s << Scalar(0.0), -v[2], v[1], v[2], Scalar(0.0), -v[0], -v[1], v[0], Scalar(0.0);
      return s;
    }

    /** E_i: delta x_i = E_i delta d (translations of node i). */
    template <int N>
    Eigen::Matrix<double, 3, 6 * N>
    translation_selector(const int node)
    {
      Eigen::Matrix<double, 3, 6 *N> e    = Eigen::Matrix<double, 3, 6 * N>::Zero();
      e.template block<3, 3>(0, 6 * node) = Eigen::Matrix3d::Identity();
      return e;
    }

    /** W_i: delta w_i = W_i delta d (spatial rotation increment of node i). */
    template <int N>
    Eigen::Matrix<double, 3, 6 * N>
    spin_selector(const int node)
    {
      Eigen::Matrix<double, 3, 6 *N> e        = Eigen::Matrix<double, 3, 6 * N>::Zero();
      e.template block<3, 3>(0, 6 * node + 3) = Eigen::Matrix3d::Identity();
      return e;
    }

    /** delta p_i = (E_i - E_c) delta d, E_c the mean of the E_j (centroid). */
    template <int N>
    Eigen::Matrix<double, 3, 6 * N>
    relative_selector(const int node)
    {
      Eigen::Matrix<double, 3, 6 *N> e = translation_selector<N>(node);
      for (int j = 0; j < N; ++j)
        e.template block<3, 3>(0, 6 * j) -= Eigen::Matrix3d::Identity() / double(N);
      return e;
    }

    /** The area vector n of the current positions @p x (triangle: a x b; quadrilateral: d13 x d24). */
    template <typename Scalar, int N>
    Vector3<Scalar>
    area_vector(const std::array<Vector3<Scalar>, N> &x)
    {
      if constexpr (N == 3)
        return (x[1] - x[0]).cross(x[2] - x[0]);
      else
        return (x[2] - x[0]).cross(x[3] - x[1]);
    }

    /** delta n = dn delta x (3 x 3N, translations only). */
    template <typename Scalar, int N>
    Eigen::Matrix<Scalar, 3, 3 * N>
    area_vector_derivative(const std::array<Vector3<Scalar>, N> &x)
    {
      Eigen::Matrix<Scalar, 3, 3 * N> dn;
      if constexpr (N == 3)
        {
          const Vector3<Scalar> a = x[1] - x[0], b = x[2] - x[0];
          dn.template block<3, 3>(0, 0) = skew<Scalar>(b) - skew<Scalar>(a);
          dn.template block<3, 3>(0, 3) = -skew<Scalar>(b);
          dn.template block<3, 3>(0, 6) = skew<Scalar>(a);
        }
      else
        {
          const Vector3<Scalar> d13 = x[2] - x[0], d24 = x[3] - x[1];
          dn.template block<3, 3>(0, 0) = skew<Scalar>(d24);
          dn.template block<3, 3>(0, 3) = -skew<Scalar>(d13);
          dn.template block<3, 3>(0, 6) = -skew<Scalar>(d24);
          dn.template block<3, 3>(0, 9) = skew<Scalar>(d13);
        }
      return dn;
    }

    /**
     * Frame axes of the current positions @p x (fitted to the reference local
     * positions @p xbar); @p fit is the projected q, @p fit_normal the normal
     * component of q before the projection.
     */
    template <typename Scalar, int N>
    void
    frame_axes(const std::array<Vector3<Scalar>, N> &x, const std::array<Eigen::Vector3d, N> &xbar,
               Vector3<Scalar> &e1, Vector3<Scalar> &e2, Vector3<Scalar> &e3,
               Vector3<Scalar> &normal, Vector3<Scalar> &fit, Scalar &fit_normal,
               std::array<Vector3<Scalar>, N> &p)
    {
      normal            = area_vector<Scalar, N>(x);
      e3                = normal / normal.norm();
      Vector3<Scalar> c = Vector3<Scalar>::Zero();
      for (int i = 0; i < N; ++i)
        c += x[i];
      c /= Scalar(double(N));
      fit.setZero();
      for (int i = 0; i < N; ++i)
        {
          p[i] = x[i] - c;
          fit += Scalar(xbar[i].x()) * p[i] + Scalar(xbar[i].y()) * p[i].cross(e3);
        }
      fit_normal =
        fit.dot(e3); // zero for a triangle (every p_i in the plane); the warping of a quadrilateral
      fit -= fit_normal * e3;
      e1 = fit / fit.norm();
      e2 = e3.cross(e1);
    }

    /**
     * The spin-fitter G (3 x 3N, translational columns) of the frame at @p x:
     * the frame spin delta w_r = e1 w1 + e2 w2 + e3 w3 with
     *   w1 = -e2 . delta e3,  w2 = e1 . delta e3,  w3 = e2 . delta e1,
     *   delta e3 = (I - e3 e3^T) delta n/|n|,
     *   delta e1 = (I - e1 e1^T) delta q_p/|q_p|, q_p = q - (q . e3) e3,
     *   e2 . delta q_p = e2 . delta q - (q . e3) e2 . delta e3,
     *   e2 . delta q = sum_i X_i,x e2 . delta p_i - X_i,y e1 . delta p_i + X_i,y (e2 x p_i) . delta e3.
     */
    template <typename Scalar, int N>
    Eigen::Matrix<Scalar, 3, 3 * N>
    spin_fitter(const std::array<Vector3<Scalar>, N> &x, const std::array<Eigen::Vector3d, N> &xbar)
    {
      Vector3<Scalar>                e1, e2, e3, n, q;
      Scalar                         q_normal;
      std::array<Vector3<Scalar>, N> p;
      frame_axes<Scalar, N>(x, xbar, e1, e2, e3, n, q, q_normal, p);
      using Matrix3xM                          = Eigen::Matrix<Scalar, 3, 3 * N>;
      const Matrix3xM                   dn     = area_vector_derivative<Scalar, N>(x);
      const Scalar                      n_norm = n.norm(), q_norm = q.norm();
      const Eigen::Matrix<Scalar, 3, 3> projector =
        Eigen::Matrix<Scalar, 3, 3>::Identity() - e3 * e3.transpose();
      const Matrix3xM                de3 = projector * dn / n_norm;
      Eigen::Matrix<Scalar, 1, 3 *N> w3  = -q_normal * e2.transpose() * de3;
      for (int i = 0; i < N; ++i)
        {
          // delta p_i = delta x_i - mean delta x_j.
          Matrix3xM dp = Matrix3xM::Zero();
          for (int j = 0; j < N; ++j)
            dp.template block<3, 3>(0, 3 * j) = Eigen::Matrix<Scalar, 3, 3>::Identity() *
                                                Scalar((i == j ? 1.0 : 0.0) - 1.0 / double(N));
          w3 += Scalar(xbar[i].x()) * e2.transpose() * dp -
                Scalar(xbar[i].y()) * e1.transpose() * dp +
                Scalar(xbar[i].y()) * e2.cross(p[i]).transpose() * de3;
        }
      w3 /= q_norm;
      return e1 * (-e2.transpose() * de3) + e2 * (e1.transpose() * de3) + e3 * w3;
    }
  } // namespace

  template <int N>
  ShellFrame<N>::ShellFrame(const std::array<Eigen::Vector3d, N> &reference_positions)
    : reference_positions_(reference_positions)
  {
    const Eigen::Vector3d n    = area_vector<double, N>(reference_positions);
    const Eigen::Vector3d side = reference_positions[1] - reference_positions[0];
    const double          size =
      (reference_positions[N - 1] - reference_positions[0]).squaredNorm() + side.squaredNorm();
    if (!(n.norm() > 1e-12 * size))
      throw std::invalid_argument(
        N == 3 ? "shell triangle: the three nodes are collinear" :
                 "shell quadrilateral: the nodes are collinear or its diagonals parallel");
    const Eigen::Vector3d e3 = n.normalized();
    const Eigen::Vector3d e1 = (side - side.dot(e3) * e3).normalized();
    reference_axes_.col(0)   = e1;
    reference_axes_.col(1)   = e3.cross(e1);
    reference_axes_.col(2)   = e3;
    Eigen::Vector3d c        = Eigen::Vector3d::Zero();
    for (int i = 0; i < N; ++i)
      c += reference_positions[i] / double(N);
    for (int i = 0; i < N; ++i)
      local_positions_[i] = reference_axes_.transpose() * (reference_positions[i] - c);
  }

  template <int N>
  typename ShellFrame<N>::State
  ShellFrame<N>::evaluate(const ElementKinematics &state) const
  {
    State frame;
    for (int i = 0; i < N; ++i)
      frame.positions[i] = reference_positions_[i] + state[i].displacement;
    Eigen::Vector3d e1, e2, e3, n, q;
    double          q_normal;
    frame_axes<double, N>(frame.positions, local_positions_, e1, e2, e3, n, q, q_normal,
                          frame.relative);
    if (!(n.norm() > 1e-12 * (frame.positions[1] - frame.positions[0]).squaredNorm()) ||
        !(q.norm() > 0.0))
      throw std::runtime_error("co-rotational shell: the current element is degenerate");
    frame.rotation.col(0)     = e1;
    frame.rotation.col(1)     = e2;
    frame.rotation.col(2)     = e3;
    const Eigen::Matrix3d &rr = frame.rotation;

    const Eigen::Matrix<double, 3, 3 *N> g =
      spin_fitter<double, N>(frame.positions, local_positions_);
    frame.frame_spin.setZero();
    for (int i = 0; i < N; ++i)
      frame.frame_spin.template block<3, 3>(0, 6 * i) = g.template block<3, 3>(0, 3 * i);

    for (int i = 0; i < N; ++i)
      {
        const Eigen::Vector3d local                  = rr.transpose() * frame.relative[i];
        frame.deformation.template segment<3>(6 * i) = local - local_positions_[i];
        frame.local_rotation[i]                      = CorotationalFrame3D::log_map(
                               rr.transpose() * state[i].rotation.normalized().toRotationMatrix() * reference_axes_);
        frame.deformation.template segment<3>(6 * i + 3) = frame.local_rotation[i];

        frame.b.template block<3, n_dofs>(6 * i, 0) =
          rr.transpose() * relative_selector<N>(i) +
          skew<double>(local) * rr.transpose() * frame.frame_spin;
        frame.b.template block<3, n_dofs>(6 * i + 3, 0) =
          CorotationalFrame3D::inverse_tangent_operator(frame.local_rotation[i]) * rr.transpose() *
          (spin_selector<N>(i) - frame.frame_spin);
      }
    return frame;
  }

  template <int N>
  typename ShellFrame<N>::Vector
  ShellFrame<N>::global_force(const State &frame, const Vector &local_force)
  {
    return frame.b.transpose() * local_force;
  }

  template <int N>
  typename ShellFrame<N>::Matrix
  ShellFrame<N>::geometric_tangent(const State &frame, const Vector &local_force) const
  {
    // f = sum_i (E_i - E_c)^T N_i + W_i^T V_i - G^T h, with N_i = Rr n_i,
    // V_i = Rr T_s^{-T}(theta_i) m_i and h = sum_i (p_i x N_i + V_i) (the
    // moment of the element forces about the centroid). Its variation at
    // fixed f_l, term by term (delta Rr = skew(delta w_r) Rr, delta w_r = G delta d).
    const Eigen::Matrix3d &rr = frame.rotation;
    const Matrix3xN       &g  = frame.frame_spin;
    Matrix                 k  = Matrix::Zero();
    Matrix3xN              dh = Matrix3xN::Zero();
    Eigen::Vector3d        h  = Eigen::Vector3d::Zero();
    for (int i = 0; i < N; ++i)
      {
        const Eigen::Vector3d  n_i = rr * local_force.template segment<3>(6 * i);
        const Eigen::Vector3d  m_i = local_force.template segment<3>(6 * i + 3);
        const Eigen::Vector3d &th  = frame.local_rotation[i];
        const Eigen::Vector3d  v_i =
          rr * (CorotationalFrame3D::inverse_tangent_operator(th).transpose() * m_i);
        const Matrix3xN dp = relative_selector<N>(i);
        const Matrix3xN dn = -skew<double>(n_i) * g;
        const Matrix3xN dv =
          -skew<double>(v_i) * g + rr * CorotationalFrame3D::inverse_tangent_derivative(th, m_i) *
                                     frame.b.template block<3, n_dofs>(6 * i + 3, 0);
        k += dp.transpose() * dn + spin_selector<N>(i).transpose() * dv;
        dh += -skew<double>(n_i) * dp + skew<double>(frame.relative[i]) * dn + dv;
        h += frame.relative[i].cross(n_i) + v_i;
      }
    k -= g.transpose() * dh;

    // The projector's own variation: -d(G^T h)/d d at fixed h, G
    // differentiated by forward-mode automatic differentiation of its closed form.
    using Derivatives = Eigen::Matrix<double, 3 * N, 1>;
    using Dual        = Eigen::AutoDiffScalar<Derivatives>;
    std::array<Vector3<Dual>, N> x;
    for (int i = 0; i < N; ++i)
      for (int c = 0; c < 3; ++c)
        x[i][c] = Dual(frame.positions[i][c], 3 * N, 3 * i + c);
    const Eigen::Matrix<Dual, 3, 3 *N> g_dual = spin_fitter<Dual, N>(x, local_positions_);
    for (int a = 0; a < 3 * N; ++a)
      {
        Derivatives row = Derivatives::Zero(); // d(h . G e_a)/d x
        for (int c = 0; c < 3; ++c)
          row += h[c] * g_dual(c, a).derivatives();
        for (int b = 0; b < 3 * N; ++b)
          k(6 * (a / 3) + a % 3, 6 * (b / 3) + b % 3) -= row[b];
      }
    return k;
  }

  template class ShellFrame<3>;
  template class ShellFrame<4>;
} // namespace corot::elements
