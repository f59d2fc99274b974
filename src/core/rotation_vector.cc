#include <src/core/rotation_vector.h>

#include <cmath>
#include <stdexcept>

namespace corot::core
{
  Eigen::Matrix3d
  RotationVector::skew(const Eigen::Vector3d &v)
  {
    Eigen::Matrix3d s;
    s << 0.0, -v[2], v[1], v[2], 0.0, -v[0], -v[1], v[0], 0.0;
    return s;
  }

  Eigen::Matrix3d
  RotationVector::exp(const Eigen::Vector3d &theta)
  {
    const double angle = theta.norm();
    if (angle < 1e-300)
      return Eigen::Matrix3d::Identity();
    return Eigen::AngleAxisd(angle, theta / angle).toRotationMatrix();
  }

  Eigen::Vector3d
  RotationVector::log_near(const Eigen::Quaterniond &rotation, const Eigen::Vector3d &near)
  {
    Eigen::Quaterniond q = rotation.normalized();
    if (q.w() < 0.0)
      q.coeffs() *= -1.0;
    const double sin_half = q.vec().norm();
    const double angle    = 2.0 * std::atan2(sin_half, q.w()); // in [0, pi]
    if (sin_half > 1e-12)
      {
        const Eigen::Vector3d axis = q.vec() / sin_half;
        const double          k    = std::round((axis.dot(near) - angle) / (2.0 * M_PI));
        return (angle + 2.0 * M_PI * k) * axis;
      }
    // (Nearly) the identity: its small rotation vector plus the multiple of
    // 2 pi along near that comes closest.
    const Eigen::Vector3d small =
      sin_half > 0.0 ? Eigen::Vector3d((angle / sin_half) * q.vec()) : Eigen::Vector3d::Zero();
    const double k = std::round(near.norm() / (2.0 * M_PI));
    return k == 0.0 ? small : Eigen::Vector3d(small + 2.0 * M_PI * k * near.normalized());
  }

  Eigen::Matrix3d
  RotationVector::cayley(const Eigen::Vector3d &phi)
  {
    const Eigen::Matrix3d s = skew(phi);
    return Eigen::Matrix3d::Identity() + 4.0 / (4.0 + phi.squaredNorm()) * (s + 0.5 * s * s);
  }

  Eigen::Vector3d
  RotationVector::cayley_vector(const Eigen::Quaterniond &rotation)
  {
    Eigen::Quaterniond q = rotation.normalized();
    if (q.w() < 0.0)
      q.coeffs() *= -1.0;
    if (q.w() <= 1e-8)
      throw std::runtime_error(
        "a step rotates a node by 180 degrees or more; shorten the time step");
    return 2.0 / q.w() * q.vec();
  }

  Eigen::Vector3d
  RotationVector::compose(const Eigen::Vector3d &psi, const Eigen::Vector3d &phi)
  {
    const double          half = phi.norm() / 2.0;
    const Eigen::Vector3d angle =
      half > 0.0 ? Eigen::Vector3d(std::atan(half) / half * phi) : Eigen::Vector3d::Zero();
    const Eigen::Quaterniond q(cayley(phi) * exp(psi));
    return log_near(q, psi + angle);
  }

  Eigen::Vector3d
  RotationVector::increment(const Eigen::Vector3d &psi_n, const Eigen::Vector3d &psi_n1)
  {
    return cayley_vector(Eigen::Quaterniond(exp(psi_n1) * exp(psi_n).transpose()));
  }

  Eigen::Matrix3d
  RotationVector::cayley_inverse_tangent(const Eigen::Vector3d &phi)
  {
    return Eigen::Matrix3d::Identity() - 0.5 * skew(phi) + 0.25 * phi * phi.transpose();
  }

  Eigen::Matrix3d
  RotationVector::cayley_tangent(const Eigen::Vector3d &phi)
  {
    return 4.0 / (4.0 + phi.squaredNorm()) * (Eigen::Matrix3d::Identity() + 0.5 * skew(phi));
  }

  Eigen::Matrix3d
  RotationVector::exp_inverse_tangent(const Eigen::Vector3d &psi)
  {
    const double          a = psi.norm();
    const Eigen::Matrix3d s = skew(psi);
    // (1 - (a/2) cot(a/2))/a^2 = 1/12 + a^2/720 + a^4/30240 + ... for small a.
    const double a2          = a * a;
    const double coefficient = a < 1e-3 ? 1.0 / 12.0 + a2 / 720.0 + a2 * a2 / 30240.0 :
                                          (1.0 - 0.5 * a / std::tan(0.5 * a)) / a2;
    return Eigen::Matrix3d::Identity() - 0.5 * s + coefficient * s * s;
  }
} // namespace corot::core
