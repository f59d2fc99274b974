#include <src/analysis/assembled_dynamic_system.h>
#include <src/analysis/shell_pressure.h>
#include <src/analysis/step_loading.h>
#include <src/core/rotation_vector.h>
#include <src/solvers/direct_solver.h>
#include <src/solvers/matrix_entries.h>
#include <src/solvers/matrix_product.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace corot::analysis
{
  namespace
  {
    /**
     * Replicated Eigen copy of @p matrix (rows gathered from every rank); rows
     * and columns of the DOFs in @p fixed are replaced by @p fixed_diagonal
     * times those of the identity.
     */
    Eigen::SparseMatrix<double>
    replicated_copy(const dealii::TrilinosWrappers::SparseMatrix &matrix,
                    const std::vector<unsigned> &fixed, const double fixed_diagonal,
                    MPI_Comm communicator)
    {
      std::vector<bool> is_fixed(matrix.m(), false);
      for (const unsigned i : fixed)
        is_fixed[i] = true;
      std::vector<unsigned> rows, columns;
      std::vector<double>   values;
      solvers::for_each_owned_entry(matrix, [&](const unsigned row, const unsigned column,
                                                const double value) {
        if (!is_fixed[row] && !is_fixed[column] && value != 0.0)
          {
            rows.push_back(row);
            columns.push_back(column);
            values.push_back(value);
          }
      });
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

  AssembledDynamicSystem::AssembledDynamicSystem(AnalysisContext   &context,
                                                 const StepLoading &loading, const double period,
                                                 const PrescribedMotion        *prescribed,
                                                 const bool                     nonlinear,
                                                 const solvers::NewtonControls &controls)
    : context_(context)
    , loading_(loading)
    , period_(period)
    , prescribed_(prescribed)
    , moving_(prescribed != nullptr && prescribed->moves(period))
    , nonlinear_(nonlinear)
    , controls_(controls)
  {
    // Followers' own mass stays on their rows: it reaches their leaders
    // through the lines of each configuration (newton_correction()).
    context_.assembler.assemble_matrix_keeping_followers(
      nonlinear_ ? assembly::MatrixKind::dynamic_mass : assembly::MatrixKind::linear_dynamic_mass,
      core::Configuration(context_.model.nodes.size()), mass_);
    turning_mass_ = nonlinear_ && context_.assembler.has_configuration_dependent_mass();
    if (turning_mass_ && !context_.assembler.followers().empty())
      throw std::runtime_error(
        "a consistent beam mass under NLGEOM (LUMPED=NO) with *MPC, *RIGID BODY or connectors is "
        "not built yet: give LUMPED=YES");

    for (const auto &node : context_.model.nodes)
      length_scale_ = std::max(length_scale_, node.position.norm());
    rotational_ = solvers::NewtonConvergence::rotational_entries(context_.dofs);
    const Eigen::SparseMatrix<double> mass =
      replicated_copy(mass_, {}, 0.0, context_.assembler.communicator());
    std::vector<unsigned> partly_carried; // rotation DOFs of hinge followers
    for (const auto &f : context_.assembler.followers().followers())
      {
        // A slot's follower keeps its free translation's mass in mass_: the
        // translations must not be coupled by it (lumped point masses are not).
        for (unsigned a = 0; a < 3; ++a)
          for (unsigned b = 0; b < 3; ++b)
            if (a != b && f.follower_dofs[a] != core::DofMap::invalid &&
                f.follower_dofs[b] != core::DofMap::invalid &&
                context_.assembler.followers().is_follower_dof(f.follower_dofs[a]) !=
                  context_.assembler.followers().is_follower_dof(f.follower_dofs[b]) &&
                mass.coeff(f.follower_dofs[a], f.follower_dofs[b]) != 0.0)
              throw std::runtime_error(
                f.origin + ": the lumped mass couples the translations of the node it carries "
                           "along the line with those across it, which this release does not "
                           "condense");
        CarriedInertia carried{&f, {}, {}, -1};
        for (unsigned k = 0; k < 6; ++k)
          {
            const unsigned dof = f.follower_dofs[k];
            if (dof == core::DofMap::invalid)
              continue;
            const bool hinge_rotation = k >= 3 && f.partly_eliminated_rotation();
            if (hinge_rotation)
              partly_carried.push_back(dof);
            if (hinge_rotation || context_.assembler.followers().is_follower_dof(dof))
              carried.dofs.push_back(dof);
          }
        carried.block.resize(carried.dofs.size(), carried.dofs.size());
        for (unsigned a = 0; a < carried.dofs.size(); ++a)
          for (unsigned b = 0; b < carried.dofs.size(); ++b)
            carried.block(a, b) = mass.coeff(carried.dofs[a], carried.dofs[b]);
        carried_.push_back(std::move(carried));
      }
    // A hinge follower's rotary inertia couples its eliminated and free
    // rotations: it enters through its carried block only.
    for (const unsigned dof : partly_carried)
      for (const unsigned other : partly_carried)
        if (context_.assembler.locally_owned_dofs().is_element(dof) &&
            mass.coeff(dof, other) != 0.0)
          mass_.set(dof, other, 0.0);
    mass_.compress(dealii::VectorOperation::insert);
    if (!nonlinear_)
      return; // geometrically linear: additive rotations, constant rotary inertia

    // Nodes on SO(3) and their material rotary inertia: the rotational 3 x 3
    // block of the lumped mass at the reference (R = I).
    const core::DofMap &dofs = context_.dofs;
    std::vector<int>    owner_node(dofs.n_dofs(), -1);
    for (unsigned node = 0; node < dofs.n_nodes(); ++node)
      {
        std::array<unsigned, 3> rotation_dofs;
        bool                    all = true;
        for (unsigned k = 0; k < 3; ++k)
          {
            rotation_dofs[k] = dofs.index(node, static_cast<core::DofKind>(3 + k));
            all              = all && rotation_dofs[k] != core::DofMap::invalid;
          }
        if (!all)
          continue;
        Eigen::Matrix3d inertia;
        for (unsigned a = 0; a < 3; ++a)
          for (unsigned b = 0; b < 3; ++b)
            inertia(a, b) = mass.coeff(rotation_dofs[a], rotation_dofs[b]);
        for (unsigned a = 0; a < 3; ++a)
          owner_node[rotation_dofs[a]] = static_cast<int>(so3_nodes_.size());
        const bool partial = context_.assembler.partial_rotations().is_held(rotation_dofs[0]) ||
                             context_.assembler.partial_rotations().is_held(rotation_dofs[1]) ||
                             context_.assembler.partial_rotations().is_held(rotation_dofs[2]);
        so3_nodes_.push_back(
          {node, rotation_dofs,
           NodalRotaryInertia(partial ? context_.assembler.lumped_block(rotation_dofs) : inertia),
           inertia, partial});
      }
    for (CarriedInertia &carried : carried_)
      if (carried.dofs.size() >= 3 && carried.dofs.back() == carried.follower->follower_dofs[5] &&
          carried.dofs[carried.dofs.size() - 3] == carried.follower->follower_dofs[3])
        for (unsigned i = 0; i < so3_nodes_.size(); ++i)
          if (so3_nodes_[i].node == carried.follower->follower)
            {
              carried.so3                  = static_cast<int>(i);
              so3_nodes_[i].carried        = true;
              so3_nodes_[i].partly_carried = carried.follower->partly_eliminated_rotation();
              // mass_ no longer holds a hinge follower's rotary block (above).
              if (so3_nodes_[i].partly_carried)
                so3_nodes_[i].mass_block.setZero();
            }
    // The rigid-body treatment needs the rotational rows of the lumped mass to
    // hold nothing but the node's own 3 x 3 block.
    for (int k = 0; k < mass.outerSize(); ++k)
      for (Eigen::SparseMatrix<double>::InnerIterator entry(mass, k); entry; ++entry)
        if ((owner_node[entry.row()] >= 0 || owner_node[entry.col()] >= 0) &&
            owner_node[entry.row()] != owner_node[entry.col()] && entry.value() != 0.0)
          throw std::logic_error("the lumped mass couples a node's 3D rotations with other DOFs");
  }

  Eigen::Vector3d
  AssembledDynamicSystem::rotation_entries(const So3Node &node, const Eigen::VectorXd &d)
  {
    return {d[node.dofs[0]], d[node.dofs[1]], d[node.dofs[2]]};
  }

  Eigen::VectorXd
  AssembledDynamicSystem::compose(const Eigen::VectorXd &d_n,
                                  const Eigen::VectorXd &increment) const
  {
    Eigen::VectorXd result = d_n + increment;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Vector3d psi =
          core::RotationVector::compose(rotation_entries(node, d_n),
                                        rotation_entries(node, increment));
        for (unsigned k = 0; k < 3; ++k)
          result[node.dofs[k]] = psi[k];
      }
    return result;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::increment_between(const Eigen::VectorXd &d_n,
                                            const Eigen::VectorXd &d_n1) const
  {
    Eigen::VectorXd result = d_n1 - d_n;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Vector3d phi = core::RotationVector::increment(rotation_entries(node, d_n),
                                                                    rotation_entries(node, d_n1));
        for (unsigned k = 0; k < 3; ++k)
          result[node.dofs[k]] = phi[k];
      }
    return result;
  }

  std::vector<std::array<unsigned, 3>>
  AssembledDynamicSystem::rotating_nodes() const
  {
    std::vector<std::array<unsigned, 3>> result;
    for (const So3Node &node : so3_nodes_)
      result.push_back(node.dofs);
    return result;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::transport(const Eigen::VectorXd &increment,
                                    const Eigen::VectorXd &x) const
  {
    Eigen::VectorXd result = x;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Vector3d turned =
          core::RotationVector::cayley(rotation_entries(node, increment)) *
          rotation_entries(node, x);
        for (unsigned k = 0; k < 3; ++k)
          result[node.dofs[k]] = turned[k];
      }
    return result;
  }

  integrators::RotatingNodeTerms
  AssembledDynamicSystem::rotating_momentum(const Eigen::VectorXd &d_n,
                                            const Eigen::VectorXd &increment,
                                            const Eigen::VectorXd &v,
                                            const double           body_velocity_coefficient) const
  {
    integrators::RotatingNodeTerms result;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Vector3d phi = rotation_entries(node, increment);
        const Eigen::Matrix3d r_n = core::RotationVector::exp(rotation_entries(node, d_n));
        const Eigen::Matrix3d r   = core::RotationVector::cayley(phi) * r_n;
        const Eigen::Vector3d pi  = node.inertia.angular_momentum(r, rotation_entries(node, v));
        result.values.push_back(pi);
        result.tangents.push_back(-core::RotationVector::skew(pi) +
                                  body_velocity_coefficient * r * node.inertia.inertia() *
                                    r_n.transpose() *
                                    core::RotationVector::cayley_inverse_tangent(phi));
      }
    return result;
  }

  integrators::RotatingNodeTerms
  AssembledDynamicSystem::rotating_inertia_force(const Eigen::VectorXd &d, const Eigen::VectorXd &v,
                                                 const Eigen::VectorXd &a,
                                                 const double           acceleration_coefficient,
                                                 const double           velocity_coefficient) const
  {
    integrators::RotatingNodeTerms result;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Matrix3d r       = core::RotationVector::exp(rotation_entries(node, d));
        const Eigen::Matrix3d spatial = r * node.inertia.inertia() * r.transpose();
        const Eigen::Vector3d w = rotation_entries(node, v), alpha = rotation_entries(node, a);
        result.values.push_back(spatial * alpha + w.cross(spatial * w));
        result.tangents.push_back(acceleration_coefficient * spatial +
                                  velocity_coefficient * (core::RotationVector::skew(w) * spatial -
                                                          core::RotationVector::skew(spatial * w)));
      }
    return result;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::initial_acceleration(const Eigen::VectorXd &d, const Eigen::VectorXd &v,
                                               const double time)
  {
    // The damping force belongs to the equilibrium (Newmark's a_0 from
    // M a_0 = f_ext - f_int - C v_0; without it the scheme is first order).
    Eigen::VectorXd result      = equilibrium_acceleration(d, v, time, damping_force(d, v));
    const auto     &constraints = context_.assembler.increment_constraints();
    for (const So3Node &node : so3_nodes_)
      {
        bool free = true;
        for (unsigned k = 0; k < 3; ++k)
          free = free && !constraints.is_constrained(node.dofs[k]);
        if (!free)
          continue; // prescribed (or partly held) rotations keep the solved values
        const Eigen::Matrix3d j = node.inertia.inertia();
        if (std::abs(j.determinant()) < 1e-300)
          continue;
        const Eigen::Matrix3d r       = core::RotationVector::exp(rotation_entries(node, d));
        const Eigen::Matrix3d spatial = r * j * r.transpose();
        const Eigen::Vector3d w       = rotation_entries(node, v);
        const Eigen::Vector3d moment  = j * rotation_entries(node, result); // solved with J
        const Eigen::Vector3d alpha   = spatial.lu().solve(moment - w.cross(spatial * w));
        for (unsigned k = 0; k < 3; ++k)
          result[node.dofs[k]] = alpha[k];
      }
    return result;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::midpoint_configuration_inertia(const Eigen::VectorXd &d_n,
                                                         const Eigen::VectorXd &increment,
                                                         const Eigen::VectorXd &v_n,
                                                         const double           dt) const
  {
    if (!turning_mass_)
      return {};
    Eigen::VectorXd force;
    context_.assembler.assemble_midpoint_inertia(configuration(d_n),
                                                 configuration(compose(d_n, increment)), v_n, dt,
                                                 force, nullptr);
    return force;
  }

  double
  AssembledDynamicSystem::kinetic_energy(const Eigen::VectorXd &d, const Eigen::VectorXd &v) const
  {
    double result = 0.5 * v.dot(mass_times(v));
    if (turning_mass_)
      result += context_.assembler.configuration_dependent_momentum(configuration(d), v).first;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Vector3d w = rotation_entries(node, v);
        result +=
          node.inertia.kinetic_energy(core::RotationVector::exp(rotation_entries(node, d)), w) -
          0.5 * w.dot(node.mass_block * w);
      }
    return result;
  }

  Eigen::Vector3d
  AssembledDynamicSystem::angular_momentum(const Eigen::VectorXd &d, const Eigen::VectorXd &v) const
  {
    const Eigen::VectorXd momentum = mass_times(v);
    const core::DofMap   &dofs     = context_.dofs;
    Eigen::Vector3d       result   = Eigen::Vector3d::Zero();
    for (unsigned node = 0; node < dofs.n_nodes(); ++node)
      {
        Eigen::Vector3d x = context_.model.nodes[node].position, p = Eigen::Vector3d::Zero();
        for (unsigned k = 0; k < core::n_dof_kinds; ++k)
          {
            const unsigned dof = dofs.index(node, static_cast<core::DofKind>(k));
            if (dof == core::DofMap::invalid)
              continue;
            if (k < 3)
              {
                x[k] += d[dof];
                p[k] = momentum[dof];
              }
            else
              result[k - 3] += momentum[dof];
          }
        result += x.cross(p);
      }
    if (turning_mass_)
      result += context_.assembler.configuration_dependent_momentum(configuration(d), v).second;
    for (const So3Node &node : so3_nodes_)
      {
        const Eigen::Vector3d w = rotation_entries(node, v);
        result +=
          node.inertia.angular_momentum(core::RotationVector::exp(rotation_entries(node, d)), w) -
          node.mass_block * w;
      }
    return result;
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
    solvers::multiply(mass_, in, out);
    return context_.assembler.to_replicated(out);
  }

  Eigen::VectorXd
  AssembledDynamicSystem::external_force(const double time) const
  {
    Eigen::VectorXd force =
      analysis::external_force(context_, loading_, time, period_, loading_.ramp);
    // Without NLGEOM a pressure acts on the reference faces, a load like any other.
    if (!nonlinear_)
      add_pressure_force(context_, pressures_at(context_, loading_, time, period_, loading_.ramp),
                         nullptr, force, nullptr);
    return force;
  }

  namespace
  {
    /** The pressures at @p time scaled by @p weight. */
    std::vector<ElementPressure>
    weighted_pressures(const AnalysisContext &context, const StepLoading &loading,
                       const double time, const double period, const double weight)
    {
      std::vector<ElementPressure> pressures =
        pressures_at(context, loading, time, period, loading.ramp);
      for (ElementPressure &pressure : pressures)
        pressure.pressure *= weight;
      return pressures;
    }
  } // namespace

  void
  AssembledDynamicSystem::add_follower_force(const Eigen::VectorXd &d_n,
                                             const Eigen::VectorXd &d_n1, const double time_n,
                                             const double time_n1, Eigen::VectorXd &force,
                                             dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    // The mean of the pressures at the two ends of the step (as the dead
    // loads are averaged), each along the path average of the face forces.
    const core::Configuration start = configuration(d_n), end = configuration(d_n1);
    for (const double time : {time_n, time_n1})
      add_step_pressure_force(context_, weighted_pressures(context_, loading_, time, period_, 0.5),
                              start, end, force, tangent);
  }

  Eigen::VectorXd
  AssembledDynamicSystem::follower_force(const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1,
                                         const double time_n, const double time_n1) const
  {
    if (!nonlinear_ || (loading_.pressures.empty() && loading_.pressure_start.empty()))
      return {};
    Eigen::VectorXd force = Eigen::VectorXd::Zero(d_n.size());
    add_follower_force(d_n, d_n1, time_n, time_n1, force, nullptr);
    return force;
  }

  std::vector<bool>
  AssembledDynamicSystem::rotational_dofs() const
  {
    return rotational_;
  }

  double
  AssembledDynamicSystem::length_scale() const
  {
    return length_scale_;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::follower_force_at(const Eigen::VectorXd &d, const double time) const
  {
    if (!nonlinear_ || (loading_.pressures.empty() && loading_.pressure_start.empty()))
      return {};
    Eigen::VectorXd           force   = Eigen::VectorXd::Zero(d.size());
    const core::Configuration current = configuration(d);
    add_pressure_force(context_, pressures_at(context_, loading_, time, period_, loading_.ramp),
                       &current, force, nullptr);
    return force;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::internal_force(const Eigen::VectorXd &d)
  {
    dealii::TrilinosWrappers::MPI::Vector residual;
    Eigen::VectorXd                       internal;
    assemble_internal(d, Eigen::VectorXd::Zero(context_.dofs.n_dofs()), residual, internal,
                      nullptr);
    // Constrained DOFs carry reactions, except the held components of partly
    // prescribed rotations, whose lines condense them into the free ones.
    // (A follower's entries stay: they are not reactions but forces its
    // leader feels, with_constraint_forces().)
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      if (!context_.assembler.partial_rotations().is_held(line.index) &&
          !context_.assembler.followers().is_follower_dof(line.index))
        internal[line.index] = 0.0;
    return internal;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::equilibrium_acceleration(const Eigen::VectorXd &d,
                                                   const Eigen::VectorXd &v, const double time,
                                                   const Eigen::VectorXd &damping) const
  {
    // Followers: a_s = C a_m + b_s, with C the lines at d and b_s the part of
    // the follower's acceleration that the leader's velocity gives, so their
    // inertia M_s (C a_m + b_s) (plus a carried rotary inertia's gyroscopic
    // moment) is a known force -M_s b_s - g_s condensed onto the leaders.
    if (context_.assembler.followers().chained())
      throw std::runtime_error(
        "the initial acceleration of a model whose carried nodes lead other ties (a chain, e.g. a "
        "rigid body on a connector) is not built yet: use INTEGRATOR=MIDPOINT, which needs none");
    const core::Configuration    configuration = this->configuration(d);
    Eigen::VectorXd              carried_force = Eigen::VectorXd::Zero(d.size());
    std::vector<Eigen::VectorXd> offsets(carried_.size()); // b_s per follower DOF
    std::vector<Eigen::MatrixXd> blocks(carried_.size());  // M_s, spatial on SO(3) nodes
    for (unsigned i = 0; i < carried_.size(); ++i)
      {
        const CarriedInertia &carried = carried_[i];
        const auto           &f       = *carried.follower;
        offsets[i]                    = Eigen::VectorXd::Zero(carried.dofs.size());
        blocks[i]                     = carried.block;
        const auto spin_at = [&v](const std::array<unsigned, 6> &node_dofs) -> Eigen::Vector3d {
          if (node_dofs[3] == core::DofMap::invalid)
            return Eigen::Vector3d::Zero();
          return {v[node_dofs[3]], v[node_dofs[4]], v[node_dofs[5]]};
        };
        // The follower's spin: the leader's where the rotations are tied.
        const Eigen::Vector3d w =
          spin_at(f.partly_eliminated_rotation() ? f.follower_dofs : f.leader_dofs);
        if (nonlinear_)
          add_projected_offsets(f, configuration, v, carried, offsets[i]);
        if (f.rigid_lever && nonlinear_)
          {
            const Eigen::Vector3d lever =
              configuration.rotations[f.leader] *
              (context_.model.nodes[f.follower].position - context_.model.nodes[f.leader].position);
            offsets[i].head<3>() = w.cross(w.cross(lever));
          }
        if (carried.so3 >= 0)
          {
            const So3Node        &node    = so3_nodes_[carried.so3];
            const Eigen::Matrix3d r       = core::RotationVector::exp(rotation_entries(node, d));
            const Eigen::Matrix3d spatial = r * node.inertia.inertia() * r.transpose();
            blocks[i].bottomRightCorner<3, 3>() = spatial;
            const Eigen::Vector3d gyroscopic    = w.cross(spatial * w);
            for (unsigned k = 0; k < 3; ++k)
              carried_force[carried.dofs[carried.dofs.size() - 3 + k]] -= gyroscopic[k];
          }
        const Eigen::VectorXd inertia = blocks[i] * offsets[i];
        for (unsigned k = 0; k < carried.dofs.size(); ++k)
          carried_force[carried.dofs[k]] -= inertia[k];
      }

    dealii::TrilinosWrappers::MPI::Vector residual, solution;
    Eigen::VectorXd                       internal;
    Eigen::VectorXd                       applied = external_force(time);
    if (nonlinear_)
      add_pressure_force(context_, pressures_at(context_, loading_, time, period_, loading_.ramp),
                         &configuration, applied, nullptr);
    assemble_internal(d, applied - damping + carried_force, residual, internal, nullptr);
    dealii::TrilinosWrappers::SparseMatrix mass;
    mass.copy_from(mass_);
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      if (context_.assembler.locally_owned_dofs().is_element(line.index))
        {
          // Only the diagonal on a constrained row (a follower's rotary
          // inertia couples its rows with each other).
          for (auto entry = mass_.begin(line.index); entry != mass_.end(line.index); ++entry)
            if (entry->column() != line.index)
              mass.set(line.index, entry->column(), 0.0);
          mass.set(line.index, line.index, 1.0);
        }
    mass.compress(dealii::VectorOperation::insert);
    for (unsigned i = 0; i < carried_.size(); ++i)
      context_.assembler.add_condensed(mass, carried_[i].dofs, blocks[i]);
    mass.compress(dealii::VectorOperation::add);
    solvers::DirectSolver solver;
    try
      {
        solver.factorize(mass);
      }
    catch (const std::runtime_error &)
      {
        throw std::runtime_error(
          "the mass matrix is singular: a DOF without mass (massless "
          "element or node) cannot take the initial acceleration Newmark needs");
      }
    context_.assembler.reinit_vector(solution);
    solver.solve(solution, residual);
    Eigen::VectorXd acceleration = context_.assembler.to_replicated(solution);
    context_.assembler.distribute(acceleration);
    for (unsigned i = 0; i < carried_.size(); ++i)
      for (unsigned k = 0; k < carried_[i].dofs.size(); ++k)
        acceleration[carried_[i].dofs[k]] += offsets[i][k];
    return acceleration;
  }

  void
  AssembledDynamicSystem::add_projected_offsets(const assembly::FollowerConstraints::Follower &f,
                                                const core::Configuration &configuration,
                                                const Eigen::VectorXd     &v,
                                                const CarriedInertia      &carried,
                                                Eigen::VectorXd           &offsets) const
  {
    // G a + (dG/dt) v = 0 on the eliminated rows: a_D = C a + b_D with
    // b_D = -G_D^{-1} (dG/dt) v, and ((dG/dt) v)_k = v^T d(G^T e_k)/dq v
    // (HolonomicConstraint::force_derivative() contracted with the velocity).
    const auto     &followers = context_.assembler.followers();
    const auto      state     = followers.kinematics(f, configuration);
    Eigen::VectorXd velocity  = Eigen::VectorXd::Zero(12);
    for (unsigned b = 0; b < 12; ++b)
      if (const unsigned dof = b < 6 ? f.follower_dofs[b] : f.leader_dofs[b - 6];
          dof != core::DofMap::invalid)
        velocity[b] = v[dof];
    for (const auto &piece : f.pieces)
      {
        if (piece.restore != assembly::FollowerConstraints::Restore::project)
          continue;
        const unsigned  m = piece.eliminated.size();
        const auto      g = piece.constraint->jacobian(state);
        Eigen::MatrixXd g_d(m, m);
        Eigen::VectorXd rate(m);
        for (unsigned k = 0; k < m; ++k)
          {
            g_d.col(k) = g.col(piece.eliminated[k]);
            rate[k]    = velocity.dot(
                 piece.constraint->force_derivative(state, Eigen::VectorXd::Unit(m, k)) * velocity);
          }
        const Eigen::VectorXd b = -g_d.fullPivLu().solve(rate);
        for (unsigned k = 0; k < m; ++k)
          {
            const unsigned dof = f.follower_dofs[piece.eliminated[k]];
            const auto     at  = std::find(carried.dofs.begin(), carried.dofs.end(), dof);
            offsets[at - carried.dofs.begin()] = b[k];
          }
      }
  }

  Eigen::VectorXd
  AssembledDynamicSystem::newton_correction(const integrators::ForceModel model,
                                            const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1,
                                            const integrators::InertiaForce &inertia,
                                            const Eigen::VectorXd           &external_force,
                                            const double                     mass_coefficient,
                                            integrators::ResidualNorms      &norms)
  {
    const Eigen::VectorXd                 &inertia_force = inertia.force;
    Eigen::VectorXd                        effective     = external_force - inertia_force;
    dealii::TrilinosWrappers::MPI::Vector  residual, correction;
    dealii::TrilinosWrappers::SparseMatrix matrix;
    Eigen::VectorXd                        internal;
    const bool                             has_followers =
      nonlinear_ && !(loading_.pressures.empty() && loading_.pressure_start.empty());
    const bool averaged    = has_followers && inertia.follower_step;
    const bool end_of_step = has_followers && inertia.end_of_step_follower_time;
    if (averaged && end_of_step)
      throw std::logic_error("follower loads both averaged over the step and at its end");
    if (averaged)
      effective +=
        follower_force(d_n, d_n1, inertia.follower_step->first, inertia.follower_step->second);
    if (end_of_step)
      effective += follower_force_at(d_n1, *inertia.end_of_step_follower_time);
    assemble_step_force(model, d_n, d_n1, effective, residual, internal, &matrix);
    // The followers' load stiffness in the Newton matrix (the force is already in the residual).
    Eigen::VectorXd unused = Eigen::VectorXd::Zero(d_n.size());
    if (averaged)
      add_follower_force(d_n, d_n1, inertia.follower_step->first, inertia.follower_step->second,
                         unused, &matrix);
    if (end_of_step)
      {
        const core::Configuration end = configuration(d_n1);
        add_pressure_force(context_,
                           pressures_at(context_, loading_, *inertia.end_of_step_follower_time,
                                        period_, loading_.ramp),
                           &end, unused, &matrix);
      }
    matrix.add(mass_coefficient, mass_);
    if (inertia.configuration_inertia_step)
      {
        if (!turning_mass_)
          throw std::logic_error("a configuration-dependent inertia without such masses");
        dealii::TrilinosWrappers::SparseMatrix turning;
        Eigen::VectorXd                        unused;
        context_.assembler.assemble_midpoint_inertia(configuration(d_n), configuration(d_n1),
                                                     inertia.configuration_inertia_step->velocity_n,
                                                     inertia.configuration_inertia_step->dt, unused,
                                                     &turning);
        matrix.add(1.0, turning);
      }
    if (inertia.damping_coefficient != 0.0)
      {
        dealii::TrilinosWrappers::SparseMatrix damping;
        Eigen::VectorXd                        unused;
        context_.assembler.assemble_damping(nonlinear_ ?
                                              configuration(d_n1) :
                                              core::Configuration(context_.model.nodes.size()),
                                            Eigen::VectorXd::Zero(d_n1.size()), unused, &damping);
        matrix.add(inertia.damping_coefficient, damping);
      }
    const auto                         &constraints = context_.assembler.increment_constraints();
    const std::vector<Eigen::Matrix3d> &inertia_tangents = inertia.rotating_tangents;
    if (!inertia_tangents.empty() && inertia_tangents.size() != so3_nodes_.size())
      throw std::logic_error("an inertia force with rotary tangents for other rotating nodes");
    if (!inertia_tangents.empty())
      {
        // Replace c J by the rotary inertia tangent on the free rotational DOFs.
        for (unsigned i = 0; i < so3_nodes_.size(); ++i)
          {
            const So3Node &node = so3_nodes_[i];
            if (node.carried)
              continue; // through the follower's carried block below
            if (node.partial)
              {
                // The whole tangent through the node's linearised constraint,
                // and the mass matrix's c J on the free rotations taken out.
                context_.assembler.add_condensed(matrix, {node.dofs.begin(), node.dofs.end()},
                                                 inertia_tangents[i]);
                for (unsigned a = 0; a < 3; ++a)
                  if (context_.assembler.locally_owned_dofs().is_element(node.dofs[a]))
                    for (unsigned b = 0; b < 3; ++b)
                      if (node.mass_block(a, b) != 0.0)
                        matrix.add(node.dofs[a], node.dofs[b],
                                   -mass_coefficient * node.mass_block(a, b));
                continue;
              }
            const Eigen::Matrix3d extra =
              inertia_tangents[i] - mass_coefficient * node.inertia.inertia();
            for (unsigned a = 0; a < 3; ++a)
              if (context_.assembler.locally_owned_dofs().is_element(node.dofs[a]) &&
                  !constraints.is_constrained(node.dofs[a]))
                for (unsigned b = 0; b < 3; ++b)
                  if (!constraints.is_constrained(node.dofs[b]))
                    matrix.add(node.dofs[a], node.dofs[b], extra(a, b));
          }
        matrix.compress(dealii::VectorOperation::add);
      }
    // Carried inertia through the followers' lines: c M_s, or on a follower
    // turning on SO(3) its rotary inertia tangent.
    if (!carried_.empty())
      {
        for (const CarriedInertia &carried : carried_)
          {
            Eigen::MatrixXd block = mass_coefficient * carried.block;
            if (carried.so3 >= 0 && !inertia_tangents.empty())
              block.bottomRightCorner<3, 3>() = inertia_tangents[carried.so3];
            context_.assembler.add_condensed(matrix, carried.dofs, block);
          }
        matrix.compress(dealii::VectorOperation::add);
      }

    // Force levels: the largest of the external, internal and inertia forces
    // on the free DOFs (reactions would hide a residual otherwise); a
    // follower's forces count, as they reach its leader.
    Eigen::VectorXd free_external = external_force, free_internal = internal,
                    free_inertia = inertia_force;
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      if (!context_.assembler.followers().is_follower_dof(line.index))
        free_external[line.index] = free_internal[line.index] = free_inertia[line.index] = 0.0;
    const solvers::NewtonConvergence fields(rotational_, length_scale_, solvers::NewtonControls());
    using FieldNorms = solvers::NewtonConvergence::FieldNorms;
    norms.residual   = fields.norms(context_.assembler.to_replicated(residual));
    norms.force_level =
      FieldNorms::max(fields.norms(free_external),
                      FieldNorms::max(fields.norms(free_internal), fields.norms(free_inertia)));
    // The round-off floor of the residual from the Newton matrix's diagonal
    // (NewtonConvergence::set_stiffness_scale()): at a very low force level
    // (the start of a spin-up, a thin strip swinging under its own weight)
    // the residual cannot fall below the round-off of the internal forces.
    const FieldNorms diagonal =
      fields.largest_diagonal(matrix, context_.assembler.locally_owned_dofs(),
                              context_.assembler.communicator());
    norms.stiffness_force  = diagonal.translational;
    norms.stiffness_moment = diagonal.rotational;

    solvers::DirectSolver solver;
    solver.factorize(matrix);
    context_.assembler.reinit_vector(correction);
    solver.solve(correction, residual);
    Eigen::VectorXd delta = context_.assembler.to_replicated(correction);
    context_.assembler.distribute(delta);
    // Spatial spins w at R_{n+1} -> change of the increment phi:
    // cay(phi') = exp(delta w) cay(phi).
    if (!so3_nodes_.empty())
      {
        const Eigen::VectorXd increment = increment_between(d_n, d_n1);
        for (const So3Node &node : so3_nodes_)
          {
            const Eigen::Vector3d phi    = rotation_entries(node, increment);
            Eigen::Vector3d       change = core::RotationVector::cayley_vector(Eigen::Quaterniond(
                                             core::RotationVector::exp(rotation_entries(node, delta)) *
                                             core::RotationVector::cayley(phi))) -
                                     phi;
            if (node.partial)
              {
                // Back onto the constraint: the held components of psi_{n+1}
                // at their values (held from d_n, or moved to d_n1 by the
                // prescribed motion), the free ones as Newton leaves them.
                const Eigen::Vector3d psi_n = rotation_entries(node, d_n);
                Eigen::Vector3d       psi   = core::RotationVector::compose(psi_n, phi + change);
                for (unsigned k = 0; k < 3; ++k)
                  if (context_.assembler.partial_rotations().is_held(node.dofs[k]))
                    psi[k] = moving_ ? d_n1[node.dofs[k]] : d_n[node.dofs[k]];
                change = core::RotationVector::increment(psi_n, psi) - phi;
              }
            for (unsigned k = 0; k < 3; ++k)
              if (node.partial || node.partly_carried || !constraints.is_constrained(node.dofs[k]))
                delta[node.dofs[k]] = change[k];
          }
      }
    if (!carried_.empty() && nonlinear_)
      restore_followers(d_n, increment_between(d_n, d_n1), delta);
    return delta;
  }

  void
  AssembledDynamicSystem::restore_followers(const Eigen::VectorXd &d_n,
                                            const Eigen::VectorXd &increment,
                                            Eigen::VectorXd       &delta) const
  {
    core::Configuration reached = configuration(compose(d_n, increment + delta));
    context_.assembler.followers().restore(reached);
    const Eigen::VectorXd exact = increment_between(d_n, reached.dof_values(context_.dofs));
    for (const CarriedInertia &carried : carried_)
      for (const unsigned dof : carried.dofs)
        delta[dof] = exact[dof] - increment[dof];
  }

  bool
  AssembledDynamicSystem::has_damping() const
  {
    return context_.assembler.has_damping();
  }

  Eigen::VectorXd
  AssembledDynamicSystem::damping_force(const Eigen::VectorXd &d, const Eigen::VectorXd &v)
  {
    if (!has_damping())
      return Eigen::VectorXd::Zero(d.size());
    Eigen::VectorXd force;
    context_.assembler.assemble_damping(nonlinear_ ?
                                          configuration(d) :
                                          core::Configuration(context_.model.nodes.size()),
                                        v, force, nullptr);
    return force;
  }

  double
  AssembledDynamicSystem::strain_energy(const Eigen::VectorXd &d) const
  {
    if (nonlinear_)
      return context_.assembler.strain_energy(configuration(d), true);
    dealii::TrilinosWrappers::MPI::Vector residual;
    Eigen::VectorXd                       internal;
    assemble_internal(d, Eigen::VectorXd::Zero(d.size()), residual, internal, nullptr);
    return 0.5 * d.dot(internal); // 1/2 d.K_lin d
  }

  void
  AssembledDynamicSystem::assemble_internal(const Eigen::VectorXd                  &d,
                                            const Eigen::VectorXd                  &external,
                                            dealii::TrilinosWrappers::MPI::Vector  &residual,
                                            Eigen::VectorXd                        &internal,
                                            dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    if (nonlinear_)
      context_.assembler.assemble_residual(configuration(d), true, external, residual, internal,
                                           tangent);
    else
      context_.assembler.assemble_linear_residual(d, external, residual, internal, tangent);
  }

  void
  AssembledDynamicSystem::assemble_step_force(
    const integrators::ForceModel model, const Eigen::VectorXd &d_n, const Eigen::VectorXd &d_n1,
    const Eigen::VectorXd &external, dealii::TrilinosWrappers::MPI::Vector &residual,
    Eigen::VectorXd &internal, dealii::TrilinosWrappers::SparseMatrix *tangent) const
  {
    if (model == integrators::ForceModel::end_of_step)
      return assemble_internal(d_n1, external, residual, internal, tangent);
    if (nonlinear_)
      return context_.assembler.assemble_conserving_residual(configuration(d_n),
                                                             configuration(d_n1), external,
                                                             residual, internal, tangent);
    // K (d_n + d_n1)/2: Delta d . K (d_n + d_n1)/2 = W(d_n1) - W(d_n) exactly.
    context_.assembler.assemble_linear_residual(0.5 * (d_n + d_n1), external, residual, internal,
                                                tangent);
    if (tangent != nullptr)
      *tangent *= 0.5;
  }

  void
  AssembledDynamicSystem::impose_prescribed_motion(const double time_n, const double time_n1,
                                                   const Eigen::VectorXd &d_n,
                                                   Eigen::VectorXd       &d_n1) const
  {
    if (moving_)
      context_.assembler.impose_prescribed_values(d_n1, prescribed_->dynamic_values(time_n, time_n1,
                                                                                    period_, d_n));
  }

  bool
  AssembledDynamicSystem::has_prescribed_motion() const
  {
    return moving_;
  }

  Eigen::VectorXd
  AssembledDynamicSystem::reactions(const integrators::ForceModel model, const Eigen::VectorXd &d_n,
                                    const Eigen::VectorXd &d_n1,
                                    const Eigen::VectorXd &inertia_force,
                                    const Eigen::VectorXd &external_force)
  {
    dealii::TrilinosWrappers::MPI::Vector residual;
    Eigen::VectorXd                       internal;
    assemble_step_force(model, d_n, d_n1, external_force, residual, internal, nullptr);
    // The residual condensed as the constraints condense the equations: an
    // *EQUATION dependent's residual goes to its masters with the equation's
    // weights (its constraint force does no work), so what remains on the
    // fixed and prescribed DOFs is the force their motion supplies, and its
    // work on their increments closes the energy balance exactly.
    Eigen::VectorXd condensed = internal + inertia_force - external_force;
    // A follower's residual reaches its leader's DOFs, supported ones included.
    if (nonlinear_ && model == integrators::ForceModel::conserving)
      {
        const core::Configuration start = configuration(d_n);
        context_.assembler.followers().condense(condensed, configuration(d_n1), &start);
      }
    else
      context_.assembler.followers().condense(condensed, nonlinear_ ?
                                                           configuration(d_n1) :
                                                           context_.assembler.follower_state());
    const auto &equations = context_.assembler.equation_lines();
    for (unsigned sweep = 0; sweep <= equations.size(); ++sweep)
      {
        bool moved = false;
        for (const auto &[dependent, masters] : equations)
          if (condensed[dependent] != 0.0)
            {
              for (const auto &[master, weight] : masters)
                condensed[master] += weight * condensed[dependent];
              condensed[dependent] = 0.0;
              moved                = true;
            }
        if (!moved)
          break;
      }
    Eigen::VectorXd result = Eigen::VectorXd::Zero(d_n1.size());
    // Fixed and prescribed DOFs, and the free rotation components of a node
    // with partly held rotations (its support moment in global axes).
    for (const unsigned dof : context_.assembler.reaction_dofs())
      result[dof] = condensed[dof];
    return result;
  }


  std::vector<unsigned>
  AssembledDynamicSystem::constrained_dofs() const
  {
    std::vector<unsigned> result;
    for (const auto &line : context_.assembler.increment_constraints().get_lines())
      {
        if (!line.entries.empty())
          throw std::runtime_error(
            context_.assembler.followers().empty() ?
              "*EQUATION constraints are not handled by INTEGRATOR=TIMEFE with ORDER >= 2 yet" :
              "*MPC, *RIGID BODY and connectors (CONN3D2) are not handled by INTEGRATOR=TIMEFE "
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
    assemble_internal(d, Eigen::VectorXd::Zero(context_.dofs.n_dofs()), residual, internal,
                      &tangent);
    return replicated_copy(tangent, constrained_dofs(), 1.0, context_.assembler.communicator());
  }

  Eigen::SparseMatrix<double>
  AssembledDynamicSystem::mass_matrix() const
  {
    return replicated_copy(mass_, constrained_dofs(), 0.0, context_.assembler.communicator());
  }
} // namespace corot::analysis
