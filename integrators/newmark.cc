/**
 * @file
 * INTEGRATOR=NEWMARK: Newmark's average acceleration as the member
 * alpha_m = alpha_f = 0, beta = 1/4, gamma = 1/2 of the generalized-alpha
 * family (GeneralizedAlpha::newmark()).
 */
#include <integrators/generalized_alpha.h>
#include <integrators/registry.h>

COROT_REGISTER_INTEGRATOR(
  Newmark, "NEWMARK",
  "Newmark's average acceleration (beta = 1/4, gamma = 1/2), equilibrium at the end of the step",
  {}, [](const corot::integrators::ParameterReader &) {
    using corot::integrators::GeneralizedAlpha;
    return corot::integrators::IntegratorSetup("NEWMARK", {}, [] {
      return std::make_unique<GeneralizedAlpha>(GeneralizedAlpha::newmark(), "NEWMARK");
    });
  })
