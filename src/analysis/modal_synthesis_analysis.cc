#include <src/analysis/cms_results.h>
#include <src/analysis/full_model_comparison.h>
#include <src/analysis/modal_synthesis_analysis.h>
#include <src/analysis/output_recorder.h>
#include <src/analysis/procedure_registry.h>
#include <src/analysis/step_loading.h>
#include <src/cms/component_builder.h>
#include <src/cms/component_export.h>
#include <src/cms/matrix_market.h>
#include <src/deck/cms_keyword_parser.h>
#include <src/deck/model_keyword_parser.h>
#include <src/solvers/sturm_sequence.h>

#include <deal.II/base/mpi.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace corot::analysis
{
  ModalSynthesisAnalysis::ModalSynthesisAnalysis(AnalysisContext &context, const core::Step &step,
                                                 const StepLoading &loading, CmsSession &session)
    : context_(context)
    , step_(step)
    , loading_(loading)
    , session_(session)
  {}

  io::StepResult
  ModalSynthesisAnalysis::run(const unsigned step_number)
  {
    io::StepResult result;
    result.number = step_number;
    const core::ModalSynthesisParameters &p =
      step_.parameters.get<core::ModalSynthesisParameters>();

    // The base state (Abaqus, as *FREQUENCY): after a geometrically
    // non-linear step the components' tangent stiffness (initial stress
    // included) and mass turned with the elements at the end of that step;
    // otherwise the small-displacement matrices about the reference.
    const BaseState &base = context_.base;
    result.base_state     = {true, base.step, base.nonlinear, base.nonlinear,
                             base.describe(base.nonlinear)};
    result.log.push_back(result.base_state.description);
    session_.base.reset();
    session_.base_step = base.step;
    if (base.nonlinear)
      session_.base = context_.configuration;

    PrescribedMotion prescribed(context_, loading_, result.log);
    session_.constraints = prescribed.constrained_dofs();
    context_.assembler.set_constraints(session_.constraints, context_.model.equations);

    const auto            start = std::chrono::steady_clock::now();
    cms::SynthesisOptions options;
    options.craig_bampton = p.craig_bampton;
    options.lambda_cut    = std::pow(2.0 * M_PI * p.cutoff, 2);
    options.residual      = p.residual;
    context_.progress << "  step " << step_number << ": component mode synthesis ("
                      << (p.craig_bampton ? "Craig-Bampton" : "free interface") << "), cut-off "
                      << p.cutoff << std::endl;
    try
      {
        session_.baseline = std::make_unique<cms::ComponentModeSynthesis>(
          cms::build_substructuring(context_.model, context_.elements, context_.assembler,
                                    context_.dofs, step_.procedure_at,
                                    session_.base ? &*session_.base : nullptr),
          options);
      }
    catch (const core::InputError &)
      {
        throw;
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }
    session_.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    session_.n_modes      = p.n_modes;
    session_.cutoff       = p.cutoff;
    session_.synthesis_at = step_.procedure_at;

    const cms::ComponentModeSynthesis &model = *session_.baseline;
    const cms::Substructuring         &sub   = model.substructuring();
    CmsResults                        &out = result.emplace_results<CmsResults>("modal_synthesis");
    out.method                             = p.craig_bampton ?
                                               "craig-bampton" :
                                               (p.residual ? "free interface, residual flexibility" : "free interface");
    out.reduced_dofs                       = model.reduced().size();
    out.full_dofs                          = sub.n_free_dofs;
    for (unsigned c = 0; c < sub.components.size(); ++c)
      {
        const cms::ComponentBasis &basis = model.bases()[c];
        out.components.push_back({sub.components[c].name, sub.components[c].n_dofs(),
                                  static_cast<unsigned>(sub.components[c].interface_local.size()),
                                  static_cast<unsigned>(basis.kept.modes.cols()),
                                  basis.kept.n_rigid,
                                  static_cast<unsigned>(basis.attachment.cols())});
      }
    out.timings["reduction"]                   = model.reduction_seconds;
    out.timings["synthesis and reduced solve"] = model.synthesis_seconds;
    result.log.push_back(std::to_string(sub.components.size()) + " components, " +
                         std::to_string(sub.interface_dofs.size()) + " interface DOFs");
    for (unsigned c = 0; c < sub.components.size(); ++c)
      if (const auto &imported = context_.model.components[c].imported)
        {
          unsigned interior = 0;
          for (const core::ImportedDof &row : imported->dofs)
            interior += row.node == 0;
          std::ostringstream line;
          line << std::setprecision(3) << "component " << sub.components[c].name
               << " imported from " << imported->stiffness_file << ": " << imported->dofs.size()
               << " rows, " << imported->dofs.size() - interior << " at "
               << imported->n_matched_nodes << " deck nodes ";
          if (imported->node_file.empty())
            line << "(matched by node id)";
          else
            line << "(matched by coordinates: largest distance " << imported->largest_distance
                 << ", tolerance " << imported->tolerance << ")";
          line << ", " << interior << " interior, " << sub.components[c].n_dofs() << " kept";
          result.log.push_back(line.str());
        }
    for (const core::ComponentMatrixOutput &output : p.component_outputs)
      {
        try
          {
            for (auto &file :
                 cms::component_matrix_files(sub, sub.find(output.component), context_.model,
                                             context_.dofs, output.craig_bampton,
                                             options.lambda_cut, output.prefix))
              {
                result.log.push_back("component " + output.component + " written to " + file.first);
                result.files.push_back(std::move(file));
              }
          }
        catch (const std::runtime_error &error)
          {
            throw core::InputError(output.defined_at, error.what());
          }
      }

    const unsigned n_modes = std::min<unsigned>(p.n_modes, model.eigenpairs().eigenvalues.size());
    if (n_modes < p.n_modes)
      result.log.push_back("the reduced model has only " + std::to_string(n_modes) +
                           " modes: reporting that many instead of " + std::to_string(p.n_modes));
    for (unsigned m = 0; m < n_modes; ++m)
      {
        const double lambda = model.eigenpairs().eigenvalues[m];
        out.eigenvalues.push_back(lambda);
        out.frequencies.push_back(cms::frequency_of(lambda));
      }

    check_against_full_model(out, result.log);

    if (p.compare_full)
      {
        context_.progress << "  step " << step_number << ": full model, "
                          << full_modes_for_comparison(n_modes) << " eigenpairs of "
                          << sub.n_free_dofs << " free DOFs" << std::endl;
        const FullModelModes full =
          full_model_modes(context_, session_, {}, full_modes_for_comparison(n_modes),
                           step_.procedure_at);
        // Pair reduced and full modes by mass-weighted MAC, not by index.
        Eigen::MatrixXd shapes(sub.n_dofs, n_modes);
        for (unsigned m = 0; m < n_modes; ++m)
          shapes.col(m) = model.reduced().recover(sub, model.eigenpairs().vectors.col(m));
        const ModeComparison comparison =
          compare_modes(sub, {}, model.eigenpairs().eigenvalues.head(n_modes), shapes, full);
        record_comparison(comparison, full, out, result.log);
        out.timings["full eigensolution"] = full.seconds;
      }

    if (!p.export_prefix.empty())
      {
        // A relative prefix is in the output directory (-o), beside NAME.json,
        // as *COMPONENT MATRIX OUTPUT's files (issue 16: never the working directory).
        std::filesystem::path prefix(p.export_prefix);
        if (prefix.is_relative())
          prefix = std::filesystem::path(context_.job).parent_path() / prefix;
        if (dealii::Utilities::MPI::this_mpi_process(context_.assembler.communicator()) == 0)
          cms::export_matrix_market(model, context_.dofs, prefix.string());
        result.log.push_back("reduced model written to " + prefix.string() +
                             "_K.mtx, _M.mtx, _map.mtx");
      }

    // Physical mode shapes for *NODE FILE / *EL FILE.
    bool wants_shapes = false;
    for (const auto &request : step_.outputs)
      wants_shapes = wants_shapes || request.kind == core::OutputRequest::Kind::node_file ||
                     request.kind == core::OutputRequest::Kind::element_file;
    if (wants_shapes)
      {
        OutputRecorder recorder(context_, step_, result);
        for (unsigned m = 0; m < n_modes; ++m)
          {
            // The deck's DOFs only: interior DOFs of imported components have no node to draw.
            Eigen::VectorXd shape =
              model.reduced().recover(sub, model.eigenpairs().vectors.col(m)).head(sub.n_deck_dofs);
            double largest = 0.0;
            for (unsigned dof = 0; dof < shape.size(); ++dof)
              if (!core::is_rotation(context_.dofs.kind_of(dof)))
                largest = std::max(largest, std::abs(shape[dof]));
            if (largest > 0.0)
              shape /= largest;
            core::Configuration saved = context_.configuration;
            context_.configuration    = core::Configuration(context_.model.nodes.size());
            context_.configuration.apply_increment(context_.dofs, shape);
            std::ostringstream label;
            label << "CMS mode " << m + 1 << ": " << std::setprecision(6) << out.frequencies[m];
            result.frames.push_back(recorder.frame(m + 1, label.str(), Eigen::VectorXd(), false));
            context_.configuration = saved;
          }
      }
    return result;
  }

  void
  ModalSynthesisAnalysis::check_against_full_model(CmsResults &out, std::vector<std::string> &log)
  {
    // The synthesized eigenvalues are Rayleigh-Ritz upper bounds of the full
    // model's, so no more than all of them may lie below the highest one.
    // The full model is assembled from the deck's elements: an imported
    // component's matrices are not in it, so there is nothing to count.
    for (const core::Component &component : context_.model.components)
      if (component.imported)
        {
          log.push_back("Sturm-sequence check: not available with an imported component (" +
                        component.name + "): the full model would lack its matrices");
          return;
        }
    context_.assembler.set_constraints(session_.constraints, context_.model.equations);
    dealii::TrilinosWrappers::SparseMatrix stiffness, mass;
    full_model_matrices(context_, session_, stiffness, mass);
    try
      {
        out.sturm = solvers::sturm_check(stiffness, mass, out.eigenvalues, std::nullopt, true);
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step_.procedure_at, error.what());
      }
    if (out.eigenvalues.empty())
      return;
    log.push_back(out.sturm->describe());
    if (!out.sturm->passed())
      context_.progress << "    " << log.back() << std::endl;
  }
} // namespace corot::analysis

namespace corot::analysis
{
  namespace
  {
    /** *MODAL SYNTHESIS, METHOD=, CUTOFF=, RESIDUAL=, COMPARE=, EXPORT=: number of modes. */
    core::ModalSynthesisParameters
    parse_modal_synthesis(const deck::KeywordLine &keyword, const std::vector<deck::DataLine> &data,
                          const core::Step &)
    {
      core::ModalSynthesisParameters p;
      const std::string method = keyword.value_upper("METHOD").value_or("FREE INTERFACE");
      if (method != "FREE INTERFACE" && method != "CRAIG BAMPTON")
        throw core::InputError(keyword.location(),
                               "unknown METHOD=" + method + " (FREE INTERFACE or CRAIG BAMPTON)");
      p.craig_bampton   = method == "CRAIG BAMPTON";
      const auto cutoff = keyword.number("CUTOFF");
      if (!cutoff)
        throw core::InputError(keyword.location(), "*MODAL SYNTHESIS needs CUTOFF= (a frequency)");
      if (!(*cutoff > 0.0))
        throw core::InputError(keyword.location(), "CUTOFF= must be a positive frequency");
      p.cutoff = *cutoff;
      if (const auto residual = keyword.value_upper("RESIDUAL"))
        {
          if (*residual != "YES" && *residual != "NO")
            throw core::InputError(keyword.location(),
                                   "RESIDUAL= must be YES or NO, got " + *residual);
          if (p.craig_bampton && *residual == "YES")
            throw core::InputError(keyword.location(),
                                   "RESIDUAL=YES applies to METHOD=FREE INTERFACE only");
          p.residual = *residual == "YES";
        }
      else
        p.residual = !p.craig_bampton;
      p.compare_full  = deck::compare_full(keyword);
      p.export_prefix = keyword.value("EXPORT").value_or("");
      deck::require_at_most_lines(keyword, data, 1);
      if (!data.empty())
        {
          data.front().require_fields(1, 1, "MODAL SYNTHESIS");
          p.n_modes = data.front().positive_integer(0);
        }
      return p;
    }

    io::StepResult
    run_modal_synthesis(StepRun &run)
    {
      return ModalSynthesisAnalysis(run.context, run.step, run.loading, run.cms).run(run.number);
    }

    ProcedureTypeInfo
    modal_synthesis_type()
    {
      ProcedureTypeInfo type;
      type.reduced_model = ProcedureTypeInfo::ReducedModelUse::builds;
      type.keyword       = "MODAL SYNTHESIS";
      type.description   = "component mode synthesis of the *COMPONENTs: free interface with "
                           "residual flexibility, or Craig-Bampton; the baseline of the design steps";
      type.parameters    = {
           {"METHOD", "FREE INTERFACE (default) or CRAIG BAMPTON"},
           {"CUTOFF", "component cut-off frequency (cycles/time), required"},
           {"RESIDUAL", "YES (free interface default): residual attachment modes; NO"},
           {"COMPARE", "FULL: also the full model's frequencies, paired by MAC"},
           {"EXPORT", "prefix of MatrixMarket files of the reduced model (relative: in the output "
                         "directory)"}};
      type.data_lines      = "number of system modes to report (10)";
      type.parameters_type = typeid(core::ModalSynthesisParameters);
      type.parse           = parse_modal_synthesis;
      type.run             = run_modal_synthesis;
      return type;
    }
  } // namespace
} // namespace corot::analysis

COROT_REGISTER_PROCEDURE(ModalSynthesisAnalysis, corot::analysis::modal_synthesis_type())
