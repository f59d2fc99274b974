#include <src/constraints/distance_constraint.h>

#include <stdexcept>

namespace corot::constraints
{
  DistanceConstraint::DistanceConstraint(const unsigned         first,
                                         const Eigen::Vector3d &first_position,
                                         const unsigned         second,
                                         const Eigen::Vector3d &second_position)
    : nodes_{first, second}
    , reference_(first_position - second_position)
    , length_(reference_.norm())
  {
    if (!(length_ > 0.0))
      throw std::runtime_error("a distance constraint needs two nodes at different positions");
  }

  Eigen::Vector3d
  DistanceConstraint::separation(const ConstraintKinematics &state) const
  {
    return reference_ + state[0].displacement - state[1].displacement;
  }

  Eigen::VectorXd
  DistanceConstraint::value(const ConstraintKinematics &state) const
  {
    Eigen::VectorXd g(1);
    g[0] = (separation(state).squaredNorm() - length_ * length_) / (2.0 * length_);
    return g;
  }

  Eigen::MatrixXd
  DistanceConstraint::gradient_with(const Eigen::Vector3d &d) const
  {
    Eigen::MatrixXd gradient   = Eigen::MatrixXd::Zero(1, 12);
    gradient.block<1, 3>(0, 0) = d.transpose() / length_;
    gradient.block<1, 3>(0, 6) = -d.transpose() / length_;
    return gradient;
  }

  Eigen::MatrixXd
  DistanceConstraint::jacobian(const ConstraintKinematics &state) const
  {
    return gradient_with(separation(state));
  }

  Eigen::MatrixXd
  DistanceConstraint::force_derivative(const ConstraintKinematics &,
                                       const Eigen::VectorXd &lambda) const
  {
    const Eigen::Matrix3d block      = (lambda[0] / length_) * Eigen::Matrix3d::Identity();
    Eigen::MatrixXd       derivative = Eigen::MatrixXd::Zero(12, 12);
    derivative.block<3, 3>(0, 0)     = block;
    derivative.block<3, 3>(0, 6)     = -block;
    derivative.block<3, 3>(6, 0)     = -block;
    derivative.block<3, 3>(6, 6)     = block;
    return derivative;
  }

  Eigen::MatrixXd
  DistanceConstraint::discrete_gradient(const ConstraintKinematics &state_n,
                                        const ConstraintKinematics &state_n1) const
  {
    return gradient_with(0.5 * (separation(state_n) + separation(state_n1)));
  }
} // namespace corot::constraints
