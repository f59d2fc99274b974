#include <integrators/energy_conserving_midpoint.h>
#include <integrators/hilber_hughes_taylor.h>
#include <integrators/integrator.h>
#include <integrators/newmark.h>

namespace corot::integrators
{
  std::unique_ptr<Integrator>
  create_integrator(const std::string &name, const unsigned order, const double alpha)
  {
    if (name == "HHT")
      return std::make_unique<HilberHughesTaylor>(alpha);
    // TIMEFE, ORDER=1 is the mid-point scheme: constant trial and linear test
    // functions in time (Borri, Franchi & Mantegazza).
    if (name == "MIDPOINT" || (name == "TIMEFE" && order == 1))
      return std::make_unique<EnergyConservingMidpoint>();
    if (name == "NEWMARK")
      return std::make_unique<Newmark>();
    return nullptr;
  }
} // namespace corot::integrators
