#pragma once
/**
 * @file
 * The structural model read from a deck: nodes, elements, sets, materials,
 * sections, constraints, amplitudes, initial conditions and steps.
 */
#include <src/core/connector.h>
#include <src/core/element_definition.h>
#include <src/core/imported_matrices.h>
#include <src/core/kinematic_coupling.h>
#include <src/core/material.h>
#include <src/core/restart_request.h>
#include <src/core/section.h>
#include <src/core/source_location.h>
#include <src/core/step.h>

#include <Eigen/Dense>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace corot::core
{
  /** A node: user id and reference position. */
  struct NodeRecord
  {
    unsigned        id       = 0;
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
    SourceLocation  defined_at;
  };

  /** An element as written in the deck: user id, type name, node ids. */
  struct ElementRecord
  {
    unsigned              id = 0;
    std::string           type; ///< registered element type, e.g. "T3D2", "B31"
    std::vector<unsigned> node_ids;
    SourceLocation        defined_at;
  };

  /** One term of a linear multi-point constraint (*EQUATION). */
  struct EquationTerm
  {
    unsigned node_id     = 0;
    unsigned dof         = 1; ///< 1..6
    double   coefficient = 0.0;
  };

  /** sum_i c_i u_i = 0 (*EQUATION). */
  struct Equation
  {
    std::vector<EquationTerm> terms;
    SourceLocation            defined_at;
  };

  /** Time function scaling a load or prescribed value (*AMPLITUDE). */
  struct Amplitude
  {
    std::string                            name;
    bool                                   is_expression = false;
    std::vector<std::pair<double, double>> points;     ///< TABULAR (time, value), time increasing
    std::string                            expression; ///< EXPRESSION, a muParser formula in t
    SourceLocation                         defined_at;
  };

  /** *INITIAL CONDITIONS, TYPE=VELOCITY | DISPLACEMENT data line. */
  struct InitialCondition
  {
    bool                  is_velocity = true;
    std::vector<unsigned> node_ids;
    unsigned              dof   = 1;
    double                value = 0.0;
    SourceLocation        defined_at;
  };

  /**
   * A substructure for component mode synthesis: an element set
   * (*COMPONENT, NAME=, ELSET=) or matrices read from files (*COMPONENT,
   * NAME=, INPUT=, FORMAT=).
   */
  struct Component
  {
    std::string           name;        ///< upper case
    std::string           element_set; ///< upper case (empty for an imported component)
    std::vector<unsigned> element_ids; ///< resolved after reading
    SourceLocation        defined_at;
    /** INPUT=: the imported matrices (null for an element-set component). */
    std::shared_ptr<const ImportedMatrices> imported;
  };

  /** A design parameter of a component (*DESIGN PARAMETER, NAME=, COMPONENT=, PROPERTY=). */
  struct DesignParameter
  {
    std::string    name;      ///< upper case
    std::string    component; ///< upper case
    std::string    property;  ///< DENSITY, MODULUS, THICKNESS, AREA, MASS SCALE or STIFFNESS SCALE
    SourceLocation defined_at;
  };

  /** Everything a deck defines. Set names are stored upper-case. */
  struct Model
  {
    std::string deck_path; ///< the deck file as given on the command line
    std::string heading;
    /** *RESTART, READ: the run goes on from a restart point (unset: from the start). */
    std::optional<RestartRead> restart_read;

    std::vector<NodeRecord>    nodes;
    std::map<unsigned, size_t> node_index; ///< node id -> index in nodes
    std::vector<ElementRecord> elements;
    /** One per element record (same order): section, material and positions resolved by deck::ModelFinaliser. */
    std::vector<ElementDefinition> element_definitions;
    std::map<unsigned, size_t>     element_index; ///< element id -> index in elements

    std::map<std::string, std::vector<unsigned>> node_sets;
    std::map<std::string, std::vector<unsigned>> element_sets;

    std::map<std::string, Material>  materials; ///< by upper-case name
    std::vector<Section>             sections;
    std::map<std::string, Amplitude> amplitudes; ///< by upper-case name
    std::vector<Equation>            equations;
    std::vector<NodeTie>             node_ties; ///< *MPC BEAM, PIN, TIE
    std::vector<RigidBody>
      rigid_bodies; ///< *RIGID BODY (expanded by assembly::FollowerConstraints)
    std::vector<ConnectorSection>
      connector_sections; ///< *CONNECTOR SECTION (expanded by assembly::FollowerConstraints)
    std::map<std::string, Orientation> orientations; ///< *ORIENTATION, by upper-case name
    std::vector<BoundaryCondition>     boundaries;   ///< model-level: apply in every step
    std::vector<InitialCondition>      initial_conditions;
    std::vector<Step>                  steps;
    /** *TIME POINTS, NAME=: step times (ascending) by upper-case name. */
    std::map<std::string, std::vector<double>> time_points;
    std::vector<Component>                     components; ///< *COMPONENT, in deck order
    std::vector<DesignParameter> design_parameters;        ///< *DESIGN PARAMETER, in deck order

    /** The node with user id @p id (which must exist). */
    const NodeRecord &
    node(const unsigned id) const
    {
      return nodes.at(node_index.at(id));
    }
  };
} // namespace corot::core
