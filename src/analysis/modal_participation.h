#pragma once
/**
 * @file
 * Participation factors and effective modal masses of a *FREQUENCY step, as CalculiX and Abaqus
 * print them.
 */
#include <src/analysis/analysis_context.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

#include <Eigen/Dense>

#include <array>
#include <vector>

namespace corot::analysis
{
  /**
   * For each mode phi_i and each of the six rigid-body directions r_a (translations along X, Y,
   * Z; rotations about the global X, Y, Z axes through the origin, u = a x x on translations and
   * a on rotations, at the nodes' base-state positions):
   *   generalized mass   m_i      = phi_i^T M phi_i,
   *   participation      Gamma_ia = phi_i^T M r_a / m_i,
   *   effective mass     m_ia     = (phi_i^T M r_a)^2 / m_i = Gamma_ia^2 m_i,
   * and the total r_a^T M r_a of the unconstrained DOFs (Clough & Penzien, Dynamics of
   * Structures, 2nd ed., sec. 13-3 and 26-5; the quantities of CalculiX's "PARTICIPATION FACTORS",
   * "EFFECTIVE MODAL MASS" and "TOTAL EFFECTIVE MASS" and of Abaqus's *FREQUENCY output).
   * The effective masses are independent of the shapes' normalization; Gamma scales with
   * 1/scale (with mass-normalized shapes Gamma_ia = phi_i^T M r_a, CalculiX's figure). The
   * effective masses of all modes of a model add up to its total in each direction (M-orthogonal
   * completeness), so the sum over the computed modes says how much of the mass they capture.
   * M is the assembled mass with the step's constraints (constrained DOFs do not take part).
   */
  struct ModalParticipation
  {
    /** Names of the six directions, in the order of the arrays. */
    static constexpr std::array<const char *, 6> direction_names = {
      {"X", "Y", "Z", "RX", "RY", "RZ"}};

    std::vector<double>                generalized_mass;     ///< m_i per mode
    std::vector<std::array<double, 6>> factors;              ///< Gamma_ia per mode
    std::vector<std::array<double, 6>> effective_mass;       ///< m_ia per mode
    std::array<double, 6>              effective_mass_sum{}; ///< sum over the modes computed
    std::array<double, 6>              total_mass{};         ///< r_a^T M r_a

    /**
     * Computes them for @p shapes (replicated vectors over all DOFs, zero on constrained ones)
     * with the assembled @p mass; node positions are the reference positions plus, when
     * @p deformed, the displacements of the context's configuration (an NLGEOM base state).
     */
    static ModalParticipation
    compute(const AnalysisContext &context, const dealii::TrilinosWrappers::SparseMatrix &mass,
            const std::vector<Eigen::VectorXd> &shapes, bool deformed);
  };
} // namespace corot::analysis
