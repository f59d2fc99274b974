#include <elements/beam_plane_matrices.h>

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

  Eigen::Matrix4d
  stiffness(const double ei, const double phi, const double l, const double sign)
  {
    Eigen::Matrix4d k;
    k << 12.0, 6.0 * l, -12.0, 6.0 * l,                                  //
      6.0 * l, (4.0 + phi) * l * l, -6.0 * l, (2.0 - phi) * l * l,       //
      -12.0, -6.0 * l, 12.0, -6.0 * l,                                   //
      6.0 * l, (2.0 - phi) * l * l, -6.0 * l, (4.0 + phi) * l * l;
    return with_sign(ei / ((1.0 + phi) * l * l * l) * k, sign);
  }

  Eigen::Matrix4d
  mass(const double rho_a, const double rho_i, const double l, const double sign)
  {
    Eigen::Matrix4d translational, rotary;
    translational << 156.0, 22.0 * l, 54.0, -13.0 * l, //
      22.0 * l, 4.0 * l * l, 13.0 * l, -3.0 * l * l,     //
      54.0, 13.0 * l, 156.0, -22.0 * l,                  //
      -13.0 * l, -3.0 * l * l, -22.0 * l, 4.0 * l * l;
    rotary << 36.0, 3.0 * l, -36.0, 3.0 * l, //
      3.0 * l, 4.0 * l * l, -3.0 * l, -l * l,  //
      -36.0, -3.0 * l, 36.0, -3.0 * l,         //
      3.0 * l, -l * l, -3.0 * l, 4.0 * l * l;
    return with_sign(rho_a * l / 420.0 * translational + rho_i / (30.0 * l) * rotary, sign);
  }

  Eigen::Matrix4d
  geometric_stiffness(const double n, const double l, const double sign)
  {
    Eigen::Matrix4d g;
    g << 36.0, 3.0 * l, -36.0, 3.0 * l, //
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
} // namespace corot::elements::beam_plane
