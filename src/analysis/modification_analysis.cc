#include <src/analysis/full_model_comparison.h>
#include <src/analysis/modification_analysis.h>
#include <src/cms/design_study.h>

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
    result.number    = step_number;
    result.procedure = "modification";
    const cms::ComponentModeSynthesis &baseline = *session_.baseline;
    std::map<std::string, double>      alphas;
    for (const core::DesignChange &change : step_.design.changes)
      alphas[change.parameter] += change.alpha;

    io::CmsResult &out = result.cms;
    out.present        = true;
    out.reduced_dofs   = baseline.reduced().size();
    out.full_dofs      = baseline.substructuring().n_free_dofs;
    for (const auto &[name, alpha] : alphas)
      out.design_changes.emplace_back(name, alpha);
    const unsigned n_modes =
      std::min<unsigned>(session_.n_modes, baseline.eigenpairs().eigenvalues.size());

    auto start = std::chrono::steady_clock::now();
    const cms::ReducedEigenpairs forward = cms::forward_modification(baseline, alphas);
    out.timings["forward modification"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    start = std::chrono::steady_clock::now();
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
    result.log.push_back("CMS re-analysis re-reduced " + std::to_string(exact.n_reduced_components) +
                         " of " + std::to_string(baseline.substructuring().components.size()) +
                         " components");

    for (unsigned m = 0; m < n_modes; ++m)
      {
        out.baseline_frequencies.push_back(cms::frequency_of(baseline.eigenpairs().eigenvalues[m]));
        result.eigenvalues.push_back(forward.eigenvalues[m]);
        result.frequencies.push_back(cms::frequency_of(forward.eigenvalues[m]));
        if (m < exact.eigenpairs().eigenvalues.size())
          {
            out.exact_frequencies.push_back(cms::frequency_of(exact.eigenpairs().eigenvalues[m]));
            out.forward_differences.push_back((result.frequencies.back() - out.exact_frequencies.back()) /
                                              out.exact_frequencies.back());
          }
      }
    if (step_.design.compare_full)
      {
        const FullModelModes full =
          full_model_modes(context_, session_, alphas, n_modes, step_.procedure_at);
        for (const double lambda : full.eigenvalues)
          out.full_frequencies.push_back(cms::frequency_of(lambda));
        out.relative_errors = relative_errors(result.frequencies, out.full_frequencies);
        out.timings["full eigensolution"] = full.seconds;
      }
    return result;
  }
} // namespace corot::analysis
