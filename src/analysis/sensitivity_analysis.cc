#include <src/analysis/sensitivity_analysis.h>
#include <src/cms/design_study.h>

namespace corot::analysis
{
  SensitivityAnalysis::SensitivityAnalysis(AnalysisContext &context, const core::Step &step,
                                           CmsSession &session)
    : context_(context)
    , step_(step)
    , session_(session)
  {}

  io::StepResult
  SensitivityAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number    = step_number;
    result.procedure = "sensitivity";
    const cms::ComponentModeSynthesis &baseline = *session_.baseline;
    const unsigned n = baseline.eigenpairs().eigenvalues.size();
    for (const unsigned mode : step_.design.modes)
      if (mode > n)
        throw core::InputError(step_.procedure_at, "mode " + std::to_string(mode) +
                                                     " does not exist: the reduced model has " +
                                                     std::to_string(n) + " modes");
    io::CmsResult &out = result.cms;
    out.present        = true;
    out.reduced_dofs   = baseline.reduced().size();
    out.full_dofs      = baseline.substructuring().n_free_dofs;
    for (const core::DesignParameter &parameter : context_.model.design_parameters)
      for (const unsigned mode : step_.design.modes)
        {
          const double lambda = baseline.eigenpairs().eigenvalues[mode - 1];
          if (!(lambda > 0.0))
            throw core::InputError(step_.procedure_at, "mode " + std::to_string(mode) +
                                                         " is a rigid-body mode (zero eigenvalue): "
                                                         "no normalized sensitivity");
          out.sensitivities[parameter.component][parameter.name][mode] =
            cms::normalized_sensitivity(baseline, parameter.name, mode - 1);
        }
    for (const unsigned mode : step_.design.modes)
      {
        result.eigenvalues.push_back(baseline.eigenpairs().eigenvalues[mode - 1]);
        result.frequencies.push_back(cms::frequency_of(result.eigenvalues.back()));
        result.log.push_back("mode " + std::to_string(mode) + ": frequency " +
                             std::to_string(result.frequencies.back()));
      }
    return result;
  }
} // namespace corot::analysis
