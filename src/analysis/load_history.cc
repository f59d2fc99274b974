#include <src/analysis/load_history.h>
#include <src/analysis/procedure_registry.h>

#include <array>
#include <set>

namespace corot::analysis
{
  namespace
  {
    /**
     * The element loads (gravity or pressure) in force in a step: those of
     * @p in_force on the elements the step's own @p of_step do not name
     * (none if @p replace_all, *DLOAD, OP=NEW), then the step's own, into
     * @p loads. Fills @p redefined with the elements the step names and
     * @p plain with those it names without an amplitude; returns the number of
     * carried loads (they come first).
     */
    template <typename Load>
    size_t
    carry_element_loads(const std::vector<Load> &in_force, const std::vector<Load> &of_step,
                        const bool replace_all, std::vector<Load> &loads,
                        std::set<unsigned> &redefined, std::set<unsigned> &plain)
    {
      for (const Load &load : of_step)
        for (const unsigned id : load.element_ids)
          {
            redefined.insert(id);
            if (load.amplitude.empty())
              plain.insert(id);
          }
      if (!replace_all)
        for (const Load &load : in_force)
          {
            Load kept = load;
            kept.element_ids.clear();
            for (const unsigned id : load.element_ids)
              if (redefined.count(id) == 0)
                kept.element_ids.push_back(id);
            if (!kept.element_ids.empty())
              loads.push_back(kept);
          }
      const size_t carried = loads.size();
      loads.insert(loads.end(), of_step.begin(), of_step.end());
      return carried;
    }
  } // namespace

  LoadHistory::LoadHistory(const core::Model &model)
    : boundaries_(model.boundaries)
  {}

  StepLoading
  LoadHistory::loading_of(const AnalysisContext &context, const core::Step &step) const
  {
    StepLoading              loading;
    const ProcedureTypeInfo *procedure = ProcedureRegistry::instance().of(step);
    loading.ramp = step.ramp.value_or(procedure == nullptr || procedure->ramp_by_default);

    // Boundary conditions: later lines for a DOF win (PrescribedMotion).
    if (!step.new_boundaries)
      loading.boundaries = boundaries_;
    loading.boundaries.insert(loading.boundaries.end(), step.boundaries.begin(),
                              step.boundaries.end());

    // Concentrated loads: the (node, DOF) pairs the step names replace what
    // was in force there; the step's own lines add up.
    std::set<NodalKey> redefined, plain_now;
    for (const core::ConcentratedLoad &load : step.loads)
      for (const unsigned id : load.node_ids)
        {
          redefined.insert({id, load.dof});
          if (load.amplitude.empty())
            plain_now.insert({id, load.dof});
        }
    if (!step.new_loads)
      for (const core::ConcentratedLoad &load : loads_)
        {
          core::ConcentratedLoad kept = load;
          kept.node_ids.clear();
          for (const unsigned id : load.node_ids)
            if (redefined.count({id, load.dof}) == 0)
              kept.node_ids.push_back(id);
          if (!kept.node_ids.empty())
            loading.loads.push_back(kept);
        }
    const size_t n_carried_loads = loading.loads.size();
    loading.loads.insert(loading.loads.end(), step.loads.begin(), step.loads.end());

    // Gravity and pressure, element by element in the same way (a pressure
    // does not replace gravity).
    std::set<unsigned> redefined_elements, plain_elements, repressed, plain_pressed;
    const size_t       n_carried_gravity =
      carry_element_loads(gravity_, step.gravity, step.new_distributed_loads, loading.gravity,
                          redefined_elements, plain_elements);
    const size_t n_carried_pressures =
      carry_element_loads(pressures_, step.pressures, step.new_distributed_loads, loading.pressures,
                          repressed, plain_pressed);

    // Start values of the loads that ramp: a carried load without amplitude
    // keeps its value; a redefined or removed one starts from the value it
    // reached, unless only amplitudes drive it now.
    const core::Model &model = context.model;
    Eigen::VectorXd    start = Eigen::VectorXd::Zero(context.dofs.n_dofs());
    bool               ramps = false;
    auto add_nodal = [&](const unsigned node_id, const unsigned dof_number, const double value) {
      const unsigned dof = context.dofs.index(model.node_index.at(node_id),
                                              static_cast<core::DofKind>(dof_number - 1));
      if (dof != core::DofMap::invalid && value != 0.0)
        {
          start[dof] += value;
          ramps = true;
        }
    };
    for (size_t i = 0; i < n_carried_loads; ++i)
      if (loading.loads[i].amplitude.empty())
        for (const unsigned id : loading.loads[i].node_ids)
          add_nodal(id, loading.loads[i].dof, loading.loads[i].value);
    for (const auto &[key, value] : applied_loads_)
      {
        const bool carried = !step.new_loads && redefined.count(key) == 0;
        if (carried || (redefined.count(key) > 0 && plain_now.count(key) == 0))
          continue;
        add_nodal(key.first, key.second, value);
      }

    std::map<unsigned, Eigen::Vector3d> start_gravity;
    for (size_t i = 0; i < n_carried_gravity; ++i)
      if (loading.gravity[i].amplitude.empty())
        for (const unsigned id : loading.gravity[i].element_ids)
          {
            auto [it, inserted] = start_gravity.emplace(id, Eigen::Vector3d::Zero());
            it->second += loading.gravity[i].magnitude * loading.gravity[i].direction;
          }
    for (const auto &[id, acceleration] : applied_gravity_)
      {
        const bool carried = !step.new_distributed_loads && redefined_elements.count(id) == 0;
        if (carried || (redefined_elements.count(id) > 0 && plain_elements.count(id) == 0))
          continue;
        auto [it, inserted] = start_gravity.emplace(id, Eigen::Vector3d::Zero());
        it->second += acceleration;
      }
    // One gravity load per distinct start acceleration.
    std::map<std::array<double, 3>, core::GravityLoad> groups;
    for (const auto &[id, acceleration] : start_gravity)
      if (acceleration.squaredNorm() > 0.0)
        {
          core::GravityLoad &group = groups[{{acceleration[0], acceleration[1], acceleration[2]}}];
          group.magnitude          = 1.0;
          group.direction          = acceleration;
          group.element_ids.push_back(id);
        }
    if (!groups.empty())
      {
        std::vector<core::GravityLoad> loads;
        for (const auto &[acceleration, group] : groups)
          loads.push_back(group);
        start += context.assembler.gravity_force(loads, 1.0);
        ramps = true;
      }
    if (ramps)
      loading.ramp_start = start;

    // Pressures that ramp start, element by element, from the values they had.
    const auto add_pressure_start = [&](const unsigned id, const double value,
                                        const core::SourceLocation &at) {
      if (value == 0.0)
        return;
      if (loading.pressure_start.empty())
        loading.pressure_start_at = at;
      loading.pressure_start[id] += value;
    };
    for (size_t i = 0; i < n_carried_pressures; ++i)
      if (loading.pressures[i].amplitude.empty())
        for (const unsigned id : loading.pressures[i].element_ids)
          add_pressure_start(id, loading.pressures[i].magnitude, loading.pressures[i].defined_at);
    for (const auto &[id, applied] : applied_pressure_)
      {
        const bool carried = !step.new_distributed_loads && repressed.count(id) == 0;
        if (carried || (repressed.count(id) > 0 && plain_pressed.count(id) == 0))
          continue;
        add_pressure_start(id, applied.first, applied.second);
      }
    return loading;
  }

  void
  LoadHistory::commit(const AnalysisContext &context, const StepLoading &loading,
                      const double period)
  {
    boundaries_ = loading.boundaries;
    loads_      = loading.loads;
    gravity_    = loading.gravity;

    applied_loads_.clear();
    for (const core::ConcentratedLoad &load : loads_)
      {
        const double factor = load.amplitude.empty() ?
                                1.0 :
                                context.amplitudes.value(load.amplitude, period, period, false);
        for (const unsigned id : load.node_ids)
          applied_loads_[{id, load.dof}] += factor * load.value;
      }
    pressures_ = loading.pressures;
    applied_pressure_.clear();
    for (const core::PressureLoad &load : pressures_)
      {
        const double factor = load.amplitude.empty() ?
                                1.0 :
                                context.amplitudes.value(load.amplitude, period, period, false);
        for (const unsigned id : load.element_ids)
          {
            auto [it, inserted] =
              applied_pressure_.emplace(id, std::make_pair(0.0, load.defined_at));
            it->second.first += factor * load.magnitude;
          }
      }
    applied_gravity_.clear();
    for (const core::GravityLoad &load : gravity_)
      {
        const double factor = load.amplitude.empty() ?
                                1.0 :
                                context.amplitudes.value(load.amplitude, period, period, false);
        for (const unsigned id : load.element_ids)
          {
            auto [it, inserted] = applied_gravity_.emplace(id, Eigen::Vector3d::Zero());
            it->second += factor * load.magnitude * load.direction;
          }
      }
  }
} // namespace corot::analysis
