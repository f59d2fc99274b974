#pragma once
/**
 * @file
 * What a shell element kernel needs to be built: node positions, thickness
 * and an isotropic elastic material (deck units). The deck wiring
 * (*SHELL SECTION) will fill it from core::SectionProperties and the
 * material once shells are registered (issue 13).
 */
#include <Eigen/Dense>

#include <vector>

namespace corot::elements
{
  /** Input of the shell kernels: geometry, thickness and isotropic material. */
  struct ShellDefinition
  {
    std::vector<Eigen::Vector3d> reference_positions; ///< one per node, in the element's node order
    double                       thickness      = 0.0; ///< t
    double                       youngs_modulus = 0.0; ///< E
    double                       poisson_ratio  = 0.0; ///< nu
    double                       density        = 0.0; ///< rho (mass per volume)
  };
} // namespace corot::elements
