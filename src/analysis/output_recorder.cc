#include <src/analysis/output_recorder.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace corot::analysis
{
  namespace
  {
    const std::array<const char *, 6> displacement_names = {{"U1", "U2", "U3", "UR1", "UR2", "UR3"}};
    const std::array<const char *, 6> reaction_names = {{"RF1", "RF2", "RF3", "RM1", "RM2", "RM3"}};
    const std::array<const char *, 6> velocity_names = {{"V1", "V2", "V3", "VR1", "VR2", "VR3"}};

    bool
    wants(const core::OutputRequest &request, const std::string &variable)
    {
      if (request.variables.empty())
        return variable == "U";
      for (const std::string &v : request.variables)
        if (v == variable)
          return true;
      return false;
    }

    std::vector<unsigned>
    ids_or_all(const core::OutputRequest &request, const std::vector<unsigned> &all)
    {
      return request.ids.empty() ? all : request.ids;
    }
  } // namespace

  Eigen::Vector3d
  OutputRecorder::rotation_of(const unsigned node) const
  {
    if (linear_values_ == nullptr)
      return context_.configuration.rotation_vector(node);
    Eigen::Vector3d theta = Eigen::Vector3d::Zero();
    for (unsigned k = 3; k < core::n_dof_kinds; ++k)
      {
        const unsigned dof = context_.dofs.index(node, static_cast<core::DofKind>(k));
        if (dof != core::DofMap::invalid)
          theta[k - 3] = (*linear_values_)[dof];
      }
    return theta;
  }

  std::vector<std::pair<std::string, double>>
  OutputRecorder::section_forces_of(const unsigned e) const
  {
    if (linear_values_ == nullptr)
      return context_.elements[e]->section_forces(context_.assembler.kinematics(e, context_.configuration),
                                                  step_.nlgeom);
    // Linear section forces are linear in the state: evaluate them where every
    // rotation is below pi/2 (a quaternion wraps beyond pi) and scale back.
    const double scale = linear_evaluation_scale(context_.dofs, *linear_values_);
    const core::Configuration state =
      small_displacement_configuration(context_.model.nodes.size(), context_.dofs, *linear_values_, scale);
    auto forces = context_.elements[e]->section_forces(context_.assembler.kinematics(e, state), false);
    for (auto &entry : forces)
      entry.second *= scale;
    return forces;
  }

  OutputRecorder::OutputRecorder(const AnalysisContext &context, const core::Step &step,
                                 io::StepResult &result)
    : context_(context)
    , step_(step)
    , result_(result)
  {}

  void
  OutputRecorder::record(const double time, const unsigned increment,
                         const Eigen::VectorXd &reaction, const bool last)
  {
    const core::Model &model = context_.model;
    std::vector<unsigned> all_nodes, all_elements;
    for (const auto &node : model.nodes)
      all_nodes.push_back(node.id);
    for (const auto &element : model.elements)
      all_elements.push_back(element.id);

    bool wants_frame = false, wants_element_field = false;
    for (const core::OutputRequest &request : step_.outputs)
      {
        if (!due(request, time, increment, last))
          continue;
        switch (request.kind)
          {
            case core::OutputRequest::Kind::node_print:
              for (const unsigned id : ids_or_all(request, all_nodes))
                {
                  const unsigned node    = model.node_index.at(id);
                  io::History   &history = result_.node_output[id];
                  if (!history.time.empty() && history.time.back() == time)
                    continue;
                  history.time.push_back(time);
                  const Eigen::Vector3d u     = context_.configuration.displacements[node];
                  const Eigen::Vector3d theta = rotation_of(node);
                  const Eigen::Vector3d v     = context_.configuration.velocities[node];
                  const Eigen::Vector3d w     = context_.configuration.angular_velocities[node];
                  for (unsigned k = 0; k < 6; ++k)
                    {
                      const unsigned dof =
                        context_.dofs.index(node, static_cast<core::DofKind>(k));
                      if (dof == core::DofMap::invalid)
                        continue;
                      if (wants(request, "U"))
                        history.values[displacement_names[k]].push_back(k < 3 ? u[k] : theta[k - 3]);
                      if (wants(request, "V"))
                        history.values[velocity_names[k]].push_back(k < 3 ? v[k] : w[k - 3]);
                      if (wants(request, "RF"))
                        history.values[reaction_names[k]].push_back(reaction[dof]);
                    }
                }
              break;
            case core::OutputRequest::Kind::element_print:
              for (const unsigned id : ids_or_all(request, all_elements))
                {
                  const unsigned e       = model.element_index.at(id);
                  io::History   &history = result_.element_output[id];
                  if (!history.time.empty() && history.time.back() == time)
                    continue;
                  history.time.push_back(time);
                  for (const auto &[name, value] : section_forces_of(e))
                    history.values[name].push_back(value);
                }
              break;
            case core::OutputRequest::Kind::node_file:
              wants_frame = true;
              break;
            case core::OutputRequest::Kind::element_file:
              wants_frame         = true;
              wants_element_field = true;
              break;
            case core::OutputRequest::Kind::energy_print:
              break;
          }
      }
    if (wants_frame)
      result_.frames.push_back(
        frame(time, "increment " + std::to_string(increment), reaction, wants_element_field));
  }

  bool
  OutputRecorder::due(const core::OutputRequest &request, const double time,
                      const unsigned increment, const bool last) const
  {
    if (!request.time_points.empty())
      {
        const auto found = context_.model.time_points.find(request.time_points);
        if (found == context_.model.time_points.end())
          return false; // reported by output_times()
        // TIME POINTS= is accepted in *DYNAMIC steps only (StepKeywordParser).
        const auto  *dynamic   = step_.parameters_of<core::DynamicParameters>();
        const double tolerance = 1e-9 * std::max(dynamic ? dynamic->period : 0.0, std::abs(time));
        for (const double point : found->second)
          if (std::abs(point - time) <= tolerance)
            return true;
        return false;
      }
    if (request.frequency == 0)
      return false;
    return last || increment % request.frequency == 0;
  }

  bool
  OutputRecorder::energy_due(const double time, const unsigned increment, const bool last) const
  {
    if (increment == 0)
      return true;
    bool any = false;
    for (const core::OutputRequest &request : step_.outputs)
      if (request.kind == core::OutputRequest::Kind::energy_print)
        {
          if (due(request, time, increment, last))
            return true;
          any = true;
        }
    return !any;
  }

  std::vector<double>
  OutputRecorder::output_times(const double period) const
  {
    std::vector<double> times;
    for (const core::OutputRequest &request : step_.outputs)
      if (!request.time_points.empty())
        {
          const auto found = context_.model.time_points.find(request.time_points);
          if (found == context_.model.time_points.end())
            throw core::InputError(request.defined_at, "TIME POINTS=" + request.time_points +
                                                         ": no *TIME POINTS, NAME=" +
                                                         request.time_points + " in the deck");
          for (const double time : found->second)
            if (time > 1e-12 * period && time <= period * (1.0 + 1e-12))
              times.push_back(std::min(time, period));
        }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end(),
                            [&](const double a, const double b) {
                              return std::abs(a - b) <= 1e-12 * period;
                            }),
                times.end());
    return times;
  }

  io::FieldFrame
  OutputRecorder::frame(const double time, const std::string &label,
                        const Eigen::VectorXd &reaction, const bool with_element_values) const
  {
    const core::Model &model = context_.model;
    io::FieldFrame     frame;
    frame.time  = time;
    frame.label = label;
    for (unsigned node = 0; node < model.nodes.size(); ++node)
      {
        frame.displacement.push_back(context_.configuration.displacements[node]);
        frame.rotation.push_back(rotation_of(node));
        Eigen::Vector3d rf = Eigen::Vector3d::Zero();
        if (reaction.size() > 0)
          for (unsigned k = 0; k < 3; ++k)
            {
              const unsigned dof = context_.dofs.index(node, static_cast<core::DofKind>(k));
              if (dof != core::DofMap::invalid)
                rf[k] = reaction[dof];
            }
        frame.reaction.push_back(rf);
      }
    if (with_element_values)
      for (unsigned e = 0; e < model.elements.size(); ++e)
        {
          std::map<std::string, double> values;
          for (const auto &[name, value] : section_forces_of(e))
            values[name] = value;
          frame.element_values.push_back(values);
        }
    return frame;
  }
} // namespace corot::analysis
