#include <elements/registry.h>
#include <src/deck/beam_section_shapes.h>
#include <src/deck/data_line.h>
#include <src/deck/model_finaliser.h>

#include <map>
#include <set>
#include <unordered_set>

namespace corot::deck
{
  namespace
  {

    /** Element id -> section, from the element sets the sections name (each element in one section). */
    std::map<unsigned, const core::Section *>
    sections_of_elements(const core::Model &model)
    {
      std::map<unsigned, const core::Section *> section_of;
      for (const core::Section &section : model.sections)
        for (const unsigned id : model.element_sets.at(section.elset))
          {
            const auto [it, inserted] = section_of.emplace(id, &section);
            if (!inserted)
              throw core::InputError(section.defined_at, "element " + std::to_string(id) +
                                                           " already has a section (defined at " +
                                                           it->second->defined_at.str() + ")");
          }
      return section_of;
    }

    /**
     * The material constants of @p section: those of its material, overridden
     * by E, G and DENSITY= given on a *BEAM GENERAL SECTION.
     */
    core::MaterialConstants
    material_constants(const core::Model &model, const core::Section &section)
    {
      core::MaterialConstants constants;
      if (!section.material.empty())
        {
          const core::Material &material = model.materials.at(section.material);
          constants.youngs_modulus       = material.youngs_modulus;
          constants.shear_modulus        = material.shear_modulus();
          constants.density              = material.density;
          constants.rayleigh_alpha       = material.rayleigh_alpha;
          constants.rayleigh_beta        = material.rayleigh_beta;
        }
      if (section.general_youngs_modulus)
        constants.youngs_modulus = *section.general_youngs_modulus;
      if (section.general_shear_modulus)
        constants.shear_modulus = *section.general_shear_modulus;
      if (section.general_density)
        constants.density = *section.general_density;
      return constants;
    }

    /** True if a section of @p section's kind needs E from its material. */
    bool
    needs_elastic(const core::Section &section)
    {
      return section.kind == core::SectionKind::solid || section.kind == core::SectionKind::shell ||
             (section.kind == core::SectionKind::beam && !section.general_youngs_modulus);
    }
  } // namespace

  ModelFinaliser::ModelFinaliser(ParseState &state)
    : state_(state)
  {}

  void
  ModelFinaliser::run()
  {
    assign_split_element_ids();
    remove_repeated_set_members();
    check_node_and_element_uses();
    resolve_references();
    check_amplitudes();
    resolve_sections();
    check_section_assignment();
    check_pressure_loads();
    resolve_element_definitions();
    resolve_connector_frames();
  }

  void
  ModelFinaliser::check_pressure_loads() const
  {
    const core::Model &model = state_.model;
    for (const core::Step &step : model.steps)
      for (const core::PressureLoad &load : step.pressures)
        for (const unsigned id : load.element_ids)
          {
            const core::ElementRecord       &element = model.elements[model.element_index.at(id)];
            const elements::ElementTypeInfo *info =
              elements::ElementRegistry::instance().find(element.type);
            if (info->section_kind != core::SectionKind::shell)
              throw core::InputError(load.defined_at,
                                     "*DLOAD, P is a pressure on shell faces, but element " +
                                       std::to_string(id) + " is a " + element.type + " (" +
                                       element.defined_at.str() + ")");
          }
  }

  void
  ModelFinaliser::assign_split_element_ids()
  {
    core::Model &model = state_.model;
    if (state_.split_elements.empty())
      return;
    unsigned next_id = model.element_index.empty() ? 0 : model.element_index.rbegin()->first;
    std::map<unsigned, unsigned> second_half; // original id -> new id
    for (const SplitElement &split : state_.split_elements)
      {
        model.elements[split.index].id = ++next_id;
        model.element_index[next_id]   = split.index;
        second_half[split.original_id] = next_id;
      }
    for (auto &[name, members] : model.element_sets)
      {
        const size_t n = members.size();
        for (size_t i = 0; i < n; ++i)
          {
            const auto it = second_half.find(members[i]);
            if (it != second_half.end())
              members.push_back(it->second);
          }
      }
  }

  void
  ModelFinaliser::remove_repeated_set_members()
  {
    for (auto *sets : {&state_.model.node_sets, &state_.model.element_sets})
      for (auto &[name, members] : *sets)
        {
          std::unordered_set<unsigned> seen;
          std::vector<unsigned>        unique;
          unique.reserve(members.size());
          for (const unsigned id : members)
            if (seen.insert(id).second)
              unique.push_back(id);
          members = std::move(unique);
        }
  }

  void
  ModelFinaliser::check_node_and_element_uses() const
  {
    const core::Model &model = state_.model;
    for (const core::ElementRecord &element : model.elements)
      for (const unsigned node : element.node_ids)
        if (model.node_index.count(node) == 0)
          throw core::InputError(element.defined_at, "element " + std::to_string(element.id) +
                                                       " refers to undefined node " +
                                                       std::to_string(node));
    for (const SetMembers &use : state_.set_members)
      for (const unsigned id : use.ids)
        if ((use.is_node ? model.node_index.count(id) : model.element_index.count(id)) == 0)
          throw core::InputError(use.location, std::string("undefined ") +
                                                 (use.is_node ? "node " : "element ") +
                                                 std::to_string(id) + " in " + use.context);
  }

  void
  ModelFinaliser::resolve_references()
  {
    core::Model &model = state_.model;
    for (const PendingReference &reference : state_.references)
      {
        const std::string     what = reference.is_node ? "node" : "element";
        std::vector<unsigned> ids;
        if (is_integer(reference.name))
          {
            // Ids have at most nine digits (DataLine::max_integer): a longer one
            // is out of range, not read modulo 2^32 or thrown past as stoul's
            // std::out_of_range (found by fuzz.deck_reader).
            const std::size_t first_digit =
              std::min(reference.name.find_first_not_of('0'), reference.name.size());
            if (reference.name.size() - first_digit > std::to_string(DataLine::max_integer).size())
              throw core::InputError(reference.location,
                                     what + " id " + reference.name + " is out of range (at most " +
                                       std::to_string(DataLine::max_integer) + ")");
            const unsigned long id = std::stoul(reference.name);
            if ((reference.is_node ? model.node_index.count(id) : model.element_index.count(id)) ==
                0)
              throw core::InputError(reference.location,
                                     "undefined " + what + " " + reference.name);
            ids.push_back(static_cast<unsigned>(id));
          }
        else
          {
            const auto &sets = reference.is_node ? model.node_sets : model.element_sets;
            const auto  set  = sets.find(reference.name);
            if (set == sets.end())
              throw core::InputError(reference.location,
                                     "undefined " + what + " set " + reference.name);
            ids = set->second;
          }
        reference.target(model) = std::move(ids);
      }
  }

  void
  ModelFinaliser::check_amplitudes() const
  {
    for (const PendingAmplitude &amplitude : state_.amplitudes)
      if (state_.model.amplitudes.count(amplitude.name) == 0)
        throw core::InputError(amplitude.location, "undefined amplitude " + amplitude.name);
  }

  void
  ModelFinaliser::resolve_sections()
  {
    core::Model &model = state_.model;
    for (const core::Section &section : model.sections)
      {
        if (model.element_sets.count(section.elset) == 0)
          throw core::InputError(section.defined_at, "undefined element set " + section.elset);
        if (section.material.empty())
          continue;
        const auto material = model.materials.find(section.material);
        if (material == model.materials.end())
          throw core::InputError(section.defined_at, "undefined material " + section.material);
        if (needs_elastic(section) && !material->second.has_elastic)
          throw core::InputError(section.defined_at,
                                 "material " + section.material + " (defined at " +
                                   material->second.defined_at.str() + ") has no *ELASTIC");
      }
    for (const PendingBeamShape &shape : state_.beam_shapes)
      {
        core::Section &section = model.sections[shape.section_index];
        // Poisson's ratio for the shear coefficients: from E, G of a *BEAM GENERAL
        // SECTION if given there, else the material's.
        const double nu =
          section.general_shear_modulus ?
            *section.general_youngs_modulus / (2.0 * *section.general_shear_modulus) - 1.0 :
            model.materials.at(section.material).poissons_ratio;
        core::BeamSection      &beam  = section.properties.beam();
        const core::BeamSection given = beam;
        beam          = beam_section_shape(section.shape, section.dimensions, nu, shape.location);
        beam.n1       = given.n1;
        beam.n1_given = given.n1_given;
        beam.axis_offset = given.axis_offset;
        beam.lumped      = given.lumped;
      }
    // The rigid eccentricity's mass is exact for small rotations only, and its
    // initial-stress matrix is not implemented (elements/rigid_offset_beam.h).
    for (const core::Section &section : model.sections)
      if (section.kind == core::SectionKind::beam &&
          !section.properties.beam().axis_offset.isZero(0.0))
        for (const core::Step &step : model.steps)
          if (step.parameters_of<core::DynamicParameters>() ||
              step.parameters_of<core::BuckleParameters>())
            throw core::InputError(section.defined_at,
                                   std::string("OFFSET1=/OFFSET2= (a beam axis offset) is not "
                                               "supported with *") +
                                     (step.parameters_of<core::DynamicParameters>() ? "DYNAMIC" :
                                                                                      "BUCKLE") +
                                     " (at " + step.procedure_at.str() + ")");
  }

  void
  ModelFinaliser::check_section_assignment() const
  {
    const core::Model &model      = state_.model;
    const auto         section_of = sections_of_elements(model);
    for (const core::ElementRecord &element : model.elements)
      {
        const elements::ElementTypeInfo *info =
          elements::ElementRegistry::instance().find(element.type);
        const auto        section = section_of.find(element.id);
        const std::string needed  = core::section_keyword(info->section_kind);
        if (section == section_of.end())
          throw core::InputError(element.defined_at, "element " + std::to_string(element.id) +
                                                       " of type " + element.type +
                                                       " has no section (it needs a " + needed +
                                                       " on an element set containing it)");
        if (section->second->kind != info->section_kind)
          throw core::InputError(element.defined_at,
                                 "element " + std::to_string(element.id) + " of type " +
                                   element.type + " needs a " + needed + ", but the section at " +
                                   section->second->defined_at.str() + " is a " +
                                   core::section_keyword(section->second->kind));
      }
  }

  void
  ModelFinaliser::resolve_element_definitions()
  {
    core::Model &model = state_.model;
    // Each section used by an element, once: its material constants and the
    // shear factors of a *TRANSVERSE SHEAR STIFFNESS (k = K / (G A)), which need G.
    std::map<const core::Section *, std::pair<core::SectionProperties, core::MaterialConstants>>
               resolved;
    const auto resolve = [&](const core::Section &section) -> const auto &
    {
      if (const auto it = resolved.find(&section); it != resolved.end())
        return it->second;
      core::SectionProperties properties = section.properties;
      const auto              material   = material_constants(model, section);
      if (const auto &k = section.transverse_shear_stiffness)
        {
          core::BeamSection &beam = properties.beam();
          const double       g_a  = material.shear_modulus * beam.area;
          if (!(g_a > 0.0))
            throw core::InputError(section.defined_at,
                                   "*TRANSVERSE SHEAR STIFFNESS needs a shear modulus");
          beam.shear_factor_1 = k->first / g_a;
          beam.shear_factor_2 = k->second / g_a;
        }
      if (section.kind == core::SectionKind::connector &&
          !properties.connector().orientation_a.empty())
        {
          core::ConnectorProperties &connector = properties.connector();
          const auto                 it        = model.orientations.find(connector.orientation_a);
          if (it == model.orientations.end())
            throw core::InputError(section.defined_at, "*CONNECTOR SECTION: orientation " +
                                                         connector.orientation_a +
                                                         " is not defined (*ORIENTATION, NAME=" +
                                                         connector.orientation_a + ")");
          connector.frame_a = it->second.axes;
        }
      return resolved.emplace(&section, std::make_pair(std::move(properties), material))
        .first->second;
    };

    const auto section_of = sections_of_elements(model);
    model.element_definitions.clear();
    model.element_definitions.reserve(model.elements.size());
    for (const core::ElementRecord &record : model.elements)
      {
        const auto &[properties, material] = resolve(*section_of.at(record.id));
        core::ElementDefinition definition;
        definition.id       = record.id;
        definition.node_ids = record.node_ids;
        for (const unsigned node_id : record.node_ids)
          definition.reference_positions.push_back(
            model.nodes[model.node_index.at(node_id)].position);
        definition.section  = properties;
        definition.material = material;
        model.element_definitions.push_back(std::move(definition));
      }
  }

  void
  ModelFinaliser::resolve_connector_frames()
  {
    core::Model &model = state_.model;
    for (core::ConnectorSection &section : model.connector_sections)
      {
        const auto frame = [&](const std::string &name) -> Eigen::Matrix3d {
          if (name.empty())
            return Eigen::Matrix3d::Identity();
          const auto it = model.orientations.find(name);
          if (it == model.orientations.end())
            throw core::InputError(section.defined_at,
                                   "*CONNECTOR SECTION: orientation " + name +
                                     " is not defined (*ORIENTATION, NAME=" + name + ")");
          return it->second.axes;
        };
        section.axes_a = frame(section.orientation_a);
        section.axes_b =
          section.orientation_b.empty() ? section.axes_a : frame(section.orientation_b);
        using core::ConnectionComponent;
        const bool aligned =
          section.has(ConnectionComponent::align) || section.has(ConnectionComponent::beam);
        if (aligned && (section.axes_a - section.axes_b).norm() > 1e-9)
          throw core::InputError(section.defined_at,
                                 "*CONNECTOR SECTION: " + section.type +
                                   " keeps the frames at nodes a and b aligned, but the "
                                   "orientations given at a and b differ");
        for (const unsigned id : section.element_ids)
          {
            const core::ElementRecord &element = model.elements.at(model.element_index.at(id));
            const std::string          name    = "connector element " + std::to_string(id);
            if (element.node_ids.size() != 2)
              throw core::InputError(element.defined_at, name + " needs two nodes");
            if (element.node_ids[0] == element.node_ids[1])
              throw core::InputError(element.defined_at, name + " joins node " +
                                                           std::to_string(element.node_ids[0]) +
                                                           " to itself");
          }
      }
  }
} // namespace corot::deck
