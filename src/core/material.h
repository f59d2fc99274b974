#pragma once
/**
 * @file
 * Linear elastic material with density, as given by *MATERIAL, *ELASTIC, *DENSITY.
 */
#include <src/core/source_location.h>

#include <string>

namespace corot::core
{
  /** Isotropic linear elastic material (units: those of the deck). */
  struct Material
  {
    std::string    name;
    double         youngs_modulus = 0.0; ///< E
    double         poissons_ratio = 0.0; ///< nu
    double         density        = 0.0; ///< mass per unit volume
    double         rayleigh_alpha = 0.0; ///< *DAMPING, ALPHA=: mass-proportional damping (1/time)
    double         rayleigh_beta  = 0.0; ///< *DAMPING, BETA=: stiffness-proportional damping (time)
    bool           has_elastic    = false;
    bool           has_density    = false;
    SourceLocation defined_at;

    /** Shear modulus G = E / (2 (1 + nu)). */
    double
    shear_modulus() const
    {
      return youngs_modulus / (2.0 * (1.0 + poissons_ratio));
    }
  };
} // namespace corot::core
