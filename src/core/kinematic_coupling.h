#pragma once
/**
 * @file
 * Node-to-node kinematic constraints as a deck defines them: *MPC (BEAM,
 * PIN, TIE), *RIGID BODY and *KINEMATIC COUPLING.
 */
#include <src/core/source_location.h>

#include <string>
#include <vector>

namespace corot::core
{
  /**
   * A follower node carried by a leading node (Abaqus conventions):
   * - rigid lever: x_s = x_m + R_m (X_s - X_m) (*MPC BEAM, *RIGID BODY);
   *   otherwise equal displacements u_s = u_m (*MPC PIN, TIE);
   * - tied rotation: R_s = R_m where the follower has rotational DOFs
   *   (*MPC BEAM, TIE; *RIGID BODY TIE NSET= and ELSET= nodes).
   */
  struct NodeTie
  {
    unsigned       follower_id   = 0;
    unsigned       leader_id     = 0;
    bool           rigid_lever   = true;
    bool           tied_rotation = true;
    std::string    origin; ///< "*MPC BEAM", "*RIGID BODY", ... for messages
    SourceLocation defined_at;
  };

  /**
   * *RIGID BODY, REF NODE= with ELSET=, PIN NSET= and/or TIE NSET= (ids
   * resolved after reading); also *KINEMATIC COUPLING (its DOFs 1-3 nodes as
   * pins, 1-6 as ties).
   */
  struct RigidBody
  {
    std::string           origin            = "*RIGID BODY"; ///< the keyword, for messages
    unsigned              reference_node_id = 0;
    std::vector<unsigned> element_ids;  ///< ELSET=: nodes tied (rotations where they have them)
    std::vector<unsigned> pin_node_ids; ///< PIN NSET=: positions only
    std::vector<unsigned> tie_node_ids; ///< TIE NSET=: positions and rotations
    SourceLocation        defined_at;
  };
} // namespace corot::core
