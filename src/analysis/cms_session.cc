#include <src/analysis/cms_session.h>

namespace corot::analysis
{
  const cms::ComponentModeSynthesis &
  CmsSession::design_baseline(const core::SourceLocation &at, const std::string &keyword) const
  {
    if (base)
      throw core::InputError(at,
                             "*" + keyword +
                               " after a *MODAL SYNTHESIS about the NLGEOM base state of step " +
                               std::to_string(base_step) +
                               ": the design derivative about a preloaded base state is not "
                               "available; run the synthesis and the design steps before the "
                               "NLGEOM step");
    return *baseline;
  }
} // namespace corot::analysis
