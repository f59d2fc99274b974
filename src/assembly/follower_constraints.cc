#include <src/assembly/follower_constraints.h>
#include <src/constraints/rigid_link_constraint.h>
#include <src/constraints/rotation_tie_constraint.h>
#include <src/constraints/translation_tie_constraint.h>

#include <map>
#include <set>

namespace corot::assembly
{
  namespace
  {
    std::array<unsigned, 6>
    node_dofs(const core::DofMap &dofs, const unsigned node)
    {
      std::array<unsigned, 6> result;
      for (unsigned k = 0; k < 6; ++k)
        result[k] = dofs.index(node, static_cast<core::DofKind>(k));
      return result;
    }

    bool
    has_all(const std::array<unsigned, 6> &dofs, const unsigned first)
    {
      for (unsigned k = first; k < first + 3; ++k)
        if (dofs[k] == core::DofMap::invalid)
          return false;
      return true;
    }
  } // namespace

  FollowerConstraints::FollowerConstraints(const core::Model &model, const core::DofMap &dofs)
    : follower_dof_(dofs.n_dofs(), false)
  {
    std::vector<core::NodeTie> ties = model.node_ties;
    for (const core::RigidBody &body : model.rigid_bodies)
      {
        std::set<unsigned> tied, pinned;
        for (const unsigned id : body.element_ids)
          for (const unsigned node : model.elements.at(model.element_index.at(id)).node_ids)
            tied.insert(node);
        tied.insert(body.tie_node_ids.begin(), body.tie_node_ids.end());
        for (const unsigned id : body.pin_node_ids)
          if (!tied.count(id))
            pinned.insert(id);
        for (const auto &[set, rotation] :
             {std::make_pair(&tied, true), std::make_pair(&pinned, false)})
          for (const unsigned id : *set)
            if (id != body.reference_node_id)
              ties.push_back(core::NodeTie{id, body.reference_node_id, true, rotation, body.origin,
                                           body.defined_at});
      }

    std::map<unsigned, const core::NodeTie *> carried; // follower node index -> its tie
    for (const core::NodeTie &tie : ties)
      {
        Follower f;
        f.follower                      = model.node_index.at(tie.follower_id);
        f.leader                        = model.node_index.at(tie.leader_id);
        f.follower_dofs                 = node_dofs(dofs, f.follower);
        f.leader_dofs                   = node_dofs(dofs, f.leader);
        f.rigid_lever                   = tie.rigid_lever;
        f.defined_at                    = tie.defined_at;
        f.origin                        = tie.origin;
        const std::string follower_name = "node " + std::to_string(tie.follower_id);
        const std::string leader_name   = "node " + std::to_string(tie.leader_id);
        if (!has_all(f.follower_dofs, 0))
          throw core::InputError(tie.defined_at, tie.origin + ": " + follower_name +
                                                   " has no UX, UY, UZ (no 3D element uses it)");
        if (!has_all(f.leader_dofs, 0))
          throw core::InputError(tie.defined_at, tie.origin + ": " + leader_name +
                                                   " has no UX, UY, UZ (no 3D element uses it)");
        f.tied_rotation = tie.tied_rotation && has_all(f.follower_dofs, 3);
        if ((f.rigid_lever || f.tied_rotation) && !has_all(f.leader_dofs, 3))
          throw core::InputError(tie.defined_at,
                                 tie.origin + ": the leading " + leader_name +
                                   " needs rotations RX, RY, RZ (a beam node, or a *RIGID BODY "
                                   "reference node)");
        if (const auto it = carried.find(f.follower); it != carried.end())
          throw core::InputError(tie.defined_at,
                                 tie.origin + ": " + follower_name + " is already carried by " +
                                   it->second->origin + " (" + it->second->defined_at.str() +
                                   "); a node carried twice is a redundant constraint, which "
                                   "this release does not eliminate");
        carried.emplace(f.follower, &tie);

        const Eigen::Vector3d xs = model.nodes[f.follower].position;
        const Eigen::Vector3d xm = model.nodes[f.leader].position;
        if (f.rigid_lever)
          f.pieces.push_back(
            std::make_shared<constraints::RigidLinkConstraint>(f.follower, xs, f.leader, xm));
        else
          f.pieces.push_back(
            std::make_shared<constraints::TranslationTieConstraint>(f.follower, f.leader));
        if (f.tied_rotation)
          f.pieces.push_back(
            std::make_shared<constraints::RotationTieConstraint>(f.follower, f.leader));
        for (unsigned k = 0; k < (f.tied_rotation ? 6u : 3u); ++k)
          follower_dof_[f.follower_dofs[k]] = true;
        followers_.push_back(std::move(f));
      }
    for (const Follower &f : followers_)
      if (carried.count(f.leader))
        throw core::InputError(f.defined_at,
                               f.origin + ": the leading node " +
                                 std::to_string(model.nodes[f.leader].id) +
                                 " is itself carried by another tie; chains of ties are not "
                                 "supported yet (tie both nodes to the same leader)");
  }

  bool
  FollowerConstraints::is_follower_dof(const unsigned dof) const
  {
    return dof < follower_dof_.size() && follower_dof_[dof];
  }

  constraints::ConstraintKinematics
  FollowerConstraints::kinematics(const Follower &f, const core::Configuration &configuration) const
  {
    return {{configuration.displacements[f.follower], configuration.rotations[f.follower]},
            {configuration.displacements[f.leader], configuration.rotations[f.leader]}};
  }

  Eigen::MatrixXd
  FollowerConstraints::line_weights(const Follower &f, const core::Configuration &configuration,
                                    const core::Configuration *step_start) const
  {
    const auto      state   = kinematics(f, configuration);
    Eigen::MatrixXd weights = Eigen::MatrixXd::Zero(3 * f.pieces.size(), 6);
    for (unsigned p = 0; p < f.pieces.size(); ++p)
      {
        // Piece p constrains the follower's coordinates 3p .. 3p+2.
        const Eigen::MatrixXd g =
          step_start == nullptr ? f.pieces[p]->jacobian(state) :
                                  f.pieces[p]->discrete_gradient(kinematics(f, *step_start), state);
        const Eigen::Matrix3d gs     = g.block<3, 3>(0, 3 * p);
        weights.middleRows<3>(3 * p) = -gs.fullPivLu().solve(g.middleCols(6, 6));
      }
    return weights;
  }

  void
  FollowerConstraints::add_lines(dealii::AffineConstraints<double> &constraints,
                                 const core::Configuration         &configuration,
                                 const core::Configuration         *step_start) const
  {
    for (const Follower &f : followers_)
      {
        const Eigen::MatrixXd weights = line_weights(f, configuration, step_start);
        for (unsigned a = 0; a < weights.rows(); ++a)
          {
            const unsigned dependent = f.follower_dofs[a];
            constraints.add_line(dependent);
            for (unsigned b = 0; b < 6; ++b)
              if (weights(a, b) != 0.0 && f.leader_dofs[b] != core::DofMap::invalid)
                constraints.add_entry(dependent, f.leader_dofs[b], weights(a, b));
          }
      }
  }

  void
  FollowerConstraints::condense(Eigen::VectorXd &force, const core::Configuration &configuration,
                                const core::Configuration *step_start) const
  {
    for (const Follower &f : followers_)
      {
        const Eigen::MatrixXd weights = line_weights(f, configuration, step_start);
        for (unsigned a = 0; a < weights.rows(); ++a)
          {
            const unsigned dependent = f.follower_dofs[a];
            for (unsigned b = 0; b < 6; ++b)
              if (f.leader_dofs[b] != core::DofMap::invalid)
                force[f.leader_dofs[b]] += weights(a, b) * force[dependent];
            force[dependent] = 0.0;
          }
      }
  }

  void
  FollowerConstraints::restore(core::Configuration &configuration) const
  {
    for (const Follower &f : followers_)
      {
        const Eigen::Vector3d &um = configuration.displacements[f.leader];
        if (f.rigid_lever)
          {
            const constraints::ConstraintKinematics state = kinematics(f, configuration);
            // g = x_s - x_m - R_m e0: remove it from u_s.
            configuration.displacements[f.follower] -= f.pieces.front()->value(state);
          }
        else
          configuration.displacements[f.follower] = um;
        if (f.tied_rotation)
          configuration.rotations[f.follower] = configuration.rotations[f.leader];
      }
  }

  void
  FollowerConstraints::for_each_curvature(
    const core::Configuration &configuration, const Eigen::VectorXd &force,
    const std::function<void(const std::vector<unsigned> &, const Eigen::MatrixXd &)> &add) const
  {
    for (const Follower &f : followers_)
      {
        const auto            state = kinematics(f, configuration);
        std::vector<unsigned> dofs(f.follower_dofs.begin(), f.follower_dofs.end());
        dofs.insert(dofs.end(), f.leader_dofs.begin(), f.leader_dofs.end());
        for (unsigned p = 0; p < f.pieces.size(); ++p)
          {
            const Eigen::MatrixXd g  = f.pieces[p]->jacobian(state);
            const Eigen::Matrix3d gs = g.block<3, 3>(0, 3 * p);
            Eigen::Vector3d       r;
            for (unsigned a = 0; a < 3; ++a)
              r[a] = force[f.follower_dofs[3 * p + a]];
            // Equilibrium of the follower's rows: r_s + G_s^T lambda = 0.
            const Eigen::Vector3d lambda = -gs.transpose().fullPivLu().solve(r);
            add(dofs, f.pieces[p]->force_derivative(state, lambda));
          }
      }
  }
} // namespace corot::assembly
