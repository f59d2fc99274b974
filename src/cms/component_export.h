#pragma once
/**
 * @file
 * A component's matrices written in the files *COMPONENT, INPUT=,
 * FORMAT=MATRIX MARKET reads back (input_decks/README.md, "Imported
 * components"): the physical K_c, M_c, or a Craig-Bampton superelement.
 */
#include <src/cms/component.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <string>
#include <utility>
#include <vector>

namespace corot::cms
{
  /** A file to write into the output directory: its name and its contents. */
  using FileText = std::pair<std::string, std::string>;

  /**
   * The files @p prefix_K.mtx, @p prefix_M.mtx, @p prefix_dofs.txt and
   * @p prefix_nodes.txt of component @p c of @p sub (an element-set
   * component; its DOFs are deck DOFs of @p dofs).
   *
   * Physical (@p craig_bampton false): K_c and M_c in the component's local
   * numbering (its free DOFs in increasing global order), "coordinate real
   * symmetric", lower triangle; one DOF-map row `node, dof` per local DOF.
   *
   * Craig-Bampton (Craig & Bampton 1968): with W = [Psi, Phi] (constraint
   * modes of the n_b interface DOFs, identity on them, and the fixed-interface
   * modes below @p lambda_cut, mass-normalised, ascending), K^ = W^T K_c W and
   * M^ = W^T M_c W ("array real symmetric", symmetrised), rows ordered
   * interface DOFs first (increasing global DOF), then the modal coordinates
   * (DOF map `0, k` for mode k). Interface rows are physical displacements,
   * so the superelement joins other components as any imported component.
   *
   * The coordinate file lists the deck id and position of every node of the
   * DOF map. Values are written with 17 significant digits. Throws
   * std::runtime_error if the Craig-Bampton basis cannot be formed.
   */
  std::vector<FileText>
  component_matrix_files(const Substructuring &sub, unsigned c, const core::Model &model,
                         const core::DofMap &dofs, bool craig_bampton, double lambda_cut,
                         const std::string &prefix);
} // namespace corot::cms
