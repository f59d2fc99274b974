#include <elements/axial_dashpot.h>
#include <elements/registry.h>

#include <stdexcept>

namespace corot::elements
{
  AxialDashpot::AxialDashpot(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , reference_chord_(definition.reference_positions[1] - definition.reference_positions[0])
    , coefficient_(definition.section.discrete().coefficient)
  {
    if (!(reference_chord_.norm() > 0.0))
      throw std::invalid_argument("DASHPOTA element " + std::to_string(definition.id) +
                                  " has coincident nodes: its line of action is undefined");
  }

  void
  AxialDashpot::damping_matrix(const ElementKinematics &state, Eigen::MatrixXd &damping) const
  {
    const Eigen::Vector3d chord = reference_chord_ + state[1].displacement - state[0].displacement;
    if (!(chord.norm() > 0.0))
      throw std::runtime_error("a DASHPOTA element's nodes have met: its line of action is lost");
    const Eigen::Vector3d n     = chord.normalized();
    const Eigen::Matrix3d block = coefficient_ * n * n.transpose();
    damping                     = Eigen::MatrixXd(6, 6);
    damping << block, -block, -block, block;
  }

  COROT_REGISTER_ELEMENT(AxialDashpot, "DASHPOTA", 2, core::SectionKind::dashpot,
                         "axial dashpot between two nodes along their current line (UX UY UZ; "
                         "*DASHPOT coefficient; no stiffness or mass)")
} // namespace corot::elements
