#include <src/deck/connector_section_keyword.h>
#include <src/deck/parse_state.h>

#include <algorithm>
#include <map>
#include <string>

namespace corot::deck
{
  namespace
  {
    using Component = core::ConnectionComponent;

    /** The types corot enforces: name -> the constraint components. */
    const std::map<std::string, std::vector<Component>> &
    connection_types()
    {
      static const std::map<std::string, std::vector<Component>> types{
        {"JOIN", {Component::join}},
        {"SLOT", {Component::slot}},
        {"REVOLUTE", {Component::revolute}},
        {"ALIGN", {Component::align}},
        {"HINGE", {Component::join, Component::revolute}},
        {"WELD", {Component::join, Component::align}},
        {"TRANSLATOR", {Component::slot, Component::align}},
        {"CYLINDRICAL", {Component::slot, Component::revolute}},
        {"BEAM", {Component::beam}}};
      return types;
    }

    bool
    is_translational(const Component component)
    {
      return component == Component::join || component == Component::slot;
    }
  } // namespace

  std::vector<core::ConnectionComponent>
  connection_components(const DataLine &line)
  {
    line.require_fields(1, 2, "CONNECTOR SECTION");
    std::vector<Component> components;
    for (unsigned i = 0; i < line.n_fields(); ++i)
      {
        if (line.is_empty(i))
          continue;
        const std::string name = line.field_upper(i);
        const auto        type = connection_types().find(name);
        if (type == connection_types().end())
          throw core::InputError(
            line.location(),
            "*CONNECTOR SECTION: connection type " + name +
              " is not supported; corot enforces JOIN, SLOT, REVOLUTE, ALIGN (basic) and HINGE "
              "(JOIN + REVOLUTE), WELD (JOIN + ALIGN), TRANSLATOR (SLOT + ALIGN), CYLINDRICAL "
              "(SLOT + REVOLUTE), BEAM (assembled)");
        const bool assembled = name == "HINGE" || name == "WELD" || name == "BEAM" ||
                               name == "TRANSLATOR" || name == "CYLINDRICAL";
        if (assembled && line.non_empty_fields().size() > 1)
          throw core::InputError(line.location(),
                                 "*CONNECTOR SECTION: " + name +
                                   " is an assembled connection type; write it alone on the line");
        components.insert(components.end(), type->second.begin(), type->second.end());
      }
    if (components.empty())
      throw core::InputError(line.location(), "*CONNECTOR SECTION needs a connection type");
    const auto translational =
      std::count_if(components.begin(), components.end(), is_translational);
    const auto rotational = static_cast<long>(components.size()) - translational;
    if (components.size() == 2 && (translational != 1 || rotational != 1))
      throw core::InputError(line.location(),
                             "*CONNECTOR SECTION: two basic connection types are one "
                             "translational (JOIN, SLOT) and one rotational (REVOLUTE, ALIGN)");
    return components;
  }

  void
  parse_connector_section(KeywordContext &context, const KeywordLine &keyword,
                          const std::vector<DataLine> &data)
  {
    ParseState &state = context.state;
    if (keyword.has("BEHAVIOR"))
      throw core::InputError(keyword.location(),
                             "*CONNECTOR SECTION, BEHAVIOR= (connector elasticity, damping, "
                             "friction, stops) is not supported: corot's connectors enforce "
                             "their connection type's constraints only");
    if (data.empty() || data.size() > 2)
      throw core::InputError(keyword.location(),
                             "*CONNECTOR SECTION needs a data line with the connection type "
                             "(e.g. HINGE) and at most a second with the orientations at the "
                             "nodes a and b");
    core::ConnectorSection connector;
    connector.elset      = keyword.required_upper("ELSET");
    connector.defined_at = keyword.location();
    connector.type       = data.front().text();
    connector.components = connection_components(data.front());
    if (data.size() == 2)
      {
        data[1].require_fields(0, 2, "CONNECTOR SECTION");
        connector.orientation_a = data[1].field_upper(0);
        connector.orientation_b = data[1].field_upper(1);
        if (connector.orientation_a.empty() && !connector.orientation_b.empty())
          throw core::InputError(data[1].location(),
                                 "*CONNECTOR SECTION: an orientation at node b needs one at "
                                 "node a");
      }

    core::Section section;
    section.kind       = core::SectionKind::connector;
    section.elset      = connector.elset;
    section.defined_at = keyword.location();
    section.properties.connector().rotations =
      std::any_of(connector.components.begin(), connector.components.end(),
                  [](const Component c) { return c != Component::join; });
    section.properties.connector().orientation_a = connector.orientation_a;
    state.model.sections.push_back(section);

    const size_t index = state.model.connector_sections.size();
    add_reference(state, false, connector.elset, keyword.location(),
                  [index](core::Model &m) -> std::vector<unsigned> & {
                    return m.connector_sections[index].element_ids;
                  });
    state.model.connector_sections.push_back(connector);
  }

  COROT_REGISTER_KEYWORD(
    connector_section, "CONNECTOR SECTION", KeywordPlacement::model,
    "the connection type of CONN3D2 elements: kinematic constraints between their two nodes "
    "through finite rotations (JOIN, SLOT, REVOLUTE, ALIGN, HINGE, WELD, TRANSLATOR, "
    "CYLINDRICAL, BEAM)",
    {required_parameter("ELSET", "the CONN3D2 elements"),
     optional_parameter("BEHAVIOR", "connector behaviour: refused (constraints only)")},
    "connection type: HINGE, WELD, TRANSLATOR, CYLINDRICAL or BEAM, or a translational basic "
    "type (JOIN, SLOT) and/or a "
    "rotational one (REVOLUTE, ALIGN); second line (optional): orientation at node a, at node b "
    "(*ORIENTATION names; local direction 1 is the hinge axis)",
    parse_connector_section)
} // namespace corot::deck
