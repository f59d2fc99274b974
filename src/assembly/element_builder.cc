#include <elements/registry.h>
#include <src/assembly/element_builder.h>

#include <map>
#include <stdexcept>

namespace corot::assembly
{
  namespace
  {
    /** Element id -> section, from the element sets the sections name. */
    std::map<unsigned, const core::Section *>
    section_of_elements(const core::Model &model)
    {
      std::map<unsigned, const core::Section *> result;
      for (const core::Section &section : model.sections)
        {
          const auto set = model.element_sets.find(section.elset);
          if (set == model.element_sets.end())
            throw core::InputError(section.defined_at,
                                   "undefined element set " + section.elset);
          for (const unsigned id : set->second)
            {
              const auto [it, inserted] = result.emplace(id, &section);
              if (!inserted && it->second != &section)
                throw core::InputError(section.defined_at,
                                       "element " + std::to_string(id) +
                                         " already has a section (defined at " +
                                         it->second->defined_at.str() + ")");
            }
        }
      return result;
    }

    elements::MaterialConstants
    material_constants(const core::Model &model, const core::Section &section)
    {
      elements::MaterialConstants constants;
      if (!section.material.empty())
        {
          const auto it = model.materials.find(section.material);
          if (it == model.materials.end())
            throw core::InputError(section.defined_at,
                                   "undefined material " + section.material);
          const core::Material &material = it->second;
          if (!material.has_elastic &&
              (section.kind == core::SectionKind::solid ||
               section.kind == core::SectionKind::shell ||
               (section.kind == core::SectionKind::beam && !section.general_youngs_modulus)))
            throw core::InputError(section.defined_at,
                                   "material " + material.name + " (defined at " +
                                     material.defined_at.str() + ") has no *ELASTIC");
          constants.youngs_modulus = material.youngs_modulus;
          constants.shear_modulus  = material.shear_modulus();
          constants.density        = material.density;
        }
      if (section.general_youngs_modulus)
        constants.youngs_modulus = *section.general_youngs_modulus;
      if (section.general_shear_modulus)
        constants.shear_modulus = *section.general_shear_modulus;
      if (section.general_density)
        constants.density = *section.general_density;
      return constants;
    }
  } // namespace

  std::vector<std::unique_ptr<elements::Element>>
  build_elements(const core::Model &model)
  {
    const auto sections = section_of_elements(model);

    std::vector<std::unique_ptr<elements::Element>> result;
    result.reserve(model.elements.size());
    for (const core::ElementRecord &record : model.elements)
      {
        const elements::ElementTypeInfo *info =
          elements::ElementRegistry::instance().find(record.type);
        if (info == nullptr)
          throw core::InputError(record.defined_at, "unknown element type " + record.type);

        const auto section = sections.find(record.id);
        if (section == sections.end())
          throw core::InputError(record.defined_at,
                                 "element " + std::to_string(record.id) +
                                   " has no section (no section names an element set containing it)");
        if (section->second->kind != info->section_kind)
          throw core::InputError(section->second->defined_at,
                                 "this section does not fit element " +
                                   std::to_string(record.id) + " of type " + record.type +
                                   " (defined at " + record.defined_at.str() + ")");

        elements::ElementDefinition definition;
        definition.id       = record.id;
        definition.node_ids = record.node_ids;
        for (const unsigned node_id : record.node_ids)
          {
            const auto node = model.node_index.find(node_id);
            if (node == model.node_index.end())
              throw core::InputError(record.defined_at,
                                     "element " + std::to_string(record.id) +
                                       " refers to undefined node " + std::to_string(node_id));
            definition.reference_positions.push_back(model.nodes[node->second].position);
          }
        definition.section  = section->second->properties;
        definition.material = material_constants(model, *section->second);
        if (const auto &k = section->second->transverse_shear_stiffness)
          {
            const double g_a = definition.material.shear_modulus * definition.section.area;
            if (!(g_a > 0.0))
              throw core::InputError(section->second->defined_at,
                                     "*TRANSVERSE SHEAR STIFFNESS needs a shear modulus");
            definition.section.shear_factor_1 = k->first / g_a;
            definition.section.shear_factor_2 = k->second / g_a;
          }

        try
          {
            result.push_back(info->create(definition));
          }
        catch (const core::InputError &)
          {
            throw;
          }
        catch (const std::exception &error)
          {
            throw core::InputError(record.defined_at, error.what());
          }
      }
    return result;
  }
} // namespace corot::assembly
