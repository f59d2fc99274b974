#include <src/assembly/assembler.h>
#include <src/assembly/dof_numbering.h>

#include <deal.II/base/mpi.h>
#include <deal.II/base/utilities.h>
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <algorithm>
#include <cmath>

namespace corot::assembly
{
  namespace
  {
    using dealii::types::global_dof_index;

    /** Positions of the active local DOFs and their global indices. */
    void
    active_entries(const std::vector<unsigned>      &dofs,
                   std::vector<unsigned>            &local,
                   std::vector<global_dof_index>    &global)
    {
      local.clear();
      global.clear();
      for (unsigned i = 0; i < dofs.size(); ++i)
        if (dofs[i] != core::DofMap::invalid)
          {
            local.push_back(i);
            global.push_back(dofs[i]);
          }
    }

    dealii::FullMatrix<double>
    restricted_matrix(const Eigen::MatrixXd &matrix, const std::vector<unsigned> &local)
    {
      dealii::FullMatrix<double> result(local.size(), local.size());
      for (unsigned i = 0; i < local.size(); ++i)
        for (unsigned j = 0; j < local.size(); ++j)
          result(i, j) = matrix(local[i], local[j]);
      return result;
    }

    dealii::Vector<double>
    restricted_vector(const Eigen::VectorXd &vector, const std::vector<unsigned> &local,
                      const double factor)
    {
      dealii::Vector<double> result(local.size());
      for (unsigned i = 0; i < local.size(); ++i)
        result[i] = factor * vector[local[i]];
      return result;
    }

    bool
    is_mass(const MatrixKind kind)
    {
      return kind == MatrixKind::consistent_mass || kind == MatrixKind::lumped_mass;
    }
  } // namespace

  Assembler::Assembler(const core::Model                                     &model,
                       const std::vector<std::unique_ptr<elements::Element>> &elements,
                       const core::DofMap                                    &dofs,
                       MPI_Comm                                               communicator)
    : model_(model)
    , elements_(elements)
    , dofs_(dofs)
    , communicator_(communicator)
    , locally_owned_(dofs.n_dofs())
  {
    const unsigned n_ranks = dealii::Utilities::MPI::n_mpi_processes(communicator);
    const unsigned rank    = dealii::Utilities::MPI::this_mpi_process(communicator);
    const unsigned n       = dofs.n_dofs();
    const unsigned begin   = static_cast<unsigned>((static_cast<unsigned long>(n) * rank) / n_ranks);
    const unsigned end     = static_cast<unsigned>((static_cast<unsigned long>(n) * (rank + 1)) / n_ranks);
    locally_owned_.add_range(begin, end);
    locally_owned_.compress();

    element_dofs_.reserve(elements.size());
    for (unsigned e = 0; e < elements.size(); ++e)
      {
        element_dofs_.push_back(element_dof_indices(model, dofs, *elements[e]));
        unsigned lowest = core::DofMap::invalid;
        for (const unsigned dof : element_dofs_.back())
          lowest = std::min(lowest, dof);
        if (lowest != core::DofMap::invalid && locally_owned_.is_element(lowest))
          local_elements_.push_back(e);
      }
    set_constraints({}, {});
  }

  void
  Assembler::set_constraints(const std::vector<PrescribedValue> &prescribed,
                             const std::vector<core::Equation>  &equations)
  {
    const dealii::IndexSet all = dealii::complete_index_set(dofs_.n_dofs());
    increment_constraints_.clear();
    increment_constraints_.reinit(all);
    equation_lines_.clear();

    for (const PrescribedValue &p : prescribed)
      if (!increment_constraints_.is_constrained(p.dof))
        increment_constraints_.add_line(p.dof);

    for (const core::Equation &equation : equations)
      {
        auto dof_of = [&](const core::EquationTerm &term) {
          const unsigned dof = dofs_.index(model_.node_index.at(term.node_id),
                                           static_cast<core::DofKind>(term.dof - 1));
          if (dof == core::DofMap::invalid)
            throw core::InputError(equation.defined_at,
                                   "*EQUATION refers to DOF " + std::to_string(term.dof) +
                                     " of node " + std::to_string(term.node_id) +
                                     ", which no element of that node has");
          return dof;
        };
        const core::EquationTerm &first     = equation.terms.front();
        const unsigned            dependent = dof_of(first);
        if (first.coefficient == 0.0)
          throw core::InputError(equation.defined_at,
                                 "the first coefficient of an *EQUATION must be non-zero");
        if (increment_constraints_.is_constrained(dependent))
          throw core::InputError(equation.defined_at,
                                 "the first DOF of this *EQUATION (" + dofs_.describe(dependent) +
                                   ") is already constrained");
        increment_constraints_.add_line(dependent);
        equation_lines_.push_back({dependent, {}});
        for (unsigned t = 1; t < equation.terms.size(); ++t)
          {
            const unsigned master = dof_of(equation.terms[t]);
            const double   ratio  = -equation.terms[t].coefficient / first.coefficient;
            increment_constraints_.add_entry(dependent, master, ratio);
            equation_lines_.back().second.emplace_back(master, ratio);
          }
      }
    try
      {
        increment_constraints_.close();
      }
    catch (const std::exception &)
      {
        throw core::InputError(equations.empty() ? core::SourceLocation{} :
                                                   equations.front().defined_at,
                               "the *EQUATION constraints are circular and cannot be resolved");
      }

    // Rows this rank writes into: its own, those of its elements, and the
    // masters that constraints redirect them to.
    // Collected in a vector and added at once: IndexSet::add_index inserts into
    // a sorted vector, which is quadratic when called for every DOF.
    std::vector<global_dof_index> rows;
    for (const auto dof : locally_owned_)
      if (const auto *entries = increment_constraints_.get_constraint_entries(dof))
        for (const auto &[master, weight] : *entries)
          rows.push_back(master);
    std::vector<unsigned>         local;
    std::vector<global_dof_index> global;
    for (const unsigned e : local_elements_)
      {
        active_entries(element_dofs_[e], local, global);
        for (const auto dof : global)
          {
            rows.push_back(dof);
            if (const auto *entries = increment_constraints_.get_constraint_entries(dof))
              for (const auto &[master, weight] : *entries)
                rows.push_back(master);
          }
      }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    writable_ = dealii::IndexSet(dofs_.n_dofs());
    writable_.add_indices(locally_owned_);
    writable_.add_indices(rows.begin(), rows.end());
    writable_.compress();

    sparsity_.reinit(locally_owned_, locally_owned_, writable_, communicator_);
    for (const auto dof : locally_owned_)
      sparsity_.add(dof, dof);
    for (const unsigned e : local_elements_)
      {
        active_entries(element_dofs_[e], local, global);
        increment_constraints_.add_entries_local_to_global(global, sparsity_, false);
      }
    sparsity_.compress();
  }

  void
  Assembler::impose_prescribed_values(core::Configuration                &configuration,
                                      const std::vector<PrescribedValue> &targets) const
  {
    const Eigen::VectorXd current = configuration.dof_values(dofs_);
    Eigen::VectorXd       target  = current;
    impose_prescribed_values(target, targets);
    configuration.apply_increment(dofs_, target - current);
  }

  void
  Assembler::impose_prescribed_values(Eigen::VectorXd                     &target,
                                      const std::vector<PrescribedValue> &targets) const
  {
    for (const PrescribedValue &p : targets)
      target[p.dof] = p.value;
    // Equations may chain (a master is another equation's dependent): sweep
    // until every dependent is consistent with its masters.
    for (unsigned sweep = 0; sweep <= equation_lines_.size(); ++sweep)
      {
        bool changed = false;
        for (const auto &[dependent, masters] : equation_lines_)
          {
            double value = 0.0;
            for (const auto &[master, weight] : masters)
              value += weight * target[master];
            changed          = changed || value != target[dependent];
            target[dependent] = value;
          }
        if (!changed)
          break;
      }
  }

  void
  Assembler::reinit_matrix(dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    matrix.reinit(sparsity_);
  }

  void
  Assembler::reinit_vector(dealii::TrilinosWrappers::MPI::Vector &vector) const
  {
    vector.reinit(locally_owned_, writable_, communicator_, true);
  }

  elements::ElementKinematics
  Assembler::kinematics(const unsigned e, const core::Configuration &configuration) const
  {
    elements::ElementKinematics result;
    for (const unsigned node_id : elements_[e]->nodes())
      {
        const unsigned node = model_.node_index.at(node_id);
        result.push_back({configuration.displacements[node], configuration.rotations[node]});
      }
    return result;
  }

  void
  Assembler::element_matrix(const MatrixKind kind, const unsigned e,
                            const core::Configuration &configuration,
                            Eigen::MatrixXd           &matrix) const
  {
    const elements::Element &element = *elements_[e];
    switch (kind)
      {
        case MatrixKind::linear_stiffness:
          element.linear_stiffness(matrix);
          break;
        case MatrixKind::consistent_mass:
          element.mass(elements::MassKind::consistent, matrix);
          break;
        case MatrixKind::lumped_mass:
          element.mass(elements::MassKind::lumped, matrix);
          break;
        case MatrixKind::geometric_stiffness:
          element.geometric_stiffness(kinematics(e, configuration), matrix);
          break;
        case MatrixKind::tangent_stiffness:
          {
            Eigen::VectorXd force;
            element.internal_force(kinematics(e, configuration), force, &matrix);
            break;
          }
      }
  }

  void
  Assembler::assemble_matrix(const MatrixKind                        kind,
                             const core::Configuration              &configuration,
                             dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    reinit_matrix(matrix);
    std::vector<unsigned>         local;
    std::vector<global_dof_index> global;
    Eigen::MatrixXd               element;
    for (const unsigned e : local_elements_)
      {
        active_entries(element_dofs_[e], local, global);
        element_matrix(kind, e, configuration, element);
        increment_constraints_.distribute_local_to_global(restricted_matrix(element, local),
                                                          global, matrix);
      }
    matrix.compress(dealii::VectorOperation::add);

    if (is_mass(kind))
      {
        bool changed = false;
        for (const auto &line : increment_constraints_.get_lines())
          if (locally_owned_.is_element(line.index))
            {
              matrix.set(line.index, line.index, 0.0);
              changed = true;
            }
        (void)changed;
        matrix.compress(dealii::VectorOperation::insert);
      }
  }

  void
  Assembler::assemble_residual(const core::Configuration              &configuration,
                               const bool                              nonlinear,
                               const Eigen::VectorXd                  &external_force,
                               dealii::TrilinosWrappers::MPI::Vector  &residual,
                               Eigen::VectorXd                        &internal_force,
                               dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    if (!nonlinear)
      return assemble_linear_residual(configuration.dof_values(dofs_), external_force, residual,
                                      internal_force, tangent);
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *stiffness) {
        elements_[e]->internal_force(kinematics(e, configuration), force, stiffness);
      },
      external_force, residual, internal_force, tangent);
  }

  void
  Assembler::assemble_linear_residual(const Eigen::VectorXd                  &values,
                                      const Eigen::VectorXd                  &external_force,
                                      dealii::TrilinosWrappers::MPI::Vector  &residual,
                                      Eigen::VectorXd                        &internal_force,
                                      dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *stiffness) {
        const elements::Element &element = *elements_[e];
        Eigen::MatrixXd linear;
        element.linear_stiffness(linear);
        const auto     &dofs           = element_dofs_[e];
        Eigen::VectorXd element_values = Eigen::VectorXd::Zero(dofs.size());
        for (unsigned i = 0; i < dofs.size(); ++i)
          if (dofs[i] != core::DofMap::invalid)
            element_values[i] = values[dofs[i]];
        force = linear * element_values;
        if (stiffness != nullptr)
          *stiffness = linear;
      },
      external_force, residual, internal_force, tangent);
  }

  void
  Assembler::assemble_conserving_residual(const core::Configuration              &configuration_n,
                                          const core::Configuration              &configuration_n1,
                                          const Eigen::VectorXd                  &external_force,
                                          dealii::TrilinosWrappers::MPI::Vector  &residual,
                                          Eigen::VectorXd                        &internal_force,
                                          dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *stiffness) {
        elements_[e]->conserving_force(kinematics(e, configuration_n),
                                       kinematics(e, configuration_n1), force, stiffness);
      },
      external_force, residual, internal_force, tangent);
  }

  void
  Assembler::assemble_element_forces(const ElementForce                     &element_force,
                                     const Eigen::VectorXd                  &external_force,
                                     dealii::TrilinosWrappers::MPI::Vector  &residual,
                                     Eigen::VectorXd                        &internal_force,
                                     dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    reinit_vector(residual);
    if (tangent != nullptr)
      reinit_matrix(*tangent);
    internal_force = Eigen::VectorXd::Zero(dofs_.n_dofs());

    std::vector<unsigned>         local;
    std::vector<global_dof_index> global;
    Eigen::VectorXd               force;
    Eigen::MatrixXd               stiffness;
    for (const unsigned e : local_elements_)
      {
        active_entries(element_dofs_[e], local, global);
        element_force(e, force, tangent != nullptr ? &stiffness : nullptr);
        for (unsigned i = 0; i < local.size(); ++i)
          internal_force[global[i]] += force[local[i]];

        const dealii::Vector<double> element_residual = restricted_vector(force, local, -1.0);
        if (tangent != nullptr)
          increment_constraints_.distribute_local_to_global(restricted_matrix(stiffness, local),
                                                            element_residual, global, *tangent,
                                                            residual);
        else
          increment_constraints_.distribute_local_to_global(element_residual, global, residual);
      }

    {
      // The replicated external force: each rank adds the rows it owns.
      std::vector<global_dof_index> indices;
      std::vector<double>           entries;
      for (const auto i : locally_owned_)
        if (external_force[i] != 0.0)
          {
            indices.push_back(i);
            entries.push_back(external_force[i]);
          }
      dealii::Vector<double> loads(entries.begin(), entries.end());
      increment_constraints_.distribute_local_to_global(loads, indices, residual);
    }
    residual.compress(dealii::VectorOperation::add);
    if (tangent != nullptr)
      tangent->compress(dealii::VectorOperation::add);
    dealii::Utilities::MPI::sum(dealii::ArrayView<const double>(internal_force.data(),
                                                                internal_force.size()),
                                communicator_,
                                dealii::ArrayView<double>(internal_force.data(),
                                                          internal_force.size()));
  }

  Eigen::VectorXd
  Assembler::gravity_force(const std::vector<core::GravityLoad> &loads, const double factor) const
  {
    Eigen::VectorXd force = Eigen::VectorXd::Zero(dofs_.n_dofs());
    std::vector<bool> is_local(elements_.size(), false);
    for (const unsigned e : local_elements_)
      is_local[e] = true;
    Eigen::MatrixXd mass;
    for (const core::GravityLoad &load : loads)
      for (const unsigned id : load.element_ids)
        {
          const unsigned e = model_.element_index.at(id);
          if (!is_local[e])
            continue;
          const elements::Element &element = *elements_[e];
          const auto               kinds   = element.dof_kinds();
          Eigen::VectorXd acceleration = Eigen::VectorXd::Zero(element.n_dofs());
          for (unsigned a = 0; a < element.nodes().size(); ++a)
            for (unsigned k = 0; k < kinds.size(); ++k)
              if (!core::is_rotation(kinds[k]))
                acceleration[a * kinds.size() + k] =
                  factor * load.magnitude * load.direction[core::index(kinds[k])];
          element.mass(elements::MassKind::consistent, mass);
          const Eigen::VectorXd element_force = mass * acceleration;
          const auto           &dofs          = element_dofs_[e];
          for (unsigned i = 0; i < dofs.size(); ++i)
            if (dofs[i] != core::DofMap::invalid)
              force[dofs[i]] += element_force[i];
        }
    dealii::Utilities::MPI::sum(dealii::ArrayView<const double>(force.data(), force.size()),
                                communicator_,
                                dealii::ArrayView<double>(force.data(), force.size()));
    return force;
  }

  double
  Assembler::strain_energy(const core::Configuration &configuration, const bool nonlinear) const
  {
    double                energy = 0.0;
    const Eigen::VectorXd values = configuration.dof_values(dofs_);
    Eigen::MatrixXd       stiffness;
    for (const unsigned e : local_elements_)
      {
        if (nonlinear)
          energy += elements_[e]->strain_energy(kinematics(e, configuration));
        else
          {
            elements_[e]->linear_stiffness(stiffness);
            const auto     &dofs           = element_dofs_[e];
            Eigen::VectorXd element_values = Eigen::VectorXd::Zero(dofs.size());
            for (unsigned i = 0; i < dofs.size(); ++i)
              if (dofs[i] != core::DofMap::invalid)
                element_values[i] = values[dofs[i]];
            energy += 0.5 * element_values.dot(stiffness * element_values);
          }
      }
    return dealii::Utilities::MPI::sum(energy, communicator_);
  }

  Eigen::VectorXd
  Assembler::to_replicated(const dealii::TrilinosWrappers::MPI::Vector &vector) const
  {
    dealii::TrilinosWrappers::MPI::Vector ghosted(locally_owned_,
                                                  dealii::complete_index_set(dofs_.n_dofs()),
                                                  communicator_);
    ghosted = vector;
    Eigen::VectorXd result(dofs_.n_dofs());
    for (unsigned i = 0; i < dofs_.n_dofs(); ++i)
      result[i] = ghosted[i];
    return result;
  }

  void
  Assembler::distribute(Eigen::VectorXd &vector) const
  {
    dealii::Vector<double> values(vector.data(), vector.data() + vector.size());
    increment_constraints_.distribute(values);
    for (unsigned i = 0; i < values.size(); ++i)
      vector[i] = values[i];
  }

  std::vector<std::string>
  Assembler::unrestrained_dofs(const dealii::TrilinosWrappers::SparseMatrix &stiffness) const
  {
    double largest = 0.0;
    for (const auto dof : locally_owned_)
      largest = std::max(largest, std::abs(stiffness.diag_element(dof)));
    largest = dealii::Utilities::MPI::max(largest, communicator_);

    std::vector<std::string> local;
    for (const auto dof : locally_owned_)
      if (!increment_constraints_.is_constrained(dof) &&
          std::abs(stiffness.diag_element(dof)) <= 1e-14 * largest)
        local.push_back(dofs_.describe(dof));
    std::vector<std::string> all;
    for (const auto &part : dealii::Utilities::MPI::all_gather(communicator_, local))
      all.insert(all.end(), part.begin(), part.end());
    return all;
  }
} // namespace corot::assembly
