#pragma once
/**
 * @file
 * Numbering of the active degrees of freedom of a model.
 */
#include <src/core/dof_kind.h>

#include <array>
#include <limits>
#include <string>
#include <vector>

namespace corot::core
{
  /**
   * Global numbering of active DOFs. A node carries only the DOF kinds its
   * elements need; numbering is node-major (all DOFs of node 0, then node 1,
   * ...), so a contiguous block of DOFs is a contiguous block of nodes, which
   * is how the parallel partition splits them.
   */
  class DofMap
  {
  public:
    /** Marker for a DOF kind a node does not carry. */
    static constexpr unsigned invalid = std::numeric_limits<unsigned>::max();

    /**
     * @p active[n][k] says whether node index n carries DOF kind k;
     * @p node_ids gives each node's user id for messages.
     */
    DofMap(const std::vector<std::array<bool, n_dof_kinds>> &active,
           const std::vector<unsigned>                      &node_ids);

    /** Number of active DOFs. */
    unsigned
    n_dofs() const
    {
      return n_dofs_;
    }

    /** Number of nodes. */
    unsigned
    n_nodes() const
    {
      return dof_index_.size();
    }

    /** Global index of kind @p kind at node index @p node, or invalid. */
    unsigned
    index(const unsigned node, const DofKind kind) const
    {
      return dof_index_[node][core::index(kind)];
    }

    /** Node index owning global DOF @p dof. */
    unsigned
    node_of(const unsigned dof) const
    {
      return dof_node_[dof];
    }

    /** Kind of global DOF @p dof. */
    DofKind
    kind_of(const unsigned dof) const
    {
      return dof_kind_[dof];
    }

    /** "node 12 UY" for messages. */
    std::string
    describe(const unsigned dof) const;

  private:
    std::vector<std::array<unsigned, n_dof_kinds>> dof_index_;
    std::vector<unsigned>                          dof_node_;
    std::vector<DofKind>                           dof_kind_;
    std::vector<unsigned>                          node_ids_;
    unsigned                                       n_dofs_ = 0;
  };
} // namespace corot::core
