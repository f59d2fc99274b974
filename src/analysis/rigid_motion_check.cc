#include <src/analysis/rigid_motion_check.h>
#include <src/solvers/matrix_product.h>

#include <deal.II/base/mpi.h>

#include <algorithm>
#include <iomanip>
#include <numeric>
#include <set>
#include <sstream>

namespace corot::analysis
{
  namespace
  {
    /** Union-find over node indices (parts of the model). */
    class NodeParts
    {
    public:
      explicit NodeParts(const size_t n)
        : parent_(n)
      {
        std::iota(parent_.begin(), parent_.end(), 0);
      }

      size_t
      root(size_t a)
      {
        while (parent_[a] != a)
          a = parent_[a] = parent_[parent_[a]];
        return a;
      }

      void
      join(const size_t a, const size_t b)
      {
        parent_[root(a)] = root(b);
      }

    private:
      std::vector<size_t> parent_;
    };

    std::string
    vector_text(const Eigen::Vector3d &v)
    {
      std::ostringstream out;
      out << std::setprecision(3) << '(' << v.x() << ", " << v.y() << ", " << v.z() << ')';
      return out.str();
    }
  } // namespace

  std::vector<FreeRigidMotion>
  free_rigid_motions(const AnalysisContext                        &context,
                     const std::vector<assembly::PrescribedValue> &held)
  {
    const core::Model  &model = context.model;
    const core::DofMap &dofs  = context.dofs;
    const size_t        n     = model.nodes.size();
    NodeParts           parts(n);
    std::vector<bool>   stiff(n, false); // node of an element with stiffness
    for (size_t e = 0; e < model.elements.size(); ++e)
      {
        if (context.elements[e]->is_nodal_attachment())
          continue;
        const auto  &ids   = model.elements[e].node_ids;
        const size_t first = model.node_index.at(ids.front());
        for (const unsigned id : ids)
          {
            const size_t node = model.node_index.at(id);
            stiff[node]       = true;
            parts.join(node, first);
          }
      }
    for (const core::Equation &equation : model.equations)
      for (const core::EquationTerm &term : equation.terms)
        parts.join(model.node_index.at(term.node_id),
                   model.node_index.at(equation.terms.front().node_id));
    for (const auto &follower : context.assembler.followers().followers())
      parts.join(follower.follower, follower.leader);

    std::map<size_t, std::vector<size_t>> members; // root -> node indices
    for (size_t node = 0; node < n; ++node)
      members[parts.root(node)].push_back(node);
    std::set<unsigned> held_dofs;
    for (const auto &value : held)
      held_dofs.insert(value.dof);

    std::vector<FreeRigidMotion> motions;
    for (const auto &[root, nodes] : members)
      {
        if (std::none_of(nodes.begin(), nodes.end(), [&](const size_t a) { return stiff[a]; }))
          continue;
        // The six rigid generators on the part's DOFs; rotations scaled by the
        // part's size so that every column is a displacement of order one.
        Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
        for (const size_t a : nodes)
          centroid += model.nodes[a].position;
        centroid /= static_cast<double>(nodes.size());
        double size = 0.0;
        for (const size_t a : nodes)
          size = std::max(size, (model.nodes[a].position - centroid).norm());
        if (size == 0.0)
          size = 1.0;
        std::map<unsigned, Eigen::Matrix<double, 1, 6>> generator; // global DOF -> row
        for (const size_t a : nodes)
          {
            const Eigen::Vector3d lever = (model.nodes[a].position - centroid) / size;
            for (unsigned k = 0; k < 3; ++k)
              {
                const unsigned translation = dofs.index(a, static_cast<core::DofKind>(k));
                if (translation != core::DofMap::invalid)
                  {
                    Eigen::Matrix<double, 1, 6> row = Eigen::Matrix<double, 1, 6>::Zero();
                    row[k]                          = 1.0;
                    for (unsigned j = 0; j < 3; ++j) // (e_j x lever)_k
                      row[3 + j] = Eigen::Vector3d::Unit(j).cross(lever)[k];
                    generator[translation] = row;
                  }
                const unsigned rotation = dofs.index(a, static_cast<core::DofKind>(3 + k));
                if (rotation != core::DofMap::invalid)
                  {
                    Eigen::Matrix<double, 1, 6> row = Eigen::Matrix<double, 1, 6>::Zero();
                    row[3 + k]                      = 1.0 / size;
                    generator[rotation]             = row;
                  }
              }
          }
        Eigen::MatrixXd on_dofs(generator.size(), 6);
        {
          unsigned i = 0;
          for (const auto &[dof, row] : generator)
            on_dofs.row(i++) = row;
        }
        // Constraint rows: held DOFs and the *EQUATIONs of the part.
        std::vector<Eigen::Matrix<double, 1, 6>> rows;
        for (const auto &[dof, row] : generator)
          if (held_dofs.count(dof) > 0)
            rows.push_back(row);
        for (const core::Equation &equation : model.equations)
          {
            if (parts.root(model.node_index.at(equation.terms.front().node_id)) != root)
              continue;
            Eigen::Matrix<double, 1, 6> row = Eigen::Matrix<double, 1, 6>::Zero();
            for (const core::EquationTerm &term : equation.terms)
              {
                const unsigned dof = dofs.index(model.node_index.at(term.node_id),
                                                static_cast<core::DofKind>(term.dof - 1));
                const auto     it  = generator.find(dof);
                if (it != generator.end())
                  row += term.coefficient * it->second;
              }
            rows.push_back(row);
          }
        // Null space of the constraints (all six generators if there are none).
        Eigen::MatrixXd null_space = Eigen::MatrixXd::Identity(6, 6);
        if (!rows.empty())
          {
            Eigen::MatrixXd constraints(rows.size(), 6);
            for (size_t i = 0; i < rows.size(); ++i)
              constraints.row(i) = rows[i] / std::max(1.0, rows[i].norm());
            const Eigen::JacobiSVD<Eigen::MatrixXd> svd(constraints, Eigen::ComputeFullV);
            const Eigen::VectorXd                  &sigma = svd.singularValues();
            unsigned                                rank  = 0;
            for (int i = 0; i < sigma.size(); ++i)
              if (sigma[i] > 1e-9 * std::max(1.0, sigma[0]))
                ++rank;
            null_space = svd.matrixV().rightCols(6 - rank);
          }
        if (null_space.cols() == 0)
          continue;
        // Motions in that null space that move some DOF of the part.
        const Eigen::JacobiSVD<Eigen::MatrixXd> moving(on_dofs * null_space, Eigen::ComputeFullV);
        const Eigen::VectorXd                  &sigma = moving.singularValues();
        for (int i = 0; i < sigma.size(); ++i)
          {
            if (!(sigma[i] > 1e-9 * std::sqrt(static_cast<double>(on_dofs.rows()))))
              continue;
            const Eigen::Matrix<double, 6, 1> a = null_space * moving.matrixV().col(i);
            FreeRigidMotion                   motion;
            motion.dofs                   = Eigen::VectorXd::Zero(dofs.n_dofs());
            const Eigen::VectorXd on_part = on_dofs * a;
            unsigned              r       = 0;
            for (const auto &[dof, row] : generator)
              motion.dofs[dof] = on_part[r++];
            motion.dofs.normalize();
            std::vector<unsigned> ids;
            for (const size_t node : nodes)
              ids.push_back(model.nodes[node].id);
            std::sort(ids.begin(), ids.end());
            std::ostringstream text;
            text << "nodes " << ids.front() << " to " << ids.back() << " (" << ids.size()
                 << " nodes): translation " << vector_text(a.head<3>()) << " and rotation "
                 << vector_text(a.tail<3>() / size) << " about " << vector_text(centroid);
            motion.description = text.str();
            motions.push_back(motion);
          }
      }
    return motions;
  }

  void
  refuse_free_motions(const AnalysisContext &context, const std::vector<FreeRigidMotion> &motions,
                      const dealii::TrilinosWrappers::SparseMatrix &tangent,
                      const Eigen::VectorXd &external, const core::SourceLocation &at)
  {
    assembly::Assembler &assembler = context.assembler;
    double               largest   = 0.0; // the largest diagonal entry: the stiffness scale
    for (const auto dof : assembler.locally_owned_dofs())
      largest = std::max(largest, std::abs(tangent.diag_element(dof)));
    largest = dealii::Utilities::MPI::max(largest, assembler.communicator());
    const FreeRigidMotion *unresisted = nullptr;
    bool                   driven     = false;
    for (const FreeRigidMotion &motion : motions)
      {
        dealii::TrilinosWrappers::MPI::Vector direction, resisted;
        assembler.reinit_vector(direction);
        assembler.reinit_vector(resisted);
        for (const auto dof : assembler.locally_owned_dofs())
          direction[dof] = motion.dofs[dof];
        direction.compress(dealii::VectorOperation::insert);
        solvers::multiply(tangent, direction, resisted);
        if (resisted.l2_norm() > 1e-8 * largest)
          continue; // a held zero pivot or a constraint's stiffness restrains it
        const bool pushed = std::abs(external.dot(motion.dofs)) > 1e-8 * external.norm();
        if (unresisted == nullptr || (pushed && !driven))
          {
            unresisted = &motion;
            driven     = pushed;
          }
      }
    if (unresisted != nullptr)
      throw core::InputError(
        at, "no boundary condition restrains " + unresisted->description +
              (driven ? ", and the loads push along that rigid motion: there is no static "
                        "equilibrium" :
                        ": the stiffness is singular along that rigid motion (Abaqus: numerical "
                        "singularity), so the displacements would be determined only up to it") +
              "; add supports");
  }

} // namespace corot::analysis
