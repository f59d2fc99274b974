#pragma once
/**
 * @file
 * Reads a component defined outside the deck (*COMPONENT, INPUT=,
 * FORMAT=MATRIX MARKET; input_decks/README.md, "Imported components") and
 * joins its rows to the deck's nodes.
 */
#include <src/core/imported_matrices.h>
#include <src/core/model.h>

#include <optional>
#include <string>

namespace corot::deck
{
  /**
   * Reads @p prefix_K.mtx, @p prefix_M.mtx (MatrixMarket, read_matrix_market),
   * @p prefix_dofs.txt (one line `node, dof` per matrix row, in row order; node
   * 0 marks an interior DOF joined to no deck node) and, if it exists,
   * @p prefix_nodes.txt (lines `node, x, y[, z]`: the DOF map's node ids are
   * then this file's, matched to deck nodes by position). Checks the sizes
   * (K, M square, both of the DOF map's size), symmetry (|A_ij - A_ji| <= 1e-10
   * max |A|) and positive semi-definiteness (smallest eigenvalue >= -1e-8 times
   * the largest, for matrices of up to 4000 rows) of K and M, DOF numbers
   * (1..6 at a node) and repeated rows. Every violation throws core::InputError
   * naming the file and line.
   */
  core::ImportedMatrices
  read_imported_component(const std::string &prefix);

  /**
   * Joins @p imported's rows to the nodes of @p model: by node id (each must
   * be a deck node), or, when a coordinate file was read, by position (the
   * deck node nearest to each file node, within @p tolerance or by default
   * 1e-6 times the diagonal of the deck's bounding box). Throws
   * core::InputError naming the DOF map or coordinate file and line for a
   * node that matches no deck node, or two file nodes on one deck node;
   * @p where (the *COMPONENT line) for TOLERANCE= without a coordinate file.
   */
  void
  match_imported_nodes(core::ImportedMatrices &imported, const core::Model &model,
                       std::optional<double> tolerance, const core::SourceLocation &where);
} // namespace corot::deck
