#pragma once
/**
 * @file
 * Connector elements (CONN3D2) and the local frames (*ORIENTATION) they
 * use, as a deck defines them.
 */
#include <src/core/source_location.h>

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace corot::core
{
  /**
   * A local rectangular frame (*ORIENTATION, SYSTEM=RECTANGULAR): the
   * columns of @p axes are the local directions 1, 2, 3 in global
   * coordinates (Abaqus Keywords Reference, *ORIENTATION).
   */
  struct Orientation
  {
    std::string     name; ///< upper case
    Eigen::Matrix3d axes = Eigen::Matrix3d::Identity();
    SourceLocation  defined_at;
  };

  /**
   * The kinematic constraints of a connection type (Abaqus Analysis User's
   * Guide, "Connection-type library"), as corot enforces them between the
   * connector's nodes a and b:
   * - JOIN: x_b = x_a (equal positions);
   * - REVOLUTE: the local 1-directions of a and b stay parallel (two
   *   rotations about directions normal to it held, the one about it free);
   * - ALIGN: R_b = R_a (the local frames stay aligned);
   * - SLOT: x_b stays on the line through x_a along the local 1-direction of
   *   a (two translations held);
   * - BEAM: x_b = x_a + R_a (X_b - X_a) and R_b = R_a (a rigid link).
   * The assembled types are HINGE = JOIN + REVOLUTE, WELD = JOIN + ALIGN,
   * TRANSLATOR = SLOT + ALIGN and CYLINDRICAL = SLOT + REVOLUTE.
   */
  enum class ConnectionComponent
  {
    join,
    slot,
    revolute,
    align,
    beam
  };

  /**
   * *CONNECTOR SECTION, ELSET=: the connection type of the CONN3D2 elements
   * of an element set and the orientations at their nodes a and b.
   */
  struct ConnectorSection
  {
    std::string                      elset;       ///< upper case
    std::vector<unsigned>            element_ids; ///< resolved after reading
    std::string                      type;        ///< as written: HINGE, "JOIN, REVOLUTE", ...
    std::vector<ConnectionComponent> components;
    std::string                      orientation_a; ///< upper case; empty: global axes
    std::string                      orientation_b; ///< upper case; empty: that of a
    SourceLocation                   defined_at;
    /**
     * The frames orientation_a and orientation_b name (columns: local directions 1, 2, 3),
     * resolved by the model finaliser (deck::ModelFinaliser).
     */
    Eigen::Matrix3d axes_a = Eigen::Matrix3d::Identity();
    Eigen::Matrix3d axes_b = Eigen::Matrix3d::Identity();

    /** True if the section has connection component @p component. */
    bool
    has(const ConnectionComponent component) const
    {
      for (const ConnectionComponent c : components)
        if (c == component)
          return true;
      return false;
    }
  };
} // namespace corot::core
