#pragma once
/**
 * @file
 * Export of a reduced model in the MatrixMarket exchange format (NIST), for
 * use in other codes.
 */
#include <src/cms/component_mode_synthesis.h>
#include <src/core/dof_map.h>

#include <string>

namespace corot::cms
{
  /**
   * Writes @p prefix_K.mtx and @p prefix_M.mtx (K^, M^: "matrix array real
   * symmetric", lower triangle column by column) and @p prefix_map.mtx, the
   * map u = Phi xi from generalized to physical DOFs ("matrix coordinate
   * real general", rows = full-model DOFs in corot numbering, 1-based, then
   * the DOFs of imported components that are not deck DOFs; one
   * comment line per row names its node and DOF). Throws std::runtime_error
   * if a file cannot be written.
   */
  void
  export_matrix_market(const ComponentModeSynthesis &cms, const core::DofMap &dofs,
                       const std::string &prefix);
} // namespace corot::cms
