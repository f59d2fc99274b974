#pragma once
/**
 * @file
 * Two nodes that turn together.
 */
#include <src/constraints/holonomic_constraint.h>

namespace corot::constraints
{
  /**
   * The rotation of a follower node s equal to that of a leading node m (the
   * rotational part of Abaqus' *MPC BEAM and TIE and of a *RIGID BODY TIE
   * node): with Q = R_s R_m^T,
   *
   *     g(q) = axial((Q - Q^T)/2) = sin(theta) n = 0,
   *
   * three equations, theta n the rotation vector of Q (they vanish also at
   * theta = pi: the function describes the constraint near its manifold
   * only, like every three-parameter measure of a rotation). Nodes: (s, m).
   * With spatial spins, dQ = skew(dw_s) Q - Q skew(dw_m) and
   * axial(sym-free part of skew(w) Q) = (tr Q I - Q) w / 2, so
   *
   *     G = [ 0, (tr Q I - Q)/2 | 0, -(tr Q I - Q^T)/2 ],
   *
   * which is [0, I | 0, -I] on the manifold (Q = I).
   *
   * Discrete gradient: on the manifold at both ends, R_s and R_m take the same
   * Cayley increment, phi_s = phi_m, so the mean of the end Jacobians,
   * [0, I | 0, -I] there, is exact; off the manifold it is corrected along
   * the rotation increments by Gonzalez' formula
   * (HolonomicConstraint::gonzalez_corrected). On the manifold its forces
   * are a moment lambda on s and -lambda on m: no net moment, so angular
   * momentum is conserved with the energy.
   */
  class RotationTieConstraint : public HolonomicConstraint
  {
  public:
    /** Follower @p follower turning with leader @p leader. */
    RotationTieConstraint(unsigned follower, unsigned leader);

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
      return true;
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
