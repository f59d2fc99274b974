#include <src/analysis/buckle_analysis.h>
#include <src/analysis/buckle_results.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/shell_pressure.h>
#include <src/analysis/step_eigen_solve.h>
#include <src/analysis/step_loading.h>
#include <src/deck/model_keyword_parser.h>
#include <src/io/result_stream.h>
#include <src/solvers/buckling_eigen_solver.h>
#include <src/solvers/direct_solver.h>

#include <algorithm>
#include <exception>
#include <iomanip>
#include <sstream>

namespace corot::analysis
{
  BuckleAnalysis::BuckleAnalysis(AnalysisContext &context, const core::Step &step,
                                 const StepLoading &loading)
    : context_(context)
    , step_(step)
    , loading_(loading)
  {}

  void
  BuckleAnalysis::zero_constrained_diagonal(dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      if (matrix.in_local_range(line.index))
        matrix.set(line.index, line.index, 0.0);
    matrix.compress(dealii::VectorOperation::insert);
  }

  void
  BuckleAnalysis::add_moment_stiffness(const Eigen::VectorXd                  &load,
                                       dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    const auto &constraints = context_.assembler.increment_constraints();
    for (unsigned node = 0; node < context_.model.nodes.size(); ++node)
      {
        std::array<unsigned, 3> dof;
        Eigen::Vector3d         moment = Eigen::Vector3d::Zero();
        for (unsigned k = 0; k < 3; ++k)
          {
            dof[k] = context_.dofs.index(node, static_cast<core::DofKind>(3 + k));
            if (dof[k] != core::DofMap::invalid)
              moment[k] = load[dof[k]];
          }
        if (moment.norm() == 0.0)
          continue;
        Eigen::Matrix3d half_skew;
        half_skew << 0.0, -moment[2], moment[1], moment[2], 0.0, -moment[0], -moment[1], moment[0],
          0.0;
        half_skew *= 0.5;
        for (unsigned a = 0; a < 3; ++a)
          for (unsigned b = 0; b < 3; ++b)
            if (a != b && dof[a] != core::DofMap::invalid && dof[b] != core::DofMap::invalid &&
                !constraints.is_constrained(dof[a]) && !constraints.is_constrained(dof[b]) &&
                matrix.in_local_range(dof[a]))
              matrix.add(dof[a], dof[b], half_skew(a, b));
      }
    matrix.compress(dealii::VectorOperation::add);
  }

  void
  BuckleAnalysis::initial_stress_matrix(const Eigen::VectorXd                  &displacement,
                                        const Eigen::VectorXd                  &load,
                                        dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    // K_g is linear in the stresses, so it is assembled where every rotation
    // is below pi/2 and scaled back (a quaternion wraps beyond pi).
    const double              scale = linear_evaluation_scale(context_.dofs, displacement);
    const core::Configuration state =
      small_displacement_configuration(context_.model.nodes.size(), context_.dofs, displacement,
                                       scale);
    context_.assembler.assemble_matrix(assembly::MatrixKind::geometric_stiffness, state, matrix);
    zero_constrained_diagonal(matrix);
    matrix *= scale;
    add_moment_stiffness(load, matrix);
  }

  io::StepResult
  BuckleAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number           = step_number;
    BuckleResults &buckling = result.emplace_results<BuckleResults>();

    PrescribedMotion     prescribed(context_, loading_, result.log);
    assembly::Assembler &assembler = context_.assembler;
    assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);
    const unsigned n_nodes = context_.model.nodes.size();
    // Carried nodes (*MPC, *RIGID BODY): lines linearised at the reference,
    // and the stiffness of their constraint forces under the perturbation
    // load in K_Delta (below).
    const auto &followers = assembler.followers();
    if (!followers.empty())
      {
        if (context_.base.nonlinear)
          throw core::InputError(
            step_.procedure_at,
            "*BUCKLE after a geometrically non-linear step with *MPC or *RIGID BODY (" +
              followers.followers().front().defined_at.str() +
              ") is not supported yet; a *BUCKLE about the reference (before NLGEOM steps, or "
              "after linear ones) is");
        assembler.linearise_rotation_constraints(core::Configuration(n_nodes));
      }

    // The perturbation load Q: this step's own *CLOAD and *DLOAD lines, from
    // zero (loads of earlier linear steps are not scaled and, as in CalculiX
    // without *STEP, PERTURBATION, do not stiffen the base state).
    // A pressure among them acts on the reference faces (about an NLGEOM base
    // state it is refused before the step: check_pressure_support).
    StepLoading perturbation;
    perturbation.boundaries = loading_.boundaries;
    perturbation.loads      = step_.loads;
    perturbation.gravity    = step_.gravity;
    perturbation.pressures  = step_.pressures;
    const std::vector<ElementPressure> pressures =
      pressures_at(context_, perturbation, 1.0, 1.0, true);
    Eigen::VectorXd load = external_force(context_, perturbation, 1.0, 1.0, true);
    add_pressure_force(context_, pressures, nullptr, load, nullptr);
    if (load.lpNorm<Eigen::Infinity>() == 0.0)
      throw core::InputError(
        step_.procedure_at,
        "*BUCKLE needs a perturbation load: *CLOAD or *DLOAD lines in this step "
        "(loads of earlier steps are the preload of the base state)");

    // 1. K_0, the stiffness of the base state: after linear steps the
    //    small-displacement stiffness about the reference configuration (as
    //    CalculiX without *STEP, PERTURBATION: a linear preload does not
    //    enter; Abaqus would add its initial stress); after an NLGEOM step the
    //    symmetric part of the tangent at its end state, the preload's
    //    stresses included (Abaqus).
    const BaseState &base = context_.base;
    result.base_state     = {true, base.step, base.nonlinear, base.nonlinear,
                             base.describe(base.nonlinear)};
    result.log.push_back(result.base_state.description);
    dealii::TrilinosWrappers::SparseMatrix stiffness, geometric;
    dealii::TrilinosWrappers::MPI::Vector  residual, solution;
    Eigen::VectorXd                        internal;
    // The condensed load vector and, about the reference, K_lin.
    assembler.assemble_linear_residual(Eigen::VectorXd::Zero(context_.dofs.n_dofs()), load,
                                       residual, internal, base.nonlinear ? nullptr : &stiffness);
    if (base.nonlinear)
      {
        double skewness = 0.0;
        assembler.assemble_matrix(assembly::MatrixKind::symmetric_tangent_stiffness,
                                  context_.configuration, stiffness, &skewness);
        std::ostringstream line;
        line << "tangent stiffness of the base state: |K_t - K_t^T|/|K_t| = "
             << std::setprecision(2) << skewness << " (its symmetric part is used)";
        result.log.push_back(line.str());
      }

    // 2. The perturbation response K_0 du = Q, the step's boundary conditions held at zero.
    assembler.reinit_vector(solution);
    try
      {
        solvers::DirectSolver solver;
        solver.factorize(stiffness);
        solver.solve(solution, residual);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }
    Eigen::VectorXd displacement = assembler.to_replicated(solution);
    assembler.distribute(displacement);

    // 3. K_Delta, the change of the stiffness per unit lambda: the initial
    //    stress of du (about the reference: the initial-stress matrices of
    //    the small displacements du; about an NLGEOM base: the differential
    //    initial stress at the base geometry) plus the load stiffness S(M)/2
    //    of semi-tangential moments.
    if (base.nonlinear)
      {
        try
          {
            assembler.assemble_initial_stress_increment(context_.configuration, displacement,
                                                        geometric);
          }
        catch (const std::exception &error)
          {
            throw core::InputError(step_.procedure_at,
                                   std::string("*BUCKLE about the base state of the NLGEOM step ") +
                                     std::to_string(base.step) + ": " + error.what());
          }
        zero_constrained_diagonal(geometric);
        add_moment_stiffness(load, geometric);
      }
    else
      initial_stress_matrix(displacement, load, geometric);
    // A pressure follows the faces as they buckle: its load stiffness -L per
    // unit lambda (symmetric part; Abaqus includes it the same way).
    if (!pressures.empty())
      {
        Eigen::VectorXd force_again = Eigen::VectorXd::Zero(load.size()); // already in load
        add_pressure_force(context_, pressures, nullptr, force_again, &geometric, true);
      }
    if (!followers.empty())
      {
        // The constraint forces of du balance its element forces less Q on
        // the carried nodes; turning with the leaders they add their
        // derivative d(G^T lambda)/dq, linear in the load factor (a dead load
        // at the end of a rigid lever c: P c on the leader's rotations).
        dealii::TrilinosWrappers::MPI::Vector unused;
        Eigen::VectorXd                       element_force;
        assembler.assemble_linear_residual(displacement, Eigen::VectorXd::Zero(displacement.size()),
                                           unused, element_force, nullptr);
        assembler.add_follower_curvature(core::Configuration(n_nodes), element_force - load,
                                         geometric);
        geometric.compress(dealii::VectorOperation::add);
      }

    // 4. Load factors.
    unsigned n_modes = step_.parameters.get<core::BuckleParameters>().n_modes;
    context_.progress << "  step " << step_number << ": " << n_modes
                      << " buckling load factors of a system of " << context_.dofs.n_dofs()
                      << " DOFs" << std::endl;
    double                    skewness = 0.0;
    const solvers::EigenPairs pairs    = solve_for_step(step_, result, [&] {
      return solvers::solve_buckling_eigenproblem(stiffness, geometric, n_modes, skewness);
    });
    std::ostringstream        skew_line;
    skew_line << "geometric stiffness: |K_g - K_g^T|/|K_g| = " << std::setprecision(2) << skewness
              << " (its symmetric part is used)";
    result.log.push_back(skew_line.str());
    if (pairs.eigenvalues.size() < n_modes)
      result.log.push_back("only " + std::to_string(pairs.eigenvalues.size()) +
                           " positive load factors exist");

    OutputRecorder recorder(context_, step_, result);
    bool           wants_shapes = false;
    for (const auto &request : step_.outputs)
      wants_shapes = wants_shapes || request.kind == core::OutputRequest::Kind::node_file ||
                     request.kind == core::OutputRequest::Kind::element_file;
    const bool keep_shapes = context_.stream == nullptr || context_.stream->keeps_mode_shapes();
    std::vector<Eigen::VectorXd> shapes; // the largest translation 1
    for (unsigned mode = 0; mode < pairs.eigenvalues.size(); ++mode)
      {
        buckling.load_factors.push_back(pairs.eigenvalues[mode]);
        std::ostringstream line;
        line << "mode " << mode + 1 << ": load factor " << std::setprecision(10)
             << pairs.eigenvalues[mode] << ", residual " << std::setprecision(2)
             << pairs.residuals[mode];
        result.log.push_back(line.str());
        if (!wants_shapes && !keep_shapes)
          continue;
        Eigen::VectorXd shape   = pairs.eigenvectors[mode];
        double          largest = 0.0;
        for (unsigned dof = 0; dof < shape.size(); ++dof)
          if (!core::is_rotation(context_.dofs.kind_of(dof)))
            largest = std::max(largest, std::abs(shape[dof]));
        if (largest > 0.0)
          shape /= largest;
        shapes.push_back(shape);
        if (!wants_shapes)
          continue;
        const core::Configuration saved = context_.configuration;
        context_.configuration          = core::Configuration(n_nodes);
        context_.configuration.apply_increment(context_.dofs, shape);
        std::ostringstream label;
        label << "mode " << mode + 1 << ": load factor " << std::setprecision(6)
              << pairs.eigenvalues[mode];
        result.frames.push_back(recorder.frame(mode + 1, label.str(), Eigen::VectorXd(), false));
        context_.configuration = saved;
      }
    if (keep_shapes)
      buckling.mode_shapes =
        io::ModeShapes::from_dof_vectors(context_.model, context_.dofs, shapes, "displacement");
    return result;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** *BUCKLE: number of eigenvalues. */
    core::BuckleParameters
    parse_buckle(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                 const core::Step &)
    {
      deck::require_one_line(keyword, data);
      data.front().require_fields(1, 4, "BUCKLE");
      core::BuckleParameters p;
      p.n_modes = data.front().positive_integer(0);
      return p;
    }

    /**
     * A perturbation step. The load that is scaled is the step's own
     * (CalculiX: loads of earlier steps are removed at the start of a
     * *BUCKLE step).
     */
    io::StepResult
    run_buckle(StepRun &run)
    {
      run.loading.loads   = run.step.loads;
      run.loading.gravity = run.step.gravity;
      run.loading.ramp_start.resize(0);
      return BuckleAnalysis(run.context, run.step, run.loading).run(run.number);
    }

    ProcedureTypeInfo
    buckle_type()
    {
      ProcedureTypeInfo type;
      type.takes_followers = true;
      type.keyword         = "BUCKLE";
      type.description =
        "linear buckling load factors about the base state (Anasazi shift-and-invert, "
        "distributed; concentrated moments semi-tangential)";
      type.parameters   = {{"SOLVER", "accepted and ignored"}, {"STORAGE", "accepted and ignored"}};
      type.data_lines   = "number of buckling load factors (required); further fields are "
                          "accepted and ignored";
      type.perturbation = true;
      type.parameters_type = typeid(core::BuckleParameters);
      type.parse           = parse_buckle;
      type.run             = run_buckle;
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(BuckleAnalysis, corot::analysis::buckle_type())
