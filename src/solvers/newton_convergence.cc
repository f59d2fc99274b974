#include <src/solvers/newton_convergence.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace corot::solvers
{
  namespace
  {
    /** Increment scale below which an increment counts as zero (times L for translations). */
    constexpr double zero_increment_floor = 1e-8;

    /** Round-off factor of the residual floor (see the class documentation). */
    constexpr double round_off_factor = 10.0;
  } // namespace

  NewtonConvergence::NewtonConvergence(const core::DofMap &dofs, const double length_scale,
                                       const double residual_tolerance,
                                       const double correction_tolerance)
    : dofs_(dofs)
    , length_scale_(std::max(length_scale, 1e-30))
    , residual_tolerance_(residual_tolerance)
    , correction_tolerance_(correction_tolerance)
  {}

  void
  NewtonConvergence::set_stiffness_scale(const double k_force, const double k_moment,
                                         const unsigned n_dofs)
  {
    force_round_off_ = round_off_factor * std::sqrt(static_cast<double>(n_dofs)) *
                       std::numeric_limits<double>::epsilon() *
                       std::max(k_force * length_scale_, k_moment / length_scale_);
  }

  void
  NewtonConvergence::set_stiffness_scale(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                                         const dealii::IndexSet &owned, const MPI_Comm communicator)
  {
    double k_force = 0.0, k_moment = 0.0;
    for (const auto dof : owned)
      {
        const double k = std::abs(tangent.diag_element(dof));
        double      &largest = core::index(dofs_.kind_of(dof)) < 3 ? k_force : k_moment;
        largest              = std::max(largest, k);
      }
    set_stiffness_scale(dealii::Utilities::MPI::max(k_force, communicator),
                        dealii::Utilities::MPI::max(k_moment, communicator), dofs_.n_dofs());
  }

  NewtonConvergence::FieldNorms
  NewtonConvergence::norms(const Eigen::VectorXd &vector) const
  {
    double translational = 0.0, rotational = 0.0;
    for (Eigen::Index i = 0; i < vector.size(); ++i)
      {
        const double squared = vector[i] * vector[i];
        if (core::index(dofs_.kind_of(i)) < 3)
          translational += squared;
        else
          rotational += squared;
      }
    return {std::sqrt(translational), std::sqrt(rotational)};
  }

  bool
  NewtonConvergence::converged(const Eigen::VectorXd &residual, const Eigen::VectorXd &external,
                               const Eigen::VectorXd &internal,
                               const Eigen::VectorXd &correction,
                               const Eigen::VectorXd &increment) const
  {
    const double     L = length_scale_;
    const FieldNorms r = norms(residual), f_ext = norms(external), f_int = norms(internal);
    const FieldNorms c = norms(correction), d = norms(increment);

    const double force_0  = std::max(f_ext.translational, f_int.translational);
    const double moment_0 = std::max(f_ext.rotational, f_int.rotational);
    // A residual at the round-off of the internal forces passes (no load, stress-free motion).
    const double force_floor  = force_round_off_ / residual_tolerance_;
    const double force_scale  = std::max({force_0, moment_0 / L, force_floor, 1e-300});
    const double moment_scale = std::max({moment_0, force_0 * L, force_floor * L, 1e-300});
    // The floors 1e-8 L and 1e-8 rad accept corrections at round-off (a few
    // 1e-16 L) in an increment that moves nothing, e.g. a step whose loads
    // stay constant (Abaqus' zero-increment case).
    const double translation_scale =
      std::max({d.translational, L * d.rotational, zero_increment_floor * L});
    const double rotation_scale =
      std::max({d.rotational, d.translational / L, zero_increment_floor});

    correction_ratio_ =
      std::max(c.translational / translation_scale, c.rotational / rotation_scale);
    residual_ratio_ = std::max(r.translational / force_scale, r.rotational / moment_scale);
    if (!std::isfinite(residual_ratio_) || !std::isfinite(correction_ratio_))
      return false;
    return residual_ratio_ <= residual_tolerance_ && correction_ratio_ <= correction_tolerance_;
  }
} // namespace corot::solvers
