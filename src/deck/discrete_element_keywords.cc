#include <src/deck/discrete_element_keywords.h>
#include <src/deck/parse_state.h>

#include <string>

namespace corot::deck
{
  void
  parse_discrete_element_section(KeywordContext &context, const KeywordLine &keyword,
                                 const std::vector<DataLine> &data)
  {
    keyword.check_parameters({"ELSET", "NONLINEAR"});
    const bool spring = keyword.name() == "SPRING";
    if (keyword.has("NONLINEAR"))
      throw core::InputError(keyword.location(),
                             "*" + keyword.name() +
                               ", NONLINEAR (a force-elongation table) is not supported: give "
                               "the linear " +
                               (spring ? "stiffness" : "coefficient") + " on one data line");
    const std::string what = spring ? "spring stiffness" : "dashpot coefficient";
    if (data.size() != 1)
      throw core::InputError(keyword.location(),
                             "*" + keyword.name() + " needs one data line, the " + what +
                               (data.empty() ? "" :
                                               " (only the axial element types " +
                                                 std::string(spring ? "SPRINGA" : "DASHPOTA") +
                                                 " are supported, which take no DOF line)"));
    const DataLine &line = data.front();
    line.require_fields(1, 1, keyword.name());
    core::Section section;
    section.kind       = spring ? core::SectionKind::spring : core::SectionKind::dashpot;
    section.elset      = keyword.required_upper("ELSET");
    section.defined_at = keyword.location();
    section.properties.discrete().coefficient = line.number(0);
    if (!(section.properties.discrete().coefficient >= 0.0))
      throw core::InputError(line.location(), "the " + what + " must not be negative");
    context.state.model.sections.push_back(section);
  }

  COROT_REGISTER_KEYWORD(spring, "SPRING", KeywordPlacement::model,
                         "stiffness of SPRINGA elements (axial springs)",
                         {required_parameter("ELSET", "the SPRINGA elements"),
                          optional_flag("NONLINEAR", "refused: linear springs only")},
                         "spring stiffness (force per length, >= 0)",
                         parse_discrete_element_section)

  COROT_REGISTER_KEYWORD(dashpot, "DASHPOT", KeywordPlacement::model,
                         "coefficient of DASHPOTA elements (axial dashpots)",
                         {required_parameter("ELSET", "the DASHPOTA elements"),
                          optional_flag("NONLINEAR", "refused: linear dashpots only")},
                         "dashpot coefficient (force per velocity, >= 0)",
                         parse_discrete_element_section)
} // namespace corot::deck
