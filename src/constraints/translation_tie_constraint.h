#pragma once
/**
 * @file
 * Two nodes that move together (a pin).
 */
#include <src/constraints/holonomic_constraint.h>

namespace corot::constraints
{
  /**
   * Equal displacements of a follower node s and a leading node m, rotations
   * free (Abaqus' *MPC PIN, and the translational part of *MPC TIE):
   *
   *     g(q) = u_s - u_m = 0,   G = [ I, 0 | -I, 0 ],
   *
   * linear, so its force derivative is zero and G is its own exact discrete
   * gradient. Nodes: (s, m).
   */
  class TranslationTieConstraint : public HolonomicConstraint
  {
  public:
    /** Follower @p follower moving with leader @p leader. */
    TranslationTieConstraint(unsigned follower, unsigned leader);

    const std::vector<unsigned> &
    nodes() const override
    {
      return nodes_;
    }

    unsigned
    n_equations() const override
    {
      return 3;
    }

    bool
    uses_rotation(unsigned) const override
    {
      return false;
    }

    Eigen::VectorXd
    value(const ConstraintKinematics &state) const override;

    Eigen::MatrixXd
    jacobian(const ConstraintKinematics &state) const override;

    Eigen::MatrixXd
    force_derivative(const ConstraintKinematics &state,
                     const Eigen::VectorXd      &lambda) const override;

    Eigen::MatrixXd
    discrete_gradient(const ConstraintKinematics &state_n,
                      const ConstraintKinematics &state_n1) const override;

  private:
    std::vector<unsigned> nodes_;
  };
} // namespace corot::constraints
