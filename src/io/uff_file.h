#pragma once
/**
 * @file
 * Mode shapes in the Universal File Format (UFF, also "UNV"; the I-DEAS
 * dataset definitions kept by the Structural Dynamics Research Lab of the
 * University of Cincinnati): what test campaigns and other FE codes exchange
 * modal data in. Read: datasets 15 and 2411 (nodes), 164 (units) and 55
 * (data at nodes) with analysis type 2 (normal modes), real data, 3 or 6
 * values per node; every other dataset is skipped. Written: 151 (header),
 * 164 (units), 2411 (nodes) and one 55 per mode.
 *
 * Fixed-column fields are read by their columns (E13.5 fields of negative
 * numbers run together, "4.1E+03-3.1E+03"), exponents may be written with
 * E or D, lines may be short and end with CR LF. A dataset starts and ends
 * with a line whose first six columns are "    -1". Errors name the file
 * and line.
 */
#include <src/core/uff_data.h>

#include <ostream>
#include <string>

namespace corot::io
{
  using core::UffData;
  using core::UffMode;
  using core::UffNode;
  using core::UffUnits;

  /** Reads @p path; throws core::InputError "path:line: ..." on malformed data. */
  UffData
  read_uff(const std::string &path);

  /**
   * Writes @p data to @p out: a header (151) titled @p title, the units
   * (164) if @p data has them (corot's decks carry no unit system, so its
   * own files have none), the nodes (2411) and the modes (55, analysis type
   * 2, displacement, 3 or 6 values per node as each mode says).
   */
  void
  write_uff(std::ostream &out, const std::string &title, const UffData &data);
} // namespace corot::io
