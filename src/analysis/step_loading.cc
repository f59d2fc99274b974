#include <src/analysis/step_loading.h>

#include <set>

namespace corot::analysis
{
  PrescribedMotion::PrescribedMotion(const AnalysisContext &context, const StepLoading &loading,
                                     std::vector<std::string> &log)
    : context_(context)
  {
    const Eigen::VectorXd current = context.configuration.dof_values(context.dofs);
    std::map<unsigned, unsigned> position; // dof -> index in entries_ (later *BOUNDARY lines win)
    for (const core::BoundaryCondition &bc : loading.boundaries)
      {
        std::set<std::string> missing;
        for (const unsigned node_id : bc.node_ids)
          for (unsigned dof_number = bc.first_dof; dof_number <= bc.last_dof; ++dof_number)
            {
              const auto     kind = static_cast<core::DofKind>(dof_number - 1);
              const unsigned dof =
                context.dofs.index(context.model.node_index.at(node_id), kind);
              if (dof == core::DofMap::invalid)
                {
                  missing.insert(core::dof_name(kind));
                  continue;
                }
              if (bc.is_velocity)
                throw core::InputError(bc.defined_at,
                                       "*BOUNDARY, TYPE=VELOCITY is only available in *DYNAMIC steps");
              const Entry entry{dof, current[dof], bc.value, bc.amplitude};
              const auto  it = position.find(dof);
              if (it == position.end())
                {
                  position[dof] = entries_.size();
                  entries_.push_back(entry);
                }
              else
                entries_[it->second] = entry;
            }
        if (!missing.empty())
          {
            std::string kinds;
            for (const auto &name : missing)
              kinds += (kinds.empty() ? "" : " ") + name;
            log.push_back(bc.defined_at.str() + ": note: *BOUNDARY on DOFs (" + kinds +
                          ") that some of its nodes do not carry; those are ignored");
          }
      }
  }

  std::vector<assembly::PrescribedValue>
  PrescribedMotion::constrained_dofs() const
  {
    std::vector<assembly::PrescribedValue> result;
    for (const Entry &entry : entries_)
      result.push_back({entry.dof, 0.0});
    return result;
  }

  std::vector<assembly::PrescribedValue>
  PrescribedMotion::values(const double time, const double period, const bool ramp) const
  {
    std::vector<assembly::PrescribedValue> result;
    for (const Entry &entry : entries_)
      {
        double value;
        if (entry.amplitude.empty())
          {
            const double factor = context_.amplitudes.value("", time, period, ramp);
            value               = entry.start + (entry.target - entry.start) * factor;
          }
        else
          value = entry.target * context_.amplitudes.value(entry.amplitude, time, period, ramp);
        result.push_back({entry.dof, value});
      }
    return result;
  }

  Eigen::VectorXd
  external_force(const AnalysisContext &context, const StepLoading &loading, const double time,
                 const double period, const bool ramp)
  {
    Eigen::VectorXd force = Eigen::VectorXd::Zero(context.dofs.n_dofs());
    for (const core::ConcentratedLoad &load : loading.loads)
      {
        const double factor = context.amplitudes.value(load.amplitude, time, period, ramp);
        for (const unsigned node_id : load.node_ids)
          {
            const unsigned dof = context.dofs.index(context.model.node_index.at(node_id),
                                                    static_cast<core::DofKind>(load.dof - 1));
            if (dof == core::DofMap::invalid)
              throw core::InputError(load.defined_at,
                                     "*CLOAD on DOF " + std::to_string(load.dof) + " of node " +
                                       std::to_string(node_id) +
                                       ", which no element of that node has");
            force[dof] += factor * load.value;
          }
      }
    if (!loading.gravity.empty())
      {
        // All gravity loads of a step share the step's ramp; per-load amplitudes scale each.
        for (const core::GravityLoad &load : loading.gravity)
          {
            const double factor = context.amplitudes.value(load.amplitude, time, period, ramp);
            force += context.assembler.gravity_force({load}, factor);
          }
      }
    return force;
  }
} // namespace corot::analysis
