#pragma once
/**
 * @file
 * The node-to-node constraint keywords of a deck: *MPC (BEAM, PIN, TIE) and
 * *RIGID BODY (input_decks/README.md, "Multi-point constraints and rigid
 * bodies").
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <vector>

namespace corot::deck
{
  /**
   * Parses *MPC into core::Model::node_ties and *RIGID BODY into
   * core::Model::rigid_bodies (sets resolved after reading). Every malformed
   * line throws core::InputError naming its file:line.
   */
  class ConstraintKeywordParser
  {
  public:
    /** A parser writing into @p state. */
    explicit ConstraintKeywordParser(ParseState &state);

    /** *MPC: lines "BEAM|PIN|TIE, follower node, leader node". */
    void
    mpc(const KeywordLine &keyword, const std::vector<DataLine> &data);

    /** *RIGID BODY, REF NODE=, ELSET= | PIN NSET= | TIE NSET=. */
    void
    rigid_body(const KeywordLine &keyword, const std::vector<DataLine> &data);

  private:
    ParseState &state_;
  };
} // namespace corot::deck
