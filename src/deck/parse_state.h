#pragma once
/**
 * @file
 * What the deck parser accumulates while reading: the model under construction
 * and the references that can only be resolved once the whole deck is read.
 */
#include <src/core/model.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * A reference to a node or element set (or a single id) written in a data
   * line, resolved after the whole deck has been read into the id list that
   * @p target returns.
   */
  struct PendingReference
  {
    bool                 is_node = true; ///< node (NSET/node id) or element (ELSET/element id)
    std::string          name;           ///< upper-case set name or a decimal id
    core::SourceLocation location;       ///< the data or keyword line that wrote it
    /** The id list in the model to fill. */
    std::function<std::vector<unsigned> &(core::Model &)> target;
  };

  /** A reference to an amplitude by name, checked after reading. */
  struct PendingAmplitude
  {
    std::string          name; ///< upper case
    core::SourceLocation location;
  };

  /** Ids a data line uses (set members, *EQUATION nodes), checked after reading. */
  struct SetMembers
  {
    bool                  is_node = true;
    std::string           context; ///< for the message, e.g. "node set LEFT" or "*EQUATION"
    std::vector<unsigned> ids;
    core::SourceLocation  location;
  };

  /** The second half of a B32/B32R split: its id is assigned after reading. */
  struct SplitElement
  {
    unsigned original_id = 0; ///< id of the first half (the id written in the deck)
    size_t   index       = 0; ///< index of the second half in Model::elements
  };

  /** Where a beam section's dimensions were written (to re-evaluate the shape after reading). */
  struct PendingBeamShape
  {
    size_t               section_index = 0;
    core::SourceLocation location;
  };

  /** State shared by the keyword parsers and the finalisation pass. */
  struct ParseState
  {
    core::Model                   model;
    std::vector<PendingReference> references;
    std::vector<PendingAmplitude> amplitudes;
    std::vector<SetMembers>       set_members;
    std::vector<SplitElement>     split_elements;
    std::vector<PendingBeamShape> beam_shapes;
    std::string                   current_material; ///< upper-case name while inside *MATERIAL
    bool                          in_step = false;
    bool after_beam_section = false; ///< the previous model keyword was a beam section
  };
} // namespace corot::deck

namespace corot::deck
{
  /**
   * Records that the node (@p is_node) or element id list @p target is to be
   * filled from @p name (a set name, any case, or a single decimal id) once the
   * whole deck is read.
   */
  inline void
  add_reference(ParseState &state, const bool is_node, const std::string &name,
                const core::SourceLocation                           &location,
                std::function<std::vector<unsigned> &(core::Model &)> target)
  {
    if (name.empty())
      throw core::InputError(location, is_node ? "expected a node id or node set name" :
                                                 "expected an element id or element set name");
    state.references.push_back(PendingReference{is_node, name, location, std::move(target)});
  }
} // namespace corot::deck
