#pragma once
/**
 * @file
 * Turns the logical lines of a deck into a resolved core::Model.
 */
#include <src/core/model.h>
#include <src/deck/deck_tokenizer.h>

#include <ostream>
#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * Groups deck lines into keyword blocks (a keyword line and its data lines),
   * hands each block to ModelKeywordParser or StepKeywordParser, and finishes
   * with ModelFinaliser. Output-only keywords of other codes (*OUTPUT,
   * *NODE OUTPUT, *ELEMENT OUTPUT, *CONTACT OUTPUT, *RESTART, *MONITOR,
   * *PREPRINT) are skipped with a warning; any other unknown keyword is an error.
   */
  class DeckParser
  {
  public:
    /** A parser writing warnings ("file:line: warning: ...") to @p warnings. */
    explicit DeckParser(std::ostream &warnings);

    /** The model of @p lines, read from the deck @p deck_path. Throws core::InputError. */
    core::Model
    parse(const std::vector<DeckLine> &lines, const std::string &deck_path);

  private:
    std::ostream &warnings_; ///< where warnings for ignored keywords go
  };
} // namespace corot::deck
