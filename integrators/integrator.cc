#include <integrators/energy_conserving_midpoint.h>
#include <integrators/hilber_hughes_taylor.h>
#include <integrators/integrator.h>
#include <integrators/newmark.h>
#include <integrators/time_finite_element.h>

namespace corot::integrators
{
  std::unique_ptr<Integrator>
  create_integrator(const std::string &name, const unsigned order, const double alpha)
  {
    if (name == "HHT")
      return std::make_unique<HilberHughesTaylor>(alpha);
    if (name == "MIDPOINT")
      return std::make_unique<EnergyConservingMidpoint>();
    // ORDER=1 is the mid-point scheme (constant trial and linear test functions
    // in time, Borri, Franchi & Mantegazza); TimeFiniteElement reproduces it.
    if (name == "TIMEFE" && order >= 1)
      return std::make_unique<TimeFiniteElement>(order);
    if (name == "NEWMARK")
      return std::make_unique<Newmark>();
    return nullptr;
  }
} // namespace corot::integrators
