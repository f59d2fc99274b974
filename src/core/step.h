#pragma once
/**
 * @file
 * Analysis steps and the loads, boundary conditions and output requests they carry.
 */
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
    std::string              set_name;  ///< NSET= or ELSET= (empty: all)
    std::vector<unsigned>    ids;       ///< resolved node or element ids (empty: all)
    std::vector<std::string> variables; ///< e.g. U, RF, S
    unsigned                 frequency = 1; ///< every n-th increment and the last; 0: none
    std::string              time_points;   ///< TIME POINTS= (upper case): only at those times
    bool                     inherited = false; ///< carried over from an earlier step
    SourceLocation           defined_at;
  };

  /** The procedure a step runs. */
  enum class Procedure
  {
    none,
    static_analysis,
    frequency,
    buckle,
    dynamic,
    modal_synthesis,   ///< *MODAL SYNTHESIS (component mode synthesis, corot extension)
    modification,      ///< *MODIFICATION (forward re-analysis of the reduced model)
    sensitivity,       ///< *SENSITIVITY (eigenvalue sensitivities per component and parameter)
    inverse_frequency  ///< *INVERSE FREQUENCY (design changes that reach target frequencies)
  };

  /** *STATIC data line. */
  struct StaticParameters
  {
    double initial_increment = 1.0;
    double period            = 1.0;
    double min_increment     = 0.0; ///< 0: 1e-5 of the period
    double max_increment     = 0.0; ///< 0: the period

    /**
     * *STATIC, RIKS: arc-length continuation. The data line then reads (Abaqus)
     * initial arc-length increment, total arc length (stored as period), min,
     * max arc-length increment (initial/min/max_increment), then the
     * stopping criteria below.
     */
    bool                  riks = false;
    std::optional<double> max_load_factor;     ///< stop when the LPF reaches it
    unsigned              limit_node = 0;      ///< node id of the displacement limit (0: none)
    unsigned              limit_dof  = 0;      ///< 1..6
    double                limit_displacement = 0.0; ///< stop when |u(node, dof)| reaches it
    SourceLocation        data_at;             ///< the data line, for errors found later
  };

  /** *FREQUENCY data line. */
  struct FrequencyParameters
  {
    unsigned              n_modes = 10;
    std::optional<double> lower_frequency; ///< cycles/time
    std::optional<double> upper_frequency; ///< cycles/time
  };

  /** *DYNAMIC parameters and data line (initial or fixed time increment, period, min, max). */
  struct DynamicParameters
  {
    double      time_increment = 0.0; ///< DIRECT: the increment; otherwise the initial one
    double      period         = 0.0;
    double      min_increment  = 0.0;  ///< 0: min(initial, 1e-5 period) (automatic only)
    double      max_increment  = 0.0;  ///< 0: the period (automatic only)
    double      tolerance      = 1e-3; ///< TOLERANCE=: local error per increment (automatic only)
    std::string integrator     = "MIDPOINT"; ///< MIDPOINT, NEWMARK, HHT or TIMEFE (upper case)
    double      alpha          = 0.0;        ///< HHT alpha (Abaqus convention, -1/3 <= alpha <= 0)
    unsigned    order          = 1;          ///< TIMEFE polynomial order
    bool        direct         = false;      ///< DIRECT: fixed increments
  };

  /** *MODAL SYNTHESIS parameters and data line (DECK.md, CMS keywords). */
  struct ModalSynthesisParameters
  {
    bool     craig_bampton = false; ///< METHOD=CRAIG BAMPTON; otherwise FREE INTERFACE
    double   cutoff        = 0.0;   ///< CUTOFF= component cut-off frequency (cycles/time)
    bool     residual      = true;  ///< RESIDUAL=YES: residual attachment modes (free interface)
    bool     compare_full  = false; ///< COMPARE=FULL
    unsigned n_modes       = 10;    ///< system modes to report
    std::string export_prefix;      ///< EXPORT=: MatrixMarket files of the reduced model (empty: none)
  };

  /** A fractional change alpha of a design parameter (*MODIFICATION data line). */
  struct DesignChange
  {
    std::string    parameter; ///< upper-case design-parameter name
    double         alpha = 0.0;
    SourceLocation defined_at;
  };

  /** A target frequency of the inverse problem (*INVERSE FREQUENCY data line). */
  struct FrequencyTarget
  {
    unsigned       mode      = 1;   ///< 1-based system mode number of the baseline
    double         frequency = 0.0; ///< cycles/time
    SourceLocation defined_at;
  };

  /** *MODIFICATION, *SENSITIVITY and *INVERSE FREQUENCY data. */
  struct DesignStudyParameters
  {
    bool                         compare_full = false; ///< COMPARE=FULL
    std::vector<DesignChange>    changes;   ///< *MODIFICATION
    std::vector<unsigned>        modes;     ///< *SENSITIVITY (1-based)
    std::vector<FrequencyTarget> targets;   ///< *INVERSE FREQUENCY
    std::vector<std::string>     variables; ///< *DESIGN VARIABLES (upper case)
    SourceLocation               variables_at;
  };

  /**
   * One *STEP ... *END STEP block, with what it inherits from the steps before
   * it already resolved by the parser (input_decks/README.md, "What a step
   * inherits"): NLGEOM and the output requests. Loads and boundary conditions
   * are carried over at run time (analysis::LoadHistory).
   */
  struct Step
  {
    Procedure                      procedure = Procedure::none;
    /** NLGEOM in force: NLGEOM[=YES|NO] on the *STEP line, else the previous step's (CalculiX, Abaqus). */
    bool                           nlgeom    = false;
    bool                           perturbation = false; ///< *STEP, PERTURBATION
    /**
     * *STEP, AMPLITUDE=RAMP (true) or STEP (false): how loads and prescribed
     * values without an amplitude go from their values at the start of the
     * step to the new ones. Empty: the procedure's default (RAMP in *STATIC,
     * STEP in *DYNAMIC, as CalculiX).
     */
    std::optional<bool>            ramp;
    unsigned                       max_increments = 100; ///< INC=
    /** *CONTROLS in force (this step's or inherited from the step before; unset: defaults). */
    solvers::NewtonControlsOverride controls;
    StaticParameters               statics;
    FrequencyParameters            frequency; ///< also *BUCKLE: n_modes = number of eigenvalues
    DynamicParameters              dynamics;
    ModalSynthesisParameters       synthesis; ///< *MODAL SYNTHESIS
    DesignStudyParameters          design;    ///< *MODIFICATION, *SENSITIVITY, *INVERSE FREQUENCY
    std::vector<BoundaryCondition> boundaries;
    bool                           new_boundaries = false; ///< *BOUNDARY, OP=NEW seen
    std::vector<ConcentratedLoad>  loads;
    bool                           new_loads = false;      ///< *CLOAD, OP=NEW seen
    std::vector<GravityLoad>       gravity;
    bool                           new_gravity = false;    ///< *DLOAD, OP=NEW seen
    std::vector<OutputRequest>     outputs; ///< own requests, then those inherited (OutputRequest::inherited)
    SourceLocation                 defined_at;
    SourceLocation                 procedure_at;
  };
} // namespace corot::core
