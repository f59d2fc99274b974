#include <src/analysis/cms_results.h>
#include <src/analysis/full_model_comparison.h>
#include <src/analysis/inverse_frequency_analysis.h>
#include <src/analysis/modal_correlation.h>
#include <src/analysis/procedure_registry.h>
#include <src/cms/inverse_frequency.h>
#include <src/deck/cms_keyword_parser.h>
#include <src/deck/mode_file_keywords.h>
#include <src/deck/model_keyword_parser.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>

namespace corot::analysis
{
  InverseFrequencyAnalysis::InverseFrequencyAnalysis(AnalysisContext  &context,
                                                     const core::Step &step, CmsSession &session)
    : context_(context)
    , step_(step)
    , session_(session)
  {}

  std::vector<core::FrequencyTarget>
  InverseFrequencyAnalysis::targets_of_test_modes(const cms::ComponentModeSynthesis &baseline,
                                                  std::vector<std::string>          &log) const
  {
    const core::InverseFrequencyParameters &design =
      step_.parameters.get<core::InverseFrequencyParameters>();
    // The baseline's modes on the deck's DOFs (interior DOFs of imported
    // components have no node to meet), paired with the file's by MAC.
    const cms::Substructuring   &sub    = baseline.substructuring();
    const Eigen::VectorXd       &lambda = baseline.eigenpairs().eigenvalues;
    std::vector<Eigen::VectorXd> shapes;
    std::vector<double>          frequencies;
    for (Eigen::Index m = 0; m < lambda.size(); ++m)
      {
        shapes.push_back(baseline.reduced()
                           .recover(sub, baseline.eigenpairs().vectors.col(m))
                           .head(sub.n_deck_dofs));
        frequencies.push_back(std::sqrt(std::max(lambda[m], 0.0)) / (2.0 * M_PI));
      }
    const ModalCorrelation correlation =
      ModalCorrelation::compute(context_, *design.test_modes, shapes, frequencies);
    std::vector<core::FrequencyTarget> goals;
    for (const core::TestModeTarget &target : design.test_targets)
      {
        const auto pair = std::find_if(correlation.pairs.begin(), correlation.pairs.end(),
                                       [&](const ModalCorrelation::Pair &p) {
                                         return p.test_mode == target.test_mode;
                                       });
        if (pair == correlation.pairs.end())
          throw core::InputError(target.defined_at,
                                 "mode " + std::to_string(target.test_mode) + " of " +
                                   design.test_modes->file +
                                   " is zero on every DOF it shares with the model: it pairs "
                                   "with no system mode");
        for (const core::FrequencyTarget &other : goals)
          if (other.mode == pair->analysis_mode)
            throw core::InputError(target.defined_at,
                                   "mode " + std::to_string(target.test_mode) + " of " +
                                     design.test_modes->file + " and the target at line " +
                                     std::to_string(other.defined_at.line) +
                                     " both pair with system mode " +
                                     std::to_string(pair->analysis_mode) +
                                     " (largest MAC): one system mode cannot reach two targets");
        std::ostringstream line;
        line << "target: mode " << target.test_mode << " of " << design.test_modes->file << " ("
             << pair->test_frequency << ") pairs with system mode " << pair->analysis_mode << " ("
             << pair->analysis_frequency << ", MAC " << pair->mac << ")";
        log.push_back(line.str());
        context_.progress << "  " << line.str() << std::endl;
        goals.push_back({pair->analysis_mode, pair->test_frequency, target.defined_at});
      }
    return goals;
  }

  io::StepResult
  InverseFrequencyAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number = step_number;
    const core::InverseFrequencyParameters &design =
      step_.parameters.get<core::InverseFrequencyParameters>();
    const cms::ComponentModeSynthesis &baseline =
      session_.design_baseline(step_.procedure_at, "INVERSE FREQUENCY");
    std::vector<core::FrequencyTarget> goals = design.targets;
    if (design.test_modes)
      goals = targets_of_test_modes(baseline, result.log);
    std::vector<cms::EigenvalueTarget> targets;
    for (const core::FrequencyTarget &target : goals)
      targets.push_back({target.mode - 1, std::pow(2.0 * M_PI * target.frequency, 2)});

    const auto start = std::chrono::steady_clock::now();
    auto       solve = [&](const cms::ComponentModeSynthesis        &model,
                     const std::vector<cms::EigenvalueTarget> &goals) {
      try
        {
          return cms::solve_inverse_frequency(model, goals, design.variables);
        }
      catch (const cms::UnreachableTarget &error)
        {
          throw core::InputError(step_.procedure_at,
                                       std::string("target not reachable: ") + error.what());
        }
    };
    cms::InverseSolution solution      = solve(baseline, targets);
    const double         solve_seconds = solution.solve_seconds;
    const double         inverse_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // The inverse problem holds T fixed (eq. 13). Re-reduce the changed
    // components with the design found and solve again for the remaining
    // change, until the design no longer moves: the result is then exact for
    // the CMS model of the modified structure, not only for the Ritz basis of
    // the baseline.
    std::vector<double>                          alphas_total = solution.alphas;
    unsigned                                     iterations   = solution.iterations;
    std::unique_ptr<cms::ComponentModeSynthesis> current;
    for (unsigned pass = 1; pass <= 6; ++pass)
      {
        std::map<std::string, double> changes;
        for (unsigned j = 0; j < design.variables.size(); ++j)
          changes[design.variables[j]] = alphas_total[j];
        current = std::make_unique<cms::ComponentModeSynthesis>(baseline.modified(changes));
        std::vector<cms::EigenvalueTarget> tracked = targets;
        for (unsigned t = 0; t < targets.size(); ++t)
          tracked[t].mode = solution.achieved_modes[t];
        const std::vector<std::string> previous_log = solution.log;
        solution                                    = solve(*current, tracked);
        iterations += solution.iterations;
        double largest = 0.0;
        for (unsigned j = 0; j < alphas_total.size(); ++j)
          {
            alphas_total[j] += solution.alphas[j];
            largest =
              std::max(largest, std::abs(solution.alphas[j]) / (1.0 + std::abs(alphas_total[j])));
          }
        solution.log.insert(solution.log.begin(), previous_log.begin(), previous_log.end());
        solution.log.push_back("re-reduction pass " + std::to_string(pass) +
                               ": largest relative design correction " + std::to_string(largest));
        if (largest < 1e-10)
          break;
      }
    solution.alphas                                = alphas_total;
    solution.iterations                            = iterations;
    const cms::ComponentModeSynthesis &final_model = *current;

    CmsResults &out = result.emplace_results<CmsResults>("inverse_frequency");
    out.timings["inverse solve (fixed T)"]    = solve_seconds;
    out.timings["inverse and modified modes"] = inverse_seconds;
    out.timings["inverse with re-reduction"] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.reduced_dofs = baseline.reduced().size();
    out.full_dofs    = baseline.substructuring().n_free_dofs;
    out.iterations   = solution.iterations;
    result.log       = solution.log;
    std::map<std::string, double> alphas;
    for (unsigned j = 0; j < design.variables.size(); ++j)
      {
        alphas[design.variables[j]] = solution.alphas[j];
        out.design_changes.emplace_back(design.variables[j], solution.alphas[j]);
      }
    const unsigned n_modes =
      std::min<unsigned>(session_.n_modes, baseline.eigenpairs().eigenvalues.size());
    unsigned n_compare = n_modes;
    for (unsigned t = 0; t < targets.size(); ++t)
      {
        out.target_modes.push_back(goals[t].mode);
        out.target_frequencies.push_back(goals[t].frequency);
        out.achieved_frequencies.push_back(
          cms::frequency_of(solution.modified.eigenvalues[solution.achieved_modes[t]]));
        n_compare = std::max(n_compare, solution.achieved_modes[t] + 1);
        result.log.push_back("target " + std::to_string(t + 1) + " is mode " +
                             std::to_string(solution.achieved_modes[t] + 1) +
                             " of the modified model");
      }
    n_compare = std::min<unsigned>(n_compare, solution.modified.eigenvalues.size());
    for (unsigned m = 0; m < n_modes; ++m)
      {
        out.baseline_frequencies.push_back(cms::frequency_of(baseline.eigenpairs().eigenvalues[m]));
        out.eigenvalues.push_back(solution.modified.eigenvalues[m]);
        out.frequencies.push_back(cms::frequency_of(solution.modified.eigenvalues[m]));
      }

    if (design.compare_full)
      {
        const FullModelModes full =
          full_model_modes(context_, session_, alphas, full_modes_for_comparison(n_compare),
                           step_.procedure_at);
        // Pair the predicted modes with the full modes by the mass-weighted
        // (subspace) MAC: a target on a repeated pair is met by the pair, in
        // whatever rotation each solver returned it.
        const cms::Substructuring &sub = final_model.substructuring();
        Eigen::MatrixXd            shapes(sub.n_dofs, n_compare);
        for (unsigned m = 0; m < n_compare; ++m)
          shapes.col(m) = final_model.reduced().recover(sub, solution.modified.vectors.col(m));
        ModeComparison comparison =
          compare_modes(sub, alphas, solution.modified.eigenvalues.head(n_compare), shapes, full);
        for (unsigned t = 0; t < targets.size(); ++t)
          {
            const unsigned m = solution.achieved_modes[t], partner = comparison.partners[m];
            out.full_achieved_frequencies.push_back(
              partner > 0 ? cms::frequency_of(full.eigenvalues[partner - 1]) :
                            std::numeric_limits<double>::quiet_NaN());
            result.log.push_back("full model: target " + std::to_string(t + 1) + " is mode " +
                                 std::to_string(partner) + " (MAC " +
                                 std::to_string(comparison.macs[m]) + ")");
          }
        // Report the first n_modes only.
        comparison.relative_errors.resize(n_modes);
        comparison.partners.resize(n_modes);
        comparison.macs.resize(n_modes);
        comparison.swapped.erase(std::remove_if(comparison.swapped.begin(),
                                                comparison.swapped.end(),
                                                [&](const unsigned m) { return m > n_modes; }),
                                 comparison.swapped.end());
        comparison.unpaired.erase(std::remove_if(comparison.unpaired.begin(),
                                                 comparison.unpaired.end(),
                                                 [&](const unsigned m) { return m > n_modes; }),
                                  comparison.unpaired.end());
        record_comparison(comparison, full, out, result.log);
        out.timings["full eigensolution"] = full.seconds;
      }
    return result;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /**
     * *INVERSE FREQUENCY [, COMPARE=FULL]: lines "mode, target frequency";
     * with TEST MODES=file [, MATCH=, TOLERANCE=] lines "file mode number".
     */
    core::InverseFrequencyParameters
    parse_inverse_frequency(const deck::KeywordLine           &keyword,
                            const std::vector<deck::DataLine> &data, const core::Step &)
    {
      core::InverseFrequencyParameters p;
      p.compare_full = deck::compare_full(keyword);
      if (keyword.has("TEST MODES"))
        {
          p.test_modes = deck::correlation_request(keyword, "TEST MODES");
          if (data.empty())
            throw core::InputError(keyword.location(),
                                   "*INVERSE FREQUENCY, TEST MODES= needs data lines: the "
                                   "number of each mode of the file to reach");
          for (const deck::DataLine &line : data)
            {
              line.require_fields(1, 1, "INVERSE FREQUENCY, TEST MODES=");
              const core::TestModeTarget target{line.positive_integer(0), line.location()};
              const auto                &modes = p.test_modes->data->modes;
              if (std::none_of(modes.begin(), modes.end(), [&](const core::UffMode &mode) {
                    return mode.number == target.test_mode;
                  }))
                throw core::InputError(line.location(), p.test_modes->file + " has no mode " +
                                                          std::to_string(target.test_mode));
              for (const core::TestModeTarget &other : p.test_targets)
                if (other.test_mode == target.test_mode)
                  throw core::InputError(line.location(),
                                         "mode " + std::to_string(target.test_mode) +
                                           " of the file is already a target at line " +
                                           std::to_string(other.defined_at.line));
              p.test_targets.push_back(target);
            }
          return p;
        }
      for (const std::string parameter : {"MATCH", "TOLERANCE"})
        if (keyword.has(parameter))
          throw core::InputError(keyword.location(),
                                 "*INVERSE FREQUENCY: " + parameter + "= applies to TEST MODES=");
      if (data.empty())
        throw core::InputError(
          keyword.location(), "*INVERSE FREQUENCY needs data lines: mode number, target frequency");
      for (const deck::DataLine &line : data)
        {
          line.require_fields(2, 2, "INVERSE FREQUENCY");
          core::FrequencyTarget target{line.positive_integer(0), line.number(1), line.location()};
          if (!(target.frequency > 0.0))
            throw core::InputError(line.location(), "the target frequency must be positive");
          for (const core::FrequencyTarget &other : p.targets)
            if (other.mode == target.mode)
              throw core::InputError(line.location(), "mode " + std::to_string(target.mode) +
                                                        " already has a target at line " +
                                                        std::to_string(other.defined_at.line));
          p.targets.push_back(target);
        }
      return p;
    }

    io::StepResult
    run_inverse_frequency(StepRun &run)
    {
      return InverseFrequencyAnalysis(run.context, run.step, run.cms).run(run.number);
    }

    ProcedureTypeInfo
    inverse_frequency_type()
    {
      ProcedureTypeInfo type;
      type.reduced_model = ProcedureTypeInfo::ReducedModelUse::needs;
      type.keyword       = "INVERSE FREQUENCY";
      type.description = "design changes of the *DESIGN VARIABLES that bring system frequencies to "
                         "targets (Hutton & Smith 1993, eq. 14; least-change Newton)";
      type.parameters  = {{"COMPARE", "FULL: verify by a full re-analysis with the changes"},
                          {"TEST MODES",
                           "a universal file whose modes are the targets (model updating): each "
                            "named mode's frequency becomes the target of the baseline mode of "
                            "largest MAC with it (as *CORRELATION)"},
                          {"MATCH", "TEST MODES=: ID (default) or COORDINATES, as *CORRELATION"},
                          {"TOLERANCE",
                           "TEST MODES=, MATCH=COORDINATES: the largest distance of a match"}};
      type.data_lines  = "one line per target: mode number (1-based), target frequency "
                         "(cycles/time); with TEST MODES=, the file's mode number; then a "
                         "*DESIGN VARIABLES block";
      type.parameters_type = typeid(core::InverseFrequencyParameters);
      type.parse           = parse_inverse_frequency;
      type.run             = run_inverse_frequency;
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(InverseFrequencyAnalysis, corot::analysis::inverse_frequency_type())
