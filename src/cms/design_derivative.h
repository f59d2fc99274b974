#pragma once
/**
 * @file
 * How a component's stiffness and mass depend on one design parameter: the
 * exact polynomial in its fractional change alpha.
 */
#include <Eigen/Sparse>

#include <string>
#include <vector>

namespace corot::cms
{
  /** Sparse symmetric matrix in a component's local DOF numbering. */
  using SparseMatrix = Eigen::SparseMatrix<double>;

  /**
   * The dependence of a component's K_c and M_c on one design parameter,
   * whose property becomes (1 + alpha) times its value at the expansion
   * point:
   *
   *     K_c(alpha) = K_c + sum_{p=1}^{P} alpha^p K_p,   M_c likewise,
   *
   * exact, not a linearisation. Density, modulus, a truss's area and the
   * whole-matrix scales are linear (P = 1: K_1 = dK_c/d alpha is all); a
   * shell's thickness is cubic (membrane stiffness and translational mass
   * proportional to t, bending stiffness and rotary inertia to t^3, so with
   * K_m, K_b the two parts of the stiffness: K_1 = K_m + 3 K_b, K_2 = 3 K_b,
   * K_3 = K_b; CorotationalShell::design_higher_terms()).
   */
  struct DesignDerivative
  {
    std::string  parameter;            ///< upper-case design-parameter name
    SparseMatrix stiffness_derivative; ///< K_1 = dK_c / d alpha at alpha = 0 (component numbering)
    SparseMatrix mass_derivative;      ///< M_1 = dM_c / d alpha at alpha = 0
    /** K_2, K_3, ...: the terms of order two and higher (empty for a linear property). */
    std::vector<SparseMatrix> stiffness_higher;
    /** M_2, M_3, ...: as stiffness_higher (same length). */
    std::vector<SparseMatrix> mass_higher;

    /** True when K_c and M_c are linear in alpha (no higher terms). */
    bool
    is_linear() const
    {
      return stiffness_higher.empty() && mass_higher.empty();
    }

    /** K_c(alpha) - K_c = sum_p alpha^p K_p. */
    SparseMatrix
    stiffness_change(double alpha) const;

    /** M_c(alpha) - M_c = sum_p alpha^p M_p. */
    SparseMatrix
    mass_change(double alpha) const;

    /**
     * The same dependence expanded about the design @p alpha: with the
     * change delta counted from there, K_c(alpha + delta) - K_c(alpha) =
     * sum_q delta^q K'_q, K'_q = sum_{p>=q} C(p, q) alpha^(p-q) K_p (Taylor's
     * shift of a polynomial; K'_1 is the slope dK_c/d alpha at @p alpha). Note that delta is then a change of the
     * baseline value, not a fraction of the design at @p alpha, as the
     * modified model's parameters are: (1 + alpha + delta) times the
     * baseline property.
     */
    DesignDerivative
    about(double alpha) const;
  };
} // namespace corot::cms
