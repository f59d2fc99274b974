#pragma once
/**
 * @file
 * *UFF OUTPUT and *CORRELATION, keyword plugins in their own .h/.cc pair
 * (corot extensions of a *FREQUENCY step; the universal file format is
 * io/uff_file.h's).
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <vector>

namespace corot::deck
{
  /**
   * *UFF OUTPUT [, NSET=] (inside a *FREQUENCY step, after its *FREQUENCY
   * line): the step's modes to NAME-<step>.unv (datasets 151, 2411, 55).
   */
  void
  parse_uff_output(KeywordContext &context, const KeywordLine &keyword,
                   const std::vector<DataLine> &data);

  /**
   * *CORRELATION, INPUT=file [, MATCH=ID|COORDINATES] [, TOLERANCE=] (inside
   * a *FREQUENCY step, after its *FREQUENCY line): the universal file is read
   * here (its errors name its lines), its modes are compared with the
   * step's (analysis::ModalCorrelation).
   */
  void
  parse_correlation(KeywordContext &context, const KeywordLine &keyword,
                    const std::vector<DataLine> &data);

  /**
   * The modes of the universal file named by @p keyword's parameter
   * @p input (relative to the deck), read now, with MATCH= and TOLERANCE=
   * as *CORRELATION takes them; errors name @p keyword's line or the file's.
   */
  core::CorrelationRequest
  correlation_request(const KeywordLine &keyword, const std::string &input);
} // namespace corot::deck
