#include <src/analysis/full_model_comparison.h>
#include <src/cms/mode_pairing.h>
#include <src/solvers/eigen_solver.h>

#include <chrono>
#include <cmath>
#include <limits>

namespace corot::analysis
{
  void
  full_model_matrices(AnalysisContext &context, const CmsSession &session,
                      dealii::TrilinosWrappers::SparseMatrix &stiffness,
                      dealii::TrilinosWrappers::SparseMatrix &mass)
  {
    if (session.base)
      {
        context.assembler.assemble_matrix(assembly::MatrixKind::symmetric_tangent_stiffness,
                                          *session.base, stiffness);
        context.assembler.assemble_matrix(assembly::MatrixKind::turned_consistent_mass,
                                          *session.base, mass);
        return;
      }
    const core::Configuration reference(context.model.nodes.size());
    context.assembler.assemble_matrix(assembly::MatrixKind::linear_stiffness, reference, stiffness);
    context.assembler.assemble_matrix(assembly::MatrixKind::consistent_mass, reference, mass);
  }

  FullModelModes
  full_model_modes(AnalysisContext &context, const CmsSession &session,
                   const std::map<std::string, double> &alphas, const unsigned n_modes,
                   const core::SourceLocation &where)
  {
    const auto start = std::chrono::steady_clock::now();
    context.assembler.set_constraints(session.constraints, context.model.equations);
    dealii::TrilinosWrappers::SparseMatrix stiffness, mass;
    full_model_matrices(context, session, stiffness, mass);

    // An imported component's matrices may couple DOFs no deck element
    // couples, outside the sparsity of the Assembler's matrices: no full model.
    const cms::Substructuring &sub = session.baseline->substructuring();
    for (const core::Component &component : context.model.components)
      if (component.imported)
        throw core::InputError(where, "COMPARE=FULL is not available with the imported component " +
                                        component.name +
                                        " (the full model is the deck's elements only)");

    // Design changes: K_c(alpha) - K_c, M_c(alpha) - M_c (exact, DesignDerivative) scattered to the rows this rank owns.
    for (const auto &[name, alpha] : alphas)
      {
        const unsigned               c         = session.baseline->owner_of(name);
        const cms::Component        &component = sub.components[c];
        const cms::DesignDerivative &d         = *component.derivative(name);
        const cms::SparseMatrix      changes[] = {d.stiffness_change(alpha), d.mass_change(alpha)};
        for (const cms::SparseMatrix &change : changes)
          {
            auto &target = &change == &changes[0] ? stiffness : mass;
            for (int col = 0; col < change.outerSize(); ++col)
              for (cms::SparseMatrix::InnerIterator it(change, col); it; ++it)
                {
                  const unsigned row = component.global_dofs[it.row()];
                  if (context.assembler.locally_owned_dofs().is_element(row))
                    target.add(row, component.global_dofs[it.col()], it.value());
                }
          }
      }
    stiffness.compress(dealii::VectorOperation::add);
    mass.compress(dealii::VectorOperation::add);

    const unsigned n = std::min(n_modes, sub.n_free_dofs);
    FullModelModes result;
    try
      {
        solvers::EigenPairs pairs =
          solvers::solve_generalized_eigenproblem(stiffness, mass, n, 0.0);
        result.eigenvalues = pairs.eigenvalues;
        result.vectors     = std::move(pairs.eigenvectors);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(where, std::string("full-model comparison: ") + error.what());
      }
    result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  ModeComparison
  compare_modes(const cms::Substructuring &sub, const std::map<std::string, double> &alphas,
                const Eigen::VectorXd &eigenvalues, const Eigen::MatrixXd &shapes,
                const FullModelModes &full)
  {
    const unsigned  n_full = full.eigenvalues.size();
    Eigen::MatrixXd full_shapes(sub.n_dofs, n_full);
    for (unsigned j = 0; j < n_full; ++j)
      full_shapes.col(j) = full.vectors[j];
    const Eigen::VectorXd full_eigenvalues =
      Eigen::Map<const Eigen::VectorXd>(full.eigenvalues.data(), n_full);
    const Eigen::MatrixXd cross  = cms::physical_mass_products(sub, alphas, shapes, full_shapes);
    const Eigen::MatrixXd gram_a = cms::physical_mass_products(sub, alphas, shapes, shapes);
    const Eigen::MatrixXd gram_b =
      cms::physical_mass_products(sub, alphas, full_shapes, full_shapes);
    double largest = 0.0;
    for (const double lambda : full.eigenvalues)
      largest = std::max(largest, std::abs(lambda));
    if (eigenvalues.size() > 0)
      largest = std::max(largest, eigenvalues.cwiseAbs().maxCoeff());
    const cms::ModePairing pairing =
      cms::pair_modes(cross, gram_a, gram_b, eigenvalues, full_eigenvalues, cms::cluster_tolerance,
                      1e-8 * largest);
    ModeComparison result;
    for (unsigned i = 0; i < eigenvalues.size(); ++i)
      {
        const unsigned j = pairing.partner[i];
        result.partners.push_back(j < n_full ? j + 1 : 0);
        result.macs.push_back(pairing.mac[i]);
        if (j < n_full)
          {
            // The zero rule of relative_errors: rigid-body modes against each other.
            const double f     = cms::frequency_of(eigenvalues[i]),
                         g     = cms::frequency_of(full.eigenvalues[j]);
            const double scale = cms::frequency_of(largest);
            result.relative_errors.push_back(std::abs(g) <= 1e-9 * scale ? f - g : (f - g) / g);
          }
        else
          result.relative_errors.push_back(std::numeric_limits<double>::quiet_NaN());
        if (pairing.swapped[i])
          result.swapped.push_back(i + 1);
      }
    for (const unsigned j : pairing.unpaired)
      result.unpaired.push_back(j + 1);
    return result;
  }

  void
  record_comparison(const ModeComparison &comparison, const FullModelModes &full, CmsResults &out,
                    std::vector<std::string> &log)
  {
    out.full_frequencies.clear();
    for (const double lambda : full.eigenvalues)
      out.full_frequencies.push_back(cms::frequency_of(lambda));
    out.relative_errors = comparison.relative_errors;
    out.full_partners   = comparison.partners;
    out.pairing_macs    = comparison.macs;
    out.swapped_modes   = comparison.swapped;
    for (const unsigned i : comparison.swapped)
      log.push_back("mode swap: mode " + std::to_string(i) + " pairs with full mode " +
                    std::to_string(comparison.partners[i - 1]) + " (MAC " +
                    std::to_string(comparison.macs[i - 1]) + "), not with full mode " +
                    std::to_string(i) + ": its error is against the mode of the same shape");
    for (const unsigned j : comparison.unpaired)
      log.push_back("full mode " + std::to_string(j) +
                    " has no partner among the reduced modes "
                    "(the reduced model misses it or has it higher)");
  }

  unsigned
  full_modes_for_comparison(const unsigned n_reduced)
  {
    return n_reduced + 6;
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
