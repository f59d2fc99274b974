#pragma once
/**
 * @file
 * The model-data keywords of a deck: nodes, elements, sets, materials,
 * sections, constraints, amplitudes, initial conditions and boundary conditions.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/parse_state.h>

#include <string>
#include <vector>

namespace corot::deck
{
  /**
   * Fills a ParseState from model keywords. References to nodes, sets and
   * amplitudes are recorded in the state and resolved later by ModelFinaliser,
   * because Abaqus decks may use a node before defining it.
   */
  class ModelKeywordParser
  {
  public:
    /** A parser writing into @p state. */
    explicit ModelKeywordParser(ParseState &state);

    /** True if @p name is a keyword this class handles (BOUNDARY included). */
    static bool
    handles(const std::string &name);

    /** Parses one keyword block (@p keyword and its @p data lines). */
    void
    parse(const KeywordLine &keyword, const std::vector<DataLine> &data);

  private:
    void heading(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void node(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void set(const KeywordLine &keyword, const std::vector<DataLine> &data, bool is_node);
    void element(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void material(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void elastic(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void density(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void solid_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void beam_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void beam_general_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void shell_section(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void mass(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void rotary_inertia(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void equation(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void amplitude(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void initial_conditions(const KeywordLine &keyword, const std::vector<DataLine> &data);
    void boundary(const KeywordLine &keyword, const std::vector<DataLine> &data);

    /** A new section of @p kind on ELSET= of @p keyword, appended to the model. */
    core::Section &
    add_section(core::SectionKind kind, const KeywordLine &keyword, bool material_required);

    /** Shape dimensions (line 1) and optional n1 (line 2) of a standard beam shape. */
    void
    beam_shape_lines(core::Section &section, const KeywordLine &keyword,
                     const std::vector<DataLine> &data);

    ParseState &state_;
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
