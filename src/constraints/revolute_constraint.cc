#include <src/constraints/revolute_constraint.h>

#include <stdexcept>

namespace corot::constraints
{
  RevoluteConstraint::RevoluteConstraint(const unsigned follower, const unsigned leader,
                                         const Eigen::Vector3d                &axis,
                                         const std::array<Eigen::Vector3d, 2> &normals)
    : nodes_{follower, leader}
    , axis_(axis.normalized())
    , normals_{{normals[0].normalized(), normals[1].normalized()}}
  {
    for (const Eigen::Vector3d &t : normals_)
      if (std::abs(t.dot(axis_)) > 1e-9)
        throw std::invalid_argument("the hinge axes of the two nodes are not parallel");
    if (std::abs(normals_[0].dot(normals_[1])) > 1e-9)
      throw std::invalid_argument("the hinge's normal directions are not orthogonal");
  }

  Eigen::Vector3d
  RevoluteConstraint::axis(const ConstraintKinematics &state) const
  {
    return state[1].rotation * axis_;
  }

  std::array<Eigen::Vector3d, 2>
  RevoluteConstraint::normals(const ConstraintKinematics &state) const
  {
    return {{state[0].rotation * normals_[0], state[0].rotation * normals_[1]}};
  }

  Eigen::MatrixXd
  RevoluteConstraint::gradient(const Eigen::Vector3d &a, const std::array<Eigen::Vector3d, 2> &t)
  {
    Eigen::MatrixXd result = Eigen::MatrixXd::Zero(2, 12);
    for (unsigned k = 0; k < 2; ++k)
      {
        const Eigen::Vector3d c  = t[k].cross(a);
        result.block<1, 3>(k, 3) = c.transpose();
        result.block<1, 3>(k, 9) = -c.transpose();
      }
    return result;
  }

  Eigen::VectorXd
  RevoluteConstraint::value(const ConstraintKinematics &state) const
  {
    const Eigen::Vector3d a = axis(state);
    const auto            t = normals(state);
    return Eigen::Vector2d(t[0].dot(a), t[1].dot(a));
  }

  Eigen::MatrixXd
  RevoluteConstraint::jacobian(const ConstraintKinematics &state) const
  {
    return gradient(axis(state), normals(state));
  }

  Eigen::MatrixXd
  RevoluteConstraint::force_derivative(const ConstraintKinematics &state,
                                       const Eigen::VectorXd      &lambda) const
  {
    // f_s = tau x a, f_m = -tau x a with tau = sum lambda_k t_k:
    // d(tau x a) = (tau a^T - (tau . a) I) dw_s + ((tau . a) I - a tau^T) dw_m.
    const Eigen::Vector3d a   = axis(state);
    const auto            t   = normals(state);
    const Eigen::Vector3d tau = lambda[0] * t[0] + lambda[1] * t[1];
    const Eigen::Matrix3d by_follower =
      tau * a.transpose() - tau.dot(a) * Eigen::Matrix3d::Identity();
    const Eigen::Matrix3d by_leader =
      tau.dot(a) * Eigen::Matrix3d::Identity() - a * tau.transpose();
    Eigen::MatrixXd derivative   = Eigen::MatrixXd::Zero(12, 12);
    derivative.block<3, 3>(3, 3) = by_follower;
    derivative.block<3, 3>(3, 9) = by_leader;
    derivative.block<3, 3>(9, 3) = -by_follower;
    derivative.block<3, 3>(9, 9) = -by_leader;
    return derivative;
  }

  Eigen::MatrixXd
  RevoluteConstraint::discrete_gradient(const ConstraintKinematics &state_n,
                                        const ConstraintKinematics &state_n1) const
  {
    const auto                     t_n = normals(state_n), t_n1 = normals(state_n1);
    std::array<Eigen::Vector3d, 2> t_mean;
    for (unsigned k = 0; k < 2; ++k)
      t_mean[k] = 0.5 * (t_n[k] + t_n1[k]);
    return gradient(0.5 * (axis(state_n) + axis(state_n1)), t_mean);
  }
} // namespace corot::constraints
