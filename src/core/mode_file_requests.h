#pragma once
/**
 * @file
 * What a *FREQUENCY step is asked to do with mode shapes files (corot
 * extensions): write its modes as a universal file, and compare them with
 * the modes of one (test-analysis correlation).
 */
#include <src/core/source_location.h>
#include <src/core/uff_data.h>

#include <memory>
#include <string>
#include <vector>

namespace corot::core
{
  /** *UFF OUTPUT [, NSET=]: the step's modes to NAME-<step>.unv. */
  struct UffOutputRequest
  {
    std::string           set_name; ///< empty: every node with DOFs
    std::vector<unsigned> node_ids; ///< the set's nodes, resolved
    SourceLocation        defined_at;
  };

  /**
   * *CORRELATION, INPUT= [, MATCH=ID|COORDINATES, TOLERANCE=]: the step's
   * modes against those of a universal file (MAC matrix, pairs, frequency
   * errors).
   */
  struct CorrelationRequest
  {
    std::string                    file;                   ///< as resolved (relative to the deck)
    std::shared_ptr<const UffData> data;                   ///< read when the deck is read
    bool                           by_coordinates = false; ///< MATCH=COORDINATES (else node ids)
    double                         tolerance      = 0.0;   ///< MATCH=COORDINATES: distance
    SourceLocation                 defined_at;
  };
} // namespace corot::core
