#include <src/analysis/assembled_dynamic_system.h>
#include <src/analysis/step_loading.h>
#include <src/solvers/direct_solver.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <stdexcept>

namespace corot::analysis
{
  AssembledDynamicSystem::AssembledDynamicSystem(AnalysisContext   &context,
                                                 const StepLoading &loading,
                                                 const double       period,
                                                 const PrescribedMotion *prescribed)
    : context_(context)
    , loading_(loading)
    , period_(period)
    , prescribed_(prescribed)
    , moving_(prescribed != nullptr && prescribed->moves(period))
  {
    context_.assembler.assemble_matrix(assembly::MatrixKind::lumped_mass,
                                       core::Configuration(context_.model.nodes.size()), mass_);
  }

  unsigned
  AssembledDynamicSystem::n_dofs() const
  {
    return context_.dofs.n_dofs();
  }

  core::Configuration
  AssembledDynamicSystem::configuration(const Eigen::VectorXd &d) const
  {
    core::Configuration result(context_.model.nodes.size());
    result.apply_increment(context_.dofs, d);
    return result;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::mass_times(const Eigen::VectorXd &x) const
  {
    dealii::TrilinosWrappers::MPI::Vector in, out;
    in.reinit(context_.assembler.locally_owned_dofs(), context_.assembler.communicator());
    out.reinit(in);
    for (const auto i : context_.assembler.locally_owned_dofs())
      in[i] = x[i];
    in.compress(dealii::VectorOperation::insert);
    mass_.vmult(out, in);
    return context_.assembler.to_replicated(out);
  }

  Eigen::VectorXd
  AssembledDynamicSystem::external_force(const double time) const
  {
    return analysis::external_force(context_, loading_, time, period_, false);
  }

  Eigen::VectorXd
  AssembledDynamicSystem::internal_force(const Eigen::VectorXd &d)
  {
    dealii::TrilinosWrappers::MPI::Vector residual;
    Eigen::VectorXd                       internal;
    context_.assembler.assemble_residual(configuration(d), true,
                                         Eigen::VectorXd::Zero(context_.dofs.n_dofs()), residual,
                                         internal, nullptr);
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      internal[line.index] = 0.0;
    return internal;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::initial_acceleration(const Eigen::VectorXd &d, const double time)
  {
    dealii::TrilinosWrappers::MPI::Vector residual, solution;
    Eigen::VectorXd                       internal;
    context_.assembler.assemble_residual(configuration(d), true, external_force(time), residual,
                                         internal, nullptr);
    dealii::TrilinosWrappers::SparseMatrix mass;
    mass.copy_from(mass_);
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      if (context_.assembler.locally_owned_dofs().is_element(line.index))
        mass.set(line.index, line.index, 1.0);
    mass.compress(dealii::VectorOperation::insert);
    solvers::DirectSolver solver;
    try
      {
        solver.factorize(mass);
      }
    catch (const std::runtime_error &)
      {
        throw std::runtime_error("the mass matrix is singular: a DOF without mass (massless "
                                 "element or node) cannot take the initial acceleration Newmark needs");
      }
    context_.assembler.reinit_vector(solution);
    solver.solve(solution, residual);
    Eigen::VectorXd acceleration = context_.assembler.to_replicated(solution);
    context_.assembler.distribute(acceleration);
    return acceleration;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::newton_correction(const integrators::ForceModel model,
                                            const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1,
                                            const Eigen::VectorXd &inertia_force,
                                            const Eigen::VectorXd &external_force,
                                            const double mass_coefficient, double &residual_ratio)
  {
    const Eigen::VectorXd                  effective = external_force - inertia_force;
    dealii::TrilinosWrappers::MPI::Vector  residual, correction;
    dealii::TrilinosWrappers::SparseMatrix matrix;
    Eigen::VectorXd                        internal;
    if (model == integrators::ForceModel::conserving)
      context_.assembler.assemble_conserving_residual(configuration(d_n), configuration(d_n1),
                                                      effective, residual, internal, &matrix);
    else
      context_.assembler.assemble_residual(configuration(d_n1), true, effective, residual,
                                           internal, &matrix);
    matrix.add(mass_coefficient, mass_);

    // Force scale: the largest of the external, internal and inertia forces
    // on the free DOFs (reactions would hide a residual otherwise).
    Eigen::VectorXd free_external = external_force, free_internal = internal,
                    free_inertia = inertia_force;
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      free_external[line.index] = free_internal[line.index] = free_inertia[line.index] = 0.0;
    const double scale =
      std::max({free_external.norm(), free_internal.norm(), free_inertia.norm(), 1e-300});
    residual_ratio = residual.l2_norm() / scale;

    solvers::DirectSolver solver;
    solver.factorize(matrix);
    context_.assembler.reinit_vector(correction);
    solver.solve(correction, residual);
    Eigen::VectorXd delta = context_.assembler.to_replicated(correction);
    context_.assembler.distribute(delta);
    return delta;
  }

  double
  AssembledDynamicSystem::strain_energy(const Eigen::VectorXd &d) const
  {
    return context_.assembler.strain_energy(configuration(d), true);
  }

  void
  AssembledDynamicSystem::impose_prescribed_motion(const double time_n, const double time_n1,
                                                   const Eigen::VectorXd &d_n,
                                                   Eigen::VectorXd       &d_n1) const
  {
    if (moving_)
      context_.assembler.impose_prescribed_values(
        d_n1, prescribed_->dynamic_values(time_n, time_n1, period_, d_n));
  }

  bool
  AssembledDynamicSystem::has_prescribed_motion() const
  {
    return moving_;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::reactions(const integrators::ForceModel model,
                                    const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1,
                                    const Eigen::VectorXd &inertia_force,
                                    const Eigen::VectorXd &external_force)
  {
    dealii::TrilinosWrappers::MPI::Vector residual;
    Eigen::VectorXd                       internal;
    if (model == integrators::ForceModel::conserving)
      context_.assembler.assemble_conserving_residual(configuration(d_n), configuration(d_n1),
                                                      external_force, residual, internal, nullptr);
    else
      context_.assembler.assemble_residual(configuration(d_n1), true, external_force, residual,
                                           internal, nullptr);
    Eigen::VectorXd result = Eigen::VectorXd::Zero(d_n1.size());
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      result[line.index] =
        internal[line.index] + inertia_force[line.index] - external_force[line.index];
    return result;
  }

  namespace
  {
    /**
     * Replicated Eigen copy of @p matrix (rows gathered from every rank); rows
     * and columns of the DOFs in @p fixed are replaced by @p fixed_diagonal
     * times those of the identity.
     */
    Eigen::SparseMatrix<double>
    replicated_copy(const dealii::TrilinosWrappers::SparseMatrix &matrix,
                    const dealii::IndexSet &owned, const std::vector<unsigned> &fixed,
                    const double fixed_diagonal, MPI_Comm communicator)
    {
      std::vector<bool> is_fixed(matrix.m(), false);
      for (const unsigned i : fixed)
        is_fixed[i] = true;
      std::vector<unsigned> rows, columns;
      std::vector<double>   values;
      for (const auto row : owned)
        for (auto entry = matrix.begin(row); entry != matrix.end(row); ++entry)
          if (!is_fixed[row] && !is_fixed[entry->column()] && entry->value() != 0.0)
            {
              rows.push_back(row);
              columns.push_back(entry->column());
              values.push_back(entry->value());
            }
      std::vector<Eigen::Triplet<double>> triplets;
      const auto all_rows    = dealii::Utilities::MPI::all_gather(communicator, rows);
      const auto all_columns = dealii::Utilities::MPI::all_gather(communicator, columns);
      const auto all_values  = dealii::Utilities::MPI::all_gather(communicator, values);
      for (unsigned rank = 0; rank < all_rows.size(); ++rank)
        for (unsigned i = 0; i < all_rows[rank].size(); ++i)
          triplets.emplace_back(all_rows[rank][i], all_columns[rank][i], all_values[rank][i]);
      if (fixed_diagonal != 0.0)
        for (const unsigned i : fixed)
          triplets.emplace_back(i, i, fixed_diagonal);
      Eigen::SparseMatrix<double> result(matrix.m(), matrix.n());
      result.setFromTriplets(triplets.begin(), triplets.end());
      return result;
    }
  } // namespace

  std::vector<unsigned>
  AssembledDynamicSystem::constrained_dofs() const
  {
    std::vector<unsigned> result;
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      {
        if (!line.entries.empty())
          throw std::runtime_error("*EQUATION constraints are not handled by INTEGRATOR=TIMEFE "
                                   "with ORDER >= 2 yet");
        result.push_back(line.index);
      }
    std::sort(result.begin(), result.end());
    return result;
  }

  Eigen::SparseMatrix<double>
  AssembledDynamicSystem::tangent_stiffness(const Eigen::VectorXd &d)
  {
    dealii::TrilinosWrappers::MPI::Vector  residual;
    dealii::TrilinosWrappers::SparseMatrix tangent;
    Eigen::VectorXd                        internal;
    context_.assembler.assemble_residual(configuration(d), true,
                                         Eigen::VectorXd::Zero(context_.dofs.n_dofs()), residual,
                                         internal, &tangent);
    return replicated_copy(tangent, context_.assembler.locally_owned_dofs(), constrained_dofs(),
                           1.0, context_.assembler.communicator());
  }

  Eigen::SparseMatrix<double>
  AssembledDynamicSystem::mass_matrix() const
  {
    return replicated_copy(mass_, context_.assembler.locally_owned_dofs(), constrained_dofs(), 0.0,
                           context_.assembler.communicator());
  }
} // namespace corot::analysis
