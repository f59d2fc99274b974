#include <src/deck/constraint_keyword_parser.h>
#include <src/deck/keyword_registry.h>

namespace corot::deck
{
  ConstraintKeywordParser::ConstraintKeywordParser(ParseState &state)
    : state_(state)
  {}

  void
  ConstraintKeywordParser::mpc(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (data.empty())
      throw core::InputError(keyword.location(),
                             "*MPC needs lines: type, follower node, leader node");
    for (const DataLine &line : data)
      {
        line.require_fields(3, 3, "MPC");
        const std::string type = line.field_upper(0);
        core::NodeTie     tie;
        tie.follower_id = line.positive_integer(1);
        tie.leader_id   = line.positive_integer(2);
        tie.defined_at  = line.location();
        tie.origin      = "*MPC " + type;
        if (type == "BEAM")
          tie.rigid_lever = tie.tied_rotation = true;
        else if (type == "PIN")
          tie.rigid_lever = tie.tied_rotation = false;
        else if (type == "TIE")
          {
            tie.rigid_lever   = false;
            tie.tied_rotation = true;
          }
        else
          throw core::InputError(line.location(), "unsupported *MPC type " + type +
                                                    " (BEAM, PIN or TIE in this release)");
        if (tie.follower_id == tie.leader_id)
          throw core::InputError(line.location(), "*MPC " + type + " ties node " +
                                                    std::to_string(tie.follower_id) + " to itself");
        state_.set_members.push_back(
          SetMembers{true, "*MPC", {tie.follower_id, tie.leader_id}, line.location()});
        state_.model.node_ties.push_back(tie);
      }
  }

  void
  ConstraintKeywordParser::rigid_body(const KeywordLine &keyword, const std::vector<DataLine> &data)
  {
    if (!data.empty())
      throw core::InputError(data.front().location(), "*RIGID BODY takes no data lines");
    core::RigidBody body;
    body.defined_at      = keyword.location();
    const auto reference = keyword.integer("REF NODE");
    if (!reference || *reference == 0)
      throw core::InputError(keyword.location(), "*RIGID BODY needs REF NODE= (a node id)");
    body.reference_node_id = *reference;
    state_.set_members.push_back(SetMembers{true, "*RIGID BODY", {*reference}, keyword.location()});
    const size_t index = state_.model.rigid_bodies.size();
    bool         any   = false;
    if (const auto elset = keyword.value_upper("ELSET"))
      {
        any = true;
        add_reference(state_, false, *elset, keyword.location(),
                      [index](core::Model &m) -> std::vector<unsigned> & {
                        return m.rigid_bodies[index].element_ids;
                      });
      }
    if (const auto pins = keyword.value_upper("PIN NSET"))
      {
        any = true;
        add_reference(state_, true, *pins, keyword.location(),
                      [index](core::Model &m) -> std::vector<unsigned> & {
                        return m.rigid_bodies[index].pin_node_ids;
                      });
      }
    if (const auto ties = keyword.value_upper("TIE NSET"))
      {
        any = true;
        add_reference(state_, true, *ties, keyword.location(),
                      [index](core::Model &m) -> std::vector<unsigned> & {
                        return m.rigid_bodies[index].tie_node_ids;
                      });
      }
    if (!any)
      throw core::InputError(keyword.location(),
                             "*RIGID BODY needs ELSET=, PIN NSET= or TIE NSET=");
    state_.model.rigid_bodies.push_back(body);
  }

  namespace
  {
    /** The handler that runs @p method of a ConstraintKeywordParser on the context's state. */
    template <void (ConstraintKeywordParser::*method)(const KeywordLine &,
                                                      const std::vector<DataLine> &)>
    void
    constraint_handler(KeywordContext &context, const KeywordLine &keyword,
                       const std::vector<DataLine> &data)
    {
      (ConstraintKeywordParser(context.state).*method)(keyword, data);
    }
  } // namespace

  COROT_REGISTER_KEYWORD(
    mpc, "MPC", KeywordPlacement::model,
    "node-to-node constraints at finite rotation: BEAM (rigid link and rotation), PIN (equal "
    "displacements), TIE (equal displacements and rotations)",
    {}, "type (BEAM, PIN, TIE), follower node (eliminated), leader node",
    constraint_handler<&ConstraintKeywordParser::mpc>)

  COROT_REGISTER_KEYWORD(
    rigid_body, "RIGID BODY", KeywordPlacement::model,
    "nodes carried rigidly by a reference node through finite rotations",
    {required_parameter("REF NODE", "the reference node (gets UX..RZ)"),
     optional_parameter("ELSET", "elements whose nodes are tied (rotations where they have them)"),
     optional_parameter("PIN NSET", "nodes whose positions only are carried"),
     optional_parameter("TIE NSET", "nodes whose positions and rotations are carried")},
    "", constraint_handler<&ConstraintKeywordParser::rigid_body>)
} // namespace corot::deck
