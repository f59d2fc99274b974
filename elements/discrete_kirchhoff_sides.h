#pragma once
/**
 * @file
 * The side coefficients and corner rotation rows of the discrete Kirchhoff plate elements DKT
 * (triangle) and DKQ (quadrilateral), shared by ShellTriangleKernel and ShellQuadKernel.
 *
 * Batoz, Bathe & Ho (1980), "A study of three-node triangular plate bending elements",
 * IJNME 15, 1771-1812 (their H_x, H_y); Batoz & Ben Tahar (1982), "Evaluation of a new
 * quadrilateral thin plate bending element", IJNME 18: the rotations beta_x, beta_y are
 * quadratic (serendipity for DKQ) and are tied to the corner values U = [w, theta_x, theta_y]
 * by the Kirchhoff constraint along each side, which gives beta_x = H_x . U, beta_y = H_y . U
 * with H linear in the mid-side shape functions through five coefficients per side.
 */
#include <Eigen/Dense>

namespace corot::elements::discrete_kirchhoff
{
  /** The coefficients a..e of one side x_ij = x_i - x_j (Batoz, Bathe & Ho 1980). */
  struct SideCoefficients
  {
    double a = 0.0; ///< -x_ij / l_ij^2
    double b = 0.0; ///< 3/4 x_ij y_ij / l_ij^2
    double c = 0.0; ///< (x_ij^2 / 4 - y_ij^2 / 2) / l_ij^2
    double d = 0.0; ///< -y_ij / l_ij^2
    double e = 0.0; ///< (y_ij^2 / 4 - x_ij^2 / 2) / l_ij^2

    /** The coefficients of side @p x_ij (from node j to node i, in the element's plane). */
    static SideCoefficients
    of(const Eigen::Vector2d &x_ij);
  };

  /**
   * The three entries of H_x and of H_y that multiply corner k's values (w_k, theta_xk,
   * theta_yk), from the value @p n_k of corner k's shape function (or its derivative) and
   * those @p n_plus, @p n_minus of the mid-side functions of the two sides at k, whose
   * coefficients are @p plus and @p minus. Written to hx[0..2] and hy[0..2].
   */
  void
  corner_rows(double n_k, double n_plus, double n_minus, const SideCoefficients &plus,
              const SideCoefficients &minus, double *hx, double *hy);
} // namespace corot::elements::discrete_kirchhoff
