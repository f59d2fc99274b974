#pragma once
/**
 * @file
 * The stiffness and mass of a component defined outside the deck
 * (*COMPONENT, INPUT=, FORMAT=MATRIX MARKET; input_decks/README.md, "Imported
 * components"), with the node and DOF of every matrix row.
 */
#include <src/core/source_location.h>

#include <Eigen/Sparse>

#include <string>
#include <vector>

namespace corot::core
{
  /** The node and DOF of one row of an imported component's matrices. */
  struct ImportedDof
  {
    /**
     * The deck node id the row is joined to, or 0 for an interior DOF of the
     * component that no deck node carries (a physical DOF of the other code
     * or a modal coordinate of a Craig-Bampton superelement).
     */
    unsigned node = 0;
    unsigned dof  = 0; ///< 1..6 (UX UY UZ RX RY RZ) at a node; a label (>= 1) for an interior DOF
    unsigned file_node =
      0; ///< the node id as written in the DOF map (before matching by coordinates)
    SourceLocation defined_at; ///< the line of the DOF map that wrote it
  };

  /**
   * Symmetric K and M of an imported component in the row order of its
   * files, checked when read: K and M square, of the DOF map's size,
   * symmetric to 1e-10 of their largest entry, positive semi-definite.
   */
  struct ImportedMatrices
  {
    Eigen::SparseMatrix<double> stiffness;                           ///< K (n x n)
    Eigen::SparseMatrix<double> mass;                                ///< M (n x n)
    std::vector<ImportedDof>    dofs;                                ///< one per row
    std::string                 stiffness_file, mass_file, dof_file; ///< as opened
    std::string                 node_file; ///< coordinate file (empty: matched by node id)
    /** Matching by coordinates: the largest distance between a file node and its deck node. */
    double   largest_distance = 0.0;
    double   tolerance        = 0.0;   ///< the distance allowed (TOLERANCE= or the default)
    bool     tolerance_given  = false; ///< TOLERANCE= was written
    unsigned n_matched_nodes  = 0;     ///< file nodes joined to deck nodes
  };
} // namespace corot::core
