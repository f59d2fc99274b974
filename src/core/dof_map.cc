#include <src/core/dof_map.h>

namespace corot::core
{
  DofMap::DofMap(const std::vector<std::array<bool, n_dof_kinds>> &active,
                 const std::vector<unsigned>                      &node_ids)
    : dof_index_(active.size())
    , node_ids_(node_ids)
  {
    for (unsigned node = 0; node < active.size(); ++node)
      for (unsigned k = 0; k < n_dof_kinds; ++k)
        if (active[node][k])
          {
            dof_index_[node][k] = n_dofs_++;
            dof_node_.push_back(node);
            dof_kind_.push_back(static_cast<DofKind>(k));
          }
        else
          dof_index_[node][k] = invalid;
  }

  std::string
  DofMap::describe(const unsigned dof) const
  {
    return "node " + std::to_string(node_ids_[dof_node_[dof]]) + " " + dof_name(dof_kind_[dof]);
  }
} // namespace corot::core
