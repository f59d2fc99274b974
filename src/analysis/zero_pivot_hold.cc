#include <src/analysis/zero_pivot_hold.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace corot::analysis
{
  namespace
  {
    /** Relative size (to the largest diagonal entry) below which a tangent entry counts as zero. */
    constexpr double zero_entry = 1e-14;

    /** @p local of every rank, concatenated and sorted. */
    std::vector<unsigned>
    gather(const MPI_Comm communicator, const std::vector<unsigned> &local)
    {
      std::vector<unsigned> all;
      for (const auto &part : dealii::Utilities::MPI::all_gather(communicator, local))
        all.insert(all.end(), part.begin(), part.end());
      std::sort(all.begin(), all.end());
      return all;
    }
  } // namespace

  ZeroPivotHold::ZeroPivotHold(const assembly::Assembler &assembler, const core::DofMap &dofs,
                               Eigen::VectorXd load_reach, core::SourceLocation step_at)
    : assembler_(assembler)
    , dofs_(dofs)
    , load_reach_(std::move(load_reach))
    , step_at_(std::move(step_at))
  {}

  std::vector<std::string>
  ZeroPivotHold::apply(dealii::TrilinosWrappers::SparseMatrix &tangent)
  {
    const MPI_Comm          communicator = assembler_.communicator();
    const dealii::IndexSet &owned        = assembler_.locally_owned_dofs();
    const auto             &constraints  = assembler_.increment_constraints();

    double largest = 0.0;
    for (const auto dof : owned)
      largest = std::max(largest, std::abs(tangent.diag_element(dof)));
    largest                = dealii::Utilities::MPI::max(largest, communicator);
    const double threshold = zero_entry * largest;

    std::vector<unsigned> local_free, local_loaded;
    for (const auto dof : owned)
      {
        if (constraints.is_constrained(dof))
          continue;
        bool zero_row = true;
        for (auto entry = tangent.begin(dof); entry != tangent.end(dof); ++entry)
          if (std::abs(entry->value()) > threshold)
            {
              zero_row = false;
              break;
            }
        if (!zero_row)
          continue;
        (load_reach_[dof] != 0.0 ? local_loaded : local_free).push_back(dof);
      }

    const std::vector<unsigned> loaded = gather(communicator, local_loaded);
    if (!loaded.empty())
      {
        std::string list;
        for (unsigned i = 0; i < std::min<size_t>(5, loaded.size()); ++i)
          list += (i ? ", " : "") + dofs_.describe(loaded[i]);
        if (loaded.size() > 5)
          list += ", ... (" + std::to_string(loaded.size()) + " in all)";
        throw core::InputError(step_at_, "the structure is a mechanism: no element or boundary "
                                         "condition restrains " +
                                           list + ", and a load acts on " +
                                           (loaded.size() > 1 ? "them" : "it"));
      }

    const std::vector<unsigned> free = gather(communicator, local_free);
    std::vector<std::string>    warnings;
    if (free.empty())
      return warnings;
    for (const unsigned dof : local_free)
      tangent.set(dof, dof, largest > 0.0 ? largest : 1.0);
    tangent.compress(dealii::VectorOperation::insert);
    for (const unsigned dof : free)
      if (held_.insert(dof).second)
        warnings.push_back(dofs_.describe(dof) +
                           ": no element or boundary condition restrains it and no load acts on "
                           "it; held (Abaqus: zero pivot)");
    return warnings;
  }

  Eigen::VectorXd
  load_reach(const AnalysisContext &context, const StepLoading &loading)
  {
    Eigen::VectorXd reach = Eigen::VectorXd::Zero(context.dofs.n_dofs());
    for (const core::ConcentratedLoad &load : loading.loads)
      for (const unsigned node_id : load.node_ids)
        {
          const unsigned dof = context.dofs.index(context.model.node_index.at(node_id),
                                                  static_cast<core::DofKind>(load.dof - 1));
          if (dof != core::DofMap::invalid) // else external_force() reports the deck line
            reach[dof] += std::abs(load.value);
        }
    if (loading.ramp_start.size() > 0)
      reach += loading.ramp_start.cwiseAbs();
    for (const core::GravityLoad &load : loading.gravity)
      reach += context.assembler.gravity_force({load}, 1.0).cwiseAbs();
    return reach;
  }
} // namespace corot::analysis
