#pragma once
/**
 * @file
 * What the CMS procedures carry from step to step: the baseline reduced
 * model of the last *MODAL SYNTHESIS step.
 */
#include <src/assembly/assembler.h>
#include <src/cms/component_mode_synthesis.h>
#include <src/core/configuration.h>
#include <src/core/source_location.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace corot::analysis
{
  /** The baseline of *MODIFICATION, *SENSITIVITY and *INVERSE FREQUENCY steps. */
  struct CmsSession
  {
    std::unique_ptr<cms::ComponentModeSynthesis> baseline;      ///< null before *MODAL SYNTHESIS
    std::vector<assembly::PrescribedValue>       constraints;   ///< *BOUNDARY DOFs of that step
    unsigned                                     n_modes = 0;   ///< system modes reported
    double                                       cutoff  = 0.0; ///< cycles/time
    double                                       seconds = 0.0; ///< baseline reduction + synthesis
    core::SourceLocation                         synthesis_at;
    /**
     * The deformed, stressed base state the component matrices were taken
     * at (after an NLGEOM step, BaseState), or none: the reference
     * configuration. The full model of COMPARE=FULL and of the Sturm check
     * uses the same matrices (full_model_matrices).
     */
    std::optional<core::Configuration> base;
    unsigned                           base_step = 0; ///< the general step that left @p base

    /**
     * The baseline a design step (*MODIFICATION, *SENSITIVITY, *INVERSE FREQUENCY, named by
     * @p keyword without its star) works on. Throws core::InputError at @p at if it was taken
     * about an NLGEOM base state: design derivatives exist about the reference only, since
     * about a preloaded base state a design change would also change the preload's stresses.
     */
    const cms::ComponentModeSynthesis &
    design_baseline(const core::SourceLocation &at, const std::string &keyword) const;
  };
} // namespace corot::analysis
