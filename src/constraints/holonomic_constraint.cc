#include <src/constraints/holonomic_constraint.h>
#include <src/core/rotation_vector.h>

namespace corot::constraints
{
  Eigen::VectorXd
  HolonomicConstraint::step_increment(const ConstraintKinematics &state_n,
                                      const ConstraintKinematics &state_n1) const
  {
    Eigen::VectorXd increment = Eigen::VectorXd::Zero(n_coordinates());
    for (unsigned i = 0; i < nodes().size(); ++i)
      {
        increment.segment<3>(6 * i) = state_n1[i].displacement - state_n[i].displacement;
        if (uses_rotation(i))
          increment.segment<3>(6 * i + 3) = core::RotationVector::cayley_vector(
            state_n1[i].rotation * state_n[i].rotation.conjugate());
      }
    return increment;
  }

  Eigen::MatrixXd
  HolonomicConstraint::gonzalez_corrected(const Eigen::MatrixXd &gradient,
                                          const Eigen::VectorXd &value_n,
                                          const Eigen::VectorXd &value_n1,
                                          const Eigen::VectorXd &increment)
  {
    Eigen::MatrixXd result   = gradient;
    const double    length_2 = increment.squaredNorm();
    if (!(length_2 > 0.0))
      return result;
    const Eigen::VectorXd excess = value_n1 - value_n - gradient * increment;
    result += excess * increment.transpose() / length_2;
    return result;
  }
} // namespace corot::constraints
