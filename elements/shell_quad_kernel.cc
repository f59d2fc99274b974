#include <elements/discrete_kirchhoff_sides.h>
#include <elements/shell_quad_kernel.h>

#include <deal.II/base/quadrature_lib.h>

#include <cmath>
#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    using Vector8             = Eigen::Matrix<double, 8, 1>;
    const double corner_xi[4] = {-1.0, 1.0, 1.0, -1.0}, corner_eta[4] = {-1.0, -1.0, 1.0, 1.0};
    const double gauss = 1.0 / std::sqrt(3.0);

    /** Bilinear functions and their derivatives. */
    void
    bilinear(const double xi, const double eta, Eigen::Vector4d &n, Eigen::Vector4d &n_xi,
             Eigen::Vector4d &n_eta)
    {
      for (int i = 0; i < 4; ++i)
        {
          n[i]     = 0.25 * (1.0 + xi * corner_xi[i]) * (1.0 + eta * corner_eta[i]);
          n_xi[i]  = 0.25 * corner_xi[i] * (1.0 + eta * corner_eta[i]);
          n_eta[i] = 0.25 * corner_eta[i] * (1.0 + xi * corner_xi[i]);
        }
    }

    /**
     * Serendipity functions: corners 0..3, mid-sides 4..7 of the sides
     * 12, 23, 34, 41; values and derivatives.
     */
    void
    serendipity(const double xi, const double eta, Vector8 &n, Vector8 &n_xi, Vector8 &n_eta)
    {
      for (int i = 0; i < 4; ++i)
        {
          const double a = corner_xi[i], b = corner_eta[i];
          n[i]     = 0.25 * (1.0 + xi * a) * (1.0 + eta * b) * (xi * a + eta * b - 1.0);
          n_xi[i]  = 0.25 * a * (1.0 + eta * b) * (2.0 * xi * a + eta * b);
          n_eta[i] = 0.25 * b * (1.0 + xi * a) * (xi * a + 2.0 * eta * b);
        }
      // Sides 12 (eta = -1), 23 (xi = 1), 34 (eta = 1), 41 (xi = -1).
      n[4]     = 0.5 * (1.0 - xi * xi) * (1.0 - eta);
      n_xi[4]  = -xi * (1.0 - eta);
      n_eta[4] = -0.5 * (1.0 - xi * xi);
      n[5]     = 0.5 * (1.0 + xi) * (1.0 - eta * eta);
      n_xi[5]  = 0.5 * (1.0 - eta * eta);
      n_eta[5] = -eta * (1.0 + xi);
      n[6]     = 0.5 * (1.0 - xi * xi) * (1.0 + eta);
      n_xi[6]  = -xi * (1.0 + eta);
      n_eta[6] = 0.5 * (1.0 - xi * xi);
      n[7]     = 0.5 * (1.0 - xi) * (1.0 - eta * eta);
      n_xi[7]  = -0.5 * (1.0 - eta * eta);
      n_eta[7] = -eta * (1.0 - xi);
    }
  } // namespace

  ShellQuadKernel::ShellQuadKernel(const std::array<Eigen::Vector2d, 4> &local_positions,
                                   const double thickness, const double youngs_modulus,
                                   const double poisson_ratio)
    : x_(local_positions)
    , thickness_(thickness)
  {
    for (int i = 0; i < 4; ++i)
      {
        const Eigen::Vector2d a = x_[(i + 1) % 4] - x_[i], b = x_[(i + 3) % 4] - x_[i];
        if (!(a.x() * b.y() - a.y() * b.x() > 0.0))
          throw std::invalid_argument(
            "shell quadrilateral: the nodes are not convex and counter-clockwise");
      }
    if (!(thickness > 0.0) || !(youngs_modulus > 0.0) ||
        !(poisson_ratio > -1.0 && poisson_ratio < 0.5))
      throw std::invalid_argument(
        "shell quadrilateral: thickness and E must be positive and -1 < nu < 1/2");
    const double nu = poisson_ratio, c = youngs_modulus / (1.0 - nu * nu);
    plane_stress_ << c, c * nu, 0.0, c * nu, c, 0.0, 0.0, 0.0, 0.5 * c * (1.0 - nu);
    shear_modulus_ = 0.5 * youngs_modulus / (1.0 + nu);
  }

  double
  ShellQuadKernel::area() const
  {
    const Eigen::Vector2d d13 = x_[2] - x_[0], d24 = x_[3] - x_[1];
    return 0.5 * (d13.x() * d24.y() - d13.y() * d24.x());
  }

  double
  ShellQuadKernel::jacobian(const double xi, const double eta, Eigen::Matrix2d &inverse) const
  {
    Eigen::Vector4d n, n_xi, n_eta;
    bilinear(xi, eta, n, n_xi, n_eta);
    Eigen::Matrix2d j = Eigen::Matrix2d::Zero(); // rows: d/dxi, d/deta of (x, y)
    for (int i = 0; i < 4; ++i)
      {
        j.row(0) += n_xi[i] * x_[i].transpose();
        j.row(1) += n_eta[i] * x_[i].transpose();
      }
    inverse = j.inverse(); // [d/dx; d/dy] = J^{-1} [d/dxi; d/deta]
    return j.determinant();
  }

  double
  ShellQuadKernel::membrane_strain(const double xi, const double eta,
                                   Eigen::Matrix<double, 3, 12> &strain,
                                   Eigen::Matrix<double, 1, 12> &skew) const
  {
    Eigen::Matrix2d inverse;
    const double    det = jacobian(xi, eta, inverse);
    Eigen::Vector4d n4, n4_xi, n4_eta;
    bilinear(xi, eta, n4, n4_xi, n4_eta);
    Vector8 n8, n8_xi, n8_eta;
    serendipity(xi, eta, n8, n8_xi, n8_eta);
    // Derivatives of u and v with respect to the 12 DOFs: gradient rows
    // du/dx, du/dy, dv/dx, dv/dy.
    Eigen::Matrix<double, 4, 12> grad = Eigen::Matrix<double, 4, 12>::Zero();
    for (int i = 0; i < 4; ++i)
      {
        const Eigen::Vector2d d = inverse * Eigen::Vector2d(n4_xi[i], n4_eta[i]);
        grad(0, 3 * i)          = d.x();
        grad(1, 3 * i)          = d.y();
        grad(2, 3 * i + 1)      = d.x();
        grad(3, 3 * i + 1)      = d.y();
      }
    for (int s = 0; s < 4;
         ++s) // side s from node i = s to j = s + 1: delta u = (theta_j - theta_i)(y_ji, -x_ji)/8
      {
        const int             i = s, j = (s + 1) % 4;
        const Eigen::Vector2d side = x_[j] - x_[i];
        const Eigen::Vector2d d    = inverse * Eigen::Vector2d(n8_xi[4 + s], n8_eta[4 + s]);
        for (const auto &[node, sign] :
             {std::pair<int, double>(j, 1.0), std::pair<int, double>(i, -1.0)})
          {
            grad(0, 3 * node + 2) += sign * side.y() / 8.0 * d.x();
            grad(1, 3 * node + 2) += sign * side.y() / 8.0 * d.y();
            grad(2, 3 * node + 2) -= sign * side.x() / 8.0 * d.x();
            grad(3, 3 * node + 2) -= sign * side.x() / 8.0 * d.y();
          }
      }
    strain.row(0) = grad.row(0);
    strain.row(1) = grad.row(3);
    strain.row(2) = grad.row(1) + grad.row(2);
    skew          = -0.5 * (grad.row(2) - grad.row(1)); // omega - (v,x - u,y)/2
    for (int i = 0; i < 4; ++i)
      skew(3 * i + 2) += n4[i];
    return det;
  }

  Eigen::Matrix<double, 3, 12>
  ShellQuadKernel::membrane_strain_matrix(const double xi, const double eta) const
  {
    Eigen::Matrix<double, 3, 12> strain;
    Eigen::Matrix<double, 1, 12> skew;
    membrane_strain(xi, eta, strain, skew);
    return strain;
  }

  ShellQuadKernel::Matrix12
  ShellQuadKernel::membrane_stiffness() const
  {
    // 3 x 3 Gauss points: the Allman-type field is serendipity-quadratic, and
    // 2 x 2 points (as for the serendipity element) leave a spurious
    // zero-energy mode on every parallelogram: drilling rotations
    // +c, -c, +c, -c at the corners with an in-plane hourglass, of zero strain
    // and zero skew term at the four points. It spreads through a strip one
    // element wide, or wherever drilling rotations are free along a row (a
    // ring band of 16 rectangles under pressure was singular); the 3 x 3 rule
    // gives it stiffness and moves the element's other eigenvalues by less than
    // 1e-3 (a unit square and a 1 x 0.5 rectangle).
    static const dealii::QGauss<2> rule(3); // on the unit square
    Matrix12                       k = Matrix12::Zero();
    for (unsigned q = 0; q < rule.size(); ++q)
      {
        const double xi = 2.0 * rule.point(q)[0] - 1.0, eta = 2.0 * rule.point(q)[1] - 1.0;
        Eigen::Matrix<double, 3, 12> strain;
        Eigen::Matrix<double, 1, 12> skew;
        const double                 weight =
          4.0 * rule.weight(q) * membrane_strain(xi, eta, strain, skew) * thickness_;
        k += weight * (strain.transpose() * plane_stress_ * strain +
                       shear_modulus_ * skew.transpose() * skew);
      }
    return k;
  }

  Eigen::Matrix<double, 3, 12>
  ShellQuadKernel::curvature_matrix(const double xi, const double eta) const
  {
    // Side coefficients of Batoz, Bathe & Ho (1980) on the sides 12, 23, 34, 41.
    std::array<discrete_kirchhoff::SideCoefficients, 4> side;
    for (int s = 0; s < 4; ++s)
      side[s] = discrete_kirchhoff::SideCoefficients::of(x_[s] - x_[(s + 1) % 4]);
    // Node k: outgoing side p = k, incoming side m = k - 1.
    const auto h = [&](const Vector8 &n, Eigen::Matrix<double, 12, 1> &hx,
                       Eigen::Matrix<double, 12, 1> &hy) {
      for (int k = 0; k < 4; ++k)
        {
          const int p = k, m = (k + 3) % 4;
          discrete_kirchhoff::corner_rows(n[k], n[4 + p], n[4 + m], side[p], side[m],
                                          hx.data() + 3 * k, hy.data() + 3 * k);
        }
    };
    Vector8 n, n_xi, n_eta;
    serendipity(xi, eta, n, n_xi, n_eta);
    Eigen::Matrix<double, 12, 1> hx_xi, hy_xi, hx_eta, hy_eta;
    h(n_xi, hx_xi, hy_xi);
    h(n_eta, hx_eta, hy_eta);
    Eigen::Matrix2d inverse;
    jacobian(xi, eta, inverse);
    const Eigen::Matrix<double, 12, 1> hx_x = inverse(0, 0) * hx_xi + inverse(0, 1) * hx_eta;
    const Eigen::Matrix<double, 12, 1> hx_y = inverse(1, 0) * hx_xi + inverse(1, 1) * hx_eta;
    const Eigen::Matrix<double, 12, 1> hy_x = inverse(0, 0) * hy_xi + inverse(0, 1) * hy_eta;
    const Eigen::Matrix<double, 12, 1> hy_y = inverse(1, 0) * hy_xi + inverse(1, 1) * hy_eta;
    Eigen::Matrix<double, 3, 12>       bending;
    bending.row(0) = hx_x.transpose();
    bending.row(1) = hy_y.transpose();
    bending.row(2) = (hx_y + hy_x).transpose();
    return bending;
  }

  ShellQuadKernel::Matrix12
  ShellQuadKernel::plate_stiffness() const
  {
    const Eigen::Matrix3d d = plane_stress_ * (thickness_ * thickness_ * thickness_ / 12.0);
    Matrix12              k = Matrix12::Zero();
    for (const double xi : {-gauss, gauss})
      for (const double eta : {-gauss, gauss})
        {
          Eigen::Matrix2d                    inverse;
          const double                       det = jacobian(xi, eta, inverse);
          const Eigen::Matrix<double, 3, 12> b   = curvature_matrix(xi, eta);
          k += det * b.transpose() * d * b;
        }
    return k;
  }

  ShellQuadKernel::Matrix24
  ShellQuadKernel::stiffness() const
  {
    const Matrix12 km = membrane_stiffness(), kp = plate_stiffness();
    Matrix24       k        = Matrix24::Zero();
    const auto membrane_dof = [](const int q) { return 6 * (q / 3) + (q % 3 == 2 ? 5 : q % 3); };
    const auto plate_dof    = [](const int q) { return 6 * (q / 3) + 2 + q % 3; };
    for (int i = 0; i < 12; ++i)
      for (int j = 0; j < 12; ++j)
        {
          k(membrane_dof(i), membrane_dof(j)) = km(i, j);
          k(plate_dof(i), plate_dof(j))       = kp(i, j);
        }
    return k;
  }
} // namespace corot::elements
