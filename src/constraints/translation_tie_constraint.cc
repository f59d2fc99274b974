#include <src/constraints/translation_tie_constraint.h>

namespace corot::constraints
{
  TranslationTieConstraint::TranslationTieConstraint(const unsigned follower, const unsigned leader)
    : nodes_{follower, leader}
  {}

  Eigen::VectorXd
  TranslationTieConstraint::value(const ConstraintKinematics &state) const
  {
    return state[0].displacement - state[1].displacement;
  }

  Eigen::MatrixXd
  TranslationTieConstraint::jacobian(const ConstraintKinematics &) const
  {
    Eigen::MatrixXd gradient = Eigen::MatrixXd::Zero(3, 12);
    gradient.block<3, 3>(0, 0).setIdentity();
    gradient.block<3, 3>(0, 6) = -Eigen::Matrix3d::Identity();
    return gradient;
  }

  Eigen::MatrixXd
  TranslationTieConstraint::force_derivative(const ConstraintKinematics &,
                                             const Eigen::VectorXd &) const
  {
    return Eigen::MatrixXd::Zero(12, 12);
  }

  Eigen::MatrixXd
  TranslationTieConstraint::discrete_gradient(const ConstraintKinematics &state_n,
                                              const ConstraintKinematics &) const
  {
    return jacobian(state_n);
  }
} // namespace corot::constraints
