#include <src/assembly/assembler.h>
#include <src/assembly/dof_numbering.h>
#include <src/assembly/rayleigh_damping.h>
#include <src/core/rotation_vector.h>

#include <deal.II/base/mpi.h>
#include <deal.II/base/utilities.h>
#include <deal.II/lac/full_matrix.h>
#include <deal.II/lac/vector.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace corot::assembly
{
  namespace
  {
    using dealii::types::global_dof_index;

    /** Positions of the active local DOFs and their global indices. */
    void
    active_entries(const std::vector<unsigned> &dofs, std::vector<unsigned> &local,
                   std::vector<global_dof_index> &global)
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

    /** The entries of the replicated @p vector on the element DOFs @p dofs (zero where invalid). */
    Eigen::VectorXd
    element_values(const std::vector<unsigned> &dofs, const Eigen::VectorXd &vector)
    {
      Eigen::VectorXd result = Eigen::VectorXd::Zero(dofs.size());
      for (unsigned i = 0; i < dofs.size(); ++i)
        if (dofs[i] != core::DofMap::invalid)
          result[i] = vector[dofs[i]];
      return result;
    }

    bool
    is_mass(const MatrixKind kind)
    {
      return kind == MatrixKind::consistent_mass || kind == MatrixKind::lumped_mass ||
             kind == MatrixKind::turned_consistent_mass || kind == MatrixKind::dynamic_mass ||
             kind == MatrixKind::linear_dynamic_mass;
    }
  } // namespace

  Assembler::Assembler(const core::Model                                     &model,
                       const std::vector<std::unique_ptr<elements::Element>> &elements,
                       const core::DofMap &dofs, MPI_Comm communicator)
    : model_(model)
    , elements_(elements)
    , dofs_(dofs)
    , communicator_(communicator)
    , locally_owned_(dofs.n_dofs())
    , followers_(model, dofs)
    , follower_state_(model.nodes.size())
  {
    const unsigned n_ranks = dealii::Utilities::MPI::n_mpi_processes(communicator);
    const unsigned rank    = dealii::Utilities::MPI::this_mpi_process(communicator);
    const unsigned n       = dofs.n_dofs();
    const unsigned begin = static_cast<unsigned>((static_cast<unsigned long>(n) * rank) / n_ranks);
    const unsigned end =
      static_cast<unsigned>((static_cast<unsigned long>(n) * (rank + 1)) / n_ranks);
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
    follower_step_start_.reset();
    std::vector<unsigned> prescribed_dofs;
    for (const PrescribedValue &p : prescribed)
      prescribed_dofs.push_back(p.dof);
    partial_rotations_ = PartialRotationConstraints(dofs_, prescribed_dofs);
    held_dofs_.clear();
    for (const unsigned dof : prescribed_dofs)
      if (!partial_rotations_.is_held(dof))
        held_dofs_.push_back(dof);
    for (const auto &f : followers_.followers())
      if (f.partly_eliminated_rotation())
        for (const unsigned dof : prescribed_dofs)
          for (unsigned k = 3; k < 6; ++k)
            if (f.follower_dofs[k] == dof)
              throw core::InputError(f.defined_at,
                                     f.origin + " turns " + dofs_.describe(dof) +
                                       " about the connection's axis, which a *BOUNDARY "
                                       "prescribes: prescribe the leading node's rotation "
                                       "instead (driving a connector, *CONNECTOR MOTION, is not "
                                       "supported yet)");
    for (const unsigned dof : prescribed_dofs)
      if (followers_.is_follower_dof(dof))
        for (const auto &f : followers_.followers())
          for (const unsigned d : f.follower_dofs)
            if (d == dof)
              throw core::InputError(f.defined_at,
                                     f.origin + " carries " + dofs_.describe(dof) +
                                       ", which a *BOUNDARY also prescribes: a redundant "
                                       "constraint, which this release does not eliminate yet "
                                       "(support the leading node instead)");

    equation_lines_.clear();
    equations_at_.clear();
    for (const core::Equation &equation : equations)
      {
        auto dof_of = [&](const core::EquationTerm &term) {
          const unsigned dof = dofs_.index(model_.node_index.at(term.node_id),
                                           static_cast<core::DofKind>(term.dof - 1));
          if (dof == core::DofMap::invalid)
            throw core::InputError(equation.defined_at, "*EQUATION refers to DOF " +
                                                          std::to_string(term.dof) + " of node " +
                                                          std::to_string(term.node_id) +
                                                          ", which no element of that node has");
          return dof;
        };
        const core::EquationTerm &first     = equation.terms.front();
        const unsigned            dependent = dof_of(first);
        if (first.coefficient == 0.0)
          throw core::InputError(equation.defined_at,
                                 "the first coefficient of an *EQUATION must be non-zero");
        equation_lines_.push_back({dependent, {}});
        equations_at_.push_back(equation.defined_at);
        for (unsigned t = 1; t < equation.terms.size(); ++t)
          {
            const unsigned master = dof_of(equation.terms[t]);
            const double   ratio  = -equation.terms[t].coefficient / first.coefficient;
            equation_lines_.back().second.emplace_back(master, ratio);
          }
      }
    // About the reference (psi = 0) the rows of partly prescribed rotations are
    // those of the identity: plain lines, as for any prescribed DOF.
    std::vector<Eigen::MatrixXd> identity_rows;
    for (const auto &node : partial_rotations_.nodes())
      identity_rows.push_back(
        PartialRotationConstraints::tangent_rows(node, Eigen::Vector3d::Zero()));
    build_increment_constraints(identity_rows);

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
    // Followers: their lines' weights change with the configuration (some
    // are zero at the reference), so every element touching a follower
    // couples with all six DOFs of its leader, and each leader with itself.
    std::vector<std::vector<unsigned>> leader_of_dof(dofs_.n_dofs());
    std::vector<std::vector<unsigned>> follower_blocks;
    for (const auto &f : followers_.followers())
      {
        const std::vector<unsigned> leader = followers_.masters(f);
        for (const unsigned d : f.follower_dofs)
          if (d != core::DofMap::invalid && followers_.is_follower_dof(d))
            leader_of_dof[d] = leader;
        rows.insert(rows.end(), leader.begin(), leader.end());
        follower_blocks.push_back(leader);
      }
    if (!followers_.empty())
      for (const unsigned e : local_elements_)
        {
          active_entries(element_dofs_[e], local, global);
          std::vector<unsigned> expanded(global.begin(), global.end());
          for (const auto dof : global)
            expanded.insert(expanded.end(), leader_of_dof[dof].begin(), leader_of_dof[dof].end());
          if (expanded.size() > global.size())
            {
              rows.insert(rows.end(), expanded.begin(), expanded.end());
              follower_blocks.push_back(expanded);
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
    std::vector<bool> partial_rotation(dofs_.n_dofs(), false);
    for (const auto &node : partial_rotations_.nodes())
      for (const unsigned dof : node.dofs)
        partial_rotation[dof] = true;
    for (const unsigned e : local_elements_)
      {
        active_entries(element_dofs_[e], local, global);
        increment_constraints_.add_entries_local_to_global(global, sparsity_, false);
        // Rows of partly prescribed rotations keep their element couplings:
        // the linearised constraints condense them differently in every
        // configuration.
        for (const auto row : global)
          if (partial_rotation[row])
            for (const auto column : global)
              {
                sparsity_.add(row, column);
                sparsity_.add(column, row);
              }
      }
    for (const auto &block : follower_blocks)
      for (const unsigned row : block)
        if (writable_.is_element(row))
          for (const unsigned column : block)
            sparsity_.add(row, column);
    sparsity_.compress();
  }

  void
  Assembler::build_increment_constraints(const std::vector<Eigen::MatrixXd> &rotation_rows) const
  {
    const dealii::IndexSet all = dealii::complete_index_set(dofs_.n_dofs());
    increment_constraints_.clear();
    increment_constraints_.reinit(all);
    for (const unsigned dof : held_dofs_)
      if (!increment_constraints_.is_constrained(dof))
        increment_constraints_.add_line(dof);
    followers_.add_lines(increment_constraints_, follower_state_,
                         follower_step_start_ ? &*follower_step_start_ : nullptr);
    partial_rotations_.add_lines(increment_constraints_, rotation_rows);
    for (unsigned i = 0; i < equation_lines_.size(); ++i)
      {
        const auto &[dependent, masters] = equation_lines_[i];
        if (increment_constraints_.is_constrained(dependent))
          throw core::InputError(equations_at_[i], "the first DOF of this *EQUATION (" +
                                                     dofs_.describe(dependent) +
                                                     ") is already constrained");
        increment_constraints_.add_line(dependent);
        for (const auto &[master, ratio] : masters)
          increment_constraints_.add_entry(dependent, master, ratio);
      }
    try
      {
        increment_constraints_.close();
      }
    catch (const std::exception &)
      {
        throw core::InputError(equations_at_.empty() ? core::SourceLocation{} :
                                                       equations_at_.front(),
                               "the *EQUATION constraints are circular and cannot be resolved");
      }
  }

  void
  Assembler::linearise_rotation_constraints(const core::Configuration &configuration) const
  {
    if (partial_rotations_.empty() && followers_.empty())
      return;
    if (!followers_.empty())
      {
        follower_state_ = configuration;
        follower_step_start_.reset();
      }
    linearised_psi_ = partial_rotations_.rotation_vectors(configuration);
    std::vector<Eigen::MatrixXd> rows;
    for (unsigned i = 0; i < linearised_psi_.size(); ++i)
      rows.push_back(PartialRotationConstraints::tangent_rows(partial_rotations_.nodes()[i],
                                                              linearised_psi_[i]));
    build_increment_constraints(rows);
  }

  void
  Assembler::linearise_rotation_constraints(const core::Configuration &configuration_n,
                                            const core::Configuration &configuration_n1) const
  {
    if (partial_rotations_.empty() && followers_.empty())
      return;
    if (!followers_.empty())
      {
        follower_state_      = configuration_n1;
        follower_step_start_ = configuration_n;
      }
    const auto psi_n  = partial_rotations_.rotation_vectors(configuration_n);
    const auto psi_n1 = partial_rotations_.rotation_vectors(configuration_n1);
    linearised_psi_   = psi_n1;
    std::vector<Eigen::MatrixXd> rows;
    for (unsigned i = 0; i < psi_n.size(); ++i)
      {
        const auto           &node = partial_rotations_.nodes()[i];
        const Eigen::Vector3d phi  = core::RotationVector::cayley_vector(
           configuration_n1.rotations[node.node] * configuration_n.rotations[node.node].conjugate());
        rows.push_back(PartialRotationConstraints::secant_rows(node, psi_n[i], psi_n1[i], phi));
      }
    build_increment_constraints(rows);
  }

  void
  Assembler::apply_increment(core::Configuration &configuration, const Eigen::VectorXd &delta) const
  {
    const auto held = partial_rotations_.rotation_vectors(configuration);
    configuration.apply_increment(dofs_, delta);
    partial_rotations_.hold(configuration, held);
    followers_.restore(configuration);
  }

  Eigen::VectorXd
  Assembler::reactions(const Eigen::VectorXd &internal, const Eigen::VectorXd &external) const
  {
    Eigen::VectorXd unbalanced = internal - external;
    followers_.condense(unbalanced, follower_state_);
    Eigen::VectorXd result = Eigen::VectorXd::Zero(internal.size());
    for (const unsigned dof : reaction_dofs())
      result[dof] = unbalanced[dof];
    return result;
  }

  std::vector<unsigned>
  Assembler::reaction_dofs() const
  {
    std::vector<unsigned> result;
    for (const auto &line : increment_constraints_.get_lines())
      {
        if (followers_.is_follower_dof(line.index))
          continue;
        result.push_back(line.index);
        if (partial_rotations_.is_held(line.index))
          for (const auto &[master, weight] : line.entries)
            result.push_back(master);
      }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  }

  void
  Assembler::add_condensed(dealii::TrilinosWrappers::SparseMatrix &matrix,
                           const std::vector<unsigned> &dofs, const Eigen::MatrixXd &block) const
  {
    // Each DOF as a combination of unconstrained ones (itself, or its line's masters).
    std::vector<std::vector<std::pair<unsigned, double>>> expansion(dofs.size());
    for (unsigned i = 0; i < dofs.size(); ++i)
      if (const auto *entries = increment_constraints_.get_constraint_entries(dofs[i]))
        for (const auto &[master, weight] : *entries)
          expansion[i].emplace_back(master, weight);
      else if (!increment_constraints_.is_constrained(dofs[i]))
        expansion[i].emplace_back(dofs[i], 1.0);
    for (unsigned i = 0; i < dofs.size(); ++i)
      for (const auto &[row, row_weight] : expansion[i])
        if (locally_owned_.is_element(row))
          for (unsigned j = 0; j < dofs.size(); ++j)
            for (const auto &[column, column_weight] : expansion[j])
              matrix.add(row, column, row_weight * block(i, j) * column_weight);
  }

  Eigen::Matrix3d
  Assembler::lumped_block(const std::array<unsigned, 3> &block_dofs) const
  {
    Eigen::Matrix3d result = Eigen::Matrix3d::Zero();
    Eigen::MatrixXd mass;
    for (const unsigned e : local_elements_)
      {
        const auto        &dofs = element_dofs_[e];
        std::array<int, 3> position{{-1, -1, -1}};
        for (unsigned i = 0; i < dofs.size(); ++i)
          for (unsigned k = 0; k < 3; ++k)
            if (dofs[i] == block_dofs[k])
              position[k] = i;
        if (position[0] < 0 && position[1] < 0 && position[2] < 0)
          continue;
        elements_[e]->mass(elements::MassKind::lumped, mass);
        for (unsigned a = 0; a < 3; ++a)
          for (unsigned b = 0; b < 3; ++b)
            if (position[a] >= 0 && position[b] >= 0)
              result(a, b) += mass(position[a], position[b]);
      }
    dealii::Utilities::MPI::sum(dealii::ArrayView<const double>(result.data(), 9), communicator_,
                                dealii::ArrayView<double>(result.data(), 9));
    return result;
  }

  void
  Assembler::impose_prescribed_values(core::Configuration                &configuration,
                                      const std::vector<PrescribedValue> &targets) const
  {
    const Eigen::VectorXd current = configuration.dof_values(dofs_);
    Eigen::VectorXd       target  = current;
    impose_prescribed_values(target, targets);
    Eigen::VectorXd change = target - current;
    // A node with RX, RY, RZ gets the rotation vector it is given, exp(psi),
    // not exp(psi - psi_current) applied to its rotation (which is another
    // rotation unless the two vectors are parallel).
    for (unsigned node = 0; node < dofs_.n_nodes(); ++node)
      {
        std::array<unsigned, 3> rotation;
        bool                    all = true, changed = false;
        for (unsigned k = 0; k < 3; ++k)
          {
            rotation[k] = dofs_.index(node, static_cast<core::DofKind>(3 + k));
            all         = all && rotation[k] != core::DofMap::invalid;
            changed =
              changed || (rotation[k] != core::DofMap::invalid && change[rotation[k]] != 0.0);
          }
        if (!all || !changed)
          continue;
        const Eigen::Vector3d psi(target[rotation[0]], target[rotation[1]], target[rotation[2]]);
        configuration.rotations[node] = core::Configuration::exp_map(psi);
        for (const unsigned dof : rotation)
          change[dof] = 0.0;
      }
    configuration.apply_increment(dofs_, change);
    followers_.restore(configuration);
  }

  void
  Assembler::impose_prescribed_values(Eigen::VectorXd                    &target,
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
            changed           = changed || value != target[dependent];
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
                            const core::Configuration &configuration, Eigen::MatrixXd &matrix) const
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
        case MatrixKind::dynamic_mass:
        case MatrixKind::linear_dynamic_mass:
          element.dynamic_mass(kind == MatrixKind::dynamic_mass, matrix);
          break;
        case MatrixKind::geometric_stiffness:
          element.geometric_stiffness(kinematics(e, configuration), matrix);
          break;
        case MatrixKind::tangent_stiffness:
        case MatrixKind::symmetric_tangent_stiffness:
          {
            Eigen::VectorXd force;
            element.internal_force(kinematics(e, configuration), force, &matrix);
            break;
          }
        case MatrixKind::turned_consistent_mass:
          {
            element.mass(elements::MassKind::consistent, matrix);
            const Eigen::Matrix3d rotation = element_rotation(e, configuration);
            const auto            kinds    = element.dof_kinds();
            Eigen::MatrixXd       turn     = Eigen::MatrixXd::Zero(matrix.rows(), matrix.cols());
            for (unsigned a = 0; a < element.nodes().size(); ++a)
              for (unsigned k = 0; k < kinds.size(); ++k)
                for (unsigned l = 0; l < kinds.size(); ++l)
                  if (core::is_rotation(kinds[k]) == core::is_rotation(kinds[l]))
                    turn(a * kinds.size() + k, a * kinds.size() + l) =
                      rotation(core::index(kinds[k]) % 3, core::index(kinds[l]) % 3);
            matrix = turn * matrix * turn.transpose();
            break;
          }
      }
  }

  Eigen::Matrix3d
  Assembler::element_rotation(const unsigned e, const core::Configuration &configuration) const
  {
    const elements::Element &element = *elements_[e];
    const auto               kinds   = element.dof_kinds();
    const bool               has_rotations =
      std::any_of(kinds.begin(), kinds.end(),
                  [](const core::DofKind kind) { return core::is_rotation(kind); });
    std::vector<unsigned> nodes;
    for (const unsigned id : element.nodes())
      nodes.push_back(model_.node_index.at(id));

    // Mean of the nodal triads (quaternions on one hemisphere, normalised).
    Eigen::Quaterniond mean = Eigen::Quaterniond::Identity();
    if (has_rotations)
      {
        Eigen::Vector4d           sum   = Eigen::Vector4d::Zero();
        const Eigen::Quaterniond &first = configuration.rotations[nodes.front()];
        for (const unsigned node : nodes)
          {
            const Eigen::Quaterniond &q = configuration.rotations[node];
            sum += (q.coeffs().dot(first.coeffs()) < 0.0 ? -1.0 : 1.0) * q.coeffs();
          }
        mean.coeffs() = sum.normalized();
      }
    if (nodes.size() < 2)
      return mean.toRotationMatrix();

    const Eigen::Vector3d reference_chord =
      model_.nodes[nodes.back()].position - model_.nodes[nodes.front()].position;
    const Eigen::Vector3d current_chord = reference_chord +
                                          configuration.displacements[nodes.back()] -
                                          configuration.displacements[nodes.front()];
    if (reference_chord.norm() == 0.0 || current_chord.norm() == 0.0)
      return mean.toRotationMatrix();
    const Eigen::Quaterniond align =
      Eigen::Quaterniond::FromTwoVectors(mean * reference_chord, current_chord);
    return (align * mean).toRotationMatrix();
  }

  void
  Assembler::assemble_matrix(const MatrixKind kind, const core::Configuration &configuration,
                             dealii::TrilinosWrappers::SparseMatrix &matrix, double *skewness) const
  {
    reinit_matrix(matrix);
    std::vector<unsigned>         local;
    std::vector<global_dof_index> global;
    Eigen::MatrixXd               element;
    double                        squares[2] = {0.0, 0.0}; // |K - K^T|^2, |K|^2
    for (const unsigned e : local_elements_)
      {
        active_entries(element_dofs_[e], local, global);
        element_matrix(kind, e, configuration, element);
        if (kind == MatrixKind::symmetric_tangent_stiffness)
          {
            squares[0] += (element - element.transpose()).squaredNorm();
            squares[1] += element.squaredNorm();
            element = 0.5 * (element + element.transpose()).eval();
          }
        increment_constraints_.distribute_local_to_global(restricted_matrix(element, local), global,
                                                          matrix);
      }
    matrix.compress(dealii::VectorOperation::add);
    if (skewness != nullptr)
      {
        dealii::Utilities::MPI::sum(dealii::ArrayView<const double>(squares, 2), communicator_,
                                    dealii::ArrayView<double>(squares, 2));
        *skewness = squares[1] > 0.0 ? std::sqrt(squares[0] / squares[1]) : 0.0;
      }

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
  Assembler::give_constrained_rows_a_diagonal(dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    bool changed = false;
    for (const auto &line : increment_constraints_.get_lines())
      if (locally_owned_.is_element(line.index) && matrix.diag_element(line.index) == 0.0)
        {
          matrix.set(line.index, line.index, 1.0);
          changed = true;
        }
    if (dealii::Utilities::MPI::logical_or(changed, communicator_))
      matrix.compress(dealii::VectorOperation::insert);
  }

  void
  Assembler::add_follower_curvature(const core::Configuration              &configuration,
                                    const Eigen::VectorXd                  &force,
                                    dealii::TrilinosWrappers::SparseMatrix &matrix,
                                    const bool                              symmetric_part) const
  {
    followers_.for_each_curvature(configuration, force,
                                  [&](const std::vector<unsigned> &block_dofs,
                                      const Eigen::MatrixXd       &block) {
                                    std::vector<unsigned> valid;
                                    std::vector<unsigned> position;
                                    for (unsigned i = 0; i < block_dofs.size(); ++i)
                                      if (block_dofs[i] != core::DofMap::invalid)
                                        {
                                          valid.push_back(block_dofs[i]);
                                          position.push_back(i);
                                        }
                                    Eigen::MatrixXd restricted(valid.size(), valid.size());
                                    for (unsigned i = 0; i < valid.size(); ++i)
                                      for (unsigned j = 0; j < valid.size(); ++j)
                                        restricted(i, j) = block(position[i], position[j]);
                                    if (symmetric_part)
                                      restricted =
                                        (0.5 * (restricted + restricted.transpose())).eval();
                                    add_condensed(matrix, valid, restricted);
                                  });
  }

  void
  Assembler::assemble_matrix_keeping_followers(const MatrixKind           kind,
                                               const core::Configuration &configuration,
                                               dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    if (followers_.empty())
      return assemble_matrix(kind, configuration, matrix);
    // The closed lines of every other constraint (a closed line has no
    // follower DOF among its entries: they were resolved onto the leaders).
    dealii::AffineConstraints<double> others;
    others.reinit(dealii::complete_index_set(dofs_.n_dofs()));
    for (const auto &line : increment_constraints_.get_lines())
      if (!followers_.is_follower_dof(line.index))
        {
          others.add_line(line.index);
          others.add_entries(line.index, line.entries);
          others.set_inhomogeneity(line.index, line.inhomogeneity);
        }
    others.close();
    std::swap(others, increment_constraints_);
    try
      {
        assemble_matrix(kind, configuration, matrix);
      }
    catch (...)
      {
        std::swap(others, increment_constraints_);
        throw;
      }
    std::swap(others, increment_constraints_);
  }

  void
  Assembler::assemble_initial_stress_increment(const core::Configuration &configuration,
                                               const Eigen::VectorXd     &increment,
                                               dealii::TrilinosWrappers::SparseMatrix &matrix) const
  {
    reinit_matrix(matrix);
    std::vector<unsigned>         local;
    std::vector<global_dof_index> global;
    Eigen::MatrixXd               element;
    for (const unsigned e : local_elements_)
      {
        const std::vector<unsigned> &dofs = element_dofs_[e];
        active_entries(dofs, local, global);
        Eigen::VectorXd element_increment = Eigen::VectorXd::Zero(dofs.size());
        for (unsigned i = 0; i < dofs.size(); ++i)
          if (dofs[i] != core::DofMap::invalid)
            element_increment[i] = increment[dofs[i]];
        elements_[e]->initial_stress_increment(kinematics(e, configuration), element_increment,
                                               element);
        increment_constraints_.distribute_local_to_global(restricted_matrix(element, local), global,
                                                          matrix);
      }
    matrix.compress(dealii::VectorOperation::add);
  }

  void
  Assembler::assemble_residual(const core::Configuration &configuration, const bool nonlinear,
                               const Eigen::VectorXd                  &external_force,
                               dealii::TrilinosWrappers::MPI::Vector  &residual,
                               Eigen::VectorXd                        &internal_force,
                               dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    if (!nonlinear)
      {
        assemble_linear_residual(configuration.dof_values(dofs_), external_force, residual,
                                 internal_force, tangent);
        return;
      }
    linearise_rotation_constraints(configuration);
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *stiffness) {
        elements_[e]->internal_force(kinematics(e, configuration), force, stiffness);
      },
      external_force, residual, internal_force, tangent, true);
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
        Eigen::MatrixXd          linear;
        element.linear_stiffness(linear);
        force = linear * element_values(element_dofs_[e], values);
        if (stiffness != nullptr)
          *stiffness = linear;
      },
      external_force, residual, internal_force, tangent, false);
  }

  void
  Assembler::assemble_conserving_residual(const core::Configuration              &configuration_n,
                                          const core::Configuration              &configuration_n1,
                                          const Eigen::VectorXd                  &external_force,
                                          dealii::TrilinosWrappers::MPI::Vector  &residual,
                                          Eigen::VectorXd                        &internal_force,
                                          dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    linearise_rotation_constraints(configuration_n, configuration_n1);
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *stiffness) {
        elements_[e]->conserving_force(kinematics(e, configuration_n),
                                       kinematics(e, configuration_n1), force, stiffness);
      },
      external_force, residual, internal_force, tangent, true);
  }

  bool
  Assembler::has_damping() const
  {
    return std::any_of(model_.element_definitions.begin(), model_.element_definitions.end(),
                       [](const core::ElementDefinition &definition) {
                         return definition.material.rayleigh_alpha != 0.0 ||
                                definition.material.rayleigh_beta != 0.0;
                       }) ||
           std::any_of(elements_.begin(), elements_.end(),
                       [](const auto &element) { return element->has_damping(); });
  }

  void
  Assembler::assemble_damping(const core::Configuration &configuration,
                              const Eigen::VectorXd &velocity, Eigen::VectorXd &force,
                              dealii::TrilinosWrappers::SparseMatrix *matrix) const
  {
    dealii::TrilinosWrappers::MPI::Vector residual;
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &element_force, Eigen::MatrixXd *damping) {
        const elements::Element       &element  = *elements_[e];
        const core::MaterialConstants &material = model_.element_definitions[e].material;
        const auto                    &dofs     = element_dofs_[e];
        Eigen::MatrixXd                matrix_e = Eigen::MatrixXd::Zero(dofs.size(), dofs.size());
        if (material.rayleigh_alpha != 0.0 || material.rayleigh_beta != 0.0)
          {
            std::vector<Eigen::Vector3d> positions;
            for (const unsigned id : element.nodes())
              {
                const unsigned node = model_.node_index.at(id);
                positions.push_back(model_.nodes[node].position +
                                    configuration.displacements[node]);
              }
            matrix_e =
              rayleigh_damping_matrix(element, material.rayleigh_alpha, material.rayleigh_beta,
                                      element_rotation(e, configuration), positions);
          }
        if (element.has_damping())
          {
            Eigen::MatrixXd own;
            element.damping_matrix(kinematics(e, configuration), own);
            matrix_e += own;
          }
        element_force = matrix_e * element_values(dofs, velocity);
        if (damping != nullptr)
          *damping = matrix_e;
      },
      Eigen::VectorXd::Zero(dofs_.n_dofs()), residual, force, matrix, false);
  }

  bool
  Assembler::has_configuration_dependent_mass() const
  {
    return std::any_of(elements_.begin(), elements_.end(), [](const auto &element) {
      return element->has_configuration_dependent_mass();
    });
  }

  void
  Assembler::assemble_midpoint_inertia(const core::Configuration &configuration_n,
                                       const core::Configuration &configuration_n1,
                                       const Eigen::VectorXd &velocity_n, const double dt,
                                       Eigen::VectorXd                        &force,
                                       dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    dealii::TrilinosWrappers::MPI::Vector residual;
    assemble_element_forces(
      [&](const unsigned e, Eigen::VectorXd &element_force, Eigen::MatrixXd *element_tangent) {
        const elements::Element &element = *elements_[e];
        const unsigned           n       = element_dofs_[e].size();
        if (!element.has_configuration_dependent_mass())
          {
            element_force = Eigen::VectorXd::Zero(n);
            if (element_tangent != nullptr)
              *element_tangent = Eigen::MatrixXd::Zero(n, n);
            return;
          }
        element.midpoint_inertia_force(kinematics(e, configuration_n),
                                       kinematics(e, configuration_n1),
                                       element_values(element_dofs_[e], velocity_n), dt,
                                       element_force, element_tangent);
      },
      Eigen::VectorXd::Zero(dofs_.n_dofs()), residual, force, tangent, false);
  }

  std::pair<double, Eigen::Vector3d>
  Assembler::configuration_dependent_momentum(const core::Configuration &configuration,
                                              const Eigen::VectorXd     &velocity) const
  {
    std::array<double, 4> sum{{0.0, 0.0, 0.0, 0.0}};
    for (const unsigned e : local_elements_)
      if (elements_[e]->has_configuration_dependent_mass())
        {
          const auto [energy, momentum] = elements_[e]->configuration_dependent_momentum(
            kinematics(e, configuration), element_values(element_dofs_[e], velocity));
          sum[0] += energy;
          for (unsigned k = 0; k < 3; ++k)
            sum[k + 1] += momentum[k];
        }
    dealii::Utilities::MPI::sum(dealii::ArrayView<const double>(sum.data(), 4), communicator_,
                                dealii::ArrayView<double>(sum.data(), 4));
    return {sum[0], Eigen::Vector3d(sum[1], sum[2], sum[3])};
  }

  void
  Assembler::assemble_element_forces(const ElementForce                     &element_force,
                                     const Eigen::VectorXd                  &external_force,
                                     dealii::TrilinosWrappers::MPI::Vector  &residual,
                                     Eigen::VectorXd                        &internal_force,
                                     dealii::TrilinosWrappers::SparseMatrix *tangent,
                                     const bool                              linearised) const
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

    add_condensed_force(external_force, residual);
    residual.compress(dealii::VectorOperation::add);
    if (tangent != nullptr)
      {
        tangent->compress(dealii::VectorOperation::add);
        give_constrained_rows_a_diagonal(*tangent);
      }
    dealii::Utilities::MPI::sum(
      dealii::ArrayView<const double>(internal_force.data(), internal_force.size()), communicator_,
      dealii::ArrayView<double>(internal_force.data(), internal_force.size()));
    if (tangent != nullptr && linearised && !partial_rotations_.empty())
      {
        add_rotation_constraint_curvature(internal_force - external_force, *tangent);
        tangent->compress(dealii::VectorOperation::add);
      }
    if (tangent != nullptr && linearised && !followers_.empty())
      {
        // The turning of the followers' lines, weighted by their multipliers.
        add_follower_curvature(follower_state_, internal_force - external_force, *tangent);
        tangent->compress(dealii::VectorOperation::add);
      }
  }

  void
  Assembler::add_rotation_constraint_curvature(
    const Eigen::VectorXd &force, dealii::TrilinosWrappers::SparseMatrix &tangent) const
  {
    // On the constraint psi_H = c the condensed equation is N^T g = 0 (N the
    // null space of the rows A_H, g = f_int - f_ext); its derivative along
    // dw = N d has, besides N^T K N d, the turning of N: with g = A_H^T lambda,
    // -N^T (sum_k lambda_k D_k) N d, D_k = d(a_k)/dw the change of the row a_k
    // of T^{-1}(psi) with the spin (a_k through psi, d psi = T^{-1} dw). Without
    // it Newton converges only linearly, at a rate of order lambda/stiffness.
    for (unsigned i = 0; i < partial_rotations_.nodes().size(); ++i)
      {
        const auto           &node = partial_rotations_.nodes()[i];
        const Eigen::Vector3d psi  = linearised_psi_[i];
        const Eigen::MatrixXd rows = PartialRotationConstraints::tangent_rows(node, psi);
        const unsigned        p    = node.held.size();
        Eigen::MatrixXd       held(p, p);
        Eigen::VectorXd       held_force(p);
        for (unsigned a = 0; a < p; ++a)
          {
            held_force[a] = force[node.dofs[node.held[a]]];
            for (unsigned b = 0; b < p; ++b)
              held(a, b) = rows(b, node.held[a]); // A_HH^T
          }
        const Eigen::VectorXd lambda = held.fullPivLu().solve(held_force);
        // d a_k / d psi_j by central differences of the closed form (h^2 ~ 1e-10).
        const double    h = 1e-5 * std::max(1.0, psi.norm());
        Eigen::Matrix3d weighted_derivative =
          Eigen::Matrix3d::Zero(); // sum_k lambda_k d a_k^T / d psi
        for (unsigned j = 0; j < 3; ++j)
          {
            const Eigen::MatrixXd plus =
              PartialRotationConstraints::tangent_rows(node, psi + h * Eigen::Vector3d::Unit(j));
            const Eigen::MatrixXd minus =
              PartialRotationConstraints::tangent_rows(node, psi - h * Eigen::Vector3d::Unit(j));
            weighted_derivative.col(j) = ((plus - minus) / (2.0 * h)).transpose() * lambda;
          }
        const Eigen::Matrix3d curvature =
          -weighted_derivative * core::RotationVector::exp_inverse_tangent(psi);
        add_condensed(tangent, {node.dofs.begin(), node.dofs.end()}, curvature);
      }
  }

  void
  Assembler::add_condensed_force(const Eigen::VectorXd                 &force,
                                 dealii::TrilinosWrappers::MPI::Vector &vector) const
  {
    // The replicated force: each rank adds the rows it owns.
    std::vector<global_dof_index> indices;
    std::vector<double>           entries;
    for (const auto i : locally_owned_)
      if (force[i] != 0.0)
        {
          indices.push_back(i);
          entries.push_back(force[i]);
        }
    dealii::Vector<double> loads(entries.begin(), entries.end());
    increment_constraints_.distribute_local_to_global(loads, indices, vector);
  }

  void
  Assembler::condense(const Eigen::VectorXd                 &force,
                      dealii::TrilinosWrappers::MPI::Vector &condensed) const
  {
    reinit_vector(condensed);
    add_condensed_force(force, condensed);
    condensed.compress(dealii::VectorOperation::add);
  }

  Eigen::VectorXd
  Assembler::gravity_force(const std::vector<core::GravityLoad> &loads, const double factor) const
  {
    Eigen::VectorXd   force = Eigen::VectorXd::Zero(dofs_.n_dofs());
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
          const elements::Element &element      = *elements_[e];
          const auto               kinds        = element.dof_kinds();
          Eigen::VectorXd          acceleration = Eigen::VectorXd::Zero(element.n_dofs());
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
            const Eigen::VectorXd d_e = element_values(element_dofs_[e], values);
            energy += 0.5 * d_e.dot(stiffness * d_e);
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
} // namespace corot::assembly
