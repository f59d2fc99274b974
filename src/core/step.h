#pragma once
/**
 * @file
 * Analysis steps and the loads, boundary conditions and output requests they carry.
 */
#include <src/core/procedure_parameters.h>
#include <src/core/restart_request.h>
#include <src/core/source_location.h>
#include <src/solvers/newton_controls.h>

#include <Eigen/Dense>

#include <optional>
#include <string>
#include <vector>

namespace corot::core
{
  /** Prescribed DOFs (*BOUNDARY): DOFs first..last (1-based, Abaqus numbering) of each node. */
  struct BoundaryCondition
  {
    std::vector<unsigned> node_ids;
    unsigned              first_dof = 1;
    unsigned              last_dof  = 1;
    double                value     = 0.0;
    std::string           amplitude; ///< empty: value applies in full (ramped in static steps)
    bool                  is_velocity = false; ///< TYPE=VELOCITY
    SourceLocation        defined_at;
  };

  /** A concentrated nodal force or moment (*CLOAD). */
  struct ConcentratedLoad
  {
    std::vector<unsigned> node_ids;
    unsigned              dof   = 1; ///< 1..6
    double                value = 0.0;
    std::string           amplitude;
    SourceLocation        defined_at;
  };

  /** Gravity on an element set (*DLOAD, elset, GRAV, g, nx, ny, nz). */
  struct GravityLoad
  {
    std::vector<unsigned> element_ids;
    double                magnitude = 0.0;
    Eigen::Vector3d       direction = Eigen::Vector3d::Zero();
    std::string           amplitude;
    SourceLocation        defined_at;
  };

  /**
   * A uniform pressure on the faces of shell elements (*DLOAD, elset, P, p):
   * positive along the face normal of the node order, on the current face
   * under NLGEOM (a follower load).
   */
  struct PressureLoad
  {
    std::vector<unsigned> element_ids;
    double                magnitude = 0.0;
    std::string           amplitude;
    SourceLocation        defined_at;
  };

  /** *NODE PRINT, *EL PRINT, *NODE FILE, *EL FILE, *ENERGY PRINT. */
  struct OutputRequest
  {
    enum class Kind
    {
      node_print,
      element_print,
      node_file,
      element_file,
      energy_print
    };
    Kind                     kind = Kind::node_print;
    std::string              set_name;          ///< NSET= or ELSET= (empty: all)
    std::vector<unsigned>    ids;               ///< resolved node or element ids (empty: all)
    std::vector<std::string> variables;         ///< e.g. U, RF, S
    unsigned                 frequency = 1;     ///< every n-th increment and the last; 0: none
    std::string              time_points;       ///< TIME POINTS= (upper case): only at those times
    bool                     inherited = false; ///< carried over from an earlier step
    SourceLocation           defined_at;
  };

  /**
   * One *STEP ... *END STEP block, with what it inherits from the steps before
   * it already resolved by the parser (input_decks/README.md, "What a step
   * inherits"): NLGEOM and the output requests. Loads and boundary conditions
   * are carried over at run time (analysis::LoadHistory).
   */
  struct Step
  {
    /** NLGEOM in force: NLGEOM[=YES|NO] on the *STEP line, else the previous step's (CalculiX, Abaqus). */
    bool nlgeom       = false;
    bool perturbation = false; ///< *STEP, PERTURBATION
    /**
     * *STEP, AMPLITUDE=RAMP (true) or STEP (false): how loads and prescribed
     * values without an amplitude go from their values at the start of the
     * step to the new ones. Empty: the procedure's default (RAMP in *STATIC,
     * STEP in *DYNAMIC, as CalculiX).
     */
    std::optional<bool> ramp;
    unsigned            max_increments = 100; ///< INC=
    /** *RESTART, WRITE in force (this step's or inherited from the step before). */
    RestartWrite restart;
    /** The procedure and its parameters (empty: none yet). */
    ProcedureParameters parameters;
    /** *CONTROLS in force (this step's or inherited from the step before; unset: defaults). */
    solvers::NewtonControlsOverride controls;
    std::vector<BoundaryCondition>  boundaries;
    bool                            new_boundaries = false; ///< *BOUNDARY, OP=NEW seen
    std::vector<ConcentratedLoad>   loads;
    bool                            new_loads = false; ///< *CLOAD, OP=NEW seen
    std::vector<GravityLoad>        gravity;
    std::vector<PressureLoad>       pressures;
    bool new_distributed_loads = false; ///< *DLOAD, OP=NEW seen (gravity and pressure)
    std::vector<OutputRequest>
                   outputs; ///< own requests, then those inherited (OutputRequest::inherited)
    SourceLocation defined_at;
    SourceLocation procedure_at; ///< the procedure's keyword line

    /** True once the step names a procedure. */
    bool
    has_procedure() const
    {
      return !parameters.empty();
    }

    /** The parameters of procedure @p Parameters, or nullptr if the step runs another. */
    template <typename Parameters>
    const Parameters *
    parameters_of() const
    {
      return parameters.get_if<Parameters>();
    }
  };
} // namespace corot::core
