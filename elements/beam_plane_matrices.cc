#include <elements/beam_plane_matrices.h>

#include <stdexcept>

namespace corot::elements::beam_plane
{
  namespace
  {
    /** Applies r = s q': rows and columns of the rotations times s. */
    Eigen::Matrix4d
    with_sign(Eigen::Matrix4d m, const double sign)
    {
      const Eigen::Vector4d s(1.0, sign, 1.0, sign);
      return s.asDiagonal() * m * s.asDiagonal();
    }
  } // namespace

  double
  shear_parameter(const double ei, const double k, const double g, const double a, const double l)
  {
    return (k > 0.0 && g > 0.0) ? 12.0 * ei / (k * g * a * l * l) : 0.0;
  }

  Eigen::Matrix4d
  stiffness(const double ei, const double phi, const double l, const double sign)
  {
    Eigen::Matrix4d k;
    k << 12.0, 6.0 * l, -12.0, 6.0 * l,                            //
      6.0 * l, (4.0 + phi) * l * l, -6.0 * l, (2.0 - phi) * l * l, //
      -12.0, -6.0 * l, 12.0, -6.0 * l,                             //
      6.0 * l, (2.0 - phi) * l * l, -6.0 * l, (4.0 + phi) * l * l;
    return with_sign(ei / ((1.0 + phi) * l * l * l) * k, sign);
  }

  Eigen::Matrix4d
  mass(const double rho_a, const double rho_i, const double phi, const double l, const double sign)
  {
    const double p = phi, p2 = phi * phi;
    // Translational inertia on the cubic q (Friedman & Kosmatka 1993, M_rhoA).
    const double    t11 = 13.0 / 35.0 + 7.0 * p / 10.0 + p2 / 3.0;
    const double    t12 = (11.0 / 210.0 + 11.0 * p / 120.0 + p2 / 24.0) * l;
    const double    t13 = 9.0 / 70.0 + 3.0 * p / 10.0 + p2 / 6.0;
    const double    t14 = -(13.0 / 420.0 + 3.0 * p / 40.0 + p2 / 24.0) * l;
    const double    t22 = (1.0 / 105.0 + p / 60.0 + p2 / 120.0) * l * l;
    const double    t24 = -(1.0 / 140.0 + p / 60.0 + p2 / 120.0) * l * l;
    Eigen::Matrix4d translational;
    translational << t11, t12, t13, t14, //
      t12, t22, -t14, t24,               //
      t13, -t14, t11, -t12,              //
      t14, t24, -t12, t22;
    // Rotary inertia on the quadratic section rotation r (Friedman & Kosmatka 1993, M_rhoI).
    const double    r12 = (1.0 / 10.0 - p / 2.0) * l;
    const double    r22 = (2.0 / 15.0 + p / 6.0 + p2 / 3.0) * l * l;
    const double    r24 = (-1.0 / 30.0 - p / 6.0 + p2 / 6.0) * l * l;
    Eigen::Matrix4d rotary;
    rotary << 6.0 / 5.0, r12, -6.0 / 5.0, r12, //
      r12, r22, -r12, r24,                     //
      -6.0 / 5.0, -r12, 6.0 / 5.0, -r12,       //
      r12, r24, -r12, r22;
    const double scale = 1.0 / ((1.0 + p) * (1.0 + p));
    return with_sign(scale * (rho_a * l * translational + rho_i / l * rotary), sign);
  }

  Eigen::Matrix4d
  geometric_stiffness(const double n, const double l, const double sign)
  {
    Eigen::Matrix4d g;
    g << 36.0, 3.0 * l, -36.0, 3.0 * l,       //
      3.0 * l, 4.0 * l * l, -3.0 * l, -l * l, //
      -36.0, -3.0 * l, 36.0, -3.0 * l,        //
      3.0 * l, -l * l, -3.0 * l, 4.0 * l * l;
    return with_sign(n / (30.0 * l) * g, sign);
  }

  Eigen::Matrix2d
  bar_stiffness(const double c)
  {
    Eigen::Matrix2d k;
    k << c, -c, -c, c;
    return k;
  }

  Eigen::Matrix2d
  bar_mass(const double total)
  {
    Eigen::Matrix2d m;
    m << 2.0, 1.0, 1.0, 2.0;
    return total / 6.0 * m;
  }

  Eigen::Vector3d
  rotation_vector(const Eigen::Quaterniond &rotation)
  {
    Eigen::Quaterniond q = rotation;
    if (q.w() < 0.0) // the same rotation, angle in [0, pi]
      q.coeffs() *= -1.0;
    const Eigen::AngleAxisd angle_axis(q);
    return angle_axis.angle() * angle_axis.axis();
  }

  void
  design_derivative(const DesignProperty property, const Eigen::MatrixXd &stiffness,
                    const Eigen::MatrixXd &mass, Eigen::MatrixXd &stiffness_derivative,
                    Eigen::MatrixXd &mass_derivative)
  {
    if (property == DesignProperty::area)
      throw std::invalid_argument("PROPERTY=AREA applies to trusses; a beam section changes "
                                  "A and I together (use a section dimension parameter)");
    stiffness_derivative = (property == DesignProperty::modulus ? 1.0 : 0.0) * stiffness;
    mass_derivative      = (property == DesignProperty::density ? 1.0 : 0.0) * mass;
  }
} // namespace corot::elements::beam_plane
