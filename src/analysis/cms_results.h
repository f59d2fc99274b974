#pragma once
/**
 * @file
 * What the component-mode-synthesis procedures report beyond the common step
 * output: *MODAL SYNTHESIS, *MODIFICATION, *SENSITIVITY and *INVERSE FREQUENCY.
 */
#include <src/io/results.h>
#include <src/solvers/sturm_sequence.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace corot::analysis
{
  /** One component of a component-mode-synthesis model, for the report. */
  struct ComponentSummary
  {
    std::string name;
    unsigned    dofs = 0, interface_dofs = 0, kept_modes = 0, rigid_modes = 0, attachment_modes = 0;
  };

  /**
   * Results of the CMS procedures ("modal_synthesis", "modification",
   * "sensitivity", "inverse_frequency"; input_decks/README.md, results
   * schema). Frequencies in cycles/time; relative errors are
   * (reduced - full) / full. NAME.json: "eigenvalues" and "frequencies" when
   * not empty, "node_output" and "element_output" when not empty, then the
   * CMS keys (write_json). NAME.dat: components, frequencies beside the full
   * model's with % errors and the reduced and full DOF counts (like Hutton &
   * Smith 1993, Table 1), sensitivities (their Table 2), design changes,
   * inverse-problem targets and timings; then the node and element tables.
   */
  class CmsResults : public io::ProcedureResults
  {
  public:
    /** @p procedure: the name in NAME.json and NAME.dat, e.g. "modal_synthesis". */
    explicit CmsResults(std::string procedure);

    std::vector<double> eigenvalues; ///< omega^2 of the reported modes
    std::vector<double> frequencies; ///< the reported modes (modification: forward Ritz)
    /** *MODAL SYNTHESIS: the Sturm-sequence check of the reported modes against the full model. */
    std::optional<solvers::SturmCheck> sturm;
    /** *MODIFICATION: "frequencies" are the forward (Ritz) frequencies of the modified model. */
    bool                modified = false;
    std::string         method; ///< "free interface" or "craig-bampton"
    unsigned            reduced_dofs = 0, full_dofs = 0;
    std::vector<double> full_frequencies; ///< COMPARE=FULL
    std::vector<double> relative_errors;  ///< COMPARE=FULL, against the partner
    /** COMPARE=FULL: per reported mode, the 1-based full mode paired with it by MAC (0: none). */
    std::vector<unsigned> full_partners;
    std::vector<double>   pairing_macs;  ///< COMPARE=FULL: the (subspace) MAC of each pairing
    std::vector<unsigned> swapped_modes; ///< COMPARE=FULL: 1-based modes paired with another index
    /** modification: per mode, the 1-based CMS re-analysis mode paired with the forward mode. */
    std::vector<unsigned>         reanalysis_partners;
    std::vector<double>           baseline_frequencies; ///< modification, inverse
    std::vector<double>           exact_frequencies;    ///< modification: exact CMS re-analysis
    std::vector<double>           forward_differences;  ///< modification: (forward - exact) / exact
    std::vector<ComponentSummary> components;
    /** sensitivity: component -> parameter -> mode -> (p/lambda) d lambda / d p. */
    std::map<std::string, std::map<std::string, std::map<unsigned, double>>> sensitivities;
    /**
     * sensitivity: the clusters of repeated eigenvalues among the reported
     * modes (1-based mode numbers of each cluster, all of its members);
     * their sensitivities are the eigenvalues of the projected derivative
     * matrix (cms::normalized_sensitivity).
     */
    std::vector<std::vector<unsigned>>          repeated_modes;
    std::vector<std::pair<std::string, double>> design_changes; ///< modification, inverse: alpha
    unsigned                                    iterations = 0; ///< inverse
    std::vector<unsigned> target_modes;              ///< inverse: 1-based baseline mode numbers
    std::vector<double>   target_frequencies;        ///< inverse
    std::vector<double>   achieved_frequencies;      ///< inverse, reduced model
    std::vector<double>   full_achieved_frequencies; ///< inverse, full re-analysis (COMPARE=FULL)
    std::map<std::string, double> timings;           ///< seconds, by phase

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;

  private:
    /** The CMS keys of NAME.json (after the frequencies and histories). */
    void
    write_cms_json(io::JsonStream &json) const;

    std::string procedure_;
  };
} // namespace corot::analysis
