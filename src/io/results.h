#pragma once
/**
 * @file
 * Results of an analysis run, independent of any output format. Writers turn
 * them into NAME.json, NAME.dat and NAME.pvd/NAME-*.vtu (input_decks/README.md).
 */
#include <Eigen/Dense>

#include <array>
#include <map>
#include <string>
#include <vector>

namespace corot::io
{
  /** Time histories of named variables (U1 ... UR3, V1..., RF1 ... RF6, or section forces). */
  struct History
  {
    std::vector<double>                        time;
    std::map<std::string, std::vector<double>> values;
  };

  /** Energy histories of a dynamic step. */
  struct EnergyHistory
  {
    std::vector<double> time, kinetic, strain, external_work, total;
    /** Components of the angular momentum about the origin (translational and rotary). */
    std::array<std::vector<double>, 3> angular_momentum;
  };

  /**
   * One field snapshot for ParaView: a load increment, a time step or a mode
   * shape. Vectors are indexed like core::Model::nodes / core::Model::elements.
   */
  struct FieldFrame
  {
    double                       time = 0.0; ///< step time, or the frequency for a mode shape
    std::string                  label;      ///< e.g. "increment 3" or "mode 2: 12.5 Hz"
    std::vector<Eigen::Vector3d> displacement; ///< U1..U3 per node
    std::vector<Eigen::Vector3d> rotation;     ///< rotation vector (UR1..UR3) per node
    std::vector<Eigen::Vector3d> reaction;     ///< RF1..RF3 per node (empty if not computed)
    /** Element section forces per element (name -> value), empty if not requested. */
    std::vector<std::map<std::string, double>> element_values;
  };

  /** One component of a component-mode-synthesis model, for the report. */
  struct ComponentSummary
  {
    std::string name;
    unsigned    dofs = 0, interface_dofs = 0, kept_modes = 0, rigid_modes = 0, attachment_modes = 0;
  };

  /**
   * Results of the CMS procedures (modal_synthesis, modification,
   * sensitivity, inverse_frequency; input_decks/results.schema.json). Frequencies in
   * cycles/time; relative errors are (reduced - full) / full.
   */
  struct CmsResult
  {
    bool        present = false;
    std::string method; ///< "free interface" or "craig-bampton"
    unsigned    reduced_dofs = 0, full_dofs = 0;
    std::vector<double>           full_frequencies;     ///< COMPARE=FULL
    std::vector<double>           relative_errors;      ///< COMPARE=FULL, against the partner
    /** COMPARE=FULL: per reported mode, the 1-based full mode paired with it by MAC (0: none). */
    std::vector<unsigned> full_partners;
    std::vector<double>   pairing_macs;  ///< COMPARE=FULL: the (subspace) MAC of each pairing
    std::vector<unsigned> swapped_modes; ///< COMPARE=FULL: 1-based modes paired with another index
    /** modification: per mode, the 1-based CMS re-analysis mode paired with the forward mode. */
    std::vector<unsigned> reanalysis_partners;
    std::vector<double>           baseline_frequencies; ///< modification, inverse
    std::vector<double>           exact_frequencies;    ///< modification: exact CMS re-analysis
    std::vector<double>           forward_differences;  ///< modification: (forward - exact) / exact
    std::vector<ComponentSummary> components;
    /** sensitivity: component -> parameter -> mode -> (p/lambda) d lambda / d p. */
    std::map<std::string, std::map<std::string, std::map<unsigned, double>>> sensitivities;
    /**
     * sensitivity: the clusters of repeated eigenvalues among the reported
     * modes (1-based mode numbers of each cluster, all of its members);
     * their sensitivities are the eigenvalues of the projected derivative
     * matrix (cms::normalized_sensitivity).
     */
    std::vector<std::vector<unsigned>> repeated_modes;
    std::vector<std::pair<std::string, double>> design_changes; ///< modification, inverse: alpha
    unsigned                                   iterations = 0;  ///< inverse
    std::vector<unsigned> target_modes;                ///< inverse: 1-based baseline mode numbers
    std::vector<double>   target_frequencies;          ///< inverse
    std::vector<double>   achieved_frequencies;        ///< inverse, reduced model
    std::vector<double>   full_achieved_frequencies;   ///< inverse, full re-analysis (COMPARE=FULL)
    std::map<std::string, double> timings;             ///< seconds, by phase
  };

  /** The base state a perturbation step (*FREQUENCY, *BUCKLE, *MODAL SYNTHESIS) was solved about. */
  struct BaseStateRecord
  {
    bool        present = false;
    unsigned    step    = 0;     ///< general step that left it; 0: the initial state
    bool        deformed = false; ///< deformed geometry (NLGEOM) rather than the reference one
    bool        stress_stiffening = false; ///< initial stress of the base state included
    std::string description; ///< e.g. "base state: end of step 1 (NLGEOM): ..."
  };

  /** Everything one *STEP produced. */
  struct StepResult
  {
    unsigned    number = 0;
    std::string procedure; ///< "static", "frequency", "buckle", "dynamic", ...

    std::map<unsigned, History> node_output;    ///< by node id (*NODE PRINT)
    std::map<unsigned, History> element_output; ///< by element id (*EL PRINT)

    std::vector<double> eigenvalues; ///< frequency: omega^2
    std::vector<double> frequencies; ///< frequency: cycles/time
    std::vector<double> load_factors;///< buckle

    /** *STATIC, RIKS, per converged increment: arc length so far (the step "time") and LPF. */
    std::vector<double> arc_length, load_factor;

    EnergyHistory         energy;            ///< dynamic
    std::vector<unsigned> newton_iterations; ///< per increment, static NLGEOM and dynamic
    std::vector<double>   time_increments;   ///< dynamic: length of each accepted increment

    std::vector<FieldFrame> frames; ///< for VTU output (*NODE FILE / *EL FILE or mode shapes)

    std::vector<std::string> log; ///< lines for the .dat report (increments, cut-backs, warnings)

    CmsResult cms; ///< the CMS procedures

    BaseStateRecord base_state; ///< perturbation steps
  };

  /** All steps of a run. */
  struct Results
  {
    std::string             deck_name; ///< e.g. "cantilever.inp"
    std::vector<StepResult> steps;
  };
} // namespace corot::io
