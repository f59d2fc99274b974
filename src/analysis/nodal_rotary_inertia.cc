#include <src/analysis/nodal_rotary_inertia.h>
#include <src/core/rotation_vector.h>

namespace corot::analysis
{
  NodalRotaryInertia::NodalRotaryInertia(const Eigen::Matrix3d &inertia)
    : inertia_(0.5 * (inertia + inertia.transpose()))
  {}

  Eigen::Vector3d
  NodalRotaryInertia::velocity(const Eigen::Vector3d &phi, const Eigen::Vector3d &w_n,
                               const double dt)
  {
    return 2.0 / dt * phi - core::RotationVector::cayley(phi) * w_n;
  }

  Eigen::Vector3d
  NodalRotaryInertia::midpoint_moment(const Eigen::Matrix3d &r_n, const Eigen::Vector3d &phi,
                                      const Eigen::Vector3d &w_n, const double dt,
                                      Eigen::Matrix3d *tangent) const
  {
    const Eigen::Matrix3d r_n1  = core::RotationVector::cayley(phi) * r_n;
    const Eigen::Vector3d pi_n  = angular_momentum(r_n, w_n);
    const Eigen::Vector3d pi_n1 = angular_momentum(r_n1, velocity(phi, w_n, dt));
    if (tangent != nullptr)
      *tangent =
        (-core::RotationVector::skew(pi_n1) + 2.0 / dt * r_n1 * inertia_ * r_n.transpose() *
                                                core::RotationVector::cayley_inverse_tangent(phi)) /
        dt;
    return (pi_n1 - pi_n) / dt;
  }

  Eigen::Vector3d
  NodalRotaryInertia::angular_momentum(const Eigen::Matrix3d &r, const Eigen::Vector3d &w) const
  {
    return r * (inertia_ * (r.transpose() * w));
  }

  double
  NodalRotaryInertia::kinetic_energy(const Eigen::Matrix3d &r, const Eigen::Vector3d &w) const
  {
    const Eigen::Vector3d body = r.transpose() * w;
    return 0.5 * body.dot(inertia_ * body);
  }
} // namespace corot::analysis
