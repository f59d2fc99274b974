/**
 * @file
 * INTEGRATOR=HHT (Hilber, Hughes & Taylor 1977, Abaqus' ALPHA convention) as
 * the member alpha_m = 0, alpha_f = -ALPHA, beta = (1 - ALPHA)^2/4,
 * gamma = 1/2 - ALPHA of the generalized-alpha family
 * (GeneralizedAlpha::hilber_hughes_taylor()).
 */
#include <integrators/generalized_alpha.h>
#include <integrators/registry.h>

namespace
{
  const std::vector<corot::integrators::IntegratorParameterInfo> hht_parameters = {
    {"ALPHA", "numerical damping, -1/3 <= ALPHA <= 0 (default 0: Newmark's average "
              "acceleration); ALPHA= without INTEGRATOR= selects HHT (Abaqus, CalculiX)"}};

  corot::integrators::IntegratorSetup
  parse_hht(const corot::integrators::ParameterReader &reader)
  {
    using corot::integrators::GeneralizedAlpha;
    const double alpha = reader.number("ALPHA").value_or(0.0);
    if (alpha < -1.0 / 3.0 || alpha > 0.0)
      reader.fail("ALPHA= must lie in [-1/3, 0]");
    return corot::integrators::IntegratorSetup("HHT", {{"ALPHA", alpha}}, [alpha] {
      return std::make_unique<GeneralizedAlpha>(GeneralizedAlpha::hilber_hughes_taylor(alpha),
                                                "HHT");
    });
  }
} // namespace

COROT_REGISTER_INTEGRATOR(
  HilberHughesTaylor, "HHT",
  "HHT-alpha (Hilber, Hughes & Taylor 1977): Newmark with numerical damping of high frequencies",
  hht_parameters, parse_hht)
