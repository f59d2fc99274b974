#include <src/analysis/full_model_comparison.h>
#include <src/solvers/eigen_solver.h>

#include <chrono>

namespace corot::analysis
{
  FullModelModes
  full_model_modes(AnalysisContext &context, const CmsSession &session,
                   const std::map<std::string, double> &alphas, const unsigned n_modes,
                   const core::SourceLocation &where)
  {
    const auto start = std::chrono::steady_clock::now();
    context.assembler.set_constraints(session.constraints, context.model.equations);
    const core::Configuration reference(context.model.nodes.size());
    dealii::TrilinosWrappers::SparseMatrix stiffness, mass;
    context.assembler.assemble_matrix(assembly::MatrixKind::linear_stiffness, reference, stiffness);
    context.assembler.assemble_matrix(assembly::MatrixKind::consistent_mass, reference, mass);

    // Design changes: alpha (dK_c, dM_c) scattered to the rows this rank owns.
    const cms::Substructuring &sub = session.baseline->substructuring();
    for (const auto &[name, alpha] : alphas)
      {
        const unsigned c = session.baseline->owner_of(name);
        const cms::Component &component = sub.components[c];
        const cms::DesignDerivative &d  = *component.derivative(name);
        for (const auto *matrix : {&d.stiffness_derivative, &d.mass_derivative})
          {
            auto &target = matrix == &d.stiffness_derivative ? stiffness : mass;
            for (int col = 0; col < matrix->outerSize(); ++col)
              for (cms::SparseMatrix::InnerIterator it(*matrix, col); it; ++it)
                {
                  const unsigned row = component.global_dofs[it.row()];
                  if (context.assembler.locally_owned_dofs().is_element(row))
                    target.add(row, component.global_dofs[it.col()], alpha * it.value());
                }
          }
      }
    stiffness.compress(dealii::VectorOperation::add);
    mass.compress(dealii::VectorOperation::add);

    const unsigned n = std::min(n_modes, sub.n_free_dofs);
    FullModelModes result;
    try
      {
        solvers::EigenPairs pairs = solvers::solve_generalized_eigenproblem(stiffness, mass, n, 0.0);
        result.eigenvalues        = pairs.eigenvalues;
        result.vectors            = std::move(pairs.eigenvectors);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(where, std::string("full-model comparison: ") + error.what());
      }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  std::vector<double>
  relative_errors(const std::vector<double> &reduced, const std::vector<double> &full)
  {
    std::vector<double> errors;
    const double        scale = full.empty() ? 0.0 : *std::max_element(full.begin(), full.end());
    for (std::size_t m = 0; m < std::min(reduced.size(), full.size()); ++m)
      errors.push_back(std::abs(full[m]) <= 1e-9 * scale ? reduced[m] - full[m] :
                                                          (reduced[m] - full[m]) / full[m]);
    return errors;
  }
} // namespace corot::analysis
