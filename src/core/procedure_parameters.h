#pragma once
/**
 * @file
 * The parameters of each analysis procedure, as its keyword line and data
 * lines give them, and core::ProcedureParameters, the holder a step keeps.
 * Each procedure's parser (analysis::ProcedureRegistry) fills its own struct.
 */
#include <src/core/mode_file_requests.h>
#include <src/core/source_location.h>

#include <any>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <typeindex>
#include <vector>

namespace corot::integrators
{
  class IntegratorSetup;
}

namespace corot::core
{
  /** *STATIC data line: initial increment, period, min, max. */
  struct StaticParameters
  {
    double initial_increment = 1.0;
    double period            = 1.0;
    double min_increment     = 0.0; ///< 0: 1e-5 of the period
    double max_increment     = 0.0; ///< 0: the period
  };

  /**
   * *STATIC, RIKS: arc-length continuation. The data line reads (Abaqus)
   * initial arc-length increment, total arc length (stored as period), min,
   * max arc-length increment (initial/min/max_increment), then the stopping
   * criteria below.
   */
  struct RiksParameters
  {
    double                initial_increment = 1.0;
    double                period            = 1.0; ///< the total arc length
    double                min_increment     = 0.0;
    double                max_increment     = 0.0;
    std::optional<double> max_load_factor;          ///< stop when the LPF reaches it
    unsigned              limit_node         = 0;   ///< node id of the displacement limit (0: none)
    unsigned              limit_dof          = 0;   ///< 1..6
    double                limit_displacement = 0.0; ///< stop when |u(node, dof)| reaches it
    SourceLocation        data_at;                  ///< the data line, for errors found later
  };

  /** *FREQUENCY data line. */
  struct FrequencyParameters
  {
    unsigned              n_modes = 10;
    std::optional<double> lower_frequency; ///< cycles/time
    std::optional<double> upper_frequency; ///< cycles/time
    /**
     * NORMALIZATION=MASS: phi^T M phi = 1 (CalculiX's shapes); DISPLACEMENT (Abaqus's default):
     * the largest translation is 1, or, in a mode without translations, the largest rotation
     * times the model's size.
     */
    bool mass_normalization = false;
    /** *UFF OUTPUT in the step (this step's only). */
    std::optional<UffOutputRequest> uff_output;
    /** *CORRELATION in the step (this step's only). */
    std::optional<CorrelationRequest> correlation;
  };

  /** *BUCKLE data line. */
  struct BuckleParameters
  {
    unsigned n_modes = 10; ///< number of buckling load factors
  };

  /** *DYNAMIC parameters and data line (initial or fixed time increment, period, min, max). */
  struct DynamicParameters
  {
    double time_increment = 0.0; ///< DIRECT: the increment; otherwise the initial one
    double period         = 0.0;
    double min_increment  = 0.0;  ///< 0: min(initial, 1e-5 period) (automatic only)
    double max_increment  = 0.0;  ///< 0: the period (automatic only)
    double tolerance      = 1e-3; ///< TOLERANCE=: local error per increment (automatic only)
    /** INTEGRATOR= and its parameters, as the integrator's plugin parsed them (integrators/registry.h). */
    std::shared_ptr<const integrators::IntegratorSetup> integrator;
    bool direct = false; ///< DIRECT: fixed increments
  };

  /** *COMPONENT MATRIX OUTPUT in a *MODAL SYNTHESIS step: one component's matrices written to files. */
  struct ComponentMatrixOutput
  {
    std::string component; ///< upper-case component name
    bool        craig_bampton =
      false;               ///< FORMAT=CRAIG BAMPTON; otherwise MATRIX MARKET (physical K_c, M_c)
    std::string    prefix; ///< FILE= (default: the component name in lower case)
    SourceLocation defined_at;
  };

  /** *MODAL SYNTHESIS parameters and data line (input_decks/README.md, CMS keywords). */
  struct ModalSynthesisParameters
  {
    bool        craig_bampton = false; ///< METHOD=CRAIG BAMPTON; otherwise FREE INTERFACE
    double      cutoff        = 0.0;   ///< CUTOFF= component cut-off frequency (cycles/time)
    bool        residual      = true;  ///< RESIDUAL=YES: residual attachment modes (free interface)
    bool        compare_full  = false; ///< COMPARE=FULL
    unsigned    n_modes       = 10;    ///< system modes to report
    std::string export_prefix; ///< EXPORT=: MatrixMarket files of the reduced model (empty: none)
    std::vector<ComponentMatrixOutput>
      component_outputs; ///< *COMPONENT MATRIX OUTPUT blocks of the step
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

  /** *MODIFICATION [, COMPARE=FULL]: the design changes. */
  struct ModificationParameters
  {
    bool                      compare_full = false; ///< COMPARE=FULL
    std::vector<DesignChange> changes;
  };

  /** *SENSITIVITY: the modes whose sensitivities are reported. */
  struct SensitivityParameters
  {
    std::vector<unsigned> modes; ///< 1-based
  };

  /** *INVERSE FREQUENCY [, COMPARE=FULL] and the *DESIGN VARIABLES block after it. */
  /** A target of *INVERSE FREQUENCY, TEST MODES=: a mode of the file, by its number. */
  struct TestModeTarget
  {
    unsigned       test_mode = 1; ///< the file's mode number (dataset 55, record 7)
    SourceLocation defined_at;
  };

  struct InverseFrequencyParameters
  {
    bool                         compare_full = false; ///< COMPARE=FULL
    std::vector<FrequencyTarget> targets;
    /**
     * TEST MODES=: the targets are modes of a universal file, each the target
     * of the baseline mode of largest MAC with it (test_targets, not targets).
     */
    std::optional<CorrelationRequest> test_modes;
    std::vector<TestModeTarget>       test_targets;
    std::vector<std::string>          variables; ///< *DESIGN VARIABLES (upper case)
    SourceLocation                    variables_at;
  };

  /**
   * The parameters of a step's procedure: a value of the procedure's own struct (those above, or
   * one a new procedure defines in its own files), empty before the deck names one. A procedure
   * is known by the type it holds (analysis::ProcedureRegistry::of).
   *
   * An open holder (std::any) rather than a std::variant of the structs above: with a variant,
   * every new procedure had to add its struct to this file's list (issue 12: a new procedure is
   * one file pair).
   */
  class ProcedureParameters
  {
  public:
    /** Empty: no procedure yet. */
    ProcedureParameters() = default;

    /** Holds @p parameters, a procedure's struct. */
    template <
      typename Parameters,
      typename = std::enable_if_t<!std::is_same_v<std::decay_t<Parameters>, ProcedureParameters>>>
    ProcedureParameters(Parameters parameters)
      : value_(std::move(parameters))
    {}

    /** True before a procedure is named. */
    bool
    empty() const
    {
      return !value_.has_value();
    }

    /** The type of the struct held (typeid(void) when empty). */
    std::type_index
    type() const
    {
      return value_.type();
    }

    /** True if the struct held is a @p Parameters. */
    template <typename Parameters>
    bool
    holds() const
    {
      return value_.type() == typeid(Parameters);
    }

    /** The struct held if it is a @p Parameters, else nullptr. */
    template <typename Parameters>
    const Parameters *
    get_if() const
    {
      return std::any_cast<Parameters>(&value_);
    }

    /** The struct held if it is a @p Parameters, else nullptr. */
    template <typename Parameters>
    Parameters *
    get_if()
    {
      return std::any_cast<Parameters>(&value_);
    }

    /** The struct held; throws std::bad_any_cast unless it is a @p Parameters. */
    template <typename Parameters>
    const Parameters &
    get() const
    {
      return std::any_cast<const Parameters &>(value_);
    }

    /** The struct held; throws std::bad_any_cast unless it is a @p Parameters. */
    template <typename Parameters>
    Parameters &
    get()
    {
      return std::any_cast<Parameters &>(value_);
    }

  private:
    std::any value_;
  };
} // namespace corot::core
