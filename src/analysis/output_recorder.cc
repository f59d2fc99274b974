#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/io/result_stream.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <limits>
#include <set>

namespace corot::analysis
{
  namespace
  {
    const std::array<const char *, 6> displacement_names = {
      {"U1", "U2", "U3", "UR1", "UR2", "UR3"}};
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

    /**
     * Whether *EL PRINT @p request asks for the section force @p name (e.g.
     * "SM1_end2"): S, SF (Abaqus: all section force and moment components)
     * or no variable for all of them, SM for SM1 SM2 SM3, or the component
     * itself (at every position); for a connector, CU for its relative
     * displacements CU1-CU3 and CUR for its relative rotations CUR1-CUR3.
     */
    bool
    wants_section_force(const core::OutputRequest &request, const std::string &name)
    {
      if (request.variables.empty())
        return true;
      const std::string component = name.substr(0, name.find("_end"));
      const bool        rotation  = component.rfind("CUR", 0) == 0;
      const bool        motion    = component.rfind("CU", 0) == 0;
      for (const std::string &v : request.variables)
        if (((v == "S" || v == "SF") && !motion) || v == component ||
            (v == "SM" && component.rfind("SM", 0) == 0) || (v == "CUR" && rotation) ||
            (v == "CU" && motion && !rotation))
          return true;
      return false;
    }

    std::vector<unsigned>
    ids_or_all(const core::OutputRequest &request, const std::vector<unsigned> &all)
    {
      return request.ids.empty() ? all : request.ids;
    }

    /**
     * The row of @p history for step time @p time: the last row if it has
     * that time already (an earlier request of this output time covered the
     * same node or element), else a new one.
     */
    std::size_t
    row_for(io::History &history, const double time)
    {
      if (history.time.empty() || history.time.back() != time)
        history.time.push_back(time);
      return history.time.size() - 1;
    }

    /** Sets @p variable of @p history at @p row; rows it was not written in are NaN. */
    void
    put(io::History &history, const std::size_t row, const std::string &variable,
        const double value)
    {
      std::vector<double> &values = history.values[variable];
      values.resize(history.time.size(), std::numeric_limits<double>::quiet_NaN());
      values[row] = value;
    }

    /**
     * Gives every variable of every history one entry per time: NaN (null in
     * the JSON, "-" in the .dat) where no request due then asked for it.
     */
    void
    pad(std::map<unsigned, io::History> &histories)
    {
      for (auto &[id, history] : histories)
        for (auto &[name, values] : history.values)
          values.resize(history.time.size(), std::numeric_limits<double>::quiet_NaN());
    }

    /** The keyword of @p step's procedure, e.g. "*FREQUENCY" or "*STATIC, RIKS". */
    std::string
    procedure_keyword(const core::Step &step)
    {
      const ProcedureTypeInfo *procedure = ProcedureRegistry::instance().of(step);
      return procedure == nullptr ? "*STEP" : "*" + procedure->name();
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
      return context_.elements[e]->section_forces(
        context_.assembler.kinematics(e, context_.configuration), step_.nlgeom);
    // Linear section forces are linear in the state: evaluate them where every
    // rotation is below pi/2 (a quaternion wraps beyond pi) and scale back.
    const double              scale = linear_evaluation_scale(context_.dofs, *linear_values_);
    const core::Configuration state =
      small_displacement_configuration(context_.model.nodes.size(), context_.dofs, *linear_values_,
                                       scale);
    auto forces =
      context_.elements[e]->section_forces(context_.assembler.kinematics(e, state), false);
    for (auto &entry : forces)
      entry.second *= scale;
    return forces;
  }

  OutputRecorder::OutputRecorder(const AnalysisContext &context, const core::Step &step,
                                 io::StepResult &result)
    : context_(context)
    , step_(step)
    , result_(result)
    , uncaught_at_construction_(std::uncaught_exceptions())
  {}

  OutputRecorder::~OutputRecorder()
  {
    if (recorded_ && context_.stream != nullptr &&
        std::uncaught_exceptions() > uncaught_at_construction_)
      context_.stream->salvage(result_);
  }

  void
  OutputRecorder::report_unwritten(const AnalysisContext &context, const core::Step &step,
                                   io::StepResult &result)
  {
    using Kind                 = core::OutputRequest::Kind;
    const core::Model &model   = context.model;
    const bool         dynamic = step.parameters_of<core::DynamicParameters>() != nullptr;
    const bool general = dynamic || step.parameters_of<core::StaticParameters>() != nullptr ||
                         step.parameters_of<core::RiksParameters>() != nullptr;
    const std::string        kind_of = "a " + procedure_keyword(step);
    std::vector<std::string> warnings;
    auto warn = [&](const core::OutputRequest &request, const std::string &keyword,
                    const std::string &text) {
      const std::string line = request.defined_at.str() + ": warning: " + keyword + " " + text +
                               (request.inherited ? " (request carried from an earlier step)" : "");
      warnings.push_back(line);
      context.progress << "    " << line << std::endl;
    };
    // "3 (2, 7, 9)": how many ids, and the first few.
    auto some = [](const std::vector<unsigned> &ids) {
      std::string text = std::to_string(ids.size()) + " (";
      for (std::size_t i = 0; i < ids.size() && i < 5; ++i)
        text += (i > 0 ? ", " : "") + std::to_string(ids[i]);
      return text + (ids.size() > 5 ? ", ...)" : ")");
    };
    for (const core::OutputRequest &request : step.outputs)
      switch (request.kind)
        {
          case Kind::node_print:
            {
              const std::string keyword =
                "*NODE PRINT" +
                (request.set_name.empty() ? std::string() : ", NSET=" + request.set_name);
              if (!general)
                {
                  warn(
                    request, keyword,
                    "is not written in " + kind_of +
                      " step (only *STATIC and *DYNAMIC steps write node output; mode shapes: *NODE FILE)");
                  break;
                }
              if (!dynamic && wants(request, "V"))
                warn(request, keyword,
                     "V is not written in " + kind_of +
                       " step (velocities exist in *DYNAMIC steps only)");
              std::vector<unsigned> bare;
              for (const unsigned id : request.ids)
                {
                  const unsigned node = model.node_index.at(id);
                  bool           any  = false;
                  for (unsigned k = 0; k < core::n_dof_kinds; ++k)
                    any = any || context.dofs.index(node, static_cast<core::DofKind>(k)) !=
                                   core::DofMap::invalid;
                  if (!any)
                    bare.push_back(id);
                }
              if (!bare.empty())
                warn(request, keyword,
                     "nodes without degrees of freedom (no element) are not written: " +
                       some(bare));
              break;
            }
          case Kind::element_print:
            {
              const std::string keyword =
                "*EL PRINT" +
                (request.set_name.empty() ? std::string() : ", ELSET=" + request.set_name);
              if (!general)
                {
                  warn(request, keyword,
                       "is not written in " + kind_of +
                         " step (only *STATIC and *DYNAMIC steps write element output)");
                  break;
                }
              for (const char *variable : {"E", "ENER", "ELSE"})
                if (wants(request, variable))
                  warn(
                    request, keyword,
                    std::string(variable) +
                      " is not written: corot's element output is the section forces (SF1 SF2 SF3 SM1 SM2 SM3), which S, SF, SM and their components request");
              std::vector<unsigned> bare;
              for (const unsigned id : request.ids)
                {
                  const unsigned e = model.element_index.at(id);
                  if (context.elements[e]
                        ->section_forces(context.assembler.kinematics(e, context.configuration),
                                         false)
                        .empty())
                    bare.push_back(id);
                }
              if (!bare.empty())
                warn(request, keyword,
                     "elements without section forces (MASS, ROTARYI) are not written: " +
                       some(bare));
              break;
            }
          case Kind::energy_print:
            if (!dynamic)
              warn(request, "*ENERGY PRINT",
                   "is not written in " + kind_of +
                     " step (energies are written in *DYNAMIC steps only)");
            break;
          case Kind::node_file:
          case Kind::element_file:
            break;
        }
    // First in the step's log: they concern the whole step.
    result.log.insert(result.log.begin(), warnings.begin(), warnings.end());
  }

  void
  OutputRecorder::record(const double time, const unsigned increment,
                         const Eigen::VectorXd &reaction, const bool last)
  {
    const core::Model    &model = context_.model;
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
              if (wants(request, "RF") &&
                  reaction.size() != static_cast<Eigen::Index>(context_.dofs.n_dofs()) &&
                  unreported_reactions_.insert(&request).second)
                {
                  // A dynamic integrator computes reactions only with prescribed
                  // motion: never write zeros for reactions that were not computed.
                  const std::string line =
                    request.defined_at.str() + ": warning: *NODE PRINT" +
                    (request.set_name.empty() ? std::string() : ", NSET=" + request.set_name) +
                    " RF is not written where the step computed no reactions (a *DYNAMIC step "
                    "computes them only when supports move), first at time " +
                    std::to_string(time);
                  result_.log.insert(result_.log.begin(), line);
                  context_.progress << "    " << line << std::endl;
                }
              for (const unsigned id : ids_or_all(request, all_nodes))
                {
                  const unsigned node = model.node_index.at(id);
                  bool           any  = false;
                  for (unsigned k = 0; k < core::n_dof_kinds; ++k)
                    any = any || context_.dofs.index(node, static_cast<core::DofKind>(k)) !=
                                   core::DofMap::invalid;
                  if (!any)
                    continue; // no element: report_unwritten() says so for an NSET=
                  io::History          &history = result_.node_output[id];
                  const std::size_t     row     = row_for(history, time);
                  const Eigen::Vector3d u       = context_.configuration.displacements[node];
                  const Eigen::Vector3d theta   = rotation_of(node);
                  const Eigen::Vector3d v       = context_.configuration.velocities[node];
                  const Eigen::Vector3d w       = context_.configuration.angular_velocities[node];
                  for (unsigned k = 0; k < 6; ++k)
                    {
                      const unsigned dof = context_.dofs.index(node, static_cast<core::DofKind>(k));
                      if (dof == core::DofMap::invalid)
                        continue;
                      if (wants(request, "U"))
                        put(history, row, displacement_names[k], k < 3 ? u[k] : theta[k - 3]);
                      if (wants(request, "V") &&
                          step_.parameters_of<core::DynamicParameters>() != nullptr)
                        put(history, row, velocity_names[k], k < 3 ? v[k] : w[k - 3]);
                      if (wants(request, "RF") &&
                          reaction.size() == static_cast<Eigen::Index>(context_.dofs.n_dofs()))
                        put(history, row, reaction_names[k], reaction[dof]);
                    }
                }
              break;
            case core::OutputRequest::Kind::element_print:
              for (const unsigned id : ids_or_all(request, all_elements))
                {
                  const auto forces = section_forces_of(model.element_index.at(id));
                  if (forces.empty())
                    continue; // MASS, ROTARYI: report_unwritten() says so for an ELSET=
                  io::History      &history = result_.element_output[id];
                  const std::size_t row     = row_for(history, time);
                  for (const auto &[name, value] : forces)
                    if (wants_section_force(request, name))
                      put(history, row, name, value);
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
    pad(result_.node_output);
    pad(result_.element_output);
    if (wants_frame)
      result_.frames.push_back(
        frame(time, "increment " + std::to_string(increment), reaction, wants_element_field));
    recorded_ = true;
    if (context_.stream != nullptr)
      context_.stream->increment_converged(result_, time, increment);
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
