#pragma once
/**
 * @file
 * Results of an analysis run, independent of any output format. Writers turn
 * them into NAME.json, NAME.dat and NAME.pvd/NAME-*.vtu (input_decks/README.md).
 */
#include <Eigen/Dense>

#include <array>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
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
    /**
     * Energy dissipated so far by physical damping (Rayleigh damping of the
     * materials, dashpots), as the scheme's damping force did work on the
     * increments; part of total = kinetic + strain + viscous_dissipation - external_work.
     */
    std::vector<double> viscous_dissipation;
    /**
     * Energy the time integrator has removed so far: the initial total minus
     * the current one (zero to the Newton tolerance for the conserving schemes;
     * positive for the dissipative ones, e.g. HHT and GALPHA).
     */
    std::vector<double> numerical_dissipation;
    /** Components of the angular momentum about the origin (translational and rotary). */
    std::array<std::vector<double>, 3> angular_momentum;
  };

  /**
   * One field snapshot for ParaView: a load increment, a time step or a mode
   * shape. Vectors are indexed like core::Model::nodes / core::Model::elements.
   */
  struct FieldFrame
  {
    double                       time = 0.0;   ///< step time, or the frequency for a mode shape
    std::string                  label;        ///< e.g. "increment 3" or "mode 2: 12.5 Hz"
    std::vector<Eigen::Vector3d> displacement; ///< U1..U3 per node
    std::vector<Eigen::Vector3d> rotation;     ///< rotation vector (UR1..UR3) per node
    std::vector<Eigen::Vector3d> reaction;     ///< RF1..RF3 per node (empty if not computed)
    /** Element section forces per element (name -> value), empty if not requested. */
    std::vector<std::map<std::string, double>> element_values;
  };

  /** The base state a perturbation step (*FREQUENCY, *BUCKLE, *MODAL SYNTHESIS) was solved about. */
  struct BaseStateRecord
  {
    bool        present  = false;
    unsigned    step     = 0;     ///< general step that left it; 0: the initial state
    bool        deformed = false; ///< deformed geometry (NLGEOM) rather than the reference one
    bool        stress_stiffening = false; ///< initial stress of the base state included
    std::string description;               ///< e.g. "base state: end of step 1 (NLGEOM): ..."
  };

  class JsonStream;
  struct StepResult;

  /**
   * How far ResultStream has written each growing series of a step: series
   * name -> number of entries written.
   */
  using StreamCursor = std::map<std::string, std::size_t>;

  /** Named series entries, e.g. {"energy.total", {1.0, 1.0}}; names are key paths into a step of NAME.json. */
  using SeriesEntries = std::vector<std::pair<std::string, std::vector<double>>>;

  /**
   * Appends to @p entries the entries of @p values past @p cursor[@p name],
   * under @p name, and moves the cursor to the end (for
   * ProcedureResults::new_entries).
   */
  template <typename Number>
  void
  append_new_entries(SeriesEntries &entries, StreamCursor &cursor, const std::string &name,
                     const std::vector<Number> &values)
  {
    std::size_t &written = cursor[name];
    if (values.size() > written)
      entries.emplace_back(name, std::vector<double>(values.begin() + written, values.end()));
    written = values.size();
  }

  /**
   * What a procedure computed beyond the output every step has (histories,
   * field frames, log lines, base state), and how it writes itself: each
   * procedure has its own results class (analysis::StaticResults,
   * analysis::FrequencyResults, ...), so the writers know no procedure.
   */
  class ProcedureResults
  {
  public:
    virtual ~ProcedureResults() = default;

    /** The procedure's name in NAME.json ("procedure") and NAME.dat (the step banner), e.g. "static". */
    virtual std::string
    procedure() const = 0;

    /** The keys of @p step's object in NAME.json between "procedure" and "base_state". */
    virtual void
    write_json(JsonStream &json, const StepResult &step) const = 0;

    /** The tables of @p step in NAME.dat, after its banner and log lines. */
    virtual void
    write_report(std::ostream &out, const StepResult &step) const = 0;

    /**
     * For the streamed results (ResultStream: NAME.jsonl and the growing
     * NAME.dat): the entries of the procedure's own per-increment series
     * added since @p cursor, which is advanced, named by their key path in
     * NAME.json ("newton_iterations", "energy.total", ...). Procedures
     * without increments add nothing.
     */
    virtual SeriesEntries
    new_entries(StreamCursor &cursor) const
    {
      (void)cursor;
      return {};
    }
  };

  /** Everything one *STEP produced. */
  struct StepResult
  {
    unsigned number = 0;

    std::map<unsigned, History> node_output;    ///< by node id (*NODE PRINT)
    std::map<unsigned, History> element_output; ///< by element id (*EL PRINT)

    std::vector<FieldFrame> frames; ///< for VTU output (*NODE FILE / *EL FILE or mode shapes)

    std::vector<std::string> log; ///< lines for the .dat report (increments, cut-backs, warnings)

    /** Files the step writes into the output directory: name (no directory) and contents. */
    std::vector<std::pair<std::string, std::string>> files;

    BaseStateRecord base_state; ///< perturbation steps

    /** The sparse factorization of the step's eigen solve, e.g. "MUMPS 5.5.0, ordering METIS"; empty if none. */
    std::string direct_solver;

    /** What the step's procedure computed (shared by copies of this StepResult). */
    std::shared_ptr<ProcedureResults> results;

    /** Makes @p Results (built from @p arguments) this step's procedure results; returns them. */
    template <typename Results, typename... Arguments>
    Results &
    emplace_results(Arguments &&...arguments)
    {
      auto own = std::make_shared<Results>(std::forward<Arguments>(arguments)...);
      results  = own;
      return *own;
    }

    /** The procedure results as @p Results; throws std::bad_cast if they are of another procedure. */
    template <typename Results>
    const Results &
    results_as() const
    {
      return dynamic_cast<const Results &>(*results);
    }

    /** The procedure results as @p Results, to change them; throws std::bad_cast as the const one. */
    template <typename Results>
    Results &
    results_as()
    {
      return dynamic_cast<Results &>(*results);
    }
  };

  /** The libraries a run computed with (NAME.dat header, NAME.json "environment"). */
  struct RunEnvironment
  {
    unsigned    mpi_ranks = 1;
    std::string blas;             ///< shared object defining dgemm_ (solvers::BlasLibrary)
    std::string blas_config;      ///< openblas_get_config(), if the BLAS has it
    int         blas_threads = 0; ///< OpenBLAS threads per rank; 0: no such control
    std::string lapack;           ///< shared object defining dgetrf_
    std::vector<std::string>
      direct_solvers; ///< each sparse factorization kind used, once (StepResult::direct_solver)
  };

  /** All steps of a run. */
  struct Results
  {
    std::string             deck_name; ///< e.g. "cantilever.inp"
    RunEnvironment          environment;
    std::vector<StepResult> steps;
    /**
     * How the run ended: "completed", "failed" (an increment did not
     * converge, or another error; the last step then holds its converged
     * increments), "interrupted" (SIGINT or SIGTERM) or "running" (the
     * files written while the run goes).
     */
    std::string status = "completed";
    std::string message; ///< why a run failed or was interrupted; empty when completed
  };
} // namespace corot::io
