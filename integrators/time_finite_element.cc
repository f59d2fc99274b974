#include <integrators/energy_conserving_midpoint.h>
#include <integrators/newton_iteration.h>
#include <integrators/registry.h>
#include <integrators/time_finite_element.h>
#include <src/solvers/newton_solver.h>

#include <Eigen/SparseLU>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace corot::integrators
{
  namespace
  {
    using Wide       = TimeElementBasis::Matrix;
    using WideVector = TimeElementBasis::Vector;

    /** The multiplier lambda of the energy projection and its gradient with respect to the stages. */
    struct EnergyProjection
    {
      bool            active = false; ///< false when the defect is at round-off (lambda = 0)
      double          lambda = 0.0;
      Eigen::VectorXd gradient; ///< d lambda / d X, stacked by stage (zero when inactive)
    };

    /**
     * lambda = (W(d_{n+1}) - W(d_n) - Q)/D with the quadrature Q of the stress
     * power and D = h sum_l w_l |d_h'(tau_l)|^2 (see TimeFiniteElement), and its
     * gradient: d/dX_j of W(d_{n+1}) is l_j(1) f_int(d_{n+1}), of Q
     * sum_l w_l S_lj f_l + h w_j K_j^T d_h'(tau_j), of D 2 sum_l w_l S_lj d_h'(tau_l).
     */
    EnergyProjection
    energy_projection(const TimeElementBasis &basis, const double h,
                      const Eigen::MatrixXd &velocity, const Eigen::MatrixXd &force,
                      const std::vector<Eigen::SparseMatrix<double>> &stiffness,
                      const Eigen::VectorXd &force_end, const double energy_n,
                      const double energy_end, const std::vector<unsigned> &fixed)
    {
      const unsigned         k     = basis.order();
      const Eigen::Index     N     = velocity.rows();
      const Eigen::VectorXd &w     = basis.gauss_weights;
      double                 power = 0.0, power_magnitude = 0.0, speed = 0.0;
      for (unsigned l = 0; l < k; ++l)
        {
          const double p = velocity.col(l).dot(force.col(l));
          power += h * w[l] * p;
          power_magnitude += h * w[l] * std::abs(p);
          speed += h * w[l] * velocity.col(l).squaredNorm();
        }
      const double     defect = energy_end - energy_n - power;
      EnergyProjection result;
      result.gradient = Eigen::VectorXd::Zero(N * k);
      // A defect at round-off of the energies (e.g. a structure at rest) is not corrected.
      constexpr double eps = std::numeric_limits<double>::epsilon();
      result.active =
        speed > 0.0 &&
        std::abs(defect) > 64 * eps * (std::abs(energy_n) + std::abs(energy_end) + power_magnitude);
      if (!result.active)
        return result;
      result.lambda = defect / speed;
      for (unsigned j = 0; j < k; ++j)
        {
          Eigen::VectorXd gj = static_cast<double>(basis.end_displacement[j]) * force_end -
                               h * w[j] * (stiffness[j].transpose() * velocity.col(j));
          for (unsigned l = 0; l < k; ++l)
            gj -= w[l] * static_cast<double>(basis.stage_velocity(l, j)) *
                  (force.col(l) + 2.0 * result.lambda * velocity.col(l));
          for (const unsigned i : fixed)
            gj[i] = 0.0;
          result.gradient.segment(j * N, N) = gj / speed;
        }
      return result;
    }

    /**
     * The stage Jacobian without the rank-one term of lambda:
     * block (l, j) = (A_lj/h^2) M + delta_lj K_l + lambda (S_lj/h) I (I on free DOFs).
     */
    Eigen::SparseMatrix<double>
    stage_jacobian(const TimeElementBasis &basis, const double h,
                   const Eigen::SparseMatrix<double>              &mass,
                   const std::vector<Eigen::SparseMatrix<double>> &stiffness, const double lambda,
                   const std::vector<bool> &is_fixed)
    {
      const unsigned                      k = basis.order();
      const Eigen::Index                  N = mass.rows();
      const long double                   t = h;
      std::vector<Eigen::Triplet<double>> entries;
      entries.reserve(k * k * mass.nonZeros() + k * stiffness[0].nonZeros() + (k * k) * N);
      auto add_block = [&](const Eigen::SparseMatrix<double> &matrix, const unsigned l,
                           const unsigned j, const double factor) {
        for (Eigen::Index c = 0; c < matrix.outerSize(); ++c)
          for (Eigen::SparseMatrix<double>::InnerIterator it(matrix, c); it; ++it)
            entries.emplace_back(l * N + it.row(), j * N + it.col(), factor * it.value());
      };
      for (unsigned l = 0; l < k; ++l)
        for (unsigned j = 0; j < k; ++j)
          {
            add_block(mass, l, j, static_cast<double>(basis.stage_acceleration(l, j) / (t * t)));
            if (l == j)
              add_block(stiffness[l], l, j, 1.0);
            if (lambda != 0.0)
              for (Eigen::Index i = 0; i < N; ++i)
                if (!is_fixed[i])
                  entries.emplace_back(l * N + i, j * N + i,
                                       lambda *
                                         static_cast<double>(basis.stage_velocity(l, j) / t));
          }
      Eigen::SparseMatrix<double> jacobian(N * k, N * k);
      jacobian.setFromTriplets(entries.begin(), entries.end());
      return jacobian;
    }
  } // namespace

  TimeFiniteElement::TimeFiniteElement(const unsigned order)
    : basis_(order)
  {}

  std::string
  TimeFiniteElement::automatic_incrementation_limitation() const
  {
    return "INTEGRATOR=TIMEFE has no local error estimate for automatic incrementation: add "
           "DIRECT (fixed increments), or use MIDPOINT, NEWMARK or HHT";
  }

  std::string
  TimeFiniteElement::limitation(const DynamicSystem &system) const
  {
    if (!system.rotating_nodes().empty())
      return "INTEGRATOR=TIMEFE does not handle 3D rotations (nodes with RX, RY and RZ, e.g. "
             "B31) yet: use MIDPOINT, NEWMARK or HHT";
    if (order() >= 2 && system.has_damping())
      return "INTEGRATOR=TIMEFE with ORDER >= 2 does not handle damping (*DAMPING) yet: use "
             "ORDER=1 (the mid-point scheme), MIDPOINT, NEWMARK, HHT or GALPHA";
    if (order() >= 2 && system.has_prescribed_motion())
      return "INTEGRATOR=TIMEFE with ORDER >= 2 does not handle prescribed motion (*BOUNDARY, "
             "AMPLITUDE= or TYPE=VELOCITY) yet: use ORDER=1 (the mid-point scheme) or MIDPOINT";
    return {};
  }

  void
  TimeFiniteElement::initialize(DynamicSystem &system, State &state)
  {
    if (state.acceleration.size() != state.displacement.size())
      state.acceleration = Eigen::VectorXd::Zero(system.n_dofs());
    if (order() >= 2)
      {
        mass_  = system.mass_matrix();
        fixed_ = system.constrained_dofs();
      }
  }

  void
  TimeFiniteElement::advance(DynamicSystem &system, State &state, const double h)
  {
    // The analysis rejects this with the deck line before the first step.
    if (order() >= 2 && system.has_prescribed_motion())
      throw std::logic_error("TimeFiniteElement with k >= 2 has no prescribed motion");
    if (order() >= 2 && mass_.rows() != static_cast<Eigen::Index>(system.n_dofs()))
      initialize(system, state);
    unsigned              iterations = 0;
    const Eigen::MatrixXd X = order() == 1 ? solve_lowest_order(system, state, h, iterations) :
                                             solve_stages(system, state, h, iterations);
    // In long double with the basis tables (see TimeElementBasis), rounded once.
    const Wide        x   = X.cast<long double>();
    const WideVector  v_n = state.velocity.cast<long double>();
    const long double t   = h;
    state.acceleration =
      (x * basis_.end_acceleration / (t * t) + basis_.end_acceleration_from_velocity / t * v_n)
        .cast<double>();
    state.velocity =
      (x * basis_.end_velocity / t + basis_.end_velocity_from_velocity * v_n).cast<double>();
    state.displacement += (x * basis_.end_displacement).cast<double>();
    state.time += h;
    state.iterations = iterations;
  }

  Eigen::MatrixXd
  TimeFiniteElement::solve_lowest_order(DynamicSystem &system, State &state, const double h,
                                        unsigned &iterations)
  {
    // One Gauss point (tau = 1/2): d_h(1/2) - d_n = X_1 = Delta d / l_1(1); the
    // inertia M v_h' and its derivative with respect to Delta d from the basis.
    const double           to_stage = static_cast<double>(1.0L / basis_.end_displacement[0]);
    const double           a        = static_cast<double>(basis_.stage_acceleration(0, 0));
    const double           b   = static_cast<double>(basis_.stage_acceleration_from_velocity[0]);
    const Eigen::VectorXd &v_n = state.velocity;
    const Eigen::VectorXd  external =
      0.5 * (system.external_force(state.time) + system.external_force(state.time + h));
    Eigen::VectorXd increment = midpoint_predictor(state, h); // as the mid-point scheme
    impose_prescribed_increment(system, state.time, h, state.displacement, increment);
    const bool damped  = system.has_damping();
    const auto inertia = [&](const Eigen::VectorXd &trial) {
      InertiaForce result{system.mass_times(a * to_stage / (h * h) * trial + b / h * v_n), {}};
      if (damped)
        {
          // As in EnergyConservingMidpoint: C(d_m) Delta d/h, whose work is the dissipation.
          result.force += midpoint_damping_force(system, state.displacement, trial, h);
          result.damping_coefficient = 1.0 / h;
        }
      return result;
    };
    iterations     = newton_iteration(system, ForceModel::conserving, state.displacement, external,
                                      a * to_stage / (h * h), inertia, increment);
    external_work_ = external.dot(increment);
    dissipated_ =
      damped ? increment.dot(midpoint_damping_force(system, state.displacement, increment, h)) :
               0.0;
    if (system.has_prescribed_motion())
      {
        // As in EnergyConservingMidpoint: the reactions' work closes the balance.
        state.reaction = system.reactions(ForceModel::conserving, state.displacement,
                                          system.compose(state.displacement, increment),
                                          inertia(increment).force, external);
        external_work_ += state.reaction.dot(increment);
      }
    return increment * to_stage;
  }

  Eigen::MatrixXd
  TimeFiniteElement::solve_stages(DynamicSystem &system, const State &state, const double h,
                                  unsigned &iterations)
  {
    const unsigned          k                = order();
    const Eigen::Index      N                = system.n_dofs();
    const Eigen::Index      n                = N * k;
    const TimeElementBasis &B                = basis_;
    const Eigen::VectorXd  &d_n              = state.displacement;
    const Eigen::VectorXd  &v_n              = state.velocity;
    const Eigen::VectorXd  &w                = B.gauss_weights;
    const long double       t                = h;
    auto                    stage_velocities = [&](const Eigen::MatrixXd &X) -> Eigen::MatrixXd {
      return (X.cast<long double>() * B.stage_velocity.transpose() / t).cast<double>();
    };

    std::vector<bool> is_fixed(N, false);
    for (const unsigned i : fixed_)
      is_fixed[i] = true;
    auto zero_fixed = [&](auto &&vector) {
      for (const unsigned i : fixed_)
        vector[i] = 0.0;
    };

    Eigen::MatrixXd external(N, k);
    for (unsigned l = 0; l < k; ++l)
      {
        external.col(l) = system.external_force(state.time + B.gauss_points[l] * h);
        zero_fixed(external.col(l));
      }
    const double energy_n = system.strain_energy(d_n);

    // Predictor: the Taylor polynomial d_n + t v_n + t^2 a_n/2 at the Gauss points.
    Eigen::MatrixXd X(N, k);
    for (unsigned l = 0; l < k; ++l)
      {
        const double time = B.gauss_points[l] * h;
        X.col(l)          = time * v_n + 0.5 * time * time * state.acceleration;
        zero_fixed(X.col(l));
      }

    Eigen::MatrixXd                          force(N, k);
    std::vector<Eigen::SparseMatrix<double>> stiffness(k);
    // Eigen's supernodal sparse LU with COLAMD ordering: the stage systems of
    // the decks are small (k times the DOFs of a model that Amesos KLU solves
    // one stage of), and the Jacobian is non-symmetric.
    Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> solver;

    // The one Newton solver and its field-wise test on the stacked stage
    // vectors (stage l is column l of X: its DOFs carry the system's fields).
    const solvers::NewtonControls controls = system.newton_controls();
    std::vector<bool>             rotational;
    const std::vector<bool>       rotational_dofs = system.rotational_dofs();
    for (unsigned l = 0; l < k; ++l)
      rotational.insert(rotational.end(), rotational_dofs.begin(), rotational_dofs.end());
    solvers::NewtonConvergence convergence(rotational, system.length_scale(), controls);
    const auto                 iterate = [&](unsigned, solvers::NewtonConvergence &test) {
      solvers::NewtonIterate result;
      for (unsigned l = 0; l < k; ++l)
        {
          force.col(l) = system.internal_force(d_n + X.col(l));
          stiffness[l] = system.tangent_stiffness(d_n + X.col(l));
        }
      const Wide            wide     = X.cast<long double>();
      const Eigen::MatrixXd velocity = stage_velocities(X);
      const Eigen::MatrixXd inertia =
        mass_ * (wide * B.stage_acceleration.transpose() / (t * t) +
                 v_n.cast<long double>() * B.stage_acceleration_from_velocity.transpose() / t)
                  .cast<double>();
      const Eigen::VectorXd increment  = (wide * B.end_displacement).cast<double>();
      const Eigen::VectorXd force_end  = system.internal_force(d_n + increment);
      const double          energy_end = system.strain_energy(d_n + increment);

      const EnergyProjection projection =
        energy_projection(B, h, velocity, force, stiffness, force_end, energy_n, energy_end,
                                          fixed_);

      Eigen::MatrixXd residual = inertia + force + projection.lambda * velocity - external;
      for (unsigned l = 0; l < k; ++l)
        zero_fixed(residual.col(l));
      Eigen::MatrixXd free_inertia = inertia;
      for (unsigned l = 0; l < k; ++l)
        zero_fixed(free_inertia.col(l));
      const auto stacked = [](const Eigen::MatrixXd &matrix) {
        return Eigen::Map<const Eigen::VectorXd>(matrix.data(), matrix.size());
      };
      using FieldNorms   = solvers::NewtonConvergence::FieldNorms;
      result.residual    = test.norms(stacked(residual));
      result.force_level = FieldNorms::max(test.norms(stacked(external)),
                                                           FieldNorms::max(test.norms(stacked(force)),
                                                                           test.norms(stacked(free_inertia))));

      const Eigen::SparseMatrix<double> jacobian =
        stage_jacobian(B, h, mass_, stiffness, projection.lambda, is_fixed);
      // The round-off floor of the residual from the stage matrix's diagonal.
      double k_force = 0.0, k_moment = 0.0;
      for (Eigen::Index i = 0; i < jacobian.rows(); ++i)
        {
          double &largest = rotational[i] ? k_moment : k_force;
          largest         = std::max(largest, std::abs(jacobian.coeff(i, i)));
        }
      test.set_stiffness_scale(k_force, k_moment, static_cast<unsigned>(n));
      solver.analyzePattern(jacobian);
      solver.factorize(jacobian);
      if (solver.info() != Eigen::Success)
        {
          result.failure = "the stage Newton matrix of the time finite element is singular";
          return result;
        }

      // (J0 + u g^T) x = -r by Sherman-Morrison, u the stacked stage velocities.
      Eigen::VectorXd x = solver.solve(-stacked(residual));
      if (projection.active)
        {
          const Eigen::VectorXd  z = solver.solve(stacked(velocity));
          const Eigen::VectorXd &g = projection.gradient;
          x -= z * (g.dot(x) / (1.0 + g.dot(z)));
        }
      Eigen::Map<Eigen::VectorXd>(X.data(), n) += x;
      result.correction = test.norms(x);
      result.increment  = test.norms(stacked(X));
      return result;
    };
    const solvers::NewtonResult result =
      solvers::NewtonSolver(controls, convergence).solve(iterate);
    iterations = result.iterations;
    if (!result.converged || !X.allFinite())
      throw NotConverged("the time finite element's stage iteration: " + result.failure);

    const Eigen::MatrixXd velocity = stage_velocities(X);
    external_work_                 = 0.0;
    for (unsigned l = 0; l < k; ++l)
      external_work_ += h * w[l] * velocity.col(l).dot(external.col(l));
    return X;
  }
} // namespace corot::integrators

namespace
{
  const std::vector<corot::integrators::IntegratorParameterInfo> time_element_parameters = {
    {"ORDER", "polynomial order k >= 1 of the time element (default 1: the mid-point scheme); "
              "nodal order 2k"}};

  corot::integrators::IntegratorSetup
  parse_time_element(const corot::integrators::ParameterReader &reader)
  {
    const unsigned order = reader.integer("ORDER").value_or(1);
    if (order == 0)
      reader.fail("ORDER= must be at least 1");
    return corot::integrators::IntegratorSetup(
      "TIMEFE", {{"ORDER", static_cast<double>(order)}},
      [order] { return std::make_unique<corot::integrators::TimeFiniteElement>(order); });
  }
} // namespace

// ORDER=1 is the mid-point scheme (constant trial and linear test functions in
// time, Borri, Franchi & Mantegazza); TimeFiniteElement reproduces it.
COROT_REGISTER_INTEGRATOR(
  TimeFiniteElement, "TIMEFE",
  "energy-conserving continuous-Galerkin time finite element of order k (Betsch & Steinmann "
  "2001); fixed increments (DIRECT) only",
  time_element_parameters, parse_time_element)
