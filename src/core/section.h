#pragma once
/**
 * @file
 * Cross-section data assigned to an element set (*SOLID SECTION, *BEAM SECTION,
 * *BEAM GENERAL SECTION, *SHELL SECTION, *MASS, *ROTARY INERTIA).
 */
#include <src/core/source_location.h>

#include <Eigen/Dense>

#include <optional>
#include <string>
#include <vector>

namespace corot::core
{
  /** Which keyword defined a section, and therefore which element families it fits. */
  enum class SectionKind
  {
    solid,          ///< *SOLID SECTION: truss cross-sectional area
    beam,           ///< *BEAM SECTION or *BEAM GENERAL SECTION
    shell,          ///< *SHELL SECTION: thickness
    point_mass,     ///< *MASS
    rotary_inertia  ///< *ROTARY INERTIA
  };

  /**
   * Geometric properties of a section in its principal-ish local axes 1, 2
   * (Abaqus convention: local 1 = n1, local 2 = t x n1 with t the beam axis).
   * I11 is the second moment about axis 1, I22 about axis 2.
   */
  struct SectionProperties
  {
    double area             = 0.0; ///< A
    double i11              = 0.0; ///< second moment of area about local 1
    double i12              = 0.0; ///< product moment of area
    double i22              = 0.0; ///< second moment of area about local 2
    double torsion_constant = 0.0; ///< St Venant torsion constant J
    double shear_factor_1   = 0.0; ///< Timoshenko shear coefficient k for shear along local 1 (0: no shear flexibility)
    double shear_factor_2   = 0.0; ///< Timoshenko shear coefficient k for shear along local 2
    double thickness        = 0.0; ///< shell thickness
    double point_mass       = 0.0; ///< *MASS value
    Eigen::Matrix3d rotary_inertia = Eigen::Matrix3d::Zero(); ///< *ROTARY INERTIA tensor (global axes)
    /** Direction of local axis 1 (Abaqus n1); Abaqus default (0, 0, -1) for space beams. */
    Eigen::Vector3d n1 = Eigen::Vector3d(0.0, 0.0, -1.0);
    bool            n1_given = false;
    /**
     * Position of the section centre relative to the node line, components
     * along local 1 and 2 (lengths). CalculiX's OFFSET1=, OFFSET2= offset the
     * beam axis from the centre by OFFSETk times the section's extent h_k
     * along k, so the centre lies at -(OFFSET1 h1, OFFSET2 h2) (checked on the
     * brick expansion of ccx 2.20). Zero: the nodes lie on the centre line.
     */
    Eigen::Vector2d axis_offset = Eigen::Vector2d::Zero();
  };

  /** A section assigned to an element set. */
  struct Section
  {
    SectionKind       kind = SectionKind::solid;
    std::string       elset;
    std::string       material; ///< empty for *MASS, *ROTARY INERTIA and for GENERAL sections with E, G given
    std::string       shape;    ///< RECT, CIRC, PIPE, BOX, GENERAL, or empty
    std::vector<double> dimensions; ///< the dimension line as written (shape-specific)
    SectionProperties properties;
    /** E and G given on a *BEAM GENERAL SECTION (used when no material is named). */
    std::optional<double> general_youngs_modulus;
    std::optional<double> general_shear_modulus;
    /**
     * *TRANSVERSE SHEAR STIFFNESS K11, K22 (force units: k G A per direction);
     * they set the shear factors once G is known (element builder).
     */
    std::optional<std::pair<double, double>> transverse_shear_stiffness;
    /** DENSITY= given on a *BEAM GENERAL SECTION (mass per unit volume). */
    std::optional<double> general_density;
    SourceLocation        defined_at;
  };
} // namespace corot::core
