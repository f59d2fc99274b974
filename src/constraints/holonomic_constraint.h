#pragma once
/**
 * @file
 * The interface of a non-linear holonomic constraint between nodes that
 * carry positions and (optionally) finite rotations.
 */
#include <elements/element.h>

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace corot::constraints
{
  /** Nodal state of a constraint's nodes (displacement and triad), as elements see it. */
  using ConstraintKinematics = elements::ElementKinematics;

  /**
   * m holonomic equations g(q) = 0 among k nodes, q the nodal positions
   * x_i = X_i + u_i and rotations R_i (on SO(3), as core::Configuration holds
   * them).
   *
   * Generalised coordinates and their order: six per node,
   *
   *     [ du_1 (3) | dw_1 (3) | du_2 (3) | dw_2 (3) | ... ]
   *
   * with du a displacement increment and dw a spatial spin (R <- exp(dw) R,
   * DESIGN.md section 4). A node whose rotation the constraint does not
   * involve has zero columns for dw (uses_rotation()).
   *
   * Sign convention of the multipliers: the constraint force on the nodes is
   * f_c = G^T lambda, added to the internal force (M a + f_int + G^T lambda =
   * f_ext), the convention of Wojtyra & Fraczek (2013), Multibody Syst. Dyn.
   * 30, 153-171, eq. (10).
   *
   * Three derivatives are provided:
   * - jacobian(): G = dg/dq at a configuration (velocity level, G v = dg/dt);
   * - force_derivative(): d(G^T lambda)/dq at fixed lambda, the part of the
   *   tangent that the constraint forces add in a Newton iteration (the
   *   "geometric stiffness" of the constraint);
   * - discrete_gradient(): a matrix G_d(q_n, q_{n+1}) with the directionality
   *   property G_d dq = g(q_{n+1}) - g(q_n) exactly, dq the step's
   *   displacement increments and Cayley rotation increments
   *   (R_{n+1} = cay(phi) R_n, core::RotationVector), the discrete gradient of
   *   Gonzalez (1996), J. Nonlinear Sci. 6, 449-467, eq. (3.5)-(3.6). With
   *   g(q_n) = g(q_{n+1}) = 0 the constraint forces G_d^T lambda then do no
   *   work over the step: dq . G_d^T lambda = lambda . (g_{n+1} - g_n) = 0,
   *   which is what an energy-conserving mid-point scheme needs (Betsch &
   *   Leyendecker 2006, IJNME 67, 499-552, section 3).
   */
  class HolonomicConstraint
  {
  public:
    virtual ~HolonomicConstraint() = default;

    /** Node indices (into core::Configuration), in the order of the coordinates. */
    virtual const std::vector<unsigned> &
    nodes() const = 0;

    /** Number of scalar equations m. */
    virtual unsigned
    n_equations() const = 0;

    /** Whether the equations involve the rotation of node @p i (position in nodes()). */
    virtual bool
    uses_rotation(unsigned i) const = 0;

    /** The constraint function g at @p state (m entries). */
    virtual Eigen::VectorXd
    value(const ConstraintKinematics &state) const = 0;

    /** G = dg/dq at @p state (m x 6k, coordinates as in the class comment). */
    virtual Eigen::MatrixXd
    jacobian(const ConstraintKinematics &state) const = 0;

    /** d(G^T @p lambda)/dq at @p state (6k x 6k). */
    virtual Eigen::MatrixXd
    force_derivative(const ConstraintKinematics &state, const Eigen::VectorXd &lambda) const = 0;

    /**
     * A discrete gradient G_d (m x 6k) with G_d dq = g(@p state_n1) - g(@p state_n)
     * for the step from @p state_n to @p state_n1 (dq: displacement increments
     * and Cayley vectors of the rotation increments).
     */
    virtual Eigen::MatrixXd
    discrete_gradient(const ConstraintKinematics &state_n,
                      const ConstraintKinematics &state_n1) const = 0;

    /** Number of coordinates 6k. */
    unsigned
    n_coordinates() const
    {
      return 6 * nodes().size();
    }

    /**
     * The step increment dq from @p state_n to @p state_n1 (6k entries):
     * displacement differences and, where uses_rotation(), the Cayley vector
     * of R_{n+1} R_n^T (zero otherwise).
     */
    Eigen::VectorXd
    step_increment(const ConstraintKinematics &state_n, const ConstraintKinematics &state_n1) const;

  protected:
    /**
     * Gonzalez' correction of a mid-point gradient @p gradient (m x 6k) into a
     * discrete gradient: each row a_i becomes
     * a_i + (g_i(n+1) - g_i(n) - a_i dq) dq^T / |dq|^2 (unchanged for dq = 0),
     * so that the directionality property holds exactly (Gonzalez 1996,
     * eq. (3.6)). @p increment is dq restricted to the coordinates the
     * equations involve; the correction vanishes when @p gradient is already
     * exact along dq.
     */
    static Eigen::MatrixXd
    gonzalez_corrected(const Eigen::MatrixXd &gradient, const Eigen::VectorXd &value_n,
                       const Eigen::VectorXd &value_n1, const Eigen::VectorXd &increment);
  };
} // namespace corot::constraints
