#pragma once
/**
 * @file
 * Energy-conserving continuous-Galerkin time finite elements cG(k) of any
 * order k (DESIGN.md section 5; deck: *DYNAMIC, INTEGRATOR=TIMEFE, ORDER=k).
 */
#include <integrators/integrator.h>
#include <integrators/time_element_basis.h>

#include <Eigen/SparseCore>

#include <vector>

namespace corot::integrators
{
  /**
   * The time finite element of order k for M a + f_int(d) = f_ext(t), in the
   * mixed (Hamiltonian) form of Borri, Franchi & Mantegazza (1993)
   * and Betsch & Steinmann (2001), "Conservation properties of a time FE
   * method. Part II: Time-stepping schemes for non-linear elastodynamics",
   * Int. J. Numer. Meth. Engng 50, 1931-1955.
   *
   * On a step [t_n, t_n + h], displacement d_h and velocity v_h are
   * polynomials of degree k, continuous at t_n (d_h(t_n) = d_n,
   * v_h(t_n) = v_n), and for every test polynomial w of degree k - 1
   *
   *   int w . (d_h' - v_h) dt = 0,                                  (kinematics)
   *   int w . (M v_h' + f~ - f_ext) dt = 0.                         (momentum)
   *
   * TimeElementBasis eliminates v_h exactly; the k stage displacements at the
   * Gauss points are the unknowns, and the k-point Gauss rule turns the
   * momentum equation into one equation per Gauss point tau_l:
   *
   *   R_l = M v_h'(tau_l) + f~_l - f_ext(t_n + tau_l h) = 0,  l = 1..k.
   *
   * Internal force, k >= 2: f~_l = f_int(d_h(tau_l)) + lambda d_h'(tau_l), with
   *
   *   lambda = (W(d_{n+1}) - W(d_n) - Q) / (h sum_l w_l |d_h'(tau_l)|^2),
   *   Q = h sum_l w_l d_h'(tau_l) . f_int(d_h(tau_l)),
   *
   * a Gonzalez-type projection (O. Gonzalez 1996, "Time integration and
   * discrete Hamiltonian systems", J. Nonlinear Sci. 6, 449-467: the discrete
   * gradient is the gradient plus the defect of the energy difference along
   * the direction of motion) applied to the whole Gauss quadrature of the
   * stress power. By construction h sum_l w_l d_h'(tau_l) . f~_l = W(d_{n+1})
   * - W(d_n) for any strain energy W, polynomial or not. It takes the role
   * of the "assumed strain method in time" by which Betsch & Steinmann (2001)
   * make the stress-power quadrature exact; the projection needs only W and
   * f_int, not the elements' strains, so it applies to every element.
   *
   * Why the order 2k is kept: without lambda the scheme is the k-stage Gauss
   * collocation method, of nodal order 2k. Since W(d_{n+1}) - W(d_n) is the
   * exact integral of d_h' . f_int(d_h), the numerator of lambda is the error
   * of the k-point Gauss rule on a smooth integrand, O(h^{2k+1}), while the
   * denominator is O(h) for a moving structure: lambda d_h' is an O(h^{2k})
   * perturbation of the force, an O(h^{2k+1}) local error in the step, and
   * O(h^{2k}) globally. (Observed: tests/unit/test_time_finite_element.cc.)
   *
   * Energy identity: testing the momentum equation with w = d_h' (degree
   * k - 1) and the kinematics with w = M v_h' gives, exactly for constant
   * symmetric M (the Gauss rule is exact for these polynomial integrands),
   *
   *   K_{n+1} - K_n + W(d_{n+1}) - W(d_n) - h sum_l w_l d_h'(tau_l) . f_ext(t_l)
   *     = h sum_l w_l d_h'(tau_l) . R_l = 0 at convergence,
   *
   * so kinetic + strain energy minus the external work as the scheme sees it
   * (external_work_increment) is conserved to the Newton tolerance; for
   * constant loads the external work is the exact potential change.
   *
   * k = 1 is the mid-point scheme (constant trial, linear test functions in
   * the form of Borri, Franchi & Mantegazza 1993): one Gauss point, the elements' own
   * energy-conserving force f(d_n, d_{n+1}) (Crisfield & Shi 1993) in place of
   * the projection and the trapezoidal average of the end loads, so ORDER=1
   * reproduces EnergyConservingMidpoint exactly, also under time-varying loads.
   *
   * Newton (k >= 2): the k stages are coupled; the Jacobian is the kN x kN
   * block matrix (A_lj/h^2) M + delta_lj K(d_h(tau_l)) + lambda (S_lj/h) I
   * plus the rank-one term u g^T of the derivative of lambda (u the stacked
   * stage velocities), solved with Eigen::SparseLU and the Sherman-Morrison
   * formula, so Newton converges quadratically. The stages iterate through
   * solvers::NewtonSolver with the step's convergence test and iteration
   * limits (*CONTROLS; NotConverged when they are exhausted). DOF vectors are treated as a vector
   * space (rotation entries as rotation vectors, exact for planar rotations).
   *
   * Limitation (k >= 2): f_int is evaluated at the Gauss-point configurations
   * d_h(tau_l). For nearly inextensible members turning through a large angle
   * per step, the polynomial path leaves the inextensible motion between the
   * nodes and the stage forces are dominated by spurious axial strain (the
   * "artificial straining" of Crisfield & Shi 1993,
   * which their k = 1 force avoids by using end-of-step strains). Energy
   * stays conserved, but it flows into the axial mode and the motion locks:
   * Bathe's pendulum (EA = 1e10) needs about 300 steps a period with k = 2
   * (input_decks/pendulum_timefe2_dt0.5.inp and _dt0.0125.inp). The cure of
   * Betsch & Steinmann, an assumed strain in time, needs the elements'
   * strains and is not available through DynamicSystem.
   */
  class TimeFiniteElement : public Integrator
  {
  public:
    /** The element of order @p order >= 1. */
    explicit TimeFiniteElement(unsigned order);

    /** Starts from a zero acceleration if none is given (used only by the predictor). */
    void
    initialize(DynamicSystem &system, State &state) override;

    /** On return, state.acceleration is v_h'(t_{n+1}). */
    void
    advance(DynamicSystem &system, State &state, double time_step) override;

    /** h sum_l w_l d_h'(tau_l) . f_ext(t_l) (k >= 2), (f_ext,n + f_ext,n+1)/2 . Delta d (k = 1). */
    double
    external_work_increment() const override
    {
      return external_work_;
    }

    /** ORDER=1: Delta d . C(d_m) Delta d/h of the last step (as EnergyConservingMidpoint). */
    double
    dissipated_energy_increment() const override
    {
      return dissipated_;
    }

    /** No local error estimate: automatic incrementation is refused. */
    std::string
    automatic_incrementation_limitation() const override;

    /** No 3D rotations (any k), no prescribed motion (k >= 2). */
    std::string
    limitation(const DynamicSystem &system) const override;

    /** The order k. */
    unsigned
    order() const
    {
      return basis_.order();
    }

  private:
    /**
     * k = 1: the stage increment X_1 = d_h(1/2) - d_n by the mid-point Newton
     * loop; sets the reactions of moving supports in @p state.
     */
    Eigen::MatrixXd
    solve_lowest_order(DynamicSystem &system, State &state, double time_step, unsigned &iterations);

    /** k >= 2: the stage increments X (N x k, column l = d_h(tau_l) - d_n) by the coupled Newton. */
    Eigen::MatrixXd
    solve_stages(DynamicSystem &system, const State &state, double time_step, unsigned &iterations);

    TimeElementBasis            basis_;
    Eigen::SparseMatrix<double> mass_;  ///< M, zero on constrained DOFs (k >= 2)
    std::vector<unsigned>       fixed_; ///< constrained DOFs (k >= 2)
    double                      external_work_ = 0.0;
    double                      dissipated_    = 0.0;
  };
} // namespace corot::integrators
