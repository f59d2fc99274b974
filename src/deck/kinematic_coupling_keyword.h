#pragma once
/**
 * @file
 * The *KINEMATIC COUPLING keyword (Abaqus), a keyword plugin in its own
 * .h/.cc pair: its .cc registers it with KeywordRegistry.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <vector>

namespace corot::deck
{
  /**
   * *KINEMATIC COUPLING, REF NODE= (model data): data lines "node or node
   * set, first DOF, last DOF" constrain those DOFs of the nodes to the rigid
   * motion of the reference node (Abaqus Keywords Reference: a blank first
   * DOF couples all of them, a blank last DOF only the first). The coupled
   * nodes become followers of a core::RigidBody about the reference node:
   * DOFs 1-3 carry their positions (as *RIGID BODY, PIN NSET=), DOFs 1-6 also
   * their rotations (as TIE NSET=; on a node without rotations, its
   * positions). Other sets of DOFs, which a rigid lever in some directions
   * only would need, are refused at their data line, as is a node coupled
   * by two lines.
   */
  void
  parse_kinematic_coupling(KeywordContext &context, const KeywordLine &keyword,
                           const std::vector<DataLine> &data);
} // namespace corot::deck
