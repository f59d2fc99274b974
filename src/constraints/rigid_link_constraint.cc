#include <src/constraints/rigid_link_constraint.h>
#include <src/core/rotation_vector.h>

namespace corot::constraints
{
  RigidLinkConstraint::RigidLinkConstraint(const unsigned         follower,
                                           const Eigen::Vector3d &follower_position,
                                           const unsigned         leader,
                                           const Eigen::Vector3d &leader_position)
    : nodes_{follower, leader}
    , offset_(follower_position - leader_position)
  {}

  Eigen::Vector3d
  RigidLinkConstraint::lever(const ConstraintKinematics &state) const
  {
    return state[1].rotation * offset_;
  }

  Eigen::VectorXd
  RigidLinkConstraint::value(const ConstraintKinematics &state) const
  {
    // x_s - x_m = e0 + u_s - u_m.
    return offset_ + state[0].displacement - state[1].displacement - lever(state);
  }

  Eigen::MatrixXd
  RigidLinkConstraint::gradient_with_lever(const Eigen::Vector3d &lever)
  {
    Eigen::MatrixXd gradient = Eigen::MatrixXd::Zero(3, 12);
    gradient.block<3, 3>(0, 0).setIdentity();
    gradient.block<3, 3>(0, 6) = -Eigen::Matrix3d::Identity();
    gradient.block<3, 3>(0, 9) = core::RotationVector::skew(lever);
    return gradient;
  }

  Eigen::MatrixXd
  RigidLinkConstraint::jacobian(const ConstraintKinematics &state) const
  {
    return gradient_with_lever(lever(state));
  }

  Eigen::MatrixXd
  RigidLinkConstraint::force_derivative(const ConstraintKinematics &state,
                                        const Eigen::VectorXd      &lambda) const
  {
    const Eigen::Vector3d a          = lever(state);
    const Eigen::Vector3d l          = lambda.head<3>();
    Eigen::MatrixXd       derivative = Eigen::MatrixXd::Zero(12, 12);
    derivative.block<3, 3>(9, 9)     = a.dot(l) * Eigen::Matrix3d::Identity() - a * l.transpose();
    return derivative;
  }

  Eigen::MatrixXd
  RigidLinkConstraint::discrete_gradient(const ConstraintKinematics &state_n,
                                         const ConstraintKinematics &state_n1) const
  {
    return gradient_with_lever(0.5 * (lever(state_n) + lever(state_n1)));
  }
} // namespace corot::constraints
