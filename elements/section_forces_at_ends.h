#pragma once
/**
 * @file
 * Section forces of a two-node line element (truss or beam) at its ends and
 * its middle, under Abaqus' names (SF1 SF2 SF3 SM1 SM2 SM3).
 */
#include <Eigen/Dense>

#include <string>
#include <utility>
#include <vector>

namespace corot::elements
{
  /**
   * The (name, value) list of section forces of a two-node truss or beam,
   * for Element::section_forces: for each component name c (e.g. "SF1",
   * "SM1") first the middle value c = (c_end1 + c_end2)/2, then "c_end1" for
   * all components, then "c_end2". The middle is the element's integration
   * point for one-point elements; with no load between the nodes (element
   * forces are the nodal internal forces) forces are constant and moments
   * linear along the element, so the mean of the ends is the value at the
   * middle (input_decks/README.md, "Section forces of trusses and beams").
   *
   * Sign: each end value is the force (moment) the part of the element
   * towards node 2 exerts on the part towards node 1 across the section
   * (the stress resultant on the section whose outward normal is the
   * element axis t = x2 - x1 direction): tension positive; at end 1 it is
   * minus the element's internal force on node 1, at end 2 plus the
   * internal force on node 2, in the element's current local axes.
   *
   * Units: force and force x length, as the deck's. @p names and the entries
   * of @p end1, @p end2 correspond; the first name
   * is "SF1" (axial force), which callers may take as the axial force of the
   * element (front() of the list).
   */
  std::vector<std::pair<std::string, double>>
  section_forces_at_ends(const std::vector<std::string> &names, const Eigen::VectorXd &end1,
                         const Eigen::VectorXd &end2);

  /**
   * section_forces_at_ends for a beam in space from the section force
   * vectors and moment vectors at its ends in the local axes (t, n1, n2) of
   * Abaqus (t along the element, n1 the section's 1-axis, n2 = t x n1):
   * SF1 = F.t, SF2 = F.n2, SF3 = F.n1, SM1 = M.n1, SM2 = M.n2, SM3 = M.t
   * (Abaqus: SF2 the shear in the local 2-direction, SF3 in the local
   * 1-direction, SM1 and SM2 bending about the local 1- and 2-axes, SM3 the
   * torque).
   */
  std::vector<std::pair<std::string, double>>
  spatial_beam_section_forces(const Eigen::Vector3d &force_end1, const Eigen::Vector3d &moment_end1,
                              const Eigen::Vector3d &force_end2,
                              const Eigen::Vector3d &moment_end2);
} // namespace corot::elements
