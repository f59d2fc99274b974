#pragma once
/**
 * @file
 * The structure of a deck seen as an integrators::DynamicSystem.
 */
#include <integrators/dynamic_system.h>
#include <src/analysis/analysis_context.h>
#include <src/analysis/step_loading.h>

#include <deal.II/lac/trilinos_sparse_matrix.h>

namespace corot::analysis
{
  /**
   * Adapts the assembler to the integrator interface: DOF vectors are
   * replicated; the configuration of a DOF vector d is the reference state
   * displaced by d, with rotational entries as rotation vectors (exact for
   * the planar rotations of this release; 3D rotations on SO(3) come with the
   * co-rotational B31). Uses the lumped mass (Abaqus' default for first-order
   * elements in dynamics). Constraints: the step's boundary conditions, held
   * at their values or moved as @p prescribed says.
   */
  class AssembledDynamicSystem : public integrators::DynamicSystem
  {
  public:
    /**
     * @p prescribed, when given and moving, drives the constrained DOFs; it
     * must outlive this object.
     */
    AssembledDynamicSystem(AnalysisContext &context, const StepLoading &loading, double period,
                           const PrescribedMotion *prescribed = nullptr);

    unsigned
    n_dofs() const override;

    Eigen::VectorXd
    mass_times(const Eigen::VectorXd &x) const override;

    Eigen::VectorXd
    external_force(double time) const override;

    Eigen::VectorXd
    internal_force(const Eigen::VectorXd &d) override;

    Eigen::VectorXd
    initial_acceleration(const Eigen::VectorXd &d, double time) override;

    Eigen::VectorXd
    newton_correction(integrators::ForceModel model, const Eigen::VectorXd &d_n,
                      const Eigen::VectorXd &d_n1, const Eigen::VectorXd &inertia_force,
                      const Eigen::VectorXd &external_force, double mass_coefficient,
                      double &residual_ratio) override;

    double
    strain_energy(const Eigen::VectorXd &d) const override;

    void
    impose_prescribed_motion(double time_n, double time_n1, const Eigen::VectorXd &d_n,
                             Eigen::VectorXd &d_n1) const override;

    bool
    has_prescribed_motion() const override;

    Eigen::VectorXd
    reactions(integrators::ForceModel model, const Eigen::VectorXd &d_n,
              const Eigen::VectorXd &d_n1, const Eigen::VectorXd &inertia_force,
              const Eigen::VectorXd &external_force) override;

    /** Assembled consistent tangent at @p d, identity on constrained DOFs (replicated). */
    Eigen::SparseMatrix<double>
    tangent_stiffness(const Eigen::VectorXd &d) override;

    /** The lumped mass, zero on constrained DOFs (replicated). */
    Eigen::SparseMatrix<double>
    mass_matrix() const override;

    /** The DOFs of the step's boundary conditions; throws for *EQUATION constraints (not handled yet). */
    std::vector<unsigned>
    constrained_dofs() const override;

    /** The configuration of DOF vector @p d. */
    core::Configuration
    configuration(const Eigen::VectorXd &d) const;

  private:
    AnalysisContext                       &context_;
    const StepLoading                     &loading_;
    double                                 period_;
    const PrescribedMotion                *prescribed_;
    bool                                   moving_;
    dealii::TrilinosWrappers::SparseMatrix mass_;
  };
} // namespace corot::analysis
