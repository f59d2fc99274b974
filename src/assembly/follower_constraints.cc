#include <src/assembly/follower_constraints.h>
#include <src/constraints/revolute_constraint.h>
#include <src/constraints/rigid_link_constraint.h>
#include <src/constraints/rotation_tie_constraint.h>
#include <src/constraints/slot_constraint.h>
#include <src/constraints/translation_tie_constraint.h>

#include <src/core/rotation_vector.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

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

    /**
     * The coordinates @p first + k (k = 0..2) but the one whose global axis is
     * nearest @p direction: what a slot (first 0) or a hinge (first 3)
     * eliminates of its follower.
     */
    std::vector<unsigned>
    others_than_nearest(const Eigen::Vector3d &direction, const unsigned first)
    {
      Eigen::Index nearest = 0;
      direction.cwiseAbs().maxCoeff(&nearest);
      std::vector<unsigned> result;
      for (unsigned k = 0; k < 3; ++k)
        if (k != nearest)
          result.push_back(first + k);
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

  std::vector<unsigned>
  FollowerConstraints::Follower::eliminated() const
  {
    std::vector<unsigned> result;
    for (const Piece &piece : pieces)
      result.insert(result.end(), piece.eliminated.begin(), piece.eliminated.end());
    return result;
  }

  bool
  FollowerConstraints::Follower::partly_eliminated_rotation() const
  {
    unsigned n = 0;
    for (const unsigned c : eliminated())
      n += c >= 3 ? 1 : 0;
    return n > 0 && n < 3;
  }

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

    std::map<unsigned, size_t> carried; // follower node index -> index in followers_
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

        const Eigen::Vector3d xs = model.nodes[f.follower].position;
        const Eigen::Vector3d xm = model.nodes[f.leader].position;
        if (f.rigid_lever)
          f.pieces.push_back(
            {std::make_shared<constraints::RigidLinkConstraint>(f.follower, xs, f.leader, xm),
             {0, 1, 2},
             Restore::lever});
        else
          f.pieces.push_back(
            {std::make_shared<constraints::TranslationTieConstraint>(f.follower, f.leader),
             {0, 1, 2},
             Restore::position});
        if (f.tied_rotation)
          f.pieces.push_back(
            {std::make_shared<constraints::RotationTieConstraint>(f.follower, f.leader),
             {3, 4, 5},
             Restore::rotation});
        add(std::move(f), model, carried);
      }
    add_connectors(model, dofs, carried);
    order_leaders_first(model);
  }

  void
  FollowerConstraints::order_leaders_first(const core::Model &model)
  {
    // A follower may lead another tie (a chain: a rigid body hinged to the
    // ground, a top on a joint); its depth is the length of its chain of
    // leaders. A chain that comes back to its start is circular.
    std::map<unsigned, size_t> by_follower;
    for (size_t i = 0; i < followers_.size(); ++i)
      by_follower.emplace(followers_[i].follower, i);
    std::vector<size_t> depth(followers_.size(), 0);
    for (size_t i = 0; i < followers_.size(); ++i)
      {
        unsigned node = followers_[i].leader;
        for (auto it = by_follower.find(node); it != by_follower.end(); it = by_follower.find(node))
          {
            if (++depth[i] > followers_.size())
              throw core::InputError(followers_[i].defined_at,
                                     followers_[i].origin + ": node " +
                                       std::to_string(model.nodes[followers_[i].follower].id) +
                                       " is carried, through a chain of ties, by itself");
            node = followers_[it->second].leader;
          }
      }
    order_.resize(followers_.size());
    for (size_t i = 0; i < order_.size(); ++i)
      order_[i] = i;
    std::stable_sort(order_.begin(), order_.end(),
                     [&depth](const size_t a, const size_t b) { return depth[a] < depth[b]; });
    follower_of_dof_.assign(follower_dof_.size(), -1);
    for (size_t i = 0; i < followers_.size(); ++i)
      for (const unsigned c : followers_[i].eliminated())
        follower_of_dof_[followers_[i].follower_dofs[c]] = static_cast<int>(i);
    chained_ = std::any_of(depth.begin(), depth.end(), [](const size_t d) { return d > 0; });
  }

  void
  FollowerConstraints::add(Follower f, const core::Model &model,
                           std::map<unsigned, size_t> &carried)
  {
    if (const auto it = carried.find(f.follower); it != carried.end())
      throw core::InputError(f.defined_at,
                             f.origin + ": node " + std::to_string(model.nodes[f.follower].id) +
                               " is already carried by " + followers_[it->second].origin + " (" +
                               followers_[it->second].defined_at.str() +
                               "); a node carried twice is a redundant constraint, which this "
                               "release does not eliminate");
    carried.emplace(f.follower, followers_.size());
    for (const unsigned c : f.eliminated())
      follower_dof_[f.follower_dofs[c]] = true;
    followers_.push_back(std::move(f));
  }

  void
  FollowerConstraints::add_connectors(const core::Model &model, const core::DofMap &dofs,
                                      std::map<unsigned, size_t> &carried)
  {
    // Nodes a *BOUNDARY names (model data or any step): a connector's
    // follower is chosen among the others where it can be.
    std::set<unsigned> supported;
    const auto         note_boundaries = [&](const std::vector<core::BoundaryCondition> &list) {
      for (const core::BoundaryCondition &bc : list)
        for (const unsigned id : bc.node_ids)
          supported.insert(model.node_index.at(id));
    };
    note_boundaries(model.boundaries);
    for (const core::Step &step : model.steps)
      note_boundaries(step.boundaries);

    for (const core::ConnectorSection &section : model.connector_sections)
      {
        // Frames resolved and checked by the model finaliser (deck::ModelFinaliser).
        const Eigen::Matrix3d &axes_a = section.axes_a;
        const Eigen::Matrix3d &axes_b = section.axes_b;
        const auto has = [&](const core::ConnectionComponent c) { return section.has(c); };
        using core::ConnectionComponent;
        const bool aligned = has(ConnectionComponent::align) || has(ConnectionComponent::beam);

        for (const unsigned id : section.element_ids)
          {
            const core::ElementRecord &element = model.elements.at(model.element_index.at(id));
            const std::string          name    = "connector element " + std::to_string(id);
            // Two different nodes (checked by the model finaliser).
            const unsigned a = model.node_index.at(element.node_ids[0]);
            const unsigned b = model.node_index.at(element.node_ids[1]);
            // Node b follows a unless b is supported, already carried or leads a tie.
            const auto leads = [&](const unsigned node) {
              return std::any_of(followers_.begin(), followers_.end(),
                                 [node](const Follower &f) { return f.leader == node; });
            };
            const auto can_follow = [&](const unsigned node, const unsigned other) {
              return !supported.count(node) && !carried.count(node) && !leads(node) &&
                     !carried.count(other);
            };
            // A slot's line is fixed in node a: b must follow.
            const bool b_follows =
              has(ConnectionComponent::slot) || can_follow(b, a) || !can_follow(a, b);
            const unsigned         s = b_follows ? b : a, m = b_follows ? a : b;
            const Eigen::Matrix3d &axes_s = b_follows ? axes_b : axes_a;
            const Eigen::Matrix3d &axes_m = b_follows ? axes_a : axes_b;

            Follower f;
            f.follower      = s;
            f.leader        = m;
            f.follower_dofs = node_dofs(dofs, s);
            f.leader_dofs   = node_dofs(dofs, m);
            f.rigid_lever   = has(ConnectionComponent::beam);
            f.tied_rotation = aligned;
            f.defined_at    = section.defined_at;
            f.origin        = "*CONNECTOR SECTION " + section.type + " (" + name + ")";
            const bool rotations =
              has(ConnectionComponent::revolute) || has(ConnectionComponent::slot) || aligned;
            for (const unsigned node : {s, m})
              {
                const auto        node_dof  = node_dofs(dofs, node);
                const std::string node_name = "node " + std::to_string(model.nodes[node].id);
                if (!has_all(node_dof, 0))
                  throw core::InputError(element.defined_at,
                                         name + ": " + node_name + " has no UX, UY, UZ");
                if (rotations && !has_all(node_dof, 3))
                  throw core::InputError(element.defined_at, name + ": " + section.type +
                                                               " needs the rotations RX, "
                                                               "RY, RZ of " +
                                                               node_name +
                                                               ", which has none (a truss node?)");
              }

            const Eigen::Vector3d xs = model.nodes[s].position, xm = model.nodes[m].position;
            if (has(ConnectionComponent::beam))
              f.pieces.push_back({std::make_shared<constraints::RigidLinkConstraint>(s, xs, m, xm),
                                  {0, 1, 2},
                                  Restore::lever});
            if (has(ConnectionComponent::join))
              {
                if ((xs - xm).norm() > 1e-9 * std::max(1.0, xm.norm()))
                  throw core::InputError(element.defined_at,
                                         name + ": JOIN ties the positions of nodes " +
                                           std::to_string(element.node_ids[0]) + " and " +
                                           std::to_string(element.node_ids[1]) +
                                           ", which do not coincide (a BEAM connector keeps a "
                                           "rigid distance)");
                f.pieces.push_back({std::make_shared<constraints::TranslationTieConstraint>(s, m),
                                    {0, 1, 2},
                                    Restore::position});
              }
            if (has(ConnectionComponent::slot))
              {
                // The line through the leader along its local direction 1;
                // eliminated: the follower's translations along the two
                // global axes other than the one nearest the line.
                std::shared_ptr<constraints::SlotConstraint> slot;
                try
                  {
                    slot = std::make_shared<constraints::SlotConstraint>(
                      s, xs, m, xm, std::array<Eigen::Vector3d, 2>{{axes_m.col(1), axes_m.col(2)}});
                  }
                catch (const std::invalid_argument &error)
                  {
                    throw core::InputError(element.defined_at, name + ": " + error.what());
                  }
                f.pieces.push_back({slot, others_than_nearest(axes_m.col(0), 0), Restore::project});
              }
            if (aligned)
              f.pieces.push_back({std::make_shared<constraints::RotationTieConstraint>(s, m),
                                  {3, 4, 5},
                                  Restore::rotation});
            if (has(ConnectionComponent::revolute))
              {
                // The hinge axis: local direction 1 of the leader's frame; the
                // follower's directions 2 and 3 stay normal to it. Eliminated:
                // the follower's rotations about the two global axes other
                // than the one nearest the hinge axis.
                const Eigen::Vector3d                            axis = axes_m.col(0);
                std::shared_ptr<constraints::RevoluteConstraint> revolute;
                try
                  {
                    revolute = std::make_shared<constraints::RevoluteConstraint>(
                      s, m, axis, std::array<Eigen::Vector3d, 2>{{axes_s.col(1), axes_s.col(2)}});
                  }
                catch (const std::invalid_argument &error)
                  {
                    throw core::InputError(section.defined_at, "*CONNECTOR SECTION " +
                                                                 section.type + ": " +
                                                                 error.what());
                  }
                f.pieces.push_back({revolute, others_than_nearest(axis, 3), Restore::project});
              }
            add(std::move(f), model, carried);
          }
      }
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

  std::vector<unsigned>
  FollowerConstraints::masters(const Follower &f) const
  {
    std::vector<unsigned> result;
    for (const unsigned d : f.leader_dofs)
      if (d != core::DofMap::invalid)
        result.push_back(d);
    const bool projected = std::any_of(f.pieces.begin(), f.pieces.end(), [](const Piece &p) {
      return p.restore == Restore::project;
    });
    if (projected)
      for (const unsigned d : f.follower_dofs)
        if (d != core::DofMap::invalid && !is_follower_dof(d))
          result.push_back(d);
    // In a chain, a master that another follower eliminates stands for that one's masters.
    const size_t n = result.size();
    for (size_t i = 0; i < n; ++i)
      if (is_follower_dof(result[i]))
        {
          const auto further = masters(followers_[follower_of_dof_[result[i]]]);
          result.insert(result.end(), further.begin(), further.end());
        }
    return result;
  }

  namespace
  {
    /**
     * The columns @p eliminated of @p g (G_D, square), factorised; throws
     * core::InputError at @p f's definition when it is (nearly) singular.
     */
    Eigen::FullPivLU<Eigen::MatrixXd>
    eliminated_block(const Eigen::MatrixXd &g, const std::vector<unsigned> &eliminated,
                     const FollowerConstraints::Follower &f)
    {
      Eigen::MatrixXd block(g.rows(), eliminated.size());
      for (unsigned j = 0; j < eliminated.size(); ++j)
        block.col(j) = g.col(eliminated[j]);
      if (block.rows() != block.cols())
        throw std::logic_error(
          "a constraint piece eliminates as many coordinates as it has equations");
      const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(block).singularValues();
      if (!(sigma[sigma.size() - 1] > 0.05 * sigma[0]))
        throw core::InputError(f.defined_at,
                               f.origin + ": the connection has turned so far that the rotations "
                                          "corot eliminates (chosen at the reference from the "
                                          "axis' direction) no longer determine it (a hinge axis "
                                          "now nearly normal to the global axis it was nearest "
                                          "to); this release does not re-choose them");
      return Eigen::FullPivLU<Eigen::MatrixXd>(block);
    }
  } // namespace

  Eigen::MatrixXd
  FollowerConstraints::line_weights(const Follower &f, const core::Configuration &configuration,
                                    const core::Configuration *step_start) const
  {
    const auto      state   = kinematics(f, configuration);
    Eigen::MatrixXd weights = Eigen::MatrixXd::Zero(f.eliminated().size(), 12);
    unsigned        row     = 0;
    for (const Piece &piece : f.pieces)
      {
        const Eigen::MatrixXd g =
          step_start == nullptr ?
            piece.constraint->jacobian(state) :
            piece.constraint->discrete_gradient(kinematics(f, *step_start), state);
        const auto      lu   = eliminated_block(g, piece.eliminated, f);
        Eigen::MatrixXd rest = g;
        for (const unsigned c : piece.eliminated)
          rest.col(c).setZero();
        weights.middleRows(row, piece.eliminated.size()) = -lu.solve(rest);
        row += piece.eliminated.size();
      }
    return weights;
  }

  namespace
  {
    /** Global DOF of coordinate @p b (0-5 the follower's, 6-11 the leader's) of @p f. */
    unsigned
    coordinate_dof(const FollowerConstraints::Follower &f, const unsigned b)
    {
      return b < 6 ? f.follower_dofs[b] : f.leader_dofs[b - 6];
    }
  } // namespace

  void
  FollowerConstraints::add_lines(dealii::AffineConstraints<double> &constraints,
                                 const core::Configuration         &configuration,
                                 const core::Configuration         *step_start) const
  {
    for (const Follower &f : followers_)
      {
        const Eigen::MatrixXd       weights    = line_weights(f, configuration, step_start);
        const std::vector<unsigned> eliminated = f.eliminated();
        for (unsigned a = 0; a < weights.rows(); ++a)
          {
            const unsigned dependent = f.follower_dofs[eliminated[a]];
            constraints.add_line(dependent);
            for (unsigned b = 0; b < 12; ++b)
              if (weights(a, b) != 0.0 && coordinate_dof(f, b) != core::DofMap::invalid)
                constraints.add_entry(dependent, coordinate_dof(f, b), weights(a, b));
          }
      }
  }

  void
  FollowerConstraints::condense(Eigen::VectorXd &force, const core::Configuration &configuration,
                                const core::Configuration *step_start) const
  {
    // The last of a chain first, so that its force reaches the chain's root.
    for (auto i = order_.rbegin(); i != order_.rend(); ++i)
      {
        const Follower &f = followers_[*i];
        condense(f, line_weights(f, configuration, step_start), force);
      }
  }

  void
  FollowerConstraints::condense(const Follower &f, const Eigen::MatrixXd &weights,
                                Eigen::VectorXd &force) const
  {
    const std::vector<unsigned> eliminated = f.eliminated();
    for (unsigned a = 0; a < weights.rows(); ++a)
      {
        const unsigned dependent = f.follower_dofs[eliminated[a]];
        for (unsigned b = 0; b < 12; ++b)
          if (weights(a, b) != 0.0 && coordinate_dof(f, b) != core::DofMap::invalid)
            force[coordinate_dof(f, b)] += weights(a, b) * force[dependent];
        force[dependent] = 0.0;
      }
  }

  void
  FollowerConstraints::restore(core::Configuration &configuration) const
  {
    // Leaders first: a chain's followers then find their leaders restored.
    for (const size_t i : order_)
      for (const Piece &piece : followers_[i].pieces)
        restore(followers_[i], piece, configuration);
  }

  void
  FollowerConstraints::restore(const Follower &f, const Piece &piece,
                               core::Configuration &configuration) const
  {
    switch (piece.restore)
      {
        case Restore::lever:
          // g = x_s - x_m - R_m e0: remove it from u_s.
          configuration.displacements[f.follower] -=
            piece.constraint->value(kinematics(f, configuration));
          return;
        case Restore::position:
          configuration.displacements[f.follower] = configuration.displacements[f.leader];
          return;
        case Restore::rotation:
          configuration.rotations[f.follower] = configuration.rotations[f.leader];
          return;
        case Restore::project:
          break;
      }
    // Newton's method on the eliminated coordinates (quadratic; the update
    // leaves the follower within the square of the Newton correction of the
    // manifold, so two or three iterations reach round-off).
    for (unsigned iteration = 0; iteration < 10; ++iteration)
      {
        const auto            state = kinematics(f, configuration);
        const Eigen::VectorXd g     = piece.constraint->value(state);
        if (g.norm() == 0.0)
          return;
        const Eigen::VectorXd step =
          -eliminated_block(piece.constraint->jacobian(state), piece.eliminated, f).solve(g);
        Eigen::Vector3d spin = Eigen::Vector3d::Zero();
        for (unsigned j = 0; j < piece.eliminated.size(); ++j)
          {
            const unsigned c = piece.eliminated[j];
            if (c < 3)
              configuration.displacements[f.follower][c] += step[j];
            else
              spin[c - 3] = step[j];
          }
        if (spin.norm() > 0.0)
          configuration.rotations[f.follower] =
            Eigen::Quaterniond(core::RotationVector::exp(spin) *
                               configuration.rotations[f.follower].toRotationMatrix())
              .normalized();
        if (step.norm() < 1e-15)
          return;
      }
  }

  void
  FollowerConstraints::for_each_curvature(
    const core::Configuration &configuration, const Eigen::VectorXd &force,
    const std::function<void(const std::vector<unsigned> &, const Eigen::MatrixXd &)> &add) const
  {
    // The last of a chain first: a follower's multipliers balance its own
    // force and the forces its followers pass on to it.
    Eigen::VectorXd condensed = force;
    for (auto i = order_.rbegin(); i != order_.rend(); ++i)
      {
        const Follower       &f     = followers_[*i];
        const auto            state = kinematics(f, configuration);
        std::vector<unsigned> dofs(f.follower_dofs.begin(), f.follower_dofs.end());
        dofs.insert(dofs.end(), f.leader_dofs.begin(), f.leader_dofs.end());
        for (const Piece &piece : f.pieces)
          {
            const Eigen::MatrixXd g = piece.constraint->jacobian(state);
            const auto            m = piece.eliminated.size();
            Eigen::MatrixXd       gd(g.rows(), m);
            Eigen::VectorXd       r(m);
            for (unsigned j = 0; j < m; ++j)
              {
                gd.col(j) = g.col(piece.eliminated[j]);
                r[j]      = condensed[f.follower_dofs[piece.eliminated[j]]];
              }
            // Equilibrium of the eliminated rows: r_D + G_D^T lambda = 0.
            const Eigen::VectorXd lambda = -gd.transpose().fullPivLu().solve(r);
            add(dofs, piece.constraint->force_derivative(state, lambda));
          }
        if (chained_)
          condense(f, line_weights(f, configuration), condensed);
      }
  }
} // namespace corot::assembly
