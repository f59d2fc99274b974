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
   * Groups deck lines into keyword blocks (a keyword line and its data lines)
   * and hands each block to the handler KeywordRegistry holds for its keyword
   * (found ignoring blanks inside the name, `*ENDSTEP`), after checking where
   * the keyword stands (model data or inside a step) and that its parameters
   * are the registered ones; finishes with ModelFinaliser. Keywords registered
   * without a handler (output keywords of other codes: *OUTPUT, *NODE OUTPUT,
   * *ELEMENT OUTPUT, *CONTACT OUTPUT, *RESTART, *MONITOR, *PREPRINT) are
   * skipped with a warning; an unregistered keyword is an error.
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
