#include <elements/registry.h>
#include <src/core/expression_constants.h>
#include <src/core/number_text.h>
#include <src/deck/beam_section_shapes.h>
#include <src/deck/keyword_registry.h>
#include <src/deck/model_keyword_parser.h>

#include <deal.II/base/function_parser.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

namespace corot::deck
{
  namespace
  {
    /** "first defined at file:line" for duplicate messages. */
    std::string
    first_defined(const core::SourceLocation &location)
    {
      return " (first defined at " + location.str() + ")";
    }

    /** DOFs fixed by the Abaqus named boundary types, or empty if @p name is not one. */
    std::vector<unsigned>
    named_boundary_dofs(const std::string &name)
    {
      static const std::map<std::string, std::vector<unsigned>> types = {{"ENCASTRE",
                                                                          {1, 2, 3, 4, 5, 6}},
                                                                         {"PINNED", {1, 2, 3}},
                                                                         {"XSYMM", {1, 5, 6}},
                                                                         {"YSYMM", {2, 4, 6}},
                                                                         {"ZSYMM", {3, 4, 5}},
                                                                         {"XASYMM", {2, 3, 4}},
                                                                         {"YASYMM", {1, 3, 5}},
                                                                         {"ZASYMM", {1, 2, 6}}};
      const auto                                                it    = types.find(name);
      return it == types.end() ? std::vector<unsigned>() : it->second;
    }

    /**
     * CalculiX's OFFSET1=, OFFSET2= on a beam section: the beam axis (the node
     * line) lies OFFSETk h_k off the section centre along local k, h_k the
     * section's extent along k (RECT a, b; CIRC the diameters; PIPE 2 r; BOX a,
     * b). Returns the centre relative to the node line, -(OFFSET1 h1, OFFSET2 h2).
     */
    Eigen::Vector2d
    axis_offset(const KeywordLine &keyword, const std::string &shape,
                const std::vector<double> &dims)
    {
      const double offset_1 = keyword.number("OFFSET1").value_or(0.0);
      const double offset_2 = keyword.number("OFFSET2").value_or(0.0);
      if (offset_1 == 0.0 && offset_2 == 0.0)
        return Eigen::Vector2d::Zero();
      Eigen::Vector2d extent;
      if (shape == "RECT")
        extent = {dims[0], dims.size() == 2 ? dims[1] : dims[0]};
      else if (shape == "CIRC")
        extent = dims.size() == 2 ? Eigen::Vector2d(dims[0], dims[1]) :
                                    Eigen::Vector2d(2.0 * dims[0], 2.0 * dims[0]);
      else if (shape == "PIPE")
        extent = {2.0 * dims[0], 2.0 * dims[0]};
      else if (shape == "BOX")
        extent = {dims[0], dims[1]};
      else
        throw core::InputError(keyword.location(), "OFFSET1=/OFFSET2= on *" + keyword.name() +
                                                     ", SECTION=" + shape +
                                                     " (no section extent to scale the offset)");
      return -Eigen::Vector2d(offset_1 * extent[0], offset_2 * extent[1]);
    }

    /** Checks @p value > 0 (or >= 0 if @p allow_zero), else an error naming @p what. */
    void
    require_positive(const double value, const std::string &what,
                     const core::SourceLocation &location, const bool allow_zero = false)
    {
      if (allow_zero ? !(value >= 0.0) : !(value > 0.0))
        throw core::InputError(location,
                               what + (allow_zero ? " must not be negative" : " must be positive") +
                                 ", got " + core::number_text(value));
    }
  } // namespace

  unsigned
  dof_field(const DataLine &line, const unsigned i)
  {
    const unsigned dof = line.positive_integer(i);
    if (dof > 6)
      throw core::InputError(line.location(),
                             "degree of freedom must be 1 to 6, got " + std::to_string(dof));
    return dof;
  }

  void
  require_at_most_lines(const KeywordLine &keyword, const std::vector<DataLine> &data,
                        const unsigned max_lines)
  {
    if (data.size() > max_lines)
      throw core::InputError(data[max_lines].location(),
                             "*" + keyword.name() + " takes " +
                               (max_lines == 0 ? std::string("no data lines") :
                                                 "at most " + std::to_string(max_lines) +
                                                   " data line" + (max_lines > 1 ? "s" : "")));
  }

  void
  require_one_line(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (data.empty())
      throw core::InputError(keyword.location(), "*" + keyword.name() + " needs a data line");
    require_at_most_lines(keyword, data, 1);
  }

  Eigen::Vector3d
  direction_fields(const DataLine &line, const unsigned first, const std::string &what)
  {
    const Eigen::Vector3d v(line.number(first), line.number(first + 1), line.number(first + 2));
    if (v.norm() == 0.0)
      throw core::InputError(line.location(), what + " must not be the zero vector");
    return v.normalized();
  }

  ModelKeywordParser::ModelKeywordParser(ParseState &state, std::ostream &warnings)
    : state_(state)
    , warnings_(warnings)
  {}

  void
  ModelKeywordParser::node(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const auto             nset    = keyword.value_upper("NSET");
    core::Model           &model   = state_.model;
    std::vector<unsigned> *members = nset ? &model.node_sets[*nset] : nullptr;
    for (const DataLine &line : data)
      {
        // Abaqus reads fields 5-7 as a nodal normal (CalculiX ignores them): a
        // zero or empty normal is no normal, any other is not supported.
        line.require_fields(1, 7, "NODE");
        for (unsigned i = 4; i < line.n_fields(); ++i)
          if (line.number_or(i, 0.0) != 0.0)
            throw core::InputError(line.location(), "a nodal normal on *NODE (fields 5 to 7) is "
                                                    "not supported");
        core::NodeRecord record;
        record.id = line.positive_integer(0);
        record.position =
          Eigen::Vector3d(line.number_or(1, 0.0), line.number_or(2, 0.0), line.number_or(3, 0.0));
        record.defined_at         = line.location();
        const auto [it, inserted] = model.node_index.emplace(record.id, model.nodes.size());
        if (!inserted)
          throw core::InputError(line.location(),
                                 "duplicate node id " + std::to_string(record.id) +
                                   first_defined(model.nodes[it->second].defined_at));
        model.nodes.push_back(record);
        if (members)
          members->push_back(record.id);
      }
  }

  void
  ModelKeywordParser::set(const KeywordLine &keyword, const std::vector<DataLine> &data,
                          const bool is_node)
  {
    const std::string parameter = is_node ? "NSET" : "ELSET";
    const std::string name      = keyword.required_upper(parameter);
    const bool        generate  = keyword.has("GENERATE");
    auto             &sets      = is_node ? state_.model.node_sets : state_.model.element_sets;
    const std::string kind      = is_node ? "node set " : "element set ";
    sets[name]; // a set may be empty

    for (const DataLine &line : data)
      {
        std::vector<unsigned> ids;     // ids written on this line, checked after reading
        std::vector<unsigned> members; // the line's members in the order written
        if (generate)
          {
            line.require_fields(2, 3, keyword.name() + ", GENERATE");
            const unsigned first     = line.positive_integer(0);
            const unsigned last      = line.positive_integer(1);
            const unsigned increment = line.is_empty(2) ? 1 : line.positive_integer(2);
            if (last < first)
              throw core::InputError(line.location(), "GENERATE range " + std::to_string(first) +
                                                        " to " + std::to_string(last) +
                                                        " runs backwards");
            const unsigned long count = (last - first) / increment + 1;
            if (count > DataLine::max_generated)
              throw core::InputError(line.location(),
                                     "GENERATE " + std::to_string(first) + " to " +
                                       std::to_string(last) + " by " + std::to_string(increment) +
                                       " asks for " + std::to_string(count) + " ids (at most " +
                                       std::to_string(DataLine::max_generated) + " per line)");
            for (unsigned id = first; id <= last; id += increment)
              ids.push_back(id);
            members = ids;
          }
        else
          for (unsigned i = 0; i < line.n_fields(); ++i)
            if (line.is_empty(i))
              continue;
            else if (is_integer(line.field(i)))
              {
                ids.push_back(line.positive_integer(i));
                members.push_back(ids.back());
              }
            else
              {
                const auto other = sets.find(line.field_upper(i));
                if (other == sets.end())
                  throw core::InputError(line.location(),
                                         "undefined " + kind + line.field_upper(i));
                std::size_t reached = members.size() + other->second.size();
                for (const auto *all : {&state_.model.node_sets, &state_.model.element_sets})
                  for (const auto &[set_name, set_members] : *all)
                    reached += set_members.size();
                if (reached > max_set_members)
                  throw core::InputError(line.location(),
                                         kind + name + " would bring the sets to " +
                                           std::to_string(reached) + " members in all (at most " +
                                           std::to_string(max_set_members) +
                                           "; a set that names other sets many times over?)");
                members.insert(members.end(), other->second.begin(), other->second.end());
              }
        std::vector<unsigned> &set = sets[name];
        set.insert(set.end(), members.begin(), members.end());
        state_.set_members.push_back(
          SetMembers{is_node, kind + name, std::move(ids), line.location()});
      }
  }
  /*
   * B32 and B32R (quadratic beams: end node, middle node, end node) are
   * accepted by splitting each into two B31 elements: the first keeps the id
   * written in the deck with nodes (n1, n2), the second gets (n2, n3) and a new
   * id above every element id of the deck, assigned by ModelFinaliser once all
   * ids are known; the second half joins every element set of the first.
   */
  void
  ModelKeywordParser::element(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string                type  = keyword.required_upper("TYPE");
    const bool                       split = type == "B32" || type == "B32R";
    const elements::ElementTypeInfo *info =
      elements::ElementRegistry::instance().find(split ? "B31" : type);
    if (info == nullptr)
      throw core::InputError(keyword.location(), split ? "element type B31, needed to split " +
                                                           type + ", is not available" :
                                                         "unknown element type " + type);
    const unsigned n_nodes = split ? 3 : info->n_nodes;
    const auto     elset   = keyword.value_upper("ELSET");

    core::Model &model = state_.model;
    for (unsigned l = 0; l < data.size();)
      {
        // Connectivity too long for one line continues on the next after a final comma.
        DataLine line = data[l++];
        while (line.n_fields() < n_nodes + 1 && line.ends_with_comma() && l < data.size())
          line.append(data[l++].text());
        const unsigned id = line.positive_integer(0);
        if (line.n_fields() != n_nodes + 1)
          throw core::InputError(line.location(), "element " + std::to_string(id) + " of type " +
                                                    type + " needs " + std::to_string(n_nodes) +
                                                    " nodes, got " +
                                                    std::to_string(line.n_fields() - 1));
        std::vector<unsigned> nodes;
        for (unsigned i = 1; i <= n_nodes; ++i)
          nodes.push_back(line.positive_integer(i));

        const auto [it, inserted] = model.element_index.emplace(id, model.elements.size());
        if (!inserted)
          throw core::InputError(line.location(),
                                 "duplicate element id " + std::to_string(id) +
                                   first_defined(model.elements[it->second].defined_at));
        if (split)
          {
            model.elements.push_back(
              core::ElementRecord{id, info->name, {nodes[0], nodes[1]}, line.location()});
            state_.split_elements.push_back(SplitElement{id, model.elements.size()});
            model.elements.push_back(
              core::ElementRecord{0, info->name, {nodes[1], nodes[2]}, line.location()});
          }
        else
          model.elements.push_back(core::ElementRecord{id, info->name, nodes, line.location()});
        if (elset)
          model.element_sets[*elset].push_back(id);
      }
  }

  void
  ModelKeywordParser::material(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    require_at_most_lines(keyword, data, 0);
    const std::string name = keyword.required_upper("NAME");
    core::Material    material;
    material.name             = name;
    material.defined_at       = keyword.location();
    const auto [it, inserted] = state_.model.materials.emplace(name, material);
    if (!inserted)
      throw core::InputError(keyword.location(), "duplicate material name " + name +
                                                   first_defined(it->second.defined_at));
    state_.current_material = name;
  }

  void
  ModelKeywordParser::elastic(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const auto type = keyword.value_upper("TYPE");
    if (type && *type != "ISO" && *type != "ISOTROPIC")
      throw core::InputError(keyword.location(),
                             "unsupported *ELASTIC TYPE=" + *type + " (only ISOTROPIC)");
    if (state_.current_material.empty())
      throw core::InputError(keyword.location(), "*ELASTIC must follow *MATERIAL");
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    line.require_fields(1, 3, "ELASTIC");
    core::Material &material = state_.model.materials.at(state_.current_material);
    material.youngs_modulus  = line.number(0);
    material.poissons_ratio  = line.number_or(1, 0.0);
    require_positive(material.youngs_modulus, "Young's modulus", line.location());
    if (!(material.poissons_ratio > -1.0 && material.poissons_ratio < 0.5))
      throw core::InputError(line.location(), "Poisson's ratio must lie in (-1, 0.5), got " +
                                                std::to_string(material.poissons_ratio));
    material.has_elastic = true;
  }

  void
  ModelKeywordParser::density(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (state_.current_material.empty())
      throw core::InputError(keyword.location(), "*DENSITY must follow *MATERIAL");
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    line.require_fields(1, 2, "DENSITY");
    core::Material &material = state_.model.materials.at(state_.current_material);
    material.density         = line.number(0);
    require_positive(material.density, "density", line.location(), true);
    material.has_density = true;
  }

  void
  ModelKeywordParser::damping(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (state_.current_material.empty())
      throw core::InputError(keyword.location(), "*DAMPING must follow *MATERIAL");
    if (!data.empty())
      throw core::InputError(data.front().location(), "*DAMPING takes no data lines");
    if (!keyword.has("ALPHA") && !keyword.has("BETA"))
      throw core::InputError(keyword.location(), "*DAMPING needs ALPHA= or BETA=");
    core::Material &material = state_.model.materials.at(state_.current_material);
    material.rayleigh_alpha  = keyword.number("ALPHA").value_or(0.0);
    material.rayleigh_beta   = keyword.number("BETA").value_or(0.0);
    if (material.rayleigh_alpha < 0.0 || material.rayleigh_beta < 0.0)
      throw core::InputError(keyword.location(), "*DAMPING ALPHA= and BETA= must not be negative");
  }

  core::Section &
  ModelKeywordParser::add_section(const core::SectionKind kind, const KeywordLine &keyword,
                                  const bool material_required)
  {
    core::Section section;
    section.kind       = kind;
    section.elset      = keyword.required_upper("ELSET");
    section.defined_at = keyword.location();
    if (material_required)
      section.material = keyword.required_upper("MATERIAL");
    else if (const auto material = keyword.value_upper("MATERIAL"))
      section.material = *material;
    state_.model.sections.push_back(section);
    return state_.model.sections.back();
  }

  void
  ModelKeywordParser::solid_section(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"ELSET", "MATERIAL"});
    core::Section &section = add_section(core::SectionKind::solid, keyword, true);
    require_at_most_lines(keyword, data, 1);
    // No data line, or an empty one, means a unit area as in Abaqus.
    section.properties.truss().area = 1.0;
    if (!data.empty())
      {
        data.front().require_fields(0, 1, "SOLID SECTION");
        section.properties.truss().area = data.front().number_or(0, 1.0);
        require_positive(section.properties.truss().area, "cross-sectional area",
                         data.front().location());
        section.dimensions = {section.properties.truss().area};
      }
  }

  void
  ModelKeywordParser::beam_shape_lines(core::Section &section, const KeywordLine &keyword,
                                       const std::vector<DataLine> &data, const unsigned max_lines)
  {
    const std::string written = section.shape;
    section.shape             = canonical_beam_shape(written);
    if (section.shape.empty())
      throw core::InputError(keyword.location(),
                             "unsupported beam section shape SECTION=" + written +
                               " (RECT, CIRC, PIPE, BOX" +
                               (keyword.name() == "BEAM GENERAL SECTION" ? ", GENERAL)" : ")"));
    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*" + keyword.name() +
                               " needs a data line with the section dimensions");
    require_at_most_lines(keyword, data, max_lines);
    const DataLine &dims      = data.front();
    const auto [fewest, most] = beam_section_dimension_count(section.shape);
    dims.require_fields(fewest, most, keyword.name() + ", SECTION=" + section.shape);
    for (unsigned i = 0; i < dims.n_fields(); ++i)
      section.dimensions.push_back(dims.number(i));
    // Checks the dimensions now, at their line; the shear factors are recomputed
    // with the material's Poisson ratio after reading.
    const Eigen::Vector3d n1     = section.properties.beam().n1;
    const bool            lumped = section.properties.beam().lumped;
    section.properties.beam() =
      beam_section_shape(section.shape, section.dimensions, 0.0, dims.location());
    section.properties.beam().n1          = n1;
    section.properties.beam().lumped      = lumped;
    section.properties.beam().axis_offset = axis_offset(keyword, section.shape, section.dimensions);
    state_.beam_shapes.push_back(
      PendingBeamShape{state_.model.sections.size() - 1, dims.location()});
    if (section.shape == "CIRC" && section.dimensions.size() == 1)
      warnings_ << dims.location().str()
                << ": warning: SECTION=CIRC with one value: " << dims.field(0)
                << " is the radius (Abaqus); CalculiX 2.20 reads it as the "
                << "diameter (write it twice, 'd, d', for a diameter)" << std::endl;
    if (data.size() > 1 && data[1].n_fields() > 0)
      {
        data[1].require_fields(3, 3, keyword.name() + " direction");
        section.properties.beam().n1 = direction_fields(data[1], 0, "beam section direction n1");
        section.properties.beam().n1_given = true;
      }
  }

  namespace
  {
    /** A beam section's LUMPED= (Abaqus: YES, the default, or NO). */
    bool
    lumped_mass(const KeywordLine &keyword)
    {
      const std::string value = keyword.value_upper("LUMPED").value_or("YES");
      if (value != "YES" && value != "NO")
        throw core::InputError(keyword.location(), "LUMPED must be YES or NO, got " + value);
      return value == "YES";
    }
  } // namespace

  void
  ModelKeywordParser::beam_section(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"ELSET", "MATERIAL", "SECTION", "OFFSET1", "OFFSET2", "LUMPED"});
    core::Section &section           = add_section(core::SectionKind::beam, keyword, true);
    section.shape                    = keyword.required_upper("SECTION");
    section.properties.beam().lumped = lumped_mass(keyword);
    beam_shape_lines(section, keyword, data, 2);
  }

  /*
   * SECTION=GENERAL (the default): line 1 "A, I11, I12, I22, J", line 2 the n1
   * direction, line 3 "E, G" (needed unless MATERIAL= is given; it takes
   * precedence over the material). The shear factors stay 0, i.e. no shear
   * flexibility (Euler-Bernoulli), because a general section gives no shear
   * areas. SECTION=RECT|CIRC|PIPE|BOX takes the dimension lines of *BEAM
   * SECTION, then E, G on line 3 as in Abaqus, or MATERIAL= as in CalculiX.
   */
  void
  ModelKeywordParser::beam_general_section(const KeywordLine           &keyword,
                                           const std::vector<DataLine> &data)
  {
    keyword.check_parameters(
      {"ELSET", "MATERIAL", "SECTION", "DENSITY", "OFFSET1", "OFFSET2", "LUMPED"});
    const std::string shape          = keyword.value_upper("SECTION").value_or("GENERAL");
    core::Section    &section        = add_section(core::SectionKind::beam, keyword, false);
    section.shape                    = shape;
    section.properties.beam().lumped = lumped_mass(keyword);
    if (const auto rho = keyword.number("DENSITY"))
      {
        require_positive(*rho, "DENSITY=", keyword.location(), true);
        section.general_density = *rho;
      }
    if (shape != "GENERAL")
      {
        beam_shape_lines(section, keyword, data, 3);
        general_moduli(section, keyword, data);
        return;
      }
    axis_offset(keyword, shape, {}); // offsets need a shape's extent

    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*BEAM GENERAL SECTION needs a data line A, I11, I12, I22, J");
    require_at_most_lines(keyword, data, 3);
    const DataLine &line = data[0];
    line.require_fields(5, 5, "BEAM GENERAL SECTION");
    for (unsigned i = 0; i < 5; ++i)
      section.dimensions.push_back(line.number(i));
    core::BeamSection &p = section.properties.beam();
    p.area               = section.dimensions[0];
    p.i11                = section.dimensions[1];
    p.i12                = section.dimensions[2];
    p.i22                = section.dimensions[3];
    p.torsion_constant   = section.dimensions[4];
    require_positive(p.area, "cross-sectional area", line.location());
    require_positive(p.i11, "I11", line.location());
    require_positive(p.i22, "I22", line.location());
    require_positive(p.torsion_constant, "torsion constant J", line.location());
    if (p.i12 * p.i12 >= p.i11 * p.i22)
      throw core::InputError(line.location(), "I12^2 must be less than I11 I22");

    if (data.size() > 1 && data[1].n_fields() > 0)
      {
        data[1].require_fields(3, 3, "BEAM GENERAL SECTION direction");
        p.n1       = direction_fields(data[1], 0, "beam section direction n1");
        p.n1_given = true;
      }
    general_moduli(section, keyword, data);
  }

  void
  ModelKeywordParser::general_moduli(core::Section &section, const KeywordLine &keyword,
                                     const std::vector<DataLine> &data)
  {
    if (data.size() > 2)
      {
        const DataLine &moduli = data[2];
        moduli.require_fields(2, 3, "BEAM GENERAL SECTION moduli");
        section.general_youngs_modulus = moduli.number(0);
        section.general_shear_modulus  = moduli.number(1);
        require_positive(*section.general_youngs_modulus, "Young's modulus E", moduli.location());
        require_positive(*section.general_shear_modulus, "shear modulus G", moduli.location());
        // A standard shape's shear coefficients take nu = E / (2 G) - 1; A, I, J
        // given directly (SECTION=GENERAL) need no consistent nu.
        const double nu =
          *section.general_youngs_modulus / (2.0 * *section.general_shear_modulus) - 1.0;
        if (section.shape != "GENERAL" && !(nu > -1.0 && nu < 0.5))
          throw core::InputError(moduli.location(), "E / (2 G) - 1, Poisson's ratio, must lie in "
                                                    "(-1, 0.5), got " +
                                                      std::to_string(nu));
      }
    else if (section.material.empty())
      throw core::InputError(keyword.location(), "*BEAM GENERAL SECTION needs MATERIAL= or E, G "
                                                 "on its third data line");
  }

  /*
   * Abaqus' *TRANSVERSE SHEAR STIFFNESS right after a beam section: one line
   * "K11, K22[, K12]" with K = k G A; K12 (coupling) must be 0 or absent.
   */
  void
  ModelKeywordParser::transverse_shear_stiffness(const KeywordLine           &keyword,
                                                 const std::vector<DataLine> &data)
  {
    keyword.check_parameters({});
    if (!state_.after_beam_section)
      throw core::InputError(keyword.location(), "*TRANSVERSE SHEAR STIFFNESS must follow "
                                                 "*BEAM SECTION or *BEAM GENERAL SECTION");
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    line.require_fields(2, 3, "TRANSVERSE SHEAR STIFFNESS");
    require_positive(line.number(0), "K11", line.location());
    require_positive(line.number(1), "K22", line.location());
    if (line.number_or(2, 0.0) != 0.0)
      throw core::InputError(line.location(), "a coupling term K12 of the transverse shear "
                                              "stiffness is not supported");
    state_.model.sections.back().transverse_shear_stiffness =
      std::make_pair(line.number(0), line.number(1));
  }

  void
  ModelKeywordParser::shell_general_section(const KeywordLine           &keyword,
                                            const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"ELSET", "MATERIAL", "OFFSET", "DENSITY", "COMPOSITE", "USER"});
    for (const char *form : {"COMPOSITE", "USER"})
      if (keyword.has(form))
        throw core::InputError(keyword.location(),
                               std::string("*SHELL GENERAL SECTION, ") + form +
                                 " is not supported: corot's shells are of one isotropic "
                                 "linear elastic material (MATERIAL=)");
    if (!keyword.has("MATERIAL"))
      throw core::InputError(keyword.location(),
                             "*SHELL GENERAL SECTION without MATERIAL= (a section stiffness "
                             "matrix on the data lines) is not supported: give MATERIAL= and "
                             "the thickness");
    if (const auto density = keyword.number("DENSITY"); density && *density != 0.0)
      throw core::InputError(keyword.location(),
                             "DENSITY= on *SHELL GENERAL SECTION (a mass per area added to the "
                             "material's) is not supported: put the mass in the material's "
                             "*DENSITY or on MASS elements");
    shell_section(keyword, data);
  }

  void
  ModelKeywordParser::shell_section(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (keyword.name() == "SHELL SECTION")
      keyword.check_parameters({"ELSET", "MATERIAL", "OFFSET"});
    if (keyword.has("OFFSET"))
      {
        const std::string offset = keyword.value_upper("OFFSET").value_or("");
        const bool        mid =
          offset == "MIDSURFACE" || offset == "0" || offset == "0." || offset == "0.0";
        if (!mid)
          throw core::InputError(keyword.location(),
                                 "OFFSET=" + keyword.value("OFFSET").value_or("") + " on *" +
                                   keyword.name() +
                                   " is not supported: corot's shells lie on the mid-surface "
                                   "(OFFSET=0 or MIDSURFACE only)");
      }
    core::Section &section = add_section(core::SectionKind::shell, keyword, true);
    require_one_line(keyword, data);
    data.front().require_fields(1, keyword.name() == "SHELL SECTION" ? 2 : 1, keyword.name());
    section.properties.shell().thickness = data.front().number(0);
    section.dimensions                   = {section.properties.shell().thickness};
    require_positive(section.properties.shell().thickness, "shell thickness",
                     data.front().location());
  }

  void
  ModelKeywordParser::mass(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"ELSET"});
    core::Section &section = add_section(core::SectionKind::point_mass, keyword, false);
    require_one_line(keyword, data);
    data.front().require_fields(1, 1, "MASS");
    section.properties.point_inertia().mass = data.front().number(0);
    require_positive(section.properties.point_inertia().mass, "mass", data.front().location());
  }

  void
  ModelKeywordParser::rotary_inertia(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"ELSET"});
    core::Section &section = add_section(core::SectionKind::rotary_inertia, keyword, false);
    require_one_line(keyword, data);
    const DataLine &line = data.front();
    line.require_fields(3, 6, "ROTARY INERTIA");
    Eigen::Matrix3d &j = section.properties.point_inertia().rotary_inertia;
    j(0, 0)            = line.number(0);
    j(1, 1)            = line.number(1);
    j(2, 2)            = line.number(2);
    j(0, 1) = j(1, 0) = line.number_or(3, 0.0);
    j(0, 2) = j(2, 0) = line.number_or(4, 0.0);
    j(1, 2) = j(2, 1) = line.number_or(5, 0.0);
    for (unsigned i = 0; i < 3; ++i)
      require_positive(j(i, i), "rotary inertia I" + std::to_string(i + 1) + std::to_string(i + 1),
                       line.location(), true);
  }

  void
  ModelKeywordParser::equation([[maybe_unused]] const KeywordLine &keyword,
                               const std::vector<DataLine>        &data)
  {
    core::Model &model = state_.model;
    for (unsigned l = 0; l < data.size();)
      {
        const DataLine &count_line = data[l++];
        const unsigned  n_terms    = count_line.positive_integer(0);
        core::Equation  equation;
        equation.defined_at = count_line.location();
        std::vector<unsigned> nodes;
        // Terms are triples node, dof, coefficient, four to a line in Abaqus;
        // CalculiX decks also put the first terms on the count line.
        auto add_terms = [&](const DataLine &line, const unsigned first) {
          const unsigned remaining = n_terms - equation.terms.size();
          const unsigned n_fields  = line.n_fields() - first;
          if (n_fields % 3 != 0 || n_fields == 0 || n_fields / 3 > remaining)
            throw core::InputError(line.location(), "*EQUATION term line needs up to " +
                                                      std::to_string(remaining) +
                                                      " triples node, dof, coefficient; got " +
                                                      std::to_string(n_fields) + " fields");
          for (unsigned t = 0; t < n_fields / 3; ++t)
            {
              const core::EquationTerm term{line.positive_integer(first + 3 * t),
                                            dof_field(line, first + 3 * t + 1),
                                            line.number(first + 3 * t + 2)};
              equation.terms.push_back(term);
              nodes.push_back(term.node_id);
            }
        };
        if (count_line.n_fields() > 1)
          add_terms(count_line, 1);
        while (equation.terms.size() < n_terms)
          {
            if (l == data.size())
              throw core::InputError(count_line.location(),
                                     "*EQUATION needs " + std::to_string(n_terms) + " terms, got " +
                                       std::to_string(equation.terms.size()));
            add_terms(data[l++], 0);
          }
        if (equation.terms.front().coefficient == 0.0)
          throw core::InputError(count_line.location(),
                                 "the first coefficient of an *EQUATION must not be zero");
        state_.set_members.push_back(SetMembers{true, "*EQUATION", nodes, count_line.location()});
        model.equations.push_back(equation);
      }
  }

  void
  ModelKeywordParser::amplitude(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    core::Amplitude amplitude;
    amplitude.name               = keyword.required_upper("NAME");
    amplitude.defined_at         = keyword.location();
    const std::string definition = keyword.value_upper("DEFINITION").value_or("TABULAR");
    const std::string time       = keyword.value_upper("TIME").value_or("STEP TIME");
    if (time != "STEP TIME")
      throw core::InputError(keyword.location(),
                             "unsupported TIME=" + time + " on *AMPLITUDE (only STEP TIME)");
    if (definition == "TABULAR")
      {
        if (data.empty())
          throw core::InputError(keyword.location(), "*AMPLITUDE needs time, value pairs");
        for (const DataLine &line : data)
          {
            if (line.n_fields() % 2 != 0)
              throw core::InputError(line.location(),
                                     "*AMPLITUDE data line needs time, value pairs, got " +
                                       std::to_string(line.n_fields()) + " fields");
            for (unsigned i = 0; i < line.n_fields(); i += 2)
              {
                const double t = line.number(i);
                if (!amplitude.points.empty() && t < amplitude.points.back().first)
                  throw core::InputError(line.location(), "*AMPLITUDE times must not decrease");
                amplitude.points.emplace_back(t, line.number(i + 1));
              }
          }
      }
    else if (definition == "EXPRESSION")
      {
        require_one_line(keyword, data);
        amplitude.is_expression = true;
        amplitude.expression    = data.front().text();
        // deal.II reports muParser errors on std::cerr before throwing: capture
        // that report to keep the message to one line and name the problem.
        std::ostringstream report;
        std::streambuf    *cerr_buffer = std::cerr.rdbuf(report.rdbuf());
        try
          {
            dealii::FunctionParser<1> parser(1);
            parser.initialize("t", amplitude.expression, core::expression_constants());
            parser.value(dealii::Point<1>(0.0));
            std::cerr.rdbuf(cerr_buffer);
          }
        catch (const std::exception &)
          {
            std::cerr.rdbuf(cerr_buffer);
            std::string       reason;
            const std::string text  = report.str();
            const auto        start = text.find("Message:");
            if (start != std::string::npos)
              {
                const auto open  = text.find('<', start);
                const auto close = text.find('>', open);
                if (open != std::string::npos && close != std::string::npos)
                  reason = ": " + text.substr(open + 1, close - open - 1);
              }
            throw core::InputError(data.front().location(), "invalid *AMPLITUDE expression '" +
                                                              amplitude.expression + "'" + reason);
          }
      }
    else
      throw core::InputError(keyword.location(), "unsupported *AMPLITUDE DEFINITION=" + definition +
                                                   " (TABULAR or EXPRESSION)");
    const auto [it, inserted] = state_.model.amplitudes.emplace(amplitude.name, amplitude);
    if (!inserted)
      throw core::InputError(keyword.location(), "duplicate amplitude name " + amplitude.name +
                                                   first_defined(it->second.defined_at));
  }

  void
  ModelKeywordParser::initial_conditions(const KeywordLine           &keyword,
                                         const std::vector<DataLine> &data)
  {
    const std::string type = keyword.required_upper("TYPE");
    if (type != "VELOCITY" && type != "DISPLACEMENT")
      throw core::InputError(keyword.location(), "unsupported *INITIAL CONDITIONS TYPE=" + type +
                                                   " (VELOCITY or DISPLACEMENT)");
    for (const DataLine &line : data)
      {
        line.require_fields(3, 3, "INITIAL CONDITIONS");
        core::InitialCondition condition;
        condition.is_velocity = type == "VELOCITY";
        condition.dof         = dof_field(line, 1);
        condition.value       = line.number(2);
        condition.defined_at  = line.location();
        const size_t index    = state_.model.initial_conditions.size();
        state_.model.initial_conditions.push_back(condition);
        add_reference(state_, true, line.field_upper(0), line.location(),
                      [index](core::Model &m) -> std::vector<unsigned> & {
                        return m.initial_conditions[index].node_ids;
                      });
      }
  }

  void
  ModelKeywordParser::boundary(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    const std::string type = keyword.value_upper("TYPE").value_or("DISPLACEMENT");
    if (type != "DISPLACEMENT" && type != "VELOCITY")
      throw core::InputError(keyword.location(),
                             "unsupported *BOUNDARY TYPE=" + type + " (DISPLACEMENT or VELOCITY)");
    const std::string op = keyword.value_upper("OP").value_or("MOD");
    if (op != "MOD" && op != "NEW")
      throw core::InputError(keyword.location(), "unsupported OP=" + op + " (MOD or NEW)");
    if (op == "NEW" && !state_.in_step)
      throw core::InputError(keyword.location(), "OP=NEW is only allowed inside a step");
    const std::string amplitude = keyword.value_upper("AMPLITUDE").value_or("");
    if (!amplitude.empty())
      state_.amplitudes.push_back(PendingAmplitude{amplitude, keyword.location()});

    const bool   in_step    = state_.in_step;
    const size_t step_index = in_step ? state_.model.steps.size() - 1 : 0;
    auto        &target = in_step ? state_.model.steps.back().boundaries : state_.model.boundaries;
    if (in_step && op == "NEW")
      state_.model.steps.back().new_boundaries = true;

    for (const DataLine &line : data)
      {
        // DOF ranges this line fixes: numeric (first[, last[, value]]) or a named type.
        std::vector<std::pair<unsigned, unsigned>> ranges;
        double                                     value = 0.0;
        if (!line.is_empty(1) && !is_integer(line.field(1)))
          {
            line.require_fields(2, 2, "BOUNDARY");
            const std::vector<unsigned> dofs = named_boundary_dofs(line.field_upper(1));
            if (dofs.empty())
              throw core::InputError(line.location(),
                                     "unknown *BOUNDARY type " + line.field_upper(1));
            for (const unsigned dof : dofs)
              if (!ranges.empty() && ranges.back().second + 1 == dof)
                ranges.back().second = dof;
              else
                ranges.emplace_back(dof, dof);
          }
        else
          {
            line.require_fields(2, 4, "BOUNDARY");
            const unsigned first = dof_field(line, 1);
            const unsigned last  = line.is_empty(2) ? first : dof_field(line, 2);
            if (last < first)
              throw core::InputError(line.location(),
                                     "last degree of freedom " + std::to_string(last) +
                                       " is below the first " + std::to_string(first));
            value = line.number_or(3, 0.0);
            ranges.emplace_back(first, last);
          }
        for (const auto &[first, last] : ranges)
          {
            core::BoundaryCondition condition;
            condition.first_dof   = first;
            condition.last_dof    = last;
            condition.value       = value;
            condition.amplitude   = amplitude;
            condition.is_velocity = type == "VELOCITY";
            condition.defined_at  = line.location();
            const size_t index    = target.size();
            target.push_back(condition);
            add_reference(state_, true, line.field_upper(0), line.location(),
                          [in_step, step_index, index](core::Model &m) -> std::vector<unsigned> & {
                            return in_step ? m.steps[step_index].boundaries[index].node_ids :
                                             m.boundaries[index].node_ids;
                          });
          }
      }
  }
} // namespace corot::deck

namespace corot::deck
{
  namespace
  {
    /** The handler that runs @p method of a ModelKeywordParser on the context's state. */
    template <void (ModelKeywordParser::*method)(const KeywordLine &,
                                                 const std::vector<DataLine> &)>
    void
    model_handler(KeywordContext &context, const KeywordLine &keyword,
                  const std::vector<DataLine> &data)
    {
      (ModelKeywordParser(context.state, context.warnings).*method)(keyword, data);
    }

    /** The handler of *NSET (@p is_node) or *ELSET. */
    template <bool is_node>
    void
    set_handler(KeywordContext &context, const KeywordLine &keyword,
                const std::vector<DataLine> &data)
    {
      ModelKeywordParser(context.state, context.warnings).set(keyword, data, is_node);
    }

    const std::vector<std::string> beam_shapes = {"RECT", "RECTANGULAR", "CIRC", "CIRCULAR",
                                                  "PIPE", "THICK PIPE",  "BOX"};
  } // namespace

  COROT_REGISTER_KEYWORD(
    node, "NODE", KeywordPlacement::model, "nodes and their coordinates",
    {optional_parameter("NSET", "also put the nodes into this node set")},
    "id, x[, y[, z]] per node (empty fields are 0; fields 5-7, a nodal normal, must be 0 or empty)",
    model_handler<&ModelKeywordParser::node>)

  COROT_REGISTER_KEYWORD(
    nset, "NSET", KeywordPlacement::model, "a node set (repeating a name adds to the set)",
    {required_parameter("NSET", "the set's name"),
     optional_flag("GENERATE", "data lines are first, last[, increment]")},
    "node ids or names of earlier node sets, or with GENERATE: first, last[, increment]",
    set_handler<true>)

  COROT_REGISTER_KEYWORD(
    elset, "ELSET", KeywordPlacement::model, "an element set (repeating a name adds to the set)",
    {required_parameter("ELSET", "the set's name"),
     optional_flag("GENERATE", "data lines are first, last[, increment]")},
    "element ids or names of earlier element sets, or with GENERATE: first, last[, increment]",
    set_handler<false>)

  COROT_REGISTER_KEYWORD(element, "ELEMENT", KeywordPlacement::model,
                         "elements of one type (B32/B32R are split into two B31)",
                         {required_parameter("TYPE", "element type (see the element types)"),
                          optional_parameter("ELSET",
                                             "also put the elements into this element set")},
                         "id, node ids (a line ending in a comma continues on the next)",
                         model_handler<&ModelKeywordParser::element>)

  COROT_REGISTER_KEYWORD(material, "MATERIAL", KeywordPlacement::model,
                         "opens a material; *ELASTIC and *DENSITY follow it",
                         {required_parameter("NAME", "the material's name")}, "",
                         model_handler<&ModelKeywordParser::material>)

  COROT_REGISTER_KEYWORD(elastic, "ELASTIC", KeywordPlacement::model,
                         "isotropic elasticity of the open *MATERIAL",
                         {optional_parameter("TYPE", "only isotropic", {"ISO", "ISOTROPIC"})},
                         "E, nu (E > 0, -1 < nu < 0.5; nu defaults to 0)",
                         model_handler<&ModelKeywordParser::elastic>, true)

  COROT_REGISTER_KEYWORD(density, "DENSITY", KeywordPlacement::model,
                         "mass density of the open *MATERIAL", {}, "rho (>= 0)",
                         model_handler<&ModelKeywordParser::density>, true)

  COROT_REGISTER_KEYWORD(
    damping, "DAMPING", KeywordPlacement::model,
    "Rayleigh damping of the open *MATERIAL (Abaqus): C = ALPHA M + BETA K, K the material tangent "
    "in the element's co-rotated frame (rigid-body motion is not damped by BETA)",
    {optional_parameter("ALPHA", "mass-proportional factor (1/time, >= 0)"),
     optional_parameter("BETA", "stiffness-proportional factor (time, >= 0)")},
    "", model_handler<&ModelKeywordParser::damping>, true)

  COROT_REGISTER_KEYWORD(
    solid_section, "SOLID SECTION", KeywordPlacement::model, "truss section (T2D2, T3D2)",
    {required_parameter("ELSET", "the elements"), required_parameter("MATERIAL", "their material")},
    "area (optional, default 1)", model_handler<&ModelKeywordParser::solid_section>)

  COROT_REGISTER_KEYWORD(
    beam_section, "BEAM SECTION", KeywordPlacement::model,
    "beam section of a standard shape (B21, B31)",
    {required_parameter("ELSET", "the elements"), required_parameter("MATERIAL", "their material"),
     required_parameter("SECTION", "the shape", beam_shapes),
     optional_parameter("OFFSET1", "node line OFFSET1 h1 off the section centre along local 1"),
     optional_parameter("OFFSET2", "node line OFFSET2 h2 off the section centre along local 2"),
     optional_parameter("LUMPED",
                        "YES (default): lumped mass in *DYNAMIC; NO: consistent (B21 under "
                        "NLGEOM: the co-rotational Hermite mass)",
                        {"YES", "NO"})},
    "line 1 the shape's dimensions (RECT a, b; CIRC r or d, d; PIPE r, t; BOX a, b, t1..t4); "
    "line 2 the n1 direction",
    model_handler<&ModelKeywordParser::beam_section>)

  COROT_REGISTER_KEYWORD(
    beam_general_section, "BEAM GENERAL SECTION", KeywordPlacement::model,
    "beam section by its properties or a standard shape, Euler-Bernoulli (no shear area)",
    {required_parameter("ELSET", "the elements"),
     optional_parameter("MATERIAL", "their material (else E, G on line 3)"),
     optional_parameter("SECTION", "GENERAL (default) or a standard shape",
                        {"GENERAL", "RECT", "RECTANGULAR", "CIRC", "CIRCULAR", "PIPE", "THICK PIPE",
                         "BOX"}),
     optional_parameter("DENSITY", "mass density (>= 0)"),
     optional_parameter("OFFSET1", "node line OFFSET1 h1 off the section centre along local 1"),
     optional_parameter("OFFSET2", "node line OFFSET2 h2 off the section centre along local 2"),
     optional_parameter("LUMPED",
                        "YES (default): lumped mass in *DYNAMIC; NO: consistent (B21 under "
                        "NLGEOM: the co-rotational Hermite mass)",
                        {"YES", "NO"})},
    "line 1 A, I11, I12, I22, J (GENERAL) or the shape's dimensions; line 2 the n1 direction; "
    "line 3 E, G (unless MATERIAL=)",
    model_handler<&ModelKeywordParser::beam_general_section>)

  COROT_REGISTER_KEYWORD(transverse_shear_stiffness, "TRANSVERSE SHEAR STIFFNESS",
                         KeywordPlacement::model,
                         "shear stiffness of the beam section just defined", {},
                         "K11, K22 (= k G A, > 0)",
                         model_handler<&ModelKeywordParser::transverse_shear_stiffness>)

  COROT_REGISTER_KEYWORD(
    shell_section, "SHELL SECTION", KeywordPlacement::model,
    "section of S3, S4, S4R shells: homogeneous, isotropic, on the mid-surface",
    {required_parameter("ELSET", "the elements"), required_parameter("MATERIAL", "their material"),
     optional_parameter("OFFSET", "0 or MIDSURFACE only (other offsets are an error)")},
    "thickness (> 0) [, number of integration points through the thickness: ignored, the section is "
    "integrated exactly]",
    model_handler<&ModelKeywordParser::shell_section>)

  COROT_REGISTER_KEYWORD(
    shell_general_section, "SHELL GENERAL SECTION", KeywordPlacement::model,
    "pre-integrated section of S3, S4, S4R shells of one linear elastic material: as *SHELL SECTION",
    {required_parameter("ELSET", "the elements"),
     optional_parameter("MATERIAL",
                        "their material (required: the stiffness-matrix form is refused)"),
     optional_parameter("OFFSET", "0 or MIDSURFACE only (other offsets are an error)"),
     optional_parameter("DENSITY", "0 only (an added mass per area is refused)"),
     optional_flag("COMPOSITE", "refused"), optional_flag("USER", "refused")},
    "thickness (> 0)", model_handler<&ModelKeywordParser::shell_general_section>)

  COROT_REGISTER_KEYWORD(mass, "MASS", KeywordPlacement::model, "point mass of MASS elements",
                         {required_parameter("ELSET", "the MASS elements")}, "mass (> 0)",
                         model_handler<&ModelKeywordParser::mass>)

  COROT_REGISTER_KEYWORD(rotary_inertia, "ROTARY INERTIA", KeywordPlacement::model,
                         "rotary inertia of ROTARYI elements",
                         {required_parameter("ELSET", "the ROTARYI elements")},
                         "I11, I22, I33[, I12, I13, I23] in global axes",
                         model_handler<&ModelKeywordParser::rotary_inertia>)

  COROT_REGISTER_KEYWORD(
    equation, "EQUATION", KeywordPlacement::model,
    "linear constraints sum a_i u(node_i, dof_i) = 0 (the first term's DOF is eliminated)", {},
    "number of terms, then node, dof, coefficient triples (up to 4 per line)",
    model_handler<&ModelKeywordParser::equation>)

  COROT_REGISTER_KEYWORD(
    amplitude, "AMPLITUDE", KeywordPlacement::model, "a named amplitude of step time",
    {required_parameter("NAME", "the amplitude's name"),
     optional_parameter("DEFINITION", "TABULAR (default) or a muParser expression in t",
                        {"TABULAR", "EXPRESSION"}),
     optional_parameter("TIME", "only STEP TIME", {"STEP TIME"})},
    "TABULAR: time, value pairs (times not decreasing); EXPRESSION: one line, f(t)",
    model_handler<&ModelKeywordParser::amplitude>)

  COROT_REGISTER_KEYWORD(initial_conditions, "INITIAL CONDITIONS", KeywordPlacement::model,
                         "initial velocities or displacements",
                         {required_parameter("TYPE", "what is given",
                                             {"VELOCITY", "DISPLACEMENT"})},
                         "node or node set, dof, value",
                         model_handler<&ModelKeywordParser::initial_conditions>)

  COROT_REGISTER_KEYWORD(
    boundary, "BOUNDARY", KeywordPlacement::anywhere,
    "fixed or prescribed DOFs, in the model or the current step",
    {optional_parameter("AMPLITUDE", "prescribed value times this amplitude of step time"),
     optional_parameter("TYPE", "what is prescribed (default DISPLACEMENT)",
                        {"DISPLACEMENT", "VELOCITY"}),
     optional_parameter("OP",
                        "MOD (default) changes, NEW first removes every condition (in a step)",
                        {"MOD", "NEW"})},
    "node or node set, first dof[, last dof[, value]], or node or set, ENCASTRE|PINNED|XSYMM|...",
    model_handler<&ModelKeywordParser::boundary>)
} // namespace corot::deck
