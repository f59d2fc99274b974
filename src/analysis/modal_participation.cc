#include <src/analysis/modal_participation.h>
#include <src/solvers/matrix_product.h>

#include <deal.II/lac/trilinos_vector.h>

namespace corot::analysis
{
  namespace
  {
    /** M x for a replicated @p x, replicated. */
    Eigen::VectorXd
    mass_times(const AnalysisContext &context, const dealii::TrilinosWrappers::SparseMatrix &mass,
               const Eigen::VectorXd &x)
    {
      dealii::TrilinosWrappers::MPI::Vector in, out;
      in.reinit(context.assembler.locally_owned_dofs(), context.assembler.communicator());
      out.reinit(in);
      for (const auto i : context.assembler.locally_owned_dofs())
        in[i] = x[i];
      in.compress(dealii::VectorOperation::insert);
      solvers::multiply(mass, in, out);
      return context.assembler.to_replicated(out);
    }

    /**
     * The rigid-body vector of direction @p a (0..2 translation along e_a, 3..5 rotation about
     * e_{a-3} through the origin), zero on the DOFs the step constrains.
     */
    Eigen::VectorXd
    rigid_body_vector(const AnalysisContext &context, const unsigned a, const bool deformed)
    {
      const core::DofMap &dofs        = context.dofs;
      Eigen::VectorXd     r           = Eigen::VectorXd::Zero(dofs.n_dofs());
      const auto         &constraints = context.assembler.increment_constraints();
      for (unsigned dof = 0; dof < dofs.n_dofs(); ++dof)
        {
          if (constraints.is_constrained(dof))
            continue;
          const unsigned node = dofs.node_of(dof);
          const unsigned kind = static_cast<unsigned>(dofs.kind_of(dof));
          if (a < 3)
            r[dof] = kind == a ? 1.0 : 0.0;
          else if (kind >= 3)
            r[dof] = kind - 3 == a - 3 ? 1.0 : 0.0;
          else
            {
              Eigen::Vector3d x = context.model.nodes[node].position;
              if (deformed)
                x += context.configuration.displacements[node];
              r[dof] = Eigen::Vector3d::Unit(a - 3).cross(x)[kind];
            }
        }
      return r;
    }
  } // namespace

  ModalParticipation
  ModalParticipation::compute(const AnalysisContext                        &context,
                              const dealii::TrilinosWrappers::SparseMatrix &mass,
                              const std::vector<Eigen::VectorXd> &shapes, const bool deformed)
  {
    ModalParticipation             result;
    std::array<Eigen::VectorXd, 6> mass_rigid;
    for (unsigned a = 0; a < 6; ++a)
      {
        const Eigen::VectorXd r = rigid_body_vector(context, a, deformed);
        mass_rigid[a]           = mass_times(context, mass, r);
        result.total_mass[a]    = r.dot(mass_rigid[a]);
      }
    for (const Eigen::VectorXd &shape : shapes)
      {
        const double          m_i = shape.dot(mass_times(context, mass, shape));
        std::array<double, 6> factors{}, effective{};
        for (unsigned a = 0; a < 6; ++a)
          {
            const double coupling = shape.dot(mass_rigid[a]);
            factors[a]            = m_i > 0.0 ? coupling / m_i : 0.0;
            effective[a]          = m_i > 0.0 ? coupling * coupling / m_i : 0.0;
            result.effective_mass_sum[a] += effective[a];
          }
        result.generalized_mass.push_back(m_i);
        result.factors.push_back(factors);
        result.effective_mass.push_back(effective);
      }
    return result;
  }
} // namespace corot::analysis
