#include <elements/discrete_kirchhoff_sides.h>
#include <elements/shell_triangle_kernel.h>

#include <algorithm>
#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    using Vector6 = Eigen::Matrix<double, 6, 1>;
    using Vector9 = Eigen::Matrix<double, 9, 1>;

    /** Quadratic shape functions N1..N6 (corners, then mid-sides 23, 31, 12) and their xi, eta derivatives. */
    void
    quadratic_shape(const double xi, const double eta, Vector6 &n, Vector6 &n_xi, Vector6 &n_eta)
    {
      const double l1 = 1.0 - xi - eta, l2 = xi, l3 = eta;
      n << l1 * (2.0 * l1 - 1.0), l2 * (2.0 * l2 - 1.0), l3 * (2.0 * l3 - 1.0), 4.0 * l2 * l3,
        4.0 * l3 * l1, 4.0 * l1 * l2;
      // d l1 = -(d xi + d eta), d l2 = d xi, d l3 = d eta.
      n_xi << -(4.0 * l1 - 1.0), 4.0 * l2 - 1.0, 0.0, 4.0 * l3, -4.0 * l3, 4.0 * (l1 - l2);
      n_eta << -(4.0 * l1 - 1.0), 0.0, 4.0 * l3 - 1.0, 4.0 * l2, 4.0 * (l1 - l3), -4.0 * l2;
    }
  } // namespace

  ShellTriangleKernel::ShellTriangleKernel(const std::array<Eigen::Vector2d, 3> &local_positions,
                                           const double thickness, const double youngs_modulus,
                                           const double poisson_ratio)
    : x_(local_positions)
    , thickness_(thickness)
    , poisson_ratio_(poisson_ratio)
  {
    const Eigen::Vector2d a = x_[1] - x_[0], b = x_[2] - x_[0];
    area_ = 0.5 * (a.x() * b.y() - a.y() * b.x());
    if (!(area_ > 0.0))
      throw std::invalid_argument(
        "shell triangle: the nodes are collinear or clockwise about the normal");
    if (!(thickness > 0.0) || !(youngs_modulus > 0.0) ||
        !(poisson_ratio > -1.0 && poisson_ratio < 0.5))
      throw std::invalid_argument(
        "shell triangle: thickness and E must be positive and -1 < nu < 1/2");
    const double nu = poisson_ratio, c = youngs_modulus / (1.0 - nu * nu);
    plane_stress_ << c, c * nu, 0.0, c * nu, c, 0.0, 0.0, 0.0, 0.5 * c * (1.0 - nu);
  }

  Eigen::Matrix<double, 9, 3>
  ShellTriangleKernel::force_lumping() const
  {
    const double alpha_b = 1.5;
    const double x1 = x_[0].x(), x2 = x_[1].x(), x3 = x_[2].x();
    const double y1 = x_[0].y(), y2 = x_[1].y(), y3 = x_[2].y();
    const double x12 = x1 - x2, x21 = -x12, x13 = x1 - x3, x31 = -x13, x23 = x2 - x3, x32 = -x23;
    const double y12 = y1 - y2, y21 = -y12, y13 = y1 - y3, y31 = -y13, y23 = y2 - y3, y32 = -y23;
    const double t = thickness_;
    // Basic stiffness: the force lumping L (9 x 3) of a constant stress, with
    // alpha_b scaling the drilling part (Allman-type edge lumping).
    Eigen::Matrix<double, 9, 3> l;
    l << y23, 0.0, x32,                                                     //
      0.0, x32, y23,                                                        //
      alpha_b / 6.0 * y23 * (y13 - y21), alpha_b / 6.0 * x32 * (x31 - x12), //
      alpha_b / 3.0 * (x31 * y13 - x12 * y21),                              //
      y31, 0.0, x13,                                                        //
      0.0, x13, y31,                                                        //
      alpha_b / 6.0 * y31 * (y21 - y32), alpha_b / 6.0 * x13 * (x12 - x23), //
      alpha_b / 3.0 * (x12 * y21 - x23 * y32),                              //
      y12, 0.0, x21,                                                        //
      0.0, x21, y12,                                                        //
      alpha_b / 6.0 * y12 * (y32 - y13), alpha_b / 6.0 * x21 * (x23 - x31), //
      alpha_b / 3.0 * (x23 * y32 - x31 * y13);
    l *= 0.5 * t;
    return l;
  }

  Eigen::Matrix<double, 3, 9>
  ShellTriangleKernel::membrane_strain_matrix() const
  {
    return force_lumping().transpose() / (area_ * thickness_);
  }

  ShellTriangleKernel::Matrix9
  ShellTriangleKernel::membrane_stiffness() const
  {
    // Felippa (2003): the ANDES template with the optimal signature (OPT).
    const double nu      = poisson_ratio_;
    const double beta_0  = std::max(0.5 * (1.0 - 4.0 * nu * nu), 0.01);
    const double beta[9] = {1.0, 2.0, 1.0, 0.0, 1.0, -1.0, -1.0, -1.0, -2.0};

    const double x1 = x_[0].x(), x2 = x_[1].x(), x3 = x_[2].x();
    const double y1 = x_[0].y(), y2 = x_[1].y(), y3 = x_[2].y();
    const double x12 = x1 - x2, x21 = -x12, x13 = x1 - x3, x31 = -x13, x23 = x2 - x3, x32 = -x23;
    const double y12 = y1 - y2, y21 = -y12, y13 = y1 - y3, y31 = -y13, y23 = y2 - y3, y32 = -y23;
    const double a = area_, t = thickness_;

    const Eigen::Matrix<double, 9, 3> l = force_lumping();
    Matrix9                           k = l * plane_stress_ * l.transpose() / (a * t);

    // Higher-order stiffness. Deviatoric corner rotations theta_i - theta_0,
    // theta_0 = (v,x - u,y)/2 of the constant strain triangle: rows of T.
    Eigen::Matrix<double, 3, 9> t_theta;
    t_theta << x32, y32, 4.0 * a, x13, y13, 0.0, x21, y21, 0.0, //
      x32, y32, 0.0, x13, y13, 4.0 * a, x21, y21, 0.0,          //
      x32, y32, 0.0, x13, y13, 0.0, x21, y21, 4.0 * a;
    t_theta /= 4.0 * a;

    // Cartesian strains from the natural strains along the sides 21, 32, 13.
    const double l21 = x21 * x21 + y21 * y21, l32 = x32 * x32 + y32 * y32,
                 l13 = x13 * x13 + y13 * y13;
    Matrix3 t_e;
    t_e << y23 * y13 * l21, y31 * y21 * l32, y12 * y32 * l13, //
      x23 * x13 * l21, x31 * x21 * l32, x12 * x32 * l13,      //
      (y23 * x31 + x32 * y13) * l21, (y31 * x12 + x13 * y21) * l32, (y12 * x23 + x21 * y32) * l13;
    t_e /= 4.0 * a * a;

    // Natural strains at the corners from the deviatoric rotations (Q1, Q2,
    // Q3: cyclic permutations of the signature), then at the mid-points.
    const auto q_matrix = [&](const int p0, const int p1, const int p2, const int p3, const int p4,
                              const int p5, const int p6, const int p7, const int p8) {
      Matrix3 q;
      q << beta[p0] / l21, beta[p1] / l21, beta[p2] / l21, //
        beta[p3] / l32, beta[p4] / l32, beta[p5] / l32,    //
        beta[p6] / l13, beta[p7] / l13, beta[p8] / l13;
      return Matrix3(q * (2.0 * a / 3.0));
    };
    const Matrix3 q1        = q_matrix(0, 1, 2, 3, 4, 5, 6, 7, 8);
    const Matrix3 q2        = q_matrix(8, 6, 7, 2, 0, 1, 5, 3, 4);
    const Matrix3 q3        = q_matrix(4, 5, 3, 7, 8, 6, 1, 2, 0);
    const Matrix3 e_natural = t_e.transpose() * plane_stress_ * t_e;
    Matrix3       k_theta   = Matrix3::Zero();
    for (const Matrix3 &q :
         {Matrix3(0.5 * (q1 + q2)), Matrix3(0.5 * (q2 + q3)), Matrix3(0.5 * (q3 + q1))})
      k_theta += q.transpose() * e_natural * q;
    k_theta *= 0.75 * beta_0 * a * t;
    k += t_theta.transpose() * k_theta * t_theta;
    return k;
  }

  Eigen::Matrix<double, 3, 9>
  ShellTriangleKernel::curvature_matrix(const double xi, const double eta) const
  {
    // Batoz, Bathe & Ho (1980): beta_x = H_x . U, beta_y = H_y . U with
    // U = [w1 theta_x1 theta_y1 ...], H linear in the quadratic shape
    // functions through side coefficients a..e of the sides 23, 31, 12.
    std::array<discrete_kirchhoff::SideCoefficients, 3> side;
    const int side_i[3] = {1, 2, 0}, side_j[3] = {2, 0, 1}; // sides 4 = 23, 5 = 31, 6 = 12
    for (int s = 0; s < 3; ++s)
      side[s] = discrete_kirchhoff::SideCoefficients::of(x_[side_i[s]] - x_[side_j[s]]);
    // H_x, H_y of the values n of the six quadratic functions (corners 0..2,
    // sides 3 = 23, 4 = 31, 5 = 12); node k is flanked by the sides (p, m) =
    // (12, 31), (23, 12), (31, 23).
    const auto h = [&](const Vector6 &n, Vector9 &hx, Vector9 &hy) {
      const int plus[3] = {2, 0, 1}, minus[3] = {1, 2, 0}; // side indices 0..2 of 23, 31, 12
      for (int k = 0; k < 3; ++k)
        {
          const int p = plus[k], m = minus[k];
          discrete_kirchhoff::corner_rows(n[k], n[3 + p], n[3 + m], side[p], side[m],
                                          hx.data() + 3 * k, hy.data() + 3 * k);
        }
    };
    Vector6 n, n_xi, n_eta;
    quadratic_shape(xi, eta, n, n_xi, n_eta);
    Vector9 hx_xi, hy_xi, hx_eta, hy_eta;
    h(n_xi, hx_xi, hy_xi);
    h(n_eta, hx_eta, hy_eta);
    // d/dx = (y31 d/dxi - y21 d/deta)/2A, d/dy = (-x31 d/dxi + x21 d/deta)/2A.
    const Eigen::Vector2d       x21 = x_[1] - x_[0], x31 = x_[2] - x_[0];
    const double                two_a = 2.0 * area_;
    Eigen::Matrix<double, 3, 9> bending;
    bending.row(0) = (x31.y() * hx_xi - x21.y() * hx_eta).transpose() / two_a;
    bending.row(1) = (-x31.x() * hy_xi + x21.x() * hy_eta).transpose() / two_a;
    bending.row(2) =
      ((-x31.x() * hx_xi + x21.x() * hx_eta) + (x31.y() * hy_xi - x21.y() * hy_eta)).transpose() /
      two_a;
    return bending;
  }

  ShellTriangleKernel::Matrix9
  ShellTriangleKernel::plate_stiffness() const
  {
    // Curvatures are linear: the three mid-side points integrate B^T D B exactly.
    const Matrix3 d         = bending_elasticity();
    const double  pts[3][2] = {{0.5, 0.0}, {0.5, 0.5}, {0.0, 0.5}};
    Matrix9       k         = Matrix9::Zero();
    for (const auto &p : pts)
      {
        const Eigen::Matrix<double, 3, 9> b = curvature_matrix(p[0], p[1]);
        k += b.transpose() * d * b * (area_ / 3.0);
      }
    return k;
  }

  ShellTriangleKernel::Matrix18
  ShellTriangleKernel::stiffness() const
  {
    const Matrix9 km = membrane_stiffness(), kp = plate_stiffness();
    Matrix18      k = Matrix18::Zero();
    for (int i = 0; i < 9; ++i)
      for (int j = 0; j < 9; ++j)
        {
          k(membrane_dof(i), membrane_dof(j)) = km(i, j);
          k(plate_dof(i), plate_dof(j))       = kp(i, j);
        }
    return k;
  }
} // namespace corot::elements
