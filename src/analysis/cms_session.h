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
  };
} // namespace corot::analysis
