#include <src/constraints/slot_constraint.h>
#include <src/core/rotation_vector.h>

#include <stdexcept>

namespace corot::constraints
{
  SlotConstraint::SlotConstraint(const unsigned follower, const Eigen::Vector3d &follower_position,
                                 const unsigned leader, const Eigen::Vector3d &leader_position,
                                 const std::array<Eigen::Vector3d, 2> &normals)
    : nodes_{follower, leader}
    , reference_separation_(follower_position - leader_position)
    , normals_{{normals[0].normalized(), normals[1].normalized()}}
  {
    if (std::abs(normals_[0].dot(normals_[1])) > 1e-9)
      throw std::invalid_argument("the slot's normal directions are not orthogonal");
    const double size = std::max(1.0, std::max(follower_position.norm(), leader_position.norm()));
    for (const Eigen::Vector3d &t : normals_)
      if (std::abs(t.dot(reference_separation_)) > 1e-9 * size)
        throw std::invalid_argument(
          "node b does not lie on the slot's line (node a along its local direction 1)");
  }

  Eigen::Vector3d
  SlotConstraint::separation(const ConstraintKinematics &state) const
  {
    return reference_separation_ + state[0].displacement - state[1].displacement;
  }

  std::array<Eigen::Vector3d, 2>
  SlotConstraint::normals(const ConstraintKinematics &state) const
  {
    return {{state[1].rotation * normals_[0], state[1].rotation * normals_[1]}};
  }

  Eigen::MatrixXd
  SlotConstraint::gradient(const Eigen::Vector3d &d, const std::array<Eigen::Vector3d, 2> &t)
  {
    Eigen::MatrixXd result = Eigen::MatrixXd::Zero(2, 12);
    for (unsigned k = 0; k < 2; ++k)
      {
        result.block<1, 3>(k, 0) = t[k].transpose();
        result.block<1, 3>(k, 6) = -t[k].transpose();
        result.block<1, 3>(k, 9) = t[k].cross(d).transpose();
      }
    return result;
  }

  Eigen::VectorXd
  SlotConstraint::value(const ConstraintKinematics &state) const
  {
    const Eigen::Vector3d d = separation(state);
    const auto            t = normals(state);
    return Eigen::Vector2d(d.dot(t[0]), d.dot(t[1]));
  }

  Eigen::MatrixXd
  SlotConstraint::jacobian(const ConstraintKinematics &state) const
  {
    return gradient(separation(state), normals(state));
  }

  Eigen::MatrixXd
  SlotConstraint::force_derivative(const ConstraintKinematics &state,
                                   const Eigen::VectorXd      &lambda) const
  {
    // f_s = tau, f_m = -tau, moment on m: tau x d, with tau = sum lambda_k t_k:
    // d tau = dw_m x tau, d(tau x d) = (tau d^T - (tau . d) I) dw_m + skew(tau)(du_s - du_m).
    using core::RotationVector;
    const Eigen::Vector3d d          = separation(state);
    const auto            t          = normals(state);
    const Eigen::Vector3d tau        = lambda[0] * t[0] + lambda[1] * t[1];
    const Eigen::Matrix3d turn       = -RotationVector::skew(tau); // d tau / d w_m
    Eigen::MatrixXd       derivative = Eigen::MatrixXd::Zero(12, 12);
    derivative.block<3, 3>(0, 9)     = turn;
    derivative.block<3, 3>(6, 9)     = -turn;
    derivative.block<3, 3>(9, 0)     = RotationVector::skew(tau);
    derivative.block<3, 3>(9, 6)     = -RotationVector::skew(tau);
    derivative.block<3, 3>(9, 9) = tau * d.transpose() - tau.dot(d) * Eigen::Matrix3d::Identity();
    return derivative;
  }

  Eigen::MatrixXd
  SlotConstraint::discrete_gradient(const ConstraintKinematics &state_n,
                                    const ConstraintKinematics &state_n1) const
  {
    const auto                     t_n = normals(state_n), t_n1 = normals(state_n1);
    std::array<Eigen::Vector3d, 2> t_mean;
    for (unsigned k = 0; k < 2; ++k)
      t_mean[k] = 0.5 * (t_n[k] + t_n1[k]);
    return gradient(0.5 * (separation(state_n) + separation(state_n1)), t_mean);
  }
} // namespace corot::constraints
