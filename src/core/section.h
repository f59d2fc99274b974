#pragma once
/**
 * @file
 * Cross-section data assigned to an element set (*SOLID SECTION, *BEAM SECTION,
 * *BEAM GENERAL SECTION, *SHELL SECTION, *MASS, *ROTARY INERTIA, *SPRING, *DASHPOT): one struct
 * per kind of section, held by SectionProperties, and the deck record Section.
 */
#include <src/core/source_location.h>

#include <Eigen/Dense>

#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
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
    rotary_inertia, ///< *ROTARY INERTIA
    connector,      ///< *CONNECTOR SECTION: a connection type (core::ConnectorSection)
    spring,         ///< *SPRING: the stiffness of SPRINGA elements
    dashpot         ///< *DASHPOT: the coefficient of DASHPOTA elements
  };

  /** The keyword(s) that define a section of @p kind, for messages and --help. */
  inline const char *
  section_keyword(const SectionKind kind)
  {
    switch (kind)
      {
        case SectionKind::solid:
          return "*SOLID SECTION";
        case SectionKind::beam:
          return "*BEAM SECTION or *BEAM GENERAL SECTION";
        case SectionKind::shell:
          return "*SHELL SECTION";
        case SectionKind::point_mass:
          return "*MASS";
        case SectionKind::rotary_inertia:
          return "*ROTARY INERTIA";
        case SectionKind::connector:
          return "*CONNECTOR SECTION";
        case SectionKind::spring:
          return "*SPRING";
        case SectionKind::dashpot:
          return "*DASHPOT";
      }
    return "a section";
  }

  /** A bar's section (*SOLID SECTION on T2D2, T3D2). */
  struct TrussSection
  {
    double area = 0.0; ///< A
  };

  /**
   * Geometric properties of a beam section in its principal-ish local axes
   * 1, 2 (Abaqus convention: local 1 = n1, local 2 = t x n1 with t the beam
   * axis). I11 is the second moment about axis 1, I22 about axis 2.
   */
  struct BeamSection
  {
    double area             = 0.0; ///< A
    double i11              = 0.0; ///< second moment of area about local 1
    double i12              = 0.0; ///< product moment of area
    double i22              = 0.0; ///< second moment of area about local 2
    double torsion_constant = 0.0; ///< St Venant torsion constant J
    double shear_factor_1 =
      0.0; ///< Timoshenko shear coefficient k for shear along local 1 (0: no shear flexibility)
    double shear_factor_2 = 0.0; ///< Timoshenko shear coefficient k for shear along local 2
    /** Direction of local axis 1 (Abaqus n1); Abaqus default (0, 0, -1) for space beams. */
    Eigen::Vector3d n1       = Eigen::Vector3d(0.0, 0.0, -1.0);
    bool            n1_given = false;
    /**
     * Position of the section centre relative to the node line, components
     * along local 1 and 2 (lengths). CalculiX's OFFSET1=, OFFSET2= offset the
     * beam axis from the centre by OFFSETk times the section's extent h_k
     * along k, so the centre lies at -(OFFSET1 h1, OFFSET2 h2) (checked on the
     * brick expansion of ccx 2.20). Zero: the nodes lie on the centre line.
     */
    Eigen::Vector2d axis_offset = Eigen::Vector2d::Zero();
    /**
     * The mass *DYNAMIC uses (Abaqus' LUMPED= of the beam sections; default
     * YES): true, the lumped mass; false (LUMPED=NO), the consistent one: in
     * a linear step the consistent mass of *FREQUENCY, under NLGEOM the
     * co-rotational consistent mass that turns with the nodes
     * (elements::PlanarConsistentInertia, B21).
     */
    bool lumped = true;
  };

  /** A shell's section (*SHELL SECTION). */
  struct ShellSection
  {
    double thickness = 0.0; ///< shell thickness
  };

  /** Inertia lumped at a node (*MASS on MASS elements, *ROTARY INERTIA on ROTARYI elements). */
  struct PointInertia
  {
    double          mass = 0.0; ///< *MASS value
    Eigen::Matrix3d rotary_inertia =
      Eigen::Matrix3d::Zero(); ///< *ROTARY INERTIA tensor (global axes)
  };

  /** The one constant of a discrete element (*SPRING on SPRINGA, *DASHPOT on DASHPOTA). */
  struct DiscreteSection
  {
    /** Spring stiffness (force per length) or dashpot coefficient (force per velocity). */
    double coefficient = 0.0;
  };

  /**
   * What a CONN3D2 element needs of its *CONNECTOR SECTION (the connection
   * itself is a constraint, core::ConnectorSection).
   */
  struct ConnectorProperties
  {
    bool            rotations = false; ///< the connection involves the nodes' rotations (RX..RZ)
    std::string     orientation_a;     ///< upper case; empty: the global axes
    Eigen::Matrix3d frame_a = Eigen::Matrix3d::Identity(); ///< its axes (columns), resolved
  };

  /**
   * The data of one section: empty, or exactly one of the per-kind structs.
   * The non-const accessors give the struct of their kind, creating it in an
   * empty section; the const accessors throw std::invalid_argument if the
   * section holds another kind (e.g. a beam element given a truss section).
   */
  class SectionProperties
  {
  public:
    /** The truss data (created in an empty section). */
    TrussSection &
    truss()
    {
      return get<TrussSection>();
    }

    /** The truss data; throws std::invalid_argument for another kind of section. */
    const TrussSection &
    truss() const
    {
      return get<TrussSection>("a truss section (*SOLID SECTION)");
    }

    /** The beam data (created in an empty section). */
    BeamSection &
    beam()
    {
      return get<BeamSection>();
    }

    /** The beam data; throws std::invalid_argument for another kind of section. */
    const BeamSection &
    beam() const
    {
      return get<BeamSection>("a beam section (*BEAM SECTION, *BEAM GENERAL SECTION)");
    }

    /** The shell data (created in an empty section). */
    ShellSection &
    shell()
    {
      return get<ShellSection>();
    }

    /** The shell data; throws std::invalid_argument for another kind of section. */
    const ShellSection &
    shell() const
    {
      return get<ShellSection>("a shell section (*SHELL SECTION)");
    }

    /** The nodal inertia (created in an empty section). */
    PointInertia &
    point_inertia()
    {
      return get<PointInertia>();
    }

    /** The nodal inertia; throws std::invalid_argument for another kind of section. */
    const PointInertia &
    point_inertia() const
    {
      return get<PointInertia>("a point inertia (*MASS, *ROTARY INERTIA)");
    }

    /** The connector data (created in an empty section). */
    ConnectorProperties &
    connector()
    {
      return get<ConnectorProperties>();
    }

    /** The connector data; throws std::invalid_argument for another kind of section. */
    const ConnectorProperties &
    connector() const
    {
      return get<ConnectorProperties>("a connector section (*CONNECTOR SECTION)");
    }

    /** The spring or dashpot constant (created in an empty section). */
    DiscreteSection &
    discrete()
    {
      return get<DiscreteSection>();
    }

    /** The spring or dashpot constant; throws std::invalid_argument for another kind of section. */
    const DiscreteSection &
    discrete() const
    {
      return get<DiscreteSection>("a spring or dashpot constant (*SPRING, *DASHPOT)");
    }

    /** Whether the section holds data of type @p Kind (TrussSection, BeamSection, ...). */
    template <typename Kind>
    bool
    holds() const
    {
      return std::holds_alternative<Kind>(data_);
    }

  private:
    /** The data of type @p Kind, created if the section is empty; a section has one kind only. */
    template <typename Kind>
    Kind &
    get()
    {
      if (std::holds_alternative<std::monostate>(data_))
        data_.template emplace<Kind>();
      if (!std::holds_alternative<Kind>(data_))
        throw std::logic_error("a section holds data of one kind only");
      return std::get<Kind>(data_);
    }

    /** The data of type @p Kind; @p what names the kind in the error. */
    template <typename Kind>
    const Kind &
    get(const char *what) const
    {
      if (!std::holds_alternative<Kind>(data_))
        throw std::invalid_argument(std::string("the element needs ") + what);
      return std::get<Kind>(data_);
    }

    std::variant<std::monostate, TrussSection, BeamSection, ShellSection, PointInertia,
                 ConnectorProperties, DiscreteSection>
      data_;
  };

  /** A section assigned to an element set, as read from the deck. */
  struct Section
  {
    SectionKind kind = SectionKind::solid;
    std::string elset;
    std::string
      material; ///< empty for *MASS, *ROTARY INERTIA and for GENERAL sections with E, G given
    std::string         shape;      ///< RECT, CIRC, PIPE, BOX, GENERAL, or empty
    std::vector<double> dimensions; ///< the dimension line as written (shape-specific)
    SectionProperties   properties; ///< the data of the section's kind
    /** E and G given on a *BEAM GENERAL SECTION (used when no material is named). */
    std::optional<double> general_youngs_modulus;
    std::optional<double> general_shear_modulus;
    /**
     * *TRANSVERSE SHEAR STIFFNESS K11, K22 (force units: k G A per direction);
     * they set the shear factors once G is known (deck::ModelFinaliser).
     */
    std::optional<std::pair<double, double>> transverse_shear_stiffness;
    /** DENSITY= given on a *BEAM GENERAL SECTION (mass per unit volume). */
    std::optional<double> general_density;
    SourceLocation        defined_at;
  };
} // namespace corot::core
