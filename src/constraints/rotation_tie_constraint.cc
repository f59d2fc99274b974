#include <src/constraints/rotation_tie_constraint.h>
#include <src/core/rotation_vector.h>

namespace corot::constraints
{
  namespace
  {
    /** Q = R_s R_m^T. */
    Eigen::Matrix3d
    relative_rotation(const ConstraintKinematics &state)
    {
      return (state[0].rotation * state[1].rotation.conjugate()).toRotationMatrix();
    }

    /** axial((Q - Q^T)/2). */
    Eigen::Vector3d
    axial_of_skew_part(const Eigen::Matrix3d &q)
    {
      return 0.5 * Eigen::Vector3d(q(2, 1) - q(1, 2), q(0, 2) - q(2, 0), q(1, 0) - q(0, 1));
    }
  } // namespace

  RotationTieConstraint::RotationTieConstraint(const unsigned follower, const unsigned leader)
    : nodes_{follower, leader}
  {}

  Eigen::VectorXd
  RotationTieConstraint::value(const ConstraintKinematics &state) const
  {
    return axial_of_skew_part(relative_rotation(state));
  }

  Eigen::MatrixXd
  RotationTieConstraint::jacobian(const ConstraintKinematics &state) const
  {
    const Eigen::Matrix3d q        = relative_rotation(state);
    const double          trace    = q.trace();
    Eigen::MatrixXd       gradient = Eigen::MatrixXd::Zero(3, 12);
    gradient.block<3, 3>(0, 3)     = 0.5 * (trace * Eigen::Matrix3d::Identity() - q);
    gradient.block<3, 3>(0, 9)     = -0.5 * (trace * Eigen::Matrix3d::Identity() - q.transpose());
    return gradient;
  }

  Eigen::MatrixXd
  RotationTieConstraint::force_derivative(const ConstraintKinematics &state,
                                          const Eigen::VectorXd      &lambda) const
  {
    // f_s = (tr Q lambda - Q^T lambda)/2, f_m = -(tr Q lambda - Q lambda)/2 with
    // d tr Q = -2 g . (dw_s - dw_m), d(Q^T lambda) = Q^T skew(lambda) dw_s -
    // skew(Q^T lambda) dw_m, d(Q lambda) = -skew(Q lambda) dw_s + Q skew(lambda) dw_m.
    using core::RotationVector;
    const Eigen::Matrix3d q          = relative_rotation(state);
    const Eigen::Vector3d g          = axial_of_skew_part(q);
    const Eigen::Vector3d l          = lambda.head<3>();
    const Eigen::Matrix3d lg         = l * g.transpose();
    Eigen::MatrixXd       derivative = Eigen::MatrixXd::Zero(12, 12);
    derivative.block<3, 3>(3, 3)     = -lg - 0.5 * q.transpose() * RotationVector::skew(l);
    derivative.block<3, 3>(3, 9)     = lg + 0.5 * RotationVector::skew(q.transpose() * l);
    derivative.block<3, 3>(9, 3)     = lg - 0.5 * RotationVector::skew(q * l);
    derivative.block<3, 3>(9, 9)     = -lg + 0.5 * q * RotationVector::skew(l);
    return derivative;
  }

  Eigen::MatrixXd
  RotationTieConstraint::discrete_gradient(const ConstraintKinematics &state_n,
                                           const ConstraintKinematics &state_n1) const
  {
    // Rotation columns only: [phi_s, phi_m].
    const Eigen::VectorXd increment = step_increment(state_n, state_n1);
    Eigen::VectorXd       spins(6);
    spins << increment.segment<3>(3), increment.segment<3>(9);
    // The mean of the end Jacobians: [I, -I] when both ends are on the
    // manifold, the Jacobian itself for a step of zero length.
    const Eigen::MatrixXd mean = 0.5 * (jacobian(state_n) + jacobian(state_n1));
    Eigen::MatrixXd       middle(3, 6);
    middle << mean.block<3, 3>(0, 3), mean.block<3, 3>(0, 9);
    const Eigen::MatrixXd corrected =
      gonzalez_corrected(middle, value(state_n), value(state_n1), spins);
    Eigen::MatrixXd gradient   = Eigen::MatrixXd::Zero(3, 12);
    gradient.block<3, 3>(0, 3) = corrected.block<3, 3>(0, 0);
    gradient.block<3, 3>(0, 9) = corrected.block<3, 3>(0, 3);
    return gradient;
  }
} // namespace corot::constraints
