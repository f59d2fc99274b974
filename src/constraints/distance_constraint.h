#pragma once
/**
 * @file
 * A pin-jointed rigid link: two nodes at a fixed distance.
 */
#include <src/constraints/holonomic_constraint.h>

namespace corot::constraints
{
  /**
   * The distance between nodes s and m kept at its reference value L
   * (Abaqus' *MPC LINK):
   *
   *     g(q) = (|d|^2 - L^2) / (2 L),   d = x_s - x_m,
   *
   * one equation in length units. G = [ d^T/L, 0 | -d^T/L, 0 ]; the force
   * derivative at fixed lambda is (lambda/L) [I, -I; -I, I] on the
   * translations. The discrete gradient uses d_mid = (d_n + d_{n+1})/2:
   * (|d_{n+1}|^2 - |d_n|^2)/(2L) = d_mid . (d_{n+1} - d_n)/L exactly, and its
   * forces are central (along d_mid), so they conserve angular momentum
   * (the conserving bar force of Crisfield & Shi 1994, applied to a
   * constraint). Nodes: (s, m).
   */
  class DistanceConstraint : public HolonomicConstraint
  {
  public:
    /** Nodes @p first and @p second at reference positions @p first_position, @p second_position. */
    DistanceConstraint(unsigned first, const Eigen::Vector3d &first_position, unsigned second,
                       const Eigen::Vector3d &second_position);

    const std::vector<unsigned> &
    nodes() const override
    {
      return nodes_;
    }

    unsigned
    n_equations() const override
    {
      return 1;
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
    /** d = x_s - x_m. */
    Eigen::Vector3d
    separation(const ConstraintKinematics &state) const;

    /** G with separation @p d. */
    Eigen::MatrixXd
    gradient_with(const Eigen::Vector3d &d) const;

    std::vector<unsigned> nodes_;
    Eigen::Vector3d       reference_; ///< X_s - X_m
    double                length_;    ///< L = |X_s - X_m| > 0
  };
} // namespace corot::constraints
