#include <elements/shell_face_pressure.h>
#include <integrators/integrator_setup.h>
#include <src/analysis/shell_pressure.h>
#include <src/core/source_location.h>

#include <map>
#include <string>

namespace corot::analysis
{
  std::vector<ElementPressure>
  pressures_at(const AnalysisContext &context, const StepLoading &loading, const double time,
               const double period, const bool ramp)
  {
    std::map<unsigned, double> by_id; // element id -> pressure
    for (const core::PressureLoad &load : loading.pressures)
      {
        const double factor = context.amplitudes.value(load.amplitude, time, period, ramp);
        for (const unsigned id : load.element_ids)
          by_id[id] += factor * load.magnitude;
      }
    const double unramped = 1.0 - context.amplitudes.value("", time, period, ramp);
    for (const auto &[id, start] : loading.pressure_start)
      by_id[id] += unramped * start;
    std::vector<ElementPressure> pressures;
    for (const auto &[id, pressure] : by_id)
      if (pressure != 0.0)
        pressures.push_back({context.model.element_index.at(id), pressure});
    return pressures;
  }

  namespace
  {
    /** One point of a weighted sum of face forces: the configuration and the weights. */
    struct FacePoint
    {
      const core::Configuration *configuration; ///< null: the reference positions
      double                     force_weight;
      double                     tangent_weight;
    };

    /**
     * Adds sum_k w_k F(x_k) to @p force and -sum_k v_k L(x_k) to @p tangent
     * (if given) for the face points @p points.
     */
    void
    add_weighted_pressure_force(const AnalysisContext              &context,
                                const std::vector<ElementPressure> &pressures,
                                const std::vector<FacePoint> &points, Eigen::VectorXd &force,
                                dealii::TrilinosWrappers::SparseMatrix *tangent,
                                const bool                              symmetric_part = false)
    {
      if (pressures.empty())
        return;
      const core::Model           &model = context.model;
      std::vector<Eigen::Vector3d> positions;
      Eigen::VectorXd              face_force;
      Eigen::MatrixXd              derivative;
      for (const ElementPressure &load : pressures)
        {
          const core::ElementRecord &element = model.elements[load.element];
          const unsigned             n       = element.node_ids.size();
          positions.resize(n);
          std::vector<unsigned> dofs(3 * n);
          Eigen::MatrixXd       stiffness = Eigen::MatrixXd::Zero(3 * n, 3 * n);
          for (const FacePoint &point : points)
            {
              for (unsigned a = 0; a < n; ++a)
                {
                  const size_t node = model.node_index.at(element.node_ids[a]);
                  positions[a]      = model.nodes[node].position;
                  if (point.configuration != nullptr)
                    positions[a] += point.configuration->displacements[node];
                  for (unsigned k = 0; k < 3; ++k)
                    dofs[3 * a + k] = context.dofs.index(node, static_cast<core::DofKind>(k));
                }
              elements::face_pressure_load(positions, load.pressure, face_force,
                                           tangent != nullptr ? &derivative : nullptr);
              for (unsigned i = 0; i < 3 * n; ++i)
                force[dofs[i]] += point.force_weight * face_force[i];
              if (tangent != nullptr && point.tangent_weight != 0.0)
                stiffness -= point.tangent_weight * derivative;
            }
          if (tangent != nullptr && symmetric_part)
            stiffness = (0.5 * (stiffness + stiffness.transpose())).eval();
          if (tangent != nullptr)
            context.assembler.add_condensed(*tangent, dofs, stiffness);
        }
      if (tangent != nullptr)
        tangent->compress(dealii::VectorOperation::add);
    }
  } // namespace

  void
  add_pressure_force(const AnalysisContext &context, const std::vector<ElementPressure> &pressures,
                     const core::Configuration *current, Eigen::VectorXd &force,
                     dealii::TrilinosWrappers::SparseMatrix *tangent, const bool symmetric_part)
  {
    add_weighted_pressure_force(context, pressures, {{current, 1.0, 1.0}}, force, tangent,
                                symmetric_part);
  }

  void
  add_step_pressure_force(const AnalysisContext              &context,
                          const std::vector<ElementPressure> &pressures,
                          const core::Configuration &start, const core::Configuration &end,
                          Eigen::VectorXd &force, dealii::TrilinosWrappers::SparseMatrix *tangent)
  {
    // Positions are linear in the translations: the mid-point configuration's are the mean.
    core::Configuration middle = end;
    for (size_t node = 0; node < middle.displacements.size(); ++node)
      middle.displacements[node] = 0.5 * (start.displacements[node] + end.displacements[node]);
    add_weighted_pressure_force(context, pressures,
                                {{&start, 1.0 / 6.0, 0.0},
                                 {&middle, 4.0 / 6.0, 2.0 / 6.0},
                                 {&end, 1.0 / 6.0, 1.0 / 6.0}},
                                force, tangent);
  }

  void
  check_pressure_support(const core::Step &step, const StepLoading &loading, const BaseState &base)
  {
    if (loading.pressures.empty() && loading.pressure_start.empty())
      return;
    const core::SourceLocation &pressure_at =
      !loading.pressures.empty() ? loading.pressures.front().defined_at : loading.pressure_start_at;
    const auto refuse = [&](const std::string &why) {
      throw core::InputError(pressure_at, "*DLOAD, P (a pressure on shells) " + why + " (step at " +
                                            step.defined_at.str() + ")");
    };
    if (const auto *dynamic = step.parameters_of<core::DynamicParameters>())
      if (step.nlgeom && !dynamic->integrator->create()->applies_follower_loads())
        refuse("that follows the faces (NLGEOM) is not applied by INTEGRATOR=" +
               dynamic->integrator->name() + " yet (MIDPOINT, NEWMARK, HHT and GALPHA apply it)");
    if (!step.parameters_of<core::StaticParameters>() &&
        !step.parameters_of<core::RiksParameters>() &&
        !step.parameters_of<core::FrequencyParameters>() &&
        !step.parameters_of<core::DynamicParameters>() && base.nonlinear)
      refuse("in force at the geometrically non-linear base state of a *BUCKLE or CMS step is not "
             "yet supported (the pressure's load stiffness is not in the base-state tangent)");
  }
} // namespace corot::analysis
