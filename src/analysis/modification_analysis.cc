#include <src/analysis/cms_results.h>
#include <src/analysis/full_model_comparison.h>
#include <src/analysis/modification_analysis.h>
#include <src/analysis/procedure_registry.h>
#include <src/cms/design_study.h>
#include <src/deck/cms_keyword_parser.h>
#include <src/deck/model_keyword_parser.h>

#include <chrono>

namespace corot::analysis
{
  ModificationAnalysis::ModificationAnalysis(AnalysisContext &context, const core::Step &step,
                                             CmsSession &session)
    : context_(context)
    , step_(step)
    , session_(session)
  {}

  io::StepResult
  ModificationAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number = step_number;
    const core::ModificationParameters &design =
      step_.parameters.get<core::ModificationParameters>();
    const cms::ComponentModeSynthesis &baseline =
      session_.design_baseline(step_.procedure_at, "MODIFICATION");
    std::map<std::string, double> alphas;
    for (const core::DesignChange &change : design.changes)
      alphas[change.parameter] += change.alpha;

    CmsResults &out  = result.emplace_results<CmsResults>("modification");
    out.modified     = true;
    out.reduced_dofs = baseline.reduced().size();
    out.full_dofs    = baseline.substructuring().n_free_dofs;
    for (const auto &[name, alpha] : alphas)
      out.design_changes.emplace_back(name, alpha);
    const unsigned n_modes =
      std::min<unsigned>(session_.n_modes, baseline.eigenpairs().eigenvalues.size());

    auto                         start   = std::chrono::steady_clock::now();
    const cms::ReducedEigenpairs forward = cms::forward_modification(baseline, alphas);
    out.timings["forward modification"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    start                             = std::chrono::steady_clock::now();
    cms::ComponentModeSynthesis exact = [&] {
      try
        {
          return baseline.modified(alphas);
        }
      catch (const std::runtime_error &error)
        {
          throw core::InputError(step_.procedure_at, error.what());
        }
    }();
    out.timings["CMS re-analysis"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.timings["baseline CMS"] = session_.seconds;
    result.log.push_back(
      "CMS re-analysis re-reduced " + std::to_string(exact.n_reduced_components) + " of " +
      std::to_string(baseline.substructuring().components.size()) + " components");

    // Physical shapes of the forward (Ritz, baseline T) and re-analysis modes,
    // paired by the mass-weighted MAC with the modified mass, not by index:
    // the modification may reorder modes.
    const cms::Substructuring &sub = baseline.substructuring();
    Eigen::MatrixXd            shapes(sub.n_dofs, n_modes);
    for (unsigned m = 0; m < n_modes; ++m)
      shapes.col(m) = baseline.reduced().recover(sub, forward.vectors.col(m));
    FullModelModes reanalysis;
    const unsigned n_exact =
      std::min<unsigned>(full_modes_for_comparison(n_modes), exact.eigenpairs().eigenvalues.size());
    for (unsigned m = 0; m < n_exact; ++m)
      {
        reanalysis.eigenvalues.push_back(exact.eigenpairs().eigenvalues[m]);
        reanalysis.vectors.push_back(
          exact.reduced().recover(exact.substructuring(), exact.eigenpairs().vectors.col(m)));
      }
    const ModeComparison to_exact =
      compare_modes(sub, alphas, forward.eigenvalues.head(n_modes), shapes, reanalysis);
    for (unsigned m = 0; m < n_modes; ++m)
      {
        out.baseline_frequencies.push_back(cms::frequency_of(baseline.eigenpairs().eigenvalues[m]));
        out.eigenvalues.push_back(forward.eigenvalues[m]);
        out.frequencies.push_back(cms::frequency_of(forward.eigenvalues[m]));
      }
    for (unsigned m = 0; m < n_exact; ++m)
      out.exact_frequencies.push_back(cms::frequency_of(reanalysis.eigenvalues[m]));
    out.forward_differences = to_exact.relative_errors;
    out.reanalysis_partners = to_exact.partners;
    for (const unsigned m : to_exact.swapped)
      result.log.push_back("mode swap: forward mode " + std::to_string(m) +
                           " pairs with re-analysis mode " +
                           std::to_string(to_exact.partners[m - 1]) + " (MAC " +
                           std::to_string(to_exact.macs[m - 1]) + ")");
    if (design.compare_full)
      {
        const FullModelModes full =
          full_model_modes(context_, session_, alphas, full_modes_for_comparison(n_modes),
                           step_.procedure_at);
        record_comparison(compare_modes(sub, alphas, forward.eigenvalues.head(n_modes), shapes,
                                        full),
                          full, out, result.log);
        out.timings["full eigensolution"] = full.seconds;
      }
    return result;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** *MODIFICATION [, COMPARE=FULL]: lines "parameter, alpha". */
    core::ModificationParameters
    parse_modification(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                       const core::Step &)
    {
      core::ModificationParameters p;
      p.compare_full = deck::compare_full(keyword);
      if (data.empty())
        throw core::InputError(
          keyword.location(),
          "*MODIFICATION needs data lines: design parameter, fractional change");
      for (const deck::DataLine &line : data)
        {
          line.require_fields(2, 2, "MODIFICATION");
          core::DesignChange change{line.field_upper(0), line.number(1), line.location()};
          if (!(1.0 + change.alpha > 0.0))
            throw core::InputError(line.location(),
                                   "a fractional change must exceed -1 "
                                   "(the property becomes (1 + alpha) times its value)");
          p.changes.push_back(change);
        }
      return p;
    }

    io::StepResult
    run_modification(StepRun &run)
    {
      return ModificationAnalysis(run.context, run.step, run.cms).run(run.number);
    }

    ProcedureTypeInfo
    modification_type()
    {
      ProcedureTypeInfo type;
      type.reduced_model = ProcedureTypeInfo::ReducedModelUse::needs;
      type.keyword       = "MODIFICATION";
      type.description   = "forward modification of the reduced model of the last *MODAL SYNTHESIS "
                           "(Ritz re-analysis, Hutton & Smith 1993) beside the exact CMS re-analysis";
      type.parameters    = {{"COMPARE", "FULL: also the full model with the changes"}};
      type.data_lines    = "one line per change: design parameter, fractional change alpha "
                           "(the property becomes (1 + alpha) times its value)";
      type.parameters_type = typeid(core::ModificationParameters);
      type.parse           = parse_modification;
      type.run             = run_modification;
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(ModificationAnalysis, corot::analysis::modification_type())
