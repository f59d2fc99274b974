#include <src/analysis/frequency_analysis.h>
#include <src/analysis/frequency_results.h>
#include <src/analysis/modal_participation.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/shell_pressure.h>
#include <src/analysis/step_eigen_solve.h>
#include <src/analysis/step_loading.h>
#include <src/analysis/uff_mode_output.h>
#include <src/deck/model_keyword_parser.h>
#include <src/io/result_stream.h>
#include <src/solvers/eigen_solver.h>
#include <src/solvers/sturm_sequence.h>

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

namespace corot::analysis
{
  FrequencyAnalysis::FrequencyAnalysis(AnalysisContext &context, const core::Step &step,
                                       const StepLoading &loading)
    : context_(context)
    , step_(step)
    , loading_(loading)
  {}

  double
  FrequencyAnalysis::model_extent() const
  {
    Eigen::Vector3d lowest  = Eigen::Vector3d::Constant(std::numeric_limits<double>::max());
    Eigen::Vector3d highest = -lowest;
    for (const auto &node : context_.model.nodes)
      {
        lowest  = lowest.cwiseMin(node.position);
        highest = highest.cwiseMax(node.position);
      }
    return context_.model.nodes.empty() ? 1.0 : std::max((highest - lowest).norm(), 1e-300);
  }

  Eigen::VectorXd
  FrequencyAnalysis::displacement_normalized(const Eigen::VectorXd &shape,
                                             const double           model_size) const
  {
    double translation = 0.0, rotation = 0.0;
    for (unsigned dof = 0; dof < shape.size(); ++dof)
      {
        double &largest_of_kind =
          core::is_rotation(context_.dofs.kind_of(dof)) ? rotation : translation;
        largest_of_kind = std::max(largest_of_kind, std::abs(shape[dof]));
      }
    // The largest translation is 1. A mode without translations (torsion of a shaft on its
    // axis), whose translations are round-off next to its rotations, must not have them blown
    // up to 1: the largest rotation times the model's size is 1 instead.
    const double largest =
      translation > 1e-6 * rotation * model_size ? translation : rotation * model_size;
    return largest > 0.0 ? Eigen::VectorXd(shape / largest) : shape;
  }

  io::StepResult
  FrequencyAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number                 = step_number;
    FrequencyResults &frequencies = result.emplace_results<FrequencyResults>();

    PrescribedMotion prescribed(context_, loading_, result.log);
    context_.assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);

    unsigned n_free =
      context_.dofs.n_dofs() - context_.assembler.increment_constraints().n_constraints();
    const core::FrequencyParameters &p       = step_.parameters.get<core::FrequencyParameters>();
    unsigned                         n_modes = p.n_modes;
    if (n_modes > n_free)
      {
        result.log.push_back("only " + std::to_string(n_free) +
                             " unconstrained DOFs: computing that many modes instead of " +
                             std::to_string(n_modes));
        n_modes = n_free;
      }

    // The base state (Abaqus): after a geometrically non-linear step the
    // tangent stiffness (initial stress included) and the mass turned with the
    // elements at the end of that step; otherwise the reference configuration.
    const BaseState &base = context_.base;
    result.base_state     = {true, base.step, base.nonlinear, base.nonlinear,
                             base.describe(base.nonlinear)};
    result.log.push_back(result.base_state.description);
    result.log.push_back("mass: consistent (a beam section's LUMPED= applies to *DYNAMIC only)");
    if (!base.nonlinear && base.linear_dofs.size() > 0 &&
        base.linear_dofs.lpNorm<Eigen::Infinity>() > 0.0)
      result.log.push_back("note: the preload of step " + std::to_string(base.step) +
                           " does not stiffen the frequencies because that step is linear; as in "
                           "Abaqus, stress stiffening needs NLGEOM on the preload step");
    // Carried nodes (*MPC, *RIGID BODY): their lines linearised at the base
    // state, so K and M are condensed with the constraints' Jacobian there.
    const auto &followers = context_.assembler.followers();
    if (!followers.empty())
      {
        if (base.nonlinear && base.carried_residual.size() != context_.dofs.n_dofs())
          throw core::InputError(
            step_.procedure_at,
            "*FREQUENCY after a geometrically non-linear *DYNAMIC or RIKS step with *MPC or "
            "*RIGID BODY (" +
              followers.followers().front().defined_at.str() +
              ") is not supported yet (the constraint forces of that base state are not kept); "
              "after an NLGEOM *STATIC step, or about the reference, it is");
        context_.assembler.linearise_rotation_constraints(
          base.nonlinear ? context_.configuration :
                           core::Configuration(context_.model.nodes.size()));
      }
    dealii::TrilinosWrappers::SparseMatrix stiffness, mass;
    if (base.nonlinear)
      {
        double skewness = 0.0;
        context_.assembler.assemble_matrix(assembly::MatrixKind::symmetric_tangent_stiffness,
                                           context_.configuration, stiffness, &skewness);
        context_.assembler.assemble_matrix(assembly::MatrixKind::turned_consistent_mass,
                                           context_.configuration, mass);
        if (!followers.empty())
          {
            // The stiffness of the constraint forces at the base state (a
            // pendulum's gravity stiffness comes from its rod's tension).
            context_.assembler.add_follower_curvature(context_.configuration, base.carried_residual,
                                                      stiffness, true);
            stiffness.compress(dealii::VectorOperation::add);
          }
        // A pressure in force follows the faces: its load stiffness at the
        // base state (symmetric part) belongs to the tangent, as in Abaqus.
        const std::vector<ElementPressure> pressures =
          pressures_at(context_, loading_, 1.0, 1.0, true);
        if (!pressures.empty())
          {
            Eigen::VectorXd force = Eigen::VectorXd::Zero(context_.dofs.n_dofs()); // not needed
            add_pressure_force(context_, pressures, &context_.configuration, force, &stiffness,
                               true);
            result.log.push_back("the load stiffness of the pressure in force at the base state "
                                 "is in the tangent (its symmetric part)");
          }
        std::ostringstream line;
        line << "tangent stiffness: |K_t - K_t^T|/|K_t| = " << std::setprecision(2) << skewness
             << " (its symmetric part is used)";
        result.log.push_back(line.str());
      }
    else
      {
        const core::Configuration reference(context_.model.nodes.size());
        context_.assembler.assemble_matrix(assembly::MatrixKind::linear_stiffness, reference,
                                           stiffness);
        context_.assembler.assemble_matrix(assembly::MatrixKind::consistent_mass, reference, mass);
      }
    if (!followers.empty())
      context_.assembler.give_constrained_rows_a_diagonal(stiffness);

    const double two_pi = 2.0 * M_PI;
    const double lower  = p.lower_frequency ? std::pow(two_pi * *p.lower_frequency, 2) : 0.0;
    context_.progress << "  step " << step_number << ": " << n_modes
                      << " eigenpairs of a system of " << context_.dofs.n_dofs() << " DOFs"
                      << std::endl;
    solvers::EigenPairs pairs = solve_for_step(step_, result, [&] {
      return solvers::solve_generalized_eigenproblem(stiffness, mass, n_modes, lower);
    });

    OutputRecorder recorder(context_, step_, result);
    bool           wants_shapes = false;
    for (const auto &request : step_.outputs)
      wants_shapes = wants_shapes || request.kind == core::OutputRequest::Kind::node_file ||
                     request.kind == core::OutputRequest::Kind::element_file;

    frequencies.normalization               = p.mass_normalization ? "mass" : "displacement";
    const double                 model_size = model_extent();
    std::vector<Eigen::VectorXd> shapes;
    for (unsigned mode = 0; mode < pairs.eigenvalues.size(); ++mode)
      {
        const double lambda    = pairs.eigenvalues[mode];
        const double frequency = std::sqrt(std::max(lambda, 0.0)) / two_pi;
        if (p.upper_frequency && frequency > *p.upper_frequency)
          break;
        frequencies.eigenvalues.push_back(lambda);
        frequencies.frequencies.push_back(frequency);
        std::ostringstream line;
        line << "mode " << mode + 1 << ": eigenvalue " << std::setprecision(10) << lambda
             << ", residual " << std::setprecision(2) << pairs.residuals[mode];
        result.log.push_back(line.str());
        // The solver's vectors are M-normalized (phi^T M phi = 1); their
        // dependent DOFs (*EQUATION, carried nodes) are zero rows of the
        // condensed problem and are filled from their masters.
        Eigen::VectorXd shape = pairs.eigenvectors[mode];
        context_.assembler.distribute(shape);
        shapes.push_back(p.mass_normalization ? shape : displacement_normalized(shape, model_size));
      }
    frequencies.participation = ModalParticipation::compute(context_, mass, shapes, base.nonlinear);
    if (context_.stream == nullptr || context_.stream->keeps_mode_shapes())
      frequencies.mode_shapes = io::ModeShapes::from_dof_vectors(context_.model, context_.dofs,
                                                                 shapes, frequencies.normalization);
    if (p.correlation)
      {
        frequencies.correlation =
          ModalCorrelation::compute(context_, *p.correlation, shapes, frequencies.frequencies);
        std::ostringstream line;
        line << "correlation with " << p.correlation->file << ": "
             << frequencies.correlation->pairs.size() << " file modes paired, "
             << frequencies.correlation->nodes << " nodes, " << frequencies.correlation->dofs
             << " values per mode";
        result.log.push_back(line.str());
        context_.progress << "  " << line.str() << std::endl;
      }
    if (p.uff_output)
      {
        const std::string path =
          write_modes_uff(context_, *p.uff_output, step_number, shapes, frequencies.frequencies,
                          frequencies.participation ? frequencies.participation->generalized_mass :
                                                      std::vector<double>());
        result.log.push_back("modes written to " + path +
                             " (universal file, datasets 151, "
                             "2411, 55)");
        context_.progress << "  " << result.log.back() << std::endl;
      }

    for (unsigned mode = 0; wants_shapes && mode < shapes.size(); ++mode)
      {
        // Translations on the configuration, rotations from the plain vector (never wrapped).
        core::Configuration saved = context_.configuration;
        context_.configuration    = core::Configuration(context_.model.nodes.size());
        context_.configuration.apply_increment(context_.dofs, shapes[mode]);
        recorder.use_linear_state(shapes[mode]);
        std::ostringstream label;
        label << "mode " << mode + 1 << ": " << std::setprecision(6)
              << frequencies.frequencies[mode];
        result.frames.push_back(recorder.frame(mode + 1, label.str(), Eigen::VectorXd(), false));
        context_.configuration = saved;
      }

    // The Sturm-sequence check: as many eigenvalues below the highest
    // reported one (and above the band's lower end) as were reported there.
    try
      {
        frequencies.sturm =
          solvers::sturm_check(stiffness, mass, frequencies.eigenvalues,
                               lower > 0.0 ? std::optional<double>(lower) : std::nullopt);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }
    if (!frequencies.eigenvalues.empty())
      {
        const std::string line = frequencies.sturm->describe();
        result.log.push_back(line);
        if (!frequencies.sturm->passed())
          context_.progress << "    " << line << std::endl;
      }
    return result;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** *FREQUENCY: number of eigenvalues [, lower, upper frequency]. */
    core::FrequencyParameters
    parse_frequency(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                    const core::Step &)
    {
      core::FrequencyParameters p;
      if (const auto normalization = keyword.value_upper("NORMALIZATION"))
        {
          if (*normalization != "MASS" && *normalization != "DISPLACEMENT")
            throw core::InputError(keyword.location(), "NORMALIZATION=" + *normalization +
                                                         ": expected DISPLACEMENT or MASS");
          p.mass_normalization = *normalization == "MASS";
        }
      deck::require_at_most_lines(keyword, data, 1);
      if (data.empty())
        return p;
      const deck::DataLine &line = data.front();
      line.require_fields(0, 3, "FREQUENCY");
      if (!line.is_empty(0))
        p.n_modes = line.positive_integer(0);
      if (!line.is_empty(1))
        p.lower_frequency = line.number(1);
      if (!line.is_empty(2))
        p.upper_frequency = line.number(2);
      if (p.lower_frequency && *p.lower_frequency < 0.0)
        throw core::InputError(line.location(), "lower frequency must not be negative");
      if (p.upper_frequency && !(*p.upper_frequency > p.lower_frequency.value_or(0.0)))
        throw core::InputError(line.location(), "upper frequency must exceed the lower frequency");
      return p;
    }

    /** A perturbation step: the state carried between steps is not changed. */
    io::StepResult
    run_frequency(StepRun &run)
    {
      return FrequencyAnalysis(run.context, run.step, run.loading).run(run.number);
    }

    ProcedureTypeInfo
    frequency_type()
    {
      ProcedureTypeInfo type;
      type.takes_followers = true;
      type.keyword         = "FREQUENCY";
      type.description     = "natural frequencies and mode shapes about the base state (Trilinos "
                             "Anasazi, shift-and-invert; free-free structures included)";
      type.parameters      = {{"SOLVER", "accepted and ignored"},
                              {"STORAGE", "accepted and ignored"},
                              {"EIGENSOLVER", "accepted and ignored"},
                              {"NORMALIZATION", "DISPLACEMENT (default: largest translation 1) or MASS "
                                                     "(phi^T M phi = 1, CalculiX's shapes)"},
                              {"GLOBAL", "accepted and ignored"},
                              {"CYCMPC", "accepted and ignored"}};
      type.data_lines      = "number of eigenvalues (10), lowest frequency, highest frequency "
                             "(cycles/time)";
      type.perturbation    = true;
      type.parameters_type = typeid(core::FrequencyParameters);
      type.parse           = parse_frequency;
      type.run             = run_frequency;
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(FrequencyAnalysis, corot::analysis::frequency_type())
