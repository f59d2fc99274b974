#include <src/assembly/dof_numbering.h>

namespace corot::assembly
{
  core::DofMap
  number_dofs(const core::Model                                     &model,
              const std::vector<std::unique_ptr<elements::Element>> &elements)
  {
    const unsigned                                   n_nodes = model.nodes.size();
    std::vector<std::array<bool, core::n_dof_kinds>> structural(n_nodes), inertia(n_nodes);
    for (auto &flags : structural)
      flags.fill(false);
    for (auto &flags : inertia)
      flags.fill(false);

    for (const auto &element : elements)
      {
        auto &target = element->is_nodal_attachment() ? inertia : structural;
        for (const unsigned node_id : element->nodes())
          for (const core::DofKind kind : element->dof_kinds())
            target[model.node_index.at(node_id)][core::index(kind)] = true;
      }

    // A *RIGID BODY reference node carries the body's six DOFs even where no element uses it.
    for (const core::RigidBody &body : model.rigid_bodies)
      for (unsigned k = 0; k < 6; ++k)
        structural[model.node_index.at(body.reference_node_id)][k] = true;

    std::vector<std::array<bool, core::n_dof_kinds>> active(n_nodes);
    std::vector<unsigned>                            ids(n_nodes);
    for (unsigned n = 0; n < n_nodes; ++n)
      {
        ids[n]              = model.nodes[n].id;
        bool any_structural = false;
        for (const bool flag : structural[n])
          any_structural = any_structural || flag;
        active[n] = any_structural ? structural[n] : inertia[n];
      }
    return core::DofMap(active, ids);
  }

  std::vector<unsigned>
  element_dof_indices(const core::Model &model, const core::DofMap &dofs,
                      const elements::Element &element)
  {
    std::vector<unsigned> indices;
    const auto            kinds = element.dof_kinds();
    for (const unsigned node_id : element.nodes())
      for (const core::DofKind kind : kinds)
        indices.push_back(dofs.index(model.node_index.at(node_id), kind));
    return indices;
  }
} // namespace corot::assembly
