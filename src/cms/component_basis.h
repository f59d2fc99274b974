#pragma once
/**
 * @file
 * The reduction basis of one component: free-interface modes with residual
 * attachment modes, or Craig-Bampton fixed-interface and constraint modes.
 */
#include <src/cms/component.h>
#include <src/cms/component_modes.h>

#include <Eigen/Dense>

namespace corot::cms
{
  /** Reduction basis of one component (local numbering). */
  struct ComponentBasis
  {
    /**
     * Free interface: the kept free-free modes Phi (rigid first). Craig-
     * Bampton: the kept fixed-interface modes, zero on interface rows.
     */
    ModeSet kept;
    /**
     * Free interface: residual attachment modes Psi_r = G_r(:, J) (one column
     * per interface DOF of the component, empty without RESIDUAL=YES).
     * Craig-Bampton: constraint modes, identity on the interface rows and
     * -K_ii^{-1} K_ib on the interior.
     */
    Eigen::MatrixXd attachment;
    /**
     * Free interface: the largest entry of the elastic flexibility P^T K^+ P
     * at the interface, the scale against which residual flexibility is
     * round-off (every mode kept leaves none).
     */
    double flexibility_scale = 0.0;
    /**
     * Free interface: W^T K W and W^T M W with W = [kept modes, attachment]
     * (component matrices in the basis's own coordinates).
     */
    Eigen::MatrixXd generalized_stiffness, generalized_mass;
    double          seconds = 0.0; ///< wall time of the reduction
  };

  /**
   * Free-interface basis (Hutton & Smith 1993, section 2.3.1 of the seed
   * notes; MacNeal 1971, Rubin 1975, Craig & Chang 1977): the free-free modes
   * with lambda < @p lambda_cut and, with @p residual, the residual
   * flexibility G_r = P^T K^+ P - Phi_e Lambda_e^{-1} Phi_e^T restricted to
   * the interface columns. P = I - M Phi_r Phi_r^T is the inertia-relief
   * projector of a floating component; P^T K^+ P is computed exactly from
   * the bordered system [K, M Phi_r; Phi_r^T M, 0] (sparse LU), whose
   * solution is the flexibility of the elastic modes alone.
   */
  ComponentBasis
  free_interface_basis(const Component &component, double lambda_cut, bool residual);

  /**
   * Craig-Bampton basis (Craig & Bampton 1968): fixed-interface modes below
   * @p lambda_cut and the static constraint modes of the interface DOFs.
   * Throws std::runtime_error if the component is not restrained with its
   * interface held (K_ii singular).
   */
  ComponentBasis
  craig_bampton_basis(const Component &component, double lambda_cut);
} // namespace corot::cms
