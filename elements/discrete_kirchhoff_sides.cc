#include <elements/discrete_kirchhoff_sides.h>

namespace corot::elements::discrete_kirchhoff
{
  SideCoefficients
  SideCoefficients::of(const Eigen::Vector2d &x_ij)
  {
    const double     l2 = x_ij.squaredNorm();
    SideCoefficients s;
    s.a = -x_ij.x() / l2;
    s.b = 0.75 * x_ij.x() * x_ij.y() / l2;
    s.c = (0.25 * x_ij.x() * x_ij.x() - 0.5 * x_ij.y() * x_ij.y()) / l2;
    s.d = -x_ij.y() / l2;
    s.e = (0.25 * x_ij.y() * x_ij.y() - 0.5 * x_ij.x() * x_ij.x()) / l2;
    return s;
  }

  void
  corner_rows(const double n_k, const double n_plus, const double n_minus,
              const SideCoefficients &plus, const SideCoefficients &minus, double *hx, double *hy)
  {
    hx[0] = 1.5 * (plus.a * n_plus - minus.a * n_minus);
    hx[1] = minus.b * n_minus + plus.b * n_plus;
    hx[2] = n_k - minus.c * n_minus - plus.c * n_plus;
    hy[0] = 1.5 * (plus.d * n_plus - minus.d * n_minus);
    hy[1] = -n_k + minus.e * n_minus + plus.e * n_plus;
    hy[2] = -hx[1];
  }
} // namespace corot::elements::discrete_kirchhoff
