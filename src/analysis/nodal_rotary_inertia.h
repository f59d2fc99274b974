#pragma once
/**
 * @file
 * The rotary inertia of a node turning on SO(3), for the energy-momentum
 * conserving mid-point scheme (Simo & Wong 1991).
 */
#include <Eigen/Dense>

namespace corot::analysis
{
  /**
   * A node with a rotation R (R = exp(psi), psi the node's total rotation
   * vector) and the rotary inertia J of a rigid body about it. J is given in
   * the reference configuration (R = I), so it is the material (convected)
   * inertia; the spatial inertia is R J R^T. Angular velocities are spatial:
   * w = R W, W the material (body) angular velocity; angular momentum
   * pi = R J W = R J R^T w; kinetic energy 1/2 W.J W.
   *
   * The mid-point step (Simo & Wong 1991, Int. J. Numer. Meth. Engng 31,
   * 19-52, the energy-momentum algorithm of their section 4; Crisfield,
   * Galvanetto & Jelenic 1997, Proc. R. Soc. A 453, the mid-point form of the
   * rotary inertia) for a step increment phi, here the Cayley vector
   * R_{n+1} = cay(phi) R_n (core::RotationVector; Simo & Wong use the
   * exponential map, and nothing below depends on which map turns phi into a
   * rotation about phi):
   *
   *     Theta = R_n^T phi  (= R_{n+1}^T phi, the increment in the body),
   *     W_{n+1} = 2 Theta / dt - W_n,                  i.e.
   *     w_{n+1} = 2 phi / dt - cay(phi) w_n,
   *     f = (pi_{n+1} - pi_n) / dt                     (inertial moment).
   *
   * The balance f + m_int - m_ext = 0 is the discrete balance of angular
   * momentum (so pi is conserved exactly when no moment acts), and
   * phi . f = (Theta.J W_{n+1} - Theta.J W_n)/dt = T_{n+1} - T_n exactly
   * because Theta = dt (W_n + W_{n+1})/2 and J is symmetric: the kinetic
   * energy changes by exactly the work of the moments on phi.
   */
  class NodalRotaryInertia
  {
  public:
    /** @p inertia: the symmetric material inertia J (mass x length^2). */
    explicit NodalRotaryInertia(const Eigen::Matrix3d &inertia);

    /** The material inertia J. */
    const Eigen::Matrix3d &
    inertia() const
    {
      return inertia_;
    }

    /** w_{n+1} = 2 phi/dt - cay(phi) w_n for the step increment @p phi. */
    static Eigen::Vector3d
    velocity(const Eigen::Vector3d &phi, const Eigen::Vector3d &w_n, double dt);

    /**
     * The inertial moment f = (pi_{n+1} - pi_n)/dt of the step from rotation
     * @p r_n (with spatial angular velocity @p w_n) by the increment @p phi.
     * With @p tangent, also df/d(w), w the spatial spin at R_{n+1}
     * (R_{n+1} <- exp(delta w) R_{n+1}), the variable the element tangents use:
     *     df/dw = ( -skew(pi_{n+1}) + (2/dt) R_{n+1} J R_n^T dcay^{-1}(phi) ) / dt.
     */
    Eigen::Vector3d
    midpoint_moment(const Eigen::Matrix3d &r_n, const Eigen::Vector3d &phi,
                    const Eigen::Vector3d &w_n, double dt,
                    Eigen::Matrix3d *tangent = nullptr) const;

    /** Spatial angular momentum R J R^T w. */
    Eigen::Vector3d
    angular_momentum(const Eigen::Matrix3d &r, const Eigen::Vector3d &w) const;

    /** Kinetic energy 1/2 w.R J R^T w. */
    double
    kinetic_energy(const Eigen::Matrix3d &r, const Eigen::Vector3d &w) const;

  private:
    Eigen::Matrix3d inertia_;
  };
} // namespace corot::analysis
