#include <src/analysis/buckle_analysis.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/step_loading.h>
#include <src/solvers/buckling_eigen_solver.h>
#include <src/solvers/direct_solver.h>

#include <algorithm>
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

  io::StepResult
  BuckleAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number    = step_number;
    result.procedure = "buckle";

    PrescribedMotion prescribed(context_, loading_, result.log);
    assembly::Assembler &assembler = context_.assembler;
    assembler.set_constraints(prescribed.constrained_dofs(), context_.model.equations);
    const unsigned n_nodes = context_.model.nodes.size();

    // 1. Preload: K u = P about the reference configuration.
    const Eigen::VectorXd                  load = external_force(context_, loading_, 1.0, 1.0, true);
    const core::Configuration              reference(n_nodes);
    dealii::TrilinosWrappers::SparseMatrix stiffness, geometric;
    dealii::TrilinosWrappers::MPI::Vector  residual, solution;
    Eigen::VectorXd                        internal;
    assembler.assemble_residual(reference, false, load, residual, internal, &stiffness);
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
    core::Configuration preload(n_nodes);
    preload.apply_increment(context_.dofs, displacement);

    // 2. Initial-stress matrix, constrained rows and columns zero, plus the
    //    load stiffness S(M)/2 of semi-tangential moments.
    assembler.assemble_matrix(assembly::MatrixKind::geometric_stiffness, preload, geometric);
    const auto &constraints = assembler.increment_constraints();
    for (const auto &line : constraints.get_lines())
      if (geometric.in_local_range(line.index))
        geometric.set(line.index, line.index, 0.0);
    geometric.compress(dealii::VectorOperation::insert);
    for (unsigned node = 0; node < n_nodes; ++node)
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
        half_skew << 0.0, -moment[2], moment[1], moment[2], 0.0, -moment[0], -moment[1], moment[0], 0.0;
        half_skew *= 0.5;
        for (unsigned a = 0; a < 3; ++a)
          for (unsigned b = 0; b < 3; ++b)
            if (a != b && dof[a] != core::DofMap::invalid && dof[b] != core::DofMap::invalid &&
                !constraints.is_constrained(dof[a]) && !constraints.is_constrained(dof[b]) &&
                geometric.in_local_range(dof[a]))
              geometric.add(dof[a], dof[b], half_skew(a, b));
      }
    geometric.compress(dealii::VectorOperation::add);

    // 3. Load factors.
    unsigned n_modes = step_.frequency.n_modes;
    context_.progress << "  step " << step_number << ": " << n_modes
                      << " buckling load factors of a system of " << context_.dofs.n_dofs() << " DOFs"
                      << std::endl;
    solvers::EigenPairs pairs;
    double              skewness = 0.0;
    try
      {
        pairs = solvers::solve_buckling_eigenproblem(stiffness, geometric, n_modes, skewness);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }
    std::ostringstream skew_line;
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
    for (unsigned mode = 0; mode < pairs.eigenvalues.size(); ++mode)
      {
        result.load_factors.push_back(pairs.eigenvalues[mode]);
        std::ostringstream line;
        line << "mode " << mode + 1 << ": load factor " << std::setprecision(10) << pairs.eigenvalues[mode]
             << ", residual " << std::setprecision(2) << pairs.residuals[mode];
        result.log.push_back(line.str());
        if (!wants_shapes)
          continue;
        Eigen::VectorXd shape   = pairs.eigenvectors[mode];
        double          largest = 0.0;
        for (unsigned dof = 0; dof < shape.size(); ++dof)
          if (!core::is_rotation(context_.dofs.kind_of(dof)))
            largest = std::max(largest, std::abs(shape[dof]));
        if (largest > 0.0)
          shape /= largest;
        const core::Configuration saved = context_.configuration;
        context_.configuration          = core::Configuration(n_nodes);
        context_.configuration.apply_increment(context_.dofs, shape);
        std::ostringstream label;
        label << "mode " << mode + 1 << ": load factor " << std::setprecision(6) << pairs.eigenvalues[mode];
        result.frames.push_back(recorder.frame(mode + 1, label.str(), Eigen::VectorXd(), false));
        context_.configuration = saved;
      }
    return result;
  }
} // namespace corot::analysis
