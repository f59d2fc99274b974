#pragma once
/**
 * @file
 * Reads a real matrix in the MatrixMarket exchange format (NIST, Boisvert,
 * Pozo & Remington 1996, "The Matrix Market exchange formats"), keeping the
 * file line of every entry for error messages.
 */
#include <src/core/source_location.h>

#include <Eigen/Sparse>

#include <string>
#include <vector>

namespace corot::deck
{
  /** One stored entry of a MatrixMarket file (0-based indices). */
  struct MatrixMarketEntry
  {
    unsigned row = 0, column = 0;
    double   value = 0.0;
    unsigned line  = 0; ///< 1-based line of the file
  };

  /** A MatrixMarket matrix as stored in its file. */
  struct MatrixMarketMatrix
  {
    std::string                    file;
    unsigned                       rows = 0, columns = 0;
    unsigned                       size_line = 0;     ///< the line giving the dimensions
    bool                           symmetric = false; ///< "symmetric": one triangle stored
    std::vector<MatrixMarketEntry> entries;           ///< as stored (one triangle if symmetric)

    /** The full matrix (the stored triangle mirrored if symmetric; duplicates summed). */
    Eigen::SparseMatrix<double>
    full() const;
  };

  /**
   * Reads @p path: the banner `%%MatrixMarket matrix coordinate|array real|integer
   * general|symmetric`, `%` comment lines, the size line (`rows columns entries`
   * for coordinate, `rows columns` for array) and the entries (coordinate:
   * `i j value`, 1-based; array: values column by column, for a symmetric
   * matrix the lower triangle column by column). Throws core::InputError naming
   * @p path and the line for a missing file, a malformed banner, size line or
   * entry, an index out of range, a wrong number of entries, an upper-triangle
   * entry of a symmetric coordinate file, or a non-finite value.
   */
  MatrixMarketMatrix
  read_matrix_market(const std::string &path);
} // namespace corot::deck
