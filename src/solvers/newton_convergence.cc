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

  std::vector<bool>
  NewtonConvergence::rotational_entries(const core::DofMap &dofs)
  {
    std::vector<bool> rotational(dofs.n_dofs());
    for (unsigned i = 0; i < dofs.n_dofs(); ++i)
      rotational[i] = core::index(dofs.kind_of(i)) >= 3;
    return rotational;
  }

  NewtonConvergence::NewtonConvergence(const core::DofMap &dofs, const double length_scale,
                                       const double residual_tolerance,
                                       const double correction_tolerance)
    : rotational_(rotational_entries(dofs))
    , length_scale_(std::max(length_scale, 1e-30))
    , residual_tolerance_(residual_tolerance)
    , correction_tolerance_(correction_tolerance)
  {}

  NewtonConvergence::NewtonConvergence(const core::DofMap &dofs, const double length_scale,
                                       const NewtonControls &controls)
    : NewtonConvergence(dofs, length_scale, controls.residual_tolerance,
                        controls.correction_tolerance)
  {}

  NewtonConvergence::NewtonConvergence(std::vector<bool> rotational, const double length_scale,
                                       const NewtonControls &controls)
    : rotational_(std::move(rotational))
    , length_scale_(std::max(length_scale, 1e-30))
    , residual_tolerance_(controls.residual_tolerance)
    , correction_tolerance_(controls.correction_tolerance)
  {}

  void
  NewtonConvergence::set_stiffness_scale(const double k_force, const double k_moment,
                                         const unsigned n_dofs)
  {
    force_round_off_ = round_off_factor * std::sqrt(static_cast<double>(n_dofs)) *
                       std::numeric_limits<double>::epsilon() *
                       std::max(k_force * length_scale_, k_moment / length_scale_);
  }

  NewtonConvergence::FieldNorms
  NewtonConvergence::largest_diagonal(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                                      const dealii::IndexSet                       &owned,
                                      const MPI_Comm communicator) const
  {
    double k_force = 0.0, k_moment = 0.0;
    for (const auto dof : owned)
      {
        const double k       = std::abs(tangent.diag_element(dof));
        double      &largest = rotational_[dof] ? k_moment : k_force;
        largest              = std::max(largest, k);
      }
    return {dealii::Utilities::MPI::max(k_force, communicator),
            dealii::Utilities::MPI::max(k_moment, communicator)};
  }

  void
  NewtonConvergence::set_stiffness_scale(const dealii::TrilinosWrappers::SparseMatrix &tangent,
                                         const dealii::IndexSet &owned, const MPI_Comm communicator)
  {
    const FieldNorms k = largest_diagonal(tangent, owned, communicator);
    set_stiffness_scale(k.translational, k.rotational, static_cast<unsigned>(rotational_.size()));
  }

  NewtonConvergence::FieldNorms
  NewtonConvergence::norms(const Eigen::VectorXd &vector) const
  {
    double translational = 0.0, rotational = 0.0;
    for (Eigen::Index i = 0; i < vector.size(); ++i)
      {
        const double squared = vector[i] * vector[i];
        if (rotational_[i])
          rotational += squared;
        else
          translational += squared;
      }
    return {std::sqrt(translational), std::sqrt(rotational)};
  }

  bool
  NewtonConvergence::converged(const Eigen::VectorXd &residual, const Eigen::VectorXd &external,
                               const Eigen::VectorXd &internal, const Eigen::VectorXd &correction,
                               const Eigen::VectorXd &increment) const
  {
    return judge(norms(residual), FieldNorms::max(norms(external), norms(internal)),
                 norms(correction), norms(increment));
  }

  bool
  NewtonConvergence::judge(const FieldNorms &r, const FieldNorms &force_level, const FieldNorms &c,
                           const FieldNorms &d) const
  {
    const double L        = length_scale_;
    const double force_0  = force_level.translational;
    const double moment_0 = force_level.rotational;
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
