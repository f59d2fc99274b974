#pragma once
/**
 * @file
 * The polynomial tables of one continuous-Galerkin time element cG(k) on the
 * reference step tau = (t - t_n)/Delta t in [0, 1].
 */
#include <Eigen/Dense>

namespace corot::integrators
{
  /**
   * Reference-step tables of the cG(k) time element in mixed (Hamiltonian)
   * form (Betsch & Steinmann 2001, Int. J. Numer. Meth. Engng 50,
   * 1931-1955; Borri, Franchi & Mantegazza 1993).
   *
   * Trial functions: displacement d_h and velocity v_h of degree k; test
   * functions of degree k - 1. The displacement is interpolated by Lagrange
   * polynomials l_j on the nodes {0, tau_1, ..., tau_k}, tau_l the k Gauss
   * points of [0, 1], so the unknowns are the stage displacements
   * D_l = d_h(tau_l) (D_0 = d_n):
   *
   *   d_h(tau) = sum_j l_j(tau) D_j.
   *
   * The kinematic equation int w (d_h' - v_h) dt = 0 for all w of degree k-1
   * says d_h' is the L2 projection of v_h onto degree k - 1, so
   * v_h = d_h' + c P_k, with P_k the Legendre polynomial of degree k on
   * [0, 1] (orthogonal to degree k - 1), and continuity v_h(0) = v_n fixes
   * c = (v_n - d_h'(0))/P_k(0). The velocity is thus eliminated exactly and
   * every quantity of the step is linear in the stage increments
   * X_j = D_j - d_n (j = 1..k) and v_n. Tables here are dimensionless; with
   * h = Delta t:
   *
   *   d_h'(tau_l)      = (1/h)   sum_j stage_velocity(l, j) X_j
   *   v_h'(tau_l)      = (1/h^2) sum_j stage_acceleration(l, j) X_j
   *                      + (1/h) stage_acceleration_from_velocity(l) v_n
   *   d_{n+1} - d_n    = sum_j end_displacement(j) X_j
   *   v_{n+1}          = (1/h) sum_j end_velocity(j) X_j + end_velocity_from_velocity v_n
   *   v_h'(1)          = (1/h^2) sum_j end_acceleration(j) X_j + (1/h) end_acceleration_from_velocity v_n
   *
   * (the sums over j = 0..k reduce to j = 1..k because the l_j sum to one).
   * The momentum equation, tested with the Lagrange polynomials of degree
   * k - 1 on the Gauss points and integrated by the k-point Gauss rule
   * (weights gauss_weights), becomes one equation per Gauss point.
   */
  class TimeElementBasis
  {
  public:
    /** Tables for order @p order (k >= 1). Gauss rule and polynomials: deal.II QGauss, Polynomials. */
    explicit TimeElementBasis(unsigned order);

    /** The order k. */
    unsigned
    order() const
    {
      return order_;
    }

    /** Tables are kept in long double (see the .cc: no systematic last-bit bias). */
    using Matrix = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;
    /** A column of long doubles. */
    using Vector = Eigen::Matrix<long double, Eigen::Dynamic, 1>;

    /** Gauss points tau_l in (0, 1), l = 0..k-1. */
    Eigen::VectorXd gauss_points;
    /** Gauss weights on [0, 1] (summing to one). */
    Eigen::VectorXd gauss_weights;
    /** k x k: l_j'(tau_l) for the stage nodes j = 1..k (column j-1). */
    Matrix stage_velocity;
    /** k x k: l_j''(tau_l) - P_k'(tau_l) l_j'(0)/P_k(0). */
    Matrix stage_acceleration;
    /** k: P_k'(tau_l)/P_k(0). */
    Vector stage_acceleration_from_velocity;
    /** k: l_j(1). */
    Vector end_displacement;
    /** k: l_j'(1) - P_k(1) l_j'(0)/P_k(0). */
    Vector end_velocity;
    /** P_k(1)/P_k(0) (= (-1)^k). */
    long double end_velocity_from_velocity = 0.0L;
    /** k: l_j''(1) - P_k'(1) l_j'(0)/P_k(0). */
    Vector end_acceleration;
    /** P_k'(1)/P_k(0). */
    long double end_acceleration_from_velocity = 0.0L;

  private:
    unsigned order_;
  };
} // namespace corot::integrators
