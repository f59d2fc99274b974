#include <elements/corotational_frame_3d.h>
#include <elements/shell_triangle_frame.h>

#include <unsupported/Eigen/AutoDiff>

#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    using Matrix3x18 = ShellTriangleFrame::Matrix3x18;
    using Matrix18   = ShellTriangleFrame::Matrix18;

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
    Matrix3x18
    translation_selector(const int node)
    {
      Matrix3x18 e                   = Matrix3x18::Zero();
      e.block<3, 3>(0, 6 * node)     = Eigen::Matrix3d::Identity();
      return e;
    }

    /** W_i: delta w_i = W_i delta d (spatial rotation increment of node i). */
    Matrix3x18
    spin_selector(const int node)
    {
      Matrix3x18 e                   = Matrix3x18::Zero();
      e.block<3, 3>(0, 6 * node + 3) = Eigen::Matrix3d::Identity();
      return e;
    }

    /** delta p_i = (E_i - E_c) delta d, E_c the mean of the E_j (centroid). */
    Matrix3x18
    relative_selector(const int node)
    {
      return translation_selector(node) -
             (translation_selector(0) + translation_selector(1) + translation_selector(2)) / 3.0;
    }

    /** Frame axes of the current positions @p x (fitted to the reference local positions @p xbar). */
    template <typename Scalar>
    void
    frame_axes(const std::array<Vector3<Scalar>, 3> &x, const std::array<Eigen::Vector2d, 3> &xbar,
               Vector3<Scalar> &e1, Vector3<Scalar> &e2, Vector3<Scalar> &e3, Vector3<Scalar> &normal,
               Vector3<Scalar> &fit, std::array<Vector3<Scalar>, 3> &p)
    {
      normal = (x[1] - x[0]).cross(x[2] - x[0]);
      e3     = normal / normal.norm();
      const Vector3<Scalar> c = (x[0] + x[1] + x[2]) / Scalar(3.0);
      fit.setZero();
      for (int i = 0; i < 3; ++i)
        {
          p[i] = x[i] - c;
          fit += Scalar(xbar[i].x()) * p[i] + Scalar(xbar[i].y()) * p[i].cross(e3);
        }
      fit -= fit.dot(e3) * e3; // zero to round-off: every p_i lies in the plane
      e1 = fit / fit.norm();
      e2 = e3.cross(e1);
    }

    /**
     * The spin-fitter G (3 x 9, translational columns) of the frame at @p x:
     * the frame spin delta w_r = e1 w1 + e2 w2 + e3 w3 with
     *   w1 = -e2 . delta e3,  w2 = e1 . delta e3,  w3 = e2 . delta e1,
     *   delta e3 = (I - e3 e3^T) delta n/|n|,  delta n = delta a x b + a x delta b,
     *   delta e1 = (I - e1 e1^T) delta q/|q|,
     *   e2 . delta q = sum_i X_i,x e2 . delta p_i - X_i,y e1 . delta p_i + X_i,y (e2 x p_i) . delta e3.
     */
    template <typename Scalar>
    Eigen::Matrix<Scalar, 3, 9>
    spin_fitter(const std::array<Vector3<Scalar>, 3> &x, const std::array<Eigen::Vector2d, 3> &xbar)
    {
      Vector3<Scalar>                 e1, e2, e3, n, q;
      std::array<Vector3<Scalar>, 3> p;
      frame_axes(x, xbar, e1, e2, e3, n, q, p);
      using Matrix3x9 = Eigen::Matrix<Scalar, 3, 9>;
      const Vector3<Scalar> a = x[1] - x[0], b = x[2] - x[0];
      Matrix3x9             dn; // delta n = dn delta x
      dn.template block<3, 3>(0, 0) = skew<Scalar>(b) - skew<Scalar>(a);
      dn.template block<3, 3>(0, 3) = -skew<Scalar>(b);
      dn.template block<3, 3>(0, 6) = skew<Scalar>(a);
      const Scalar n_norm = n.norm(), q_norm = q.norm();
      const Eigen::Matrix<Scalar, 3, 3> projector =
        Eigen::Matrix<Scalar, 3, 3>::Identity() - e3 * e3.transpose();
      const Matrix3x9 de3 = projector * dn / n_norm;
      Eigen::Matrix<Scalar, 1, 9> w3 = Eigen::Matrix<Scalar, 1, 9>::Zero();
      for (int i = 0; i < 3; ++i)
        {
          // delta p_i = delta x_i - mean delta x_j.
          Matrix3x9 dp = Matrix3x9::Zero();
          for (int j = 0; j < 3; ++j)
            dp.template block<3, 3>(0, 3 * j) =
              Eigen::Matrix<Scalar, 3, 3>::Identity() * Scalar((i == j ? 1.0 : 0.0) - 1.0 / 3.0);
          w3 += Scalar(xbar[i].x()) * e2.transpose() * dp - Scalar(xbar[i].y()) * e1.transpose() * dp +
                Scalar(xbar[i].y()) * e2.cross(p[i]).transpose() * de3;
        }
      w3 /= q_norm;
      return e1 * (-e2.transpose() * de3) + e2 * (e1.transpose() * de3) + e3 * w3;
    }
  } // namespace

  ShellTriangleFrame::ShellTriangleFrame(const std::array<Eigen::Vector3d, 3> &reference_positions)
    : reference_positions_(reference_positions)
  {
    const Eigen::Vector3d n = (reference_positions[1] - reference_positions[0])
                                .cross(reference_positions[2] - reference_positions[0]);
    const Eigen::Vector3d side = reference_positions[1] - reference_positions[0];
    if (!(n.norm() > 1e-12 * side.squaredNorm()))
      throw std::invalid_argument("shell triangle: the three nodes are collinear");
    const Eigen::Vector3d e3 = n.normalized(), e1 = side.normalized();
    reference_axes_.col(0)   = e1;
    reference_axes_.col(1)   = e3.cross(e1);
    reference_axes_.col(2)   = e3;
    const Eigen::Vector3d c  = (reference_positions[0] + reference_positions[1] + reference_positions[2]) / 3.0;
    for (int i = 0; i < 3; ++i)
      local_positions_[i] = (reference_axes_.transpose() * (reference_positions[i] - c)).head<2>();
  }

  ShellTriangleFrame::State
  ShellTriangleFrame::evaluate(const ElementKinematics &state) const
  {
    State frame;
    for (int i = 0; i < 3; ++i)
      frame.positions[i] = reference_positions_[i] + state[i].displacement;
    Eigen::Vector3d e1, e2, e3, n, q;
    frame_axes<double>(frame.positions, local_positions_, e1, e2, e3, n, q, frame.relative);
    if (!(n.norm() > 1e-12 * (frame.positions[1] - frame.positions[0]).squaredNorm()) || !(q.norm() > 0.0))
      throw std::runtime_error("co-rotational shell triangle: the current triangle is degenerate");
    frame.rotation.col(0) = e1;
    frame.rotation.col(1) = e2;
    frame.rotation.col(2) = e3;
    const Eigen::Matrix3d &rr = frame.rotation;

    const Eigen::Matrix<double, 3, 9> g = spin_fitter<double>(frame.positions, local_positions_);
    frame.frame_spin.setZero();
    for (int i = 0; i < 3; ++i)
      frame.frame_spin.block<3, 3>(0, 6 * i) = g.block<3, 3>(0, 3 * i);

    for (int i = 0; i < 3; ++i)
      {
        const Eigen::Vector3d local = rr.transpose() * frame.relative[i];
        frame.deformation.segment<3>(6 * i) =
          local - Eigen::Vector3d(local_positions_[i].x(), local_positions_[i].y(), 0.0);
        frame.local_rotation[i] = CorotationalFrame3D::log_map(
          rr.transpose() * state[i].rotation.normalized().toRotationMatrix() * reference_axes_);
        frame.deformation.segment<3>(6 * i + 3) = frame.local_rotation[i];

        frame.b.block<3, 18>(6 * i, 0) = rr.transpose() * relative_selector(i) +
                                         skew<double>(local) * rr.transpose() * frame.frame_spin;
        frame.b.block<3, 18>(6 * i + 3, 0) = CorotationalFrame3D::inverse_tangent_operator(frame.local_rotation[i]) *
                                             rr.transpose() * (spin_selector(i) - frame.frame_spin);
      }
    return frame;
  }

  ShellTriangleFrame::Vector18
  ShellTriangleFrame::global_force(const State &frame, const Vector18 &local_force)
  {
    return frame.b.transpose() * local_force;
  }

  ShellTriangleFrame::Matrix18
  ShellTriangleFrame::geometric_tangent(const State &frame, const Vector18 &local_force) const
  {
    // f = sum_i (E_i - E_c)^T N_i + W_i^T V_i - G^T h, with N_i = Rr n_i,
    // V_i = Rr T_s^{-T}(theta_i) m_i and h = sum_i (p_i x N_i + V_i) (the
    // moment of the element forces about the centroid). Its variation at
    // fixed f_l, term by term (delta Rr = skew(delta w_r) Rr, delta w_r = G delta d).
    const Eigen::Matrix3d &rr = frame.rotation;
    const Matrix3x18      &g  = frame.frame_spin;
    Matrix18               k  = Matrix18::Zero();
    Matrix3x18             dh = Matrix3x18::Zero();
    Eigen::Vector3d        h  = Eigen::Vector3d::Zero();
    for (int i = 0; i < 3; ++i)
      {
        const Eigen::Vector3d n_i = rr * local_force.segment<3>(6 * i);
        const Eigen::Vector3d m_i = local_force.segment<3>(6 * i + 3);
        const Eigen::Vector3d &th = frame.local_rotation[i];
        const Eigen::Vector3d v_i = rr * (CorotationalFrame3D::inverse_tangent_operator(th).transpose() * m_i);
        const Matrix3x18      dp  = relative_selector(i);
        const Matrix3x18      dn  = -skew<double>(n_i) * g;
        const Matrix3x18      dv  = -skew<double>(v_i) * g + rr * CorotationalFrame3D::inverse_tangent_derivative(th, m_i) *
                                                         frame.b.block<3, 18>(6 * i + 3, 0);
        k += dp.transpose() * dn + spin_selector(i).transpose() * dv;
        dh += -skew<double>(n_i) * dp + skew<double>(frame.relative[i]) * dn + dv;
        h += frame.relative[i].cross(n_i) + v_i;
      }
    k -= g.transpose() * dh;

    // The projector's own variation: -d(G^T h)/d d at fixed h, G
    // differentiated by forward-mode automatic differentiation of its closed form.
    using Derivatives = Eigen::Matrix<double, 9, 1>;
    using Dual        = Eigen::AutoDiffScalar<Derivatives>;
    std::array<Vector3<Dual>, 3> x;
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c)
        x[i][c] = Dual(frame.positions[i][c], 9, 3 * i + c);
    const Eigen::Matrix<Dual, 3, 9> g_dual = spin_fitter<Dual>(x, local_positions_);
    for (int a = 0; a < 9; ++a)
      {
        Derivatives row = Derivatives::Zero(); // d(h . G e_a)/d x
        for (int c = 0; c < 3; ++c)
          row += h[c] * g_dual(c, a).derivatives();
        for (int b = 0; b < 9; ++b)
          k(6 * (a / 3) + a % 3, 6 * (b / 3) + b % 3) -= row[b];
      }
    return k;
  }
} // namespace corot::elements
