#pragma once
/**
 * @file
 * Mode shapes as NAME.json writes them ("mode_shapes" of *FREQUENCY and *BUCKLE steps).
 */
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace corot::io
{
  class JsonStream;

  /**
   * The mode shapes of an eigenvalue step, node by node, for the DOFs that
   * exist (input_decks/README.md, "Results file"):
   * @code
   * "mode_shapes": { "normalization": "displacement",
   *                  "nodes": [1, 2, ...],
   *                  "variables": ["U1", "U2", "UR3"],
   *                  "modes": [ { "U1": [...], "U2": [...], "UR3": [...] }, ... ] }
   * @endcode
   * "nodes" are the ids of the nodes that have a DOF, in the model's order;
   * "variables" the DOF kinds some node has, in the order U1 U2 U3 UR1 UR2
   * UR3; each mode gives, per variable, one value per node of "nodes", null
   * where that node has no such DOF. Rotations are the plain rotation
   * vector components of the eigenvector (never wrapped at pi). The values
   * are those of the DOF vectors handed in, so the shapes keep the
   * normalization the step reports (its participation table in NAME.dat).
   */
  struct ModeShapes
  {
    /** "displacement" or "mass" (*FREQUENCY, NORMALIZATION=). */
    std::string normalization;
    /** Ids of the nodes that have at least one DOF. */
    std::vector<unsigned> node_ids;
    /** The variables written, e.g. {"U1", "U2", "UR3"}. */
    std::vector<std::string> variables;
    /** Per mode, per variable (as @p variables), one value per node of @p node_ids; NaN: no such DOF. */
    std::vector<std::vector<std::vector<double>>> values;

    /**
     * The shapes of the DOF vectors @p shapes (numbered by @p dofs) at the
     * nodes of @p model, said to be normalized by @p normalization.
     */
    static ModeShapes
    from_dof_vectors(const core::Model &model, const core::DofMap &dofs,
                     const std::vector<Eigen::VectorXd> &shapes, const std::string &normalization);

    /** Write the key "mode_shapes" and its object. */
    void
    write_json(JsonStream &json) const;
  };
} // namespace corot::io
