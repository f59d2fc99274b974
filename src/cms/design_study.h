#pragma once
/**
 * @file
 * Forward modification and eigenvalue sensitivity on a reduced model
 * (Hutton & Smith 1993, eq. 5–12).
 */
#include <src/cms/component_mode_synthesis.h>

#include <Eigen/Dense>

#include <map>
#include <string>
#include <vector>

namespace corot::cms
{
  /**
   * A design derivative in baseline modal coordinates, factored through the
   * one component c that owns the parameter: Z^T T^T dK~ T Z = B^T dK_c B and
   * Z^T T^T dM~ T Z = B^T dM_c B with B = T_c Z (eq. 4 projected by eq. 2).
   * Its rank is at most n_c, which the inverse solution exploits.
   */
  struct ModalDerivativeFactor
  {
    Eigen::MatrixXd basis;     ///< B = T_c Z (n_c x n)
    SparseMatrix    stiffness; ///< dK_c / d alpha (component numbering)
    SparseMatrix    mass;      ///< dM_c / d alpha
    /** The terms of order two and higher, K_2, K_3, ... (DesignDerivative; empty if linear). */
    std::vector<SparseMatrix> stiffness_higher, mass_higher;
  };

  /** The factor B, dK_c, dM_c of parameter @p name; throws std::runtime_error if unknown. */
  ModalDerivativeFactor
  modal_derivative_factor(const ComponentModeSynthesis &cms, const std::string &name);

  /**
   * Reduced design matrices Z^T T^T dK~ T Z and Z^T T^T dM~ T Z of parameter
   * @p name in the coordinates of the baseline modes Z (mass-normalised).
   */
  std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
  modal_derivative(const ComponentModeSynthesis &cms, const std::string &name);

  /**
   * The exact changes Z^T T^T (K~(alpha) - K~) T Z and likewise for M~ of
   * parameter @p name changed by @p alpha, in the coordinates of the
   * baseline modes Z: alpha times modal_derivative() for a linear property,
   * the whole polynomial for a shell's thickness (DesignDerivative).
   */
  std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
  modal_change(const ComponentModeSynthesis &cms, const std::string &name, double alpha);

  /**
   * Forward modification by Ritz re-analysis with all baseline CMS modes
   * (eq. 11–12): (Lambda + Z^T dK^ Z) c = lambda* (I + Z^T dM^ Z) c with
   * dK^ = sum_j T^T (K~(alpha_j) - K~) T (alpha_j dK~_j for a linear
   * property; modal_change()), T held fixed. Returns the eigenvalues and
   * the generalized vectors Z c (columns).
   */
  ReducedEigenpairs
  forward_modification(const ComponentModeSynthesis        &cms,
                       const std::map<std::string, double> &alphas);

  /**
   * Normalized eigenvalue sensitivity (p / lambda_i) d lambda_i / d p =
   * (1 / lambda_i) d lambda_i / d alpha of mode @p mode (0-based) to
   * parameter @p name, from eq. 7–8 with T held fixed:
   * d lambda / d alpha = xi^T T^T (dK~ - lambda dM~) T xi.
   *
   * For a mode in a cluster of repeated eigenvalues (find_clusters,
   * cluster_tolerance) the eigenvalue is not differentiable along one
   * eigenvector the solver happened to return: the derivatives of the
   * cluster's eigenvalues are the eigenvalues of the projected derivative
   * matrix Z_c^T T^T (dK~ - lambda dM~) T Z_c (degenerate perturbation
   * theory), assigned in ascending order to the cluster's modes, so that
   * they are the one-sided derivatives for an increase of the parameter
   * (alpha -> 0+; for a decrease the order is reversed).
   */
  double
  normalized_sensitivity(const ComponentModeSynthesis &cms, const std::string &name, unsigned mode);

  /** MAC(x, y) = (x^T W y)^2 / ((x^T W x)(y^T W y)). */
  double
  mac(const Eigen::VectorXd &x, const Eigen::VectorXd &y, const Eigen::MatrixXd &weight);
} // namespace corot::cms
