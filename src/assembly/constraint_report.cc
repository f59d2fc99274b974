#include <src/assembly/constraint_report.h>
#include <src/assembly/follower_constraints.h>

#include <algorithm>
#include <set>

namespace corot::assembly
{
  namespace
  {
    using constraints::ReactionSolvability;

    ReactionSolvability
    analyse(const core::Model &model, const core::DofMap &dofs)
    {
      std::vector<ReactionSolvability::Row>   rows;
      std::vector<ReactionSolvability::Group> groups;
      // A DOF named by several *BOUNDARY lines is one support.
      std::set<unsigned> supported;
      for (const core::BoundaryCondition &bc : model.boundaries)
        for (const unsigned id : bc.node_ids)
          for (unsigned k = bc.first_dof; k <= bc.last_dof; ++k)
            {
              const unsigned dof =
                dofs.index(model.node_index.at(id), static_cast<core::DofKind>(k - 1));
              if (dof == core::DofMap::invalid || !supported.insert(dof).second)
                continue;
              groups.push_back(
                {"support " + dofs.describe(dof), {static_cast<unsigned>(rows.size())}});
              rows.push_back({{dof, 1.0}});
            }
      const FollowerConstraints followers(model, dofs);
      const core::Configuration reference(model.nodes.size());
      for (const auto &f : followers.followers())
        {
          ReactionSolvability::Group group{f.origin + " node " +
                                             std::to_string(model.nodes[f.follower].id) + " (" +
                                             f.defined_at.str() + ")",
                                           {}};
          std::vector<unsigned>      coordinates(f.follower_dofs.begin(), f.follower_dofs.end());
          coordinates.insert(coordinates.end(), f.leader_dofs.begin(), f.leader_dofs.end());
          for (const auto &piece : f.pieces)
            {
              const Eigen::MatrixXd g =
                piece.constraint->jacobian(followers.kinematics(f, reference));
              for (unsigned i = 0; i < g.rows(); ++i)
                {
                  ReactionSolvability::Row row;
                  for (unsigned j = 0; j < g.cols(); ++j)
                    if (g(i, j) != 0.0 && coordinates[j] != core::DofMap::invalid)
                      row.emplace_back(coordinates[j], g(i, j));
                  group.rows.push_back(rows.size());
                  rows.push_back(row);
                }
            }
          groups.push_back(group);
        }
      for (const core::Equation &equation : model.equations)
        {
          ReactionSolvability::Row row;
          for (const core::EquationTerm &term : equation.terms)
            {
              const unsigned dof = dofs.index(model.node_index.at(term.node_id),
                                              static_cast<core::DofKind>(term.dof - 1));
              if (dof != core::DofMap::invalid)
                row.emplace_back(dof, term.coefficient);
            }
          groups.push_back({"*EQUATION (" + equation.defined_at.str() + ")",
                            {static_cast<unsigned>(rows.size())}});
          rows.push_back(row);
        }
      // Rotations scaled by the model's size, so that rank decisions compare like with like.
      double size = 0.0;
      for (const auto &node : model.nodes)
        size = std::max(size, node.position.norm());
      std::vector<double> scale(dofs.n_dofs(), 1.0);
      for (unsigned n = 0; n < dofs.n_nodes(); ++n)
        for (unsigned k = 3; k < 6; ++k)
          if (const unsigned dof = dofs.index(n, static_cast<core::DofKind>(k));
              dof != core::DofMap::invalid)
            scale[dof] = size > 0.0 ? size : 1.0;
      return ReactionSolvability(rows, groups, scale);
    }
  } // namespace

  ConstraintReport::ConstraintReport(const core::Model &model, const core::DofMap &dofs)
    : solvability_(analyse(model, dofs))
  {}

  void
  ConstraintReport::write(std::ostream &out) const
  {
    const ReactionSolvability &s = solvability_;
    out << "constraints: " << s.n_rows() << " rows, rank " << s.rank() << ", redundancy "
        << s.redundancy() << (s.redundancy() == 0 ? " (every reaction is uniquely determined)" : "")
        << "\n";
    for (unsigned b = 0; b < s.redundant_blocks().size(); ++b)
      {
        const auto &block = s.redundant_blocks()[b];
        out << "  redundant set " << b + 1 << " (degree " << block.redundancy
            << "): these reactions are NOT unique (only their resultant is):\n";
        for (const std::string &name : block.groups)
          out << "    " << name << "\n";
      }
  }
} // namespace corot::assembly
