#include <src/analysis/cms_results.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/sensitivity_analysis.h>
#include <src/cms/design_study.h>
#include <src/cms/mode_pairing.h>
#include <src/deck/cms_keyword_parser.h>
#include <src/deck/model_keyword_parser.h>

#include <set>

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
    result.number                             = step_number;
    const core::SensitivityParameters &design = step_.parameters.get<core::SensitivityParameters>();
    const cms::ComponentModeSynthesis &baseline =
      session_.design_baseline(step_.procedure_at, "SENSITIVITY");
    const unsigned n = baseline.eigenpairs().eigenvalues.size();
    for (const unsigned mode : design.modes)
      if (mode > n)
        throw core::InputError(step_.procedure_at, "mode " + std::to_string(mode) +
                                                     " does not exist: the reduced model has " +
                                                     std::to_string(n) + " modes");
    CmsResults &out  = result.emplace_results<CmsResults>("sensitivity");
    out.reduced_dofs = baseline.reduced().size();
    out.full_dofs    = baseline.substructuring().n_free_dofs;
    for (const core::DesignParameter &parameter : context_.model.design_parameters)
      for (const unsigned mode : design.modes)
        {
          const double lambda = baseline.eigenpairs().eigenvalues[mode - 1];
          if (!(lambda > 0.0))
            throw core::InputError(step_.procedure_at, "mode " + std::to_string(mode) +
                                                         " is a rigid-body mode (zero eigenvalue): "
                                                         "no normalized sensitivity");
          out.sensitivities[parameter.component][parameter.name][mode] =
            cms::normalized_sensitivity(baseline, parameter.name, mode - 1);
        }
    // Repeated eigenvalues: say which modes form a cluster and what their
    // sensitivities then are (cms::normalized_sensitivity).
    const std::vector<cms::ModeCluster> clusters =
      cms::find_clusters(baseline.eigenpairs().eigenvalues);
    std::set<unsigned> said;
    for (const unsigned mode : design.modes)
      {
        const cms::ModeCluster c = cms::cluster_of(clusters, mode - 1);
        if (c.size > 1 && said.insert(c.first).second)
          {
            std::vector<unsigned> members;
            for (unsigned m = c.first; m < c.first + c.size; ++m)
              members.push_back(m + 1);
            out.repeated_modes.push_back(members);
            result.log.push_back(c.label() +
                                 " are one repeated eigenvalue (relative gap below 1e-6): "
                                 "their sensitivities are the eigenvalues of the projected "
                                 "derivative matrix, ascending (one-sided, for an increase of the "
                                 "parameter; reversed for a decrease)");
          }
      }
    for (const unsigned mode : design.modes)
      {
        out.eigenvalues.push_back(baseline.eigenpairs().eigenvalues[mode - 1]);
        out.frequencies.push_back(cms::frequency_of(out.eigenvalues.back()));
        result.log.push_back("mode " + std::to_string(mode) + ": frequency " +
                             std::to_string(out.frequencies.back()));
      }
    return result;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** *SENSITIVITY: mode numbers. */
    core::SensitivityParameters
    parse_sensitivity(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                      const core::Step &)
    {
      core::SensitivityParameters p;
      if (data.empty())
        throw core::InputError(keyword.location(),
                               "*SENSITIVITY needs a data line of mode numbers");
      for (const deck::DataLine &line : data)
        for (unsigned i = 0; i < line.n_fields(); ++i)
          if (!line.is_empty(i))
            p.modes.push_back(line.positive_integer(i));
      return p;
    }

    io::StepResult
    run_sensitivity(StepRun &run)
    {
      return SensitivityAnalysis(run.context, run.step, run.cms).run(run.number);
    }

    ProcedureTypeInfo
    sensitivity_type()
    {
      ProcedureTypeInfo type;
      type.reduced_model = ProcedureTypeInfo::ReducedModelUse::needs;
      type.keyword       = "SENSITIVITY";
      type.description = "normalized eigenvalue sensitivities (p/lambda) dlambda/dp of the reduced "
                         "model to every *DESIGN PARAMETER (Hutton & Smith 1993, Table 2)";
      type.data_lines  = "mode numbers (1-based), any number per line";
      type.parameters_type = typeid(core::SensitivityParameters);
      type.parse           = parse_sensitivity;
      type.run             = run_sensitivity;
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(SensitivityAnalysis, corot::analysis::sensitivity_type())
