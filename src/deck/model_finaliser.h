#pragma once
/**
 * @file
 * The pass after reading a whole deck: resolves references by name and id,
 * checks them, and computes the section properties.
 */
#include <src/deck/parse_state.h>

namespace corot::deck
{
  /**
   * Completes a ParseState once every line is read (Abaqus decks may use nodes,
   * elements and sets before defining them). In order:
   * 1. gives the second halves of split B32/B32R elements ids above all element
   *    ids of the deck and adds them to the element sets of their first halves;
   * 2. removes repeated set members (first occurrence kept);
   * 3. checks that elements, sets and *EQUATION terms refer to defined nodes/elements;
   * 4. fills every recorded id list from its set name or id;
   * 5. checks that referenced amplitudes exist;
   * 6. checks each section's element set and material and computes standard
   *    beam shapes with the material's Poisson ratio;
   * 7. checks that every element is in exactly one section of the kind its type needs;
   * 8. checks that every *DLOAD, P names shell elements;
   * 9. resolves one core::ElementDefinition per element record (Model::element_definitions):
   *    node positions, the section data of its kind with the shear factors of a
   *    *TRANSVERSE SHEAR STIFFNESS computed once per section (k = K / (G A)), and
   *    the material constants (E, G, DENSITY= of a *BEAM GENERAL SECTION override
   *    the material's).
   * 10. resolves the frames of each *CONNECTOR SECTION from its orientation names, refuses
 *    different frames at a and b for a type that keeps them aligned, and checks that each
 *    connector element joins two different nodes.
 * Every failure throws core::InputError at the line that made the reference.
   */
  class ModelFinaliser
  {
  public:
    /** A finaliser completing @p state. */
    explicit ModelFinaliser(ParseState &state);

    /** Runs all steps listed above. */
    void
    run();

  private:
    /** Step 1. */
    void
    assign_split_element_ids();
    /** Step 2. */
    void
    remove_repeated_set_members();
    /** Step 3. */
    void
    check_node_and_element_uses() const;
    /** Step 4. */
    void
    resolve_references();
    /** Step 5. */
    void
    check_amplitudes() const;
    /** Step 6. */
    void
    resolve_sections();
    /** Step 7. */
    void
    check_section_assignment() const;
    /** Step 8. */
    void
    check_pressure_loads() const;
    /** Step 9. */
    void
    resolve_element_definitions();
    /** Step 10. */
    void
    resolve_connector_frames();

    ParseState &state_; ///< the state being filled or completed
  };
} // namespace corot::deck
