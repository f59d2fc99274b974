#include <src/io/json_stream.h>
#include <src/io/mode_shapes.h>

#include <deal.II/base/exceptions.h>

#include <array>
#include <limits>

namespace corot::io
{
  ModeShapes
  ModeShapes::from_dof_vectors(const core::Model &model, const core::DofMap &dofs,
                               const std::vector<Eigen::VectorXd> &shapes,
                               const std::string                  &normalization)
  {
    static const std::array<const char *, core::n_dof_kinds> names = {
      {"U1", "U2", "U3", "UR1", "UR2", "UR3"}};
    ModeShapes result;
    result.normalization = normalization;

    // The nodes with a DOF and the DOF kinds present at any of them.
    std::vector<unsigned>               nodes;
    std::array<bool, core::n_dof_kinds> present{};
    for (unsigned node = 0; node < model.nodes.size(); ++node)
      {
        bool any = false;
        for (unsigned k = 0; k < core::n_dof_kinds; ++k)
          if (dofs.index(node, static_cast<core::DofKind>(k)) != core::DofMap::invalid)
            {
              any        = true;
              present[k] = true;
            }
        if (any)
          {
            nodes.push_back(node);
            result.node_ids.push_back(model.nodes[node].id);
          }
      }
    std::vector<unsigned> kinds;
    for (unsigned k = 0; k < core::n_dof_kinds; ++k)
      if (present[k])
        {
          kinds.push_back(k);
          result.variables.emplace_back(names[k]);
        }

    for (const Eigen::VectorXd &shape : shapes)
      {
        AssertThrow(shape.size() == static_cast<Eigen::Index>(dofs.n_dofs()),
                    dealii::ExcMessage("a mode shape has " + std::to_string(shape.size()) +
                                       " entries for " + std::to_string(dofs.n_dofs()) + " DOFs"));
        std::vector<std::vector<double>> mode(kinds.size());
        for (std::size_t v = 0; v < kinds.size(); ++v)
          {
            mode[v].reserve(nodes.size());
            for (const unsigned node : nodes)
              {
                const unsigned dof = dofs.index(node, static_cast<core::DofKind>(kinds[v]));
                mode[v].push_back(dof == core::DofMap::invalid ?
                                    std::numeric_limits<double>::quiet_NaN() :
                                    shape[dof]);
              }
          }
        result.values.push_back(std::move(mode));
      }
    return result;
  }

  void
  ModeShapes::write_json(JsonStream &json) const
  {
    json.key("mode_shapes");
    json.begin_object();
    json.key("normalization");
    json.value(normalization);
    json.key("nodes");
    json.value(node_ids);
    json.key("variables");
    json.value(variables);
    json.key("modes");
    json.begin_array();
    for (const auto &mode : values)
      {
        json.begin_object();
        for (std::size_t v = 0; v < variables.size(); ++v)
          {
            json.key(variables[v]);
            json.value(mode[v]);
          }
        json.end_object();
      }
    json.end_array();
    json.end_object();
  }
} // namespace corot::io
