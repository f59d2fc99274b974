#include <src/deck/kinematic_coupling_keyword.h>
#include <src/deck/parse_state.h>

#include <map>
#include <string>

namespace corot::deck
{
  namespace
  {
    /** The reference node of REF NODE=: a node id, or a node set (defined above) of one node. */
    unsigned
    reference_node(const ParseState &state, const KeywordLine &keyword)
    {
      const std::string value = keyword.required_upper("REF NODE");
      if (value.find_first_not_of("0123456789") == std::string::npos)
        {
          const auto id = keyword.integer("REF NODE");
          if (!id || *id == 0)
            throw core::InputError(keyword.location(),
                                   "*KINEMATIC COUPLING: REF NODE= must be a node id or a node "
                                   "set of one node");
          return *id;
        }
      const auto set = state.model.node_sets.find(value);
      if (set == state.model.node_sets.end())
        throw core::InputError(keyword.location(),
                               "*KINEMATIC COUPLING: REF NODE=" + value +
                                 " is neither a node id nor a node set defined above");
      if (set->second.size() != 1)
        throw core::InputError(keyword.location(),
                               "*KINEMATIC COUPLING: the node set REF NODE=" + value + " has " +
                                 std::to_string(set->second.size()) +
                                 " nodes; the reference node set must hold exactly one");
      return set->second.front();
    }

    /** The DOFs first..last of a data line as a bit mask (bit k - 1 for DOF k). */
    unsigned
    coupled_dofs(const DataLine &line)
    {
      if (line.is_empty(1))
        {
          if (!line.is_empty(2))
            throw core::InputError(line.location(),
                                   "*KINEMATIC COUPLING: a last DOF without a first one");
          return 0x3f;
        }
      const unsigned first = line.positive_integer(1);
      const unsigned last  = line.is_empty(2) ? first : line.positive_integer(2);
      if (first > 6 || last > 6 || last < first)
        throw core::InputError(line.location(), "*KINEMATIC COUPLING: DOFs " +
                                                  std::to_string(first) + " to " +
                                                  std::to_string(last) +
                                                  " are not a range of the structural DOFs 1 to 6");
      unsigned mask = 0;
      for (unsigned k = first; k <= last; ++k)
        mask |= 1u << (k - 1);
      return mask;
    }
  } // namespace

  void
  parse_kinematic_coupling(KeywordContext &context, const KeywordLine &keyword,
                           const std::vector<DataLine> &data)
  {
    ParseState &state = context.state;
    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*KINEMATIC COUPLING needs data lines: node or node set, first DOF, "
                             "last DOF");
    core::RigidBody body;
    body.origin            = "*KINEMATIC COUPLING";
    body.defined_at        = keyword.location();
    body.reference_node_id = reference_node(state, keyword);
    state.set_members.push_back(
      SetMembers{true, "*KINEMATIC COUPLING", {body.reference_node_id}, keyword.location()});

    // DOFs per node or set name, in the order of the data lines.
    std::map<std::string, std::pair<unsigned, const DataLine *>> coupled;
    std::vector<std::string>                                     order;
    for (const DataLine &line : data)
      {
        line.require_fields(1, 3, "KINEMATIC COUPLING");
        const std::string name = line.field_upper(0);
        auto [entry, added]    = coupled.try_emplace(name, 0u, &line);
        if (added)
          order.push_back(name);
        entry->second.first |= coupled_dofs(line);
      }
    const size_t index = state.model.rigid_bodies.size();
    for (const std::string &name : order)
      {
        const auto &[mask, line] = coupled.at(name);
        const bool tied          = mask == 0x3f;
        if (mask != 0x07 && !tied)
          throw core::InputError(
            line->location(),
            "*KINEMATIC COUPLING of " + name +
              ": this release couples DOFs 1-3 (the positions, carried by the rigid motion of "
              "the reference node, as *RIGID BODY, PIN NSET=) or 1-6 (positions and rotations, "
              "as TIE NSET=), not a part of them");
        add_reference(state, true, name, line->location(),
                      [index, tied](core::Model &m) -> std::vector<unsigned> & {
                        return tied ? m.rigid_bodies[index].tie_node_ids :
                                      m.rigid_bodies[index].pin_node_ids;
                      });
      }
    state.model.rigid_bodies.push_back(body);
  }

  COROT_REGISTER_KEYWORD(
    kinematic_coupling, "KINEMATIC COUPLING", KeywordPlacement::model,
    "nodes whose DOFs 1-3 (positions) or 1-6 (and rotations) follow the rigid motion of a "
    "reference node through finite rotations (as *RIGID BODY, PIN/TIE NSET=)",
    {required_parameter("REF NODE", "the reference node (gets UX..RZ): a node id, or a node set "
                                    "of one node defined above")},
    "node or node set, first DOF (blank: all), last DOF (blank: the first only); 1-3 or 1-6",
    parse_kinematic_coupling)
} // namespace corot::deck
