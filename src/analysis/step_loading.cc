#include <src/analysis/step_loading.h>

#include <set>

namespace corot::analysis
{
  PrescribedMotion::PrescribedMotion(const AnalysisContext &context, const StepLoading &loading,
                                     std::vector<std::string> &log, const bool dynamic)
    : context_(context)
    , ramp_(loading.ramp)
  {
    const Eigen::VectorXd        current = context.configuration.dof_values(context.dofs);
    std::map<unsigned, unsigned> position; // dof -> index in entries_ (later *BOUNDARY lines win)
    for (const core::BoundaryCondition &bc : loading.boundaries)
      {
        std::set<std::string> missing;
        for (const unsigned node_id : bc.node_ids)
          for (unsigned dof_number = bc.first_dof; dof_number <= bc.last_dof; ++dof_number)
            {
              const auto     kind = static_cast<core::DofKind>(dof_number - 1);
              const unsigned dof  = context.dofs.index(context.model.node_index.at(node_id), kind);
              if (dof == core::DofMap::invalid)
                {
                  missing.insert(core::dof_name(kind));
                  continue;
                }
              if (bc.is_velocity && !dynamic)
                throw core::InputError(
                  bc.defined_at, "*BOUNDARY, TYPE=VELOCITY is only available in *DYNAMIC steps");
              const Entry entry{dof, current[dof], bc.value, bc.amplitude, bc.is_velocity};
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

  bool
  PrescribedMotion::moves(const double period) const
  {
    for (const Entry &entry : entries_)
      {
        if (entry.is_velocity ? entry.target != 0.0 : !entry.amplitude.empty())
          return true;
        if (!entry.is_velocity && (dynamic_value(entry, 0.0, period) != entry.start ||
                                   dynamic_value(entry, period, period) != entry.start))
          return true; // a jump at the start of the step, or a ramp over it
      }
    return false;
  }

  double
  PrescribedMotion::dynamic_value(const Entry &entry, const double time, const double period) const
  {
    // AMPLITUDE=RAMP on the *STEP: a displacement without amplitude goes
    // linearly from its start value to the target, as in a static step.
    if (ramp_ && !entry.is_velocity && entry.amplitude.empty())
      return entry.start +
             (entry.target - entry.start) * context_.amplitudes.value("", time, period, true);
    return entry.target * context_.amplitudes.value(entry.amplitude, time, period, false);
  }

  std::vector<assembly::PrescribedValue>
  PrescribedMotion::dynamic_values(const double time_n, const double time_n1, const double period,
                                   const Eigen::VectorXd &d_n) const
  {
    std::vector<assembly::PrescribedValue> result;
    for (const Entry &entry : entries_)
      {
        const double value = entry.is_velocity ?
                               d_n[entry.dof] + 0.5 * (time_n1 - time_n) *
                                                  (dynamic_value(entry, time_n, period) +
                                                   dynamic_value(entry, time_n1, period)) :
                               dynamic_value(entry, time_n1, period);
        result.push_back({entry.dof, value});
      }
    return result;
  }

  std::vector<assembly::PrescribedValue>
  PrescribedMotion::dynamic_rates(const double time, const double period) const
  {
    // Numerical derivative of the amplitude: tabular amplitudes are only
    // piecewise differentiable and expression amplitudes come from muParser,
    // which has no derivative. h is small against the step period.
    const double                           h = 1e-6 * std::max(period, 1e-300);
    std::vector<assembly::PrescribedValue> result;
    for (const Entry &entry : entries_)
      {
        double rate;
        if (entry.is_velocity)
          rate = dynamic_value(entry, time, period);
        else if (entry.amplitude.empty())
          rate = ramp_ ? (entry.target - entry.start) / period : 0.0;
        else
          rate = (-3.0 * dynamic_value(entry, time, period) +
                  4.0 * dynamic_value(entry, time + h, period) -
                  dynamic_value(entry, time + 2.0 * h, period)) /
                 (2.0 * h);
        result.push_back({entry.dof, rate});
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
              throw core::InputError(load.defined_at, "*CLOAD on DOF " + std::to_string(load.dof) +
                                                        " of node " + std::to_string(node_id) +
                                                        ", which no element of that node has");
            force[dof] += factor * load.value;
          }
      }
    // Loads that ramp start from the values they had at the start of the step.
    if (loading.ramp_start.size() > 0)
      force += (1.0 - context.amplitudes.value("", time, period, ramp)) * loading.ramp_start;
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
