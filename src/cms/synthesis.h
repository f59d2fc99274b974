#pragma once
/**
 * @file
 * Synthesis of component bases into the reduced system model (Hutton &
 * Smith 1993, eq. 2–3).
 */
#include <src/cms/component.h>
#include <src/cms/component_basis.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::cms
{
  /**
   * The synthesized model K^ = T^T K~ T, M^ = T^T M~ T (eq. 2) with the
   * block rows T_c of T, u_c = T_c xi for component c.
   */
  struct ReducedModel
  {
    Eigen::MatrixXd              stiffness;      ///< K^ (n x n)
    Eigen::MatrixXd              mass;           ///< M^ (n x n)
    std::vector<Eigen::MatrixXd> transformation; ///< T_c (n_c x n), one per component

    /** Number of generalized coordinates. */
    unsigned
    size() const
    {
      return stiffness.rows();
    }

    /** T_c^T A T_c for a matrix @p matrix of component @p c. */
    Eigen::MatrixXd
    project(unsigned c, const SparseMatrix &matrix) const;

    /** Physical vector (full-model numbering, size @p n_dofs) of generalized vector @p xi. */
    Eigen::VectorXd
    recover(const Substructuring &sub, const Eigen::VectorXd &xi) const;
  };

  /**
   * Free-interface synthesis: with u = Phi p + Psi_r f_J, interface forces
   * f_J = -A^T g in equilibrium and compatibility A u_J = 0,
   *
   *     T = Phi - Psi_r A^T (A Psi_rJ A^T)^{-1} A Phi_J          (eq. 3)
   *
   * (A: rows e_s1 - e_si for every interface DOF shared by slots s1, si).
   * Directions in which A Psi_rJ A^T vanishes (no residual flexibility, e.g.
   * RESIDUAL=NO or all modes kept) are enforced on the modal amplitudes
   * instead, p = N q with N a null-space basis of that part of A Phi_J (the
   * classical free-interface method), so the same code covers both.
   */
  ReducedModel
  synthesize_free_interface(const Substructuring &sub, const std::vector<ComponentBasis> &bases);

  /**
   * Craig-Bampton synthesis: generalized coordinates [u_b; eta_1; ...; eta_C]
   * (the global interface DOFs, then each component's fixed-interface modal
   * amplitudes), T_c = [Psi_c L_c, Phi_c] with L_c selecting the component's
   * interface DOFs.
   */
  ReducedModel
  synthesize_craig_bampton(const Substructuring &sub, const std::vector<ComponentBasis> &bases);

  /** Completes @p model: K^ and M^ from its T_c and the components' K_c, M_c. */
  void
  assemble_reduced_matrices(const Substructuring &sub, ReducedModel &model);
} // namespace corot::cms
