#pragma once
/**
 * @file
 * The model-data keywords of a deck: nodes, elements, sets, materials,
 * sections, constraints, amplitudes, initial conditions and boundary conditions.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <ostream>
#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * Fills a ParseState from model keywords, which it registers with
   * KeywordRegistry. References to nodes, sets and
   * amplitudes are recorded in the state and resolved later by ModelFinaliser,
   * because Abaqus decks may use a node before defining it.
   */
  class ModelKeywordParser
  {
  public:
    /** A parser writing into @p state and warnings to @p warnings. */
    ModelKeywordParser(ParseState &state, std::ostream &warnings);

    /**
     * The most members all *NSET and *ELSET sets together may reach
     * (duplicates count: sets keep them). Checked before a named set's members
     * are added, so that sets naming earlier sets many times over (growing
     * exponentially from a few lines) are an error, not an exhausted machine.
     * GENERATE lines are bounded by DataLine::max_generated each.
     */
    static constexpr std::size_t max_set_members = 100000000;

    // The handlers of the keywords this class registers (KeywordRegistry, at
    // the end of model_keyword_parser.cc), each parsing one keyword block.
    // DeckParser has checked the keyword's placement and parameter names.

    /** *NODE [, NSET=]: id, x[, y[, z]] (empty fields are 0; fields 5-7, a normal, must be 0). */
    void
    node(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *NSET / *ELSET [, GENERATE]: ids or names of earlier sets; GENERATE lines first, last[, increment]. */
    void
    set(const KeywordLine &keyword, const std::vector<DataLine> &data, bool is_node);
    /** *ELEMENT, TYPE= [, ELSET=]: id and node ids; B32/B32R are split into two B31. */
    void
    element(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *MATERIAL, NAME=: opens a material for *ELASTIC and *DENSITY. */
    void
    material(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *ELASTIC: E, nu (E > 0). */
    void
    elastic(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DENSITY: rho >= 0. */
    void
    density(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *DAMPING, ALPHA=, BETA= (Rayleigh damping of the open material, Abaqus). */
    void
    damping(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *SOLID SECTION, ELSET=, MATERIAL=: truss area (default 1). */
    void
    solid_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *BEAM SECTION, ELSET=, MATERIAL=, SECTION=RECT|CIRC|PIPE|BOX. */
    void
    beam_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *BEAM GENERAL SECTION: SECTION=GENERAL (A, I11, I12, I22, J; n1; E, G) or a standard shape. */
    void
    beam_general_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *TRANSVERSE SHEAR STIFFNESS after a beam section: K11, K22 (= k G A) > 0. */
    void
    transverse_shear_stiffness(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *SHELL SECTION, ELSET=, MATERIAL=: thickness > 0. */
    void
    shell_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /**
     * *SHELL GENERAL SECTION, ELSET=, MATERIAL=: thickness > 0, the
     * pre-integrated section of one linear elastic material, which for
     * corot's isotropic sections is *SHELL SECTION's. The forms without
     * MATERIAL= (a section stiffness matrix, COMPOSITE, USER) and an added
     * DENSITY= are refused at the keyword line.
     */
    void
    shell_general_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *MASS, ELSET=: point mass > 0. */
    void
    mass(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *ROTARY INERTIA, ELSET=: I11, I22, I33[, I12, I13, I23]. */
    void
    rotary_inertia(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *EQUATION: number of terms, then node, dof, coefficient triples (up to 4 per line). */
    void
    equation(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *AMPLITUDE, NAME= [, DEFINITION=TABULAR|EXPRESSION, TIME=STEP TIME]. */
    void
    amplitude(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *INITIAL CONDITIONS, TYPE=VELOCITY|DISPLACEMENT: node or set, dof, value. */
    void
    initial_conditions(const KeywordLine &keyword, const std::vector<DataLine> &data);
    /** *BOUNDARY [, AMPLITUDE=, TYPE=, OP=]: into the model, or the current step inside one. */
    void
    boundary(const KeywordLine &keyword, const std::vector<DataLine> &data);

  private:
    /** A new section of @p kind on ELSET= of @p keyword, appended to the model. */
    core::Section &
    add_section(core::SectionKind kind, const KeywordLine &keyword, bool material_required);

    /** Shape dimensions (line 1) and optional n1 (line 2) of a standard beam shape; at most @p max_lines lines. */
    void
    beam_shape_lines(core::Section &section, const KeywordLine &keyword,
                     const std::vector<DataLine> &data, unsigned max_lines);

    /** E, G on the third line of a *BEAM GENERAL SECTION, required unless MATERIAL= is given. */
    void
    general_moduli(core::Section &section, const KeywordLine &keyword,
                   const std::vector<DataLine> &data);

    ParseState   &state_;    ///< where the model and pending references go
    std::ostream &warnings_; ///< "file:line: warning: ..." lines
  };

  /** Field @p i of @p line as a DOF number 1..6; throws core::InputError otherwise. */
  unsigned
  dof_field(const DataLine &line, unsigned i);

  /** Throws core::InputError at the first data line past @p max_lines of @p keyword. */
  void
  require_at_most_lines(const KeywordLine &keyword, const std::vector<DataLine> &data,
                        unsigned max_lines);

  /** Throws core::InputError unless @p keyword has exactly one data line. */
  void
  require_one_line(const KeywordLine &keyword, const std::vector<DataLine> &data);

  /** A direction from three fields of @p line, normalised; a zero vector is an error. */
  Eigen::Vector3d
  direction_fields(const DataLine &line, unsigned first, const std::string &what);
} // namespace corot::deck
