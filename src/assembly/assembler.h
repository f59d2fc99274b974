#pragma once
/**
 * @file
 * Global assembly: the only place that touches deal.II AffineConstraints and
 * Trilinos matrices (DESIGN.md section 3).
 */
#include <elements/element.h>
#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/model.h>

#include <deal.II/base/index_set.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/trilinos_sparse_matrix.h>
#include <deal.II/lac/trilinos_sparsity_pattern.h>
#include <deal.II/lac/trilinos_vector.h>

#include <Eigen/Dense>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace corot::assembly
{
  /** A DOF held at a value (*BOUNDARY). */
  struct PrescribedValue
  {
    unsigned dof   = 0;
    double   value = 0.0;
  };

  /** Which global matrix to assemble. */
  enum class MatrixKind
  {
    linear_stiffness,    ///< about the reference configuration
    tangent_stiffness,   ///< consistent tangent of the co-rotational internal force
    consistent_mass,
    lumped_mass,
    geometric_stiffness  ///< initial-stress matrix at the stresses of a configuration
  };

  /**
   * Element loops into Trilinos matrices and vectors with constraints
   * condensed by deal.II's AffineConstraints.
   *
   * Parallel layout: DOFs are split into contiguous blocks, one per MPI rank
   * (the locally owned rows); each element is assembled by the rank owning its
   * lowest DOF, and contributions to rows of other ranks are sent on
   * compress(). Vectors of nodal quantities handed back to analyses
   * (Eigen::VectorXd) are replicated on every rank.
   */
  class Assembler
  {
  public:
    Assembler(const core::Model                                     &model,
              const std::vector<std::unique_ptr<elements::Element>> &elements,
              const core::DofMap                                    &dofs,
              MPI_Comm                                               communicator);

    /**
     * Sets the constraints: prescribed DOFs and linear multi-point
     * constraints (*EQUATION: the first term's DOF is eliminated). Rebuilds
     * the sparsity pattern. Throws core::InputError for an equation whose
     * dependent DOF does not exist or is already constrained.
     */
    void
    set_constraints(const std::vector<PrescribedValue> &prescribed,
                    const std::vector<core::Equation>  &equations);

    /** Homogeneous constraints that Newton increments must satisfy. */
    const dealii::AffineConstraints<double> &
    increment_constraints() const
    {
      return increment_constraints_;
    }

    /**
     * Sets the DOFs listed in @p targets to their values in @p configuration
     * (translations added, rotations applied as spatial rotation vectors), then
     * the dependent DOF of every *EQUATION from its masters.
     */
    void
    impose_prescribed_values(core::Configuration                &configuration,
                             const std::vector<PrescribedValue> &targets) const;

    /**
     * The same on a DOF vector: sets the entries listed in @p targets, then
     * every *EQUATION's dependent entry from its masters.
     */
    void
    impose_prescribed_values(Eigen::VectorXd                     &values,
                             const std::vector<PrescribedValue> &targets) const;

    /** Locally owned rows. */
    const dealii::IndexSet &
    locally_owned_dofs() const
    {
      return locally_owned_;
    }

    MPI_Comm
    communicator() const
    {
      return communicator_;
    }

    /** Resizes @p matrix to the current sparsity pattern. */
    void
    reinit_matrix(dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /** Resizes @p vector to the locally owned rows (writable for assembly). */
    void
    reinit_vector(dealii::TrilinosWrappers::MPI::Vector &vector) const;

    /**
     * Assembles @p kind at @p configuration. Constrained rows get a positive
     * diagonal for stiffness matrices and a zero diagonal for mass matrices, so
     * eigenproblems have no spurious modes from constraints.
     */
    void
    assemble_matrix(MatrixKind                              kind,
                    const core::Configuration              &configuration,
                    dealii::TrilinosWrappers::SparseMatrix &matrix) const;

    /**
     * Assembles the condensed residual r = f_ext - f_int at @p configuration,
     * the replicated unconstrained internal force (for reactions) and, when
     * @p tangent is given, the matching tangent. With @p nonlinear false the
     * internal force is K_lin d (small displacements).
     */
    void
    assemble_residual(const core::Configuration              &configuration,
                      bool                                    nonlinear,
                      const Eigen::VectorXd                  &external_force,
                      dealii::TrilinosWrappers::MPI::Vector  &residual,
                      Eigen::VectorXd                        &internal_force,
                      dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /**
     * As assemble_residual with @p nonlinear false, for the DOF vector
     * @p values itself (internal force K_lin values; no round trip through a
     * Configuration, whose rotations are defined modulo 2 pi).
     */
    void
    assemble_linear_residual(const Eigen::VectorXd                  &values,
                             const Eigen::VectorXd                  &external_force,
                             dealii::TrilinosWrappers::MPI::Vector  &residual,
                             Eigen::VectorXd                        &internal_force,
                             dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /**
     * As assemble_residual, with the algorithmic force of the energy-conserving
     * mid-point scheme between @p configuration_n and @p configuration_n1
     * (Element::conserving_force) and its tangent with respect to the state
     * at n+1.
     */
    void
    assemble_conserving_residual(const core::Configuration              &configuration_n,
                                 const core::Configuration              &configuration_n1,
                                 const Eigen::VectorXd                  &external_force,
                                 dealii::TrilinosWrappers::MPI::Vector  &residual,
                                 Eigen::VectorXd                        &internal_force,
                                 dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /** Replicated consistent gravity load of @p loads (M_e times the acceleration field). */
    Eigen::VectorXd
    gravity_force(const std::vector<core::GravityLoad> &loads, double factor) const;

    /** Total strain energy (summed over ranks). */
    double
    strain_energy(const core::Configuration &configuration, bool nonlinear) const;

    /** Replicated copy of a distributed vector. */
    Eigen::VectorXd
    to_replicated(const dealii::TrilinosWrappers::MPI::Vector &vector) const;

    /** Applies the increment constraints to a replicated vector (dependent DOFs from masters, constrained ones zero). */
    void
    distribute(Eigen::VectorXd &vector) const;

    /** Unconstrained DOFs whose diagonal in @p stiffness is zero: "node 3 UZ", ... (all ranks). */
    std::vector<std::string>
    unrestrained_dofs(const dealii::TrilinosWrappers::SparseMatrix &stiffness) const;

    /** Kinematics of element @p element (index into the element list). */
    elements::ElementKinematics
    kinematics(unsigned element, const core::Configuration &configuration) const;

    /** Global DOF indices of element @p element (DofMap::invalid where inactive). */
    const std::vector<unsigned> &
    element_dofs(unsigned element) const
    {
      return element_dofs_[element];
    }

    /**
     * The *EQUATION constraints as given (before closing): dependent DOF and
     * its (master, weight) pairs, u_dependent = sum weight u_master.
     */
    const std::vector<std::pair<unsigned, std::vector<std::pair<unsigned, double>>>> &
    equation_lines() const
    {
      return equation_lines_;
    }

    /** Elements assembled on this rank. */
    const std::vector<unsigned> &
    local_elements() const
    {
      return local_elements_;
    }

  private:
    /** Element force (and tangent if the pointer is set) of element @p e. */
    using ElementForce =
      std::function<void(unsigned e, Eigen::VectorXd &force, Eigen::MatrixXd *tangent)>;

    /** The element loop shared by the residual assemblies. */
    void
    assemble_element_forces(const ElementForce                     &element_force,
                            const Eigen::VectorXd                  &external_force,
                            dealii::TrilinosWrappers::MPI::Vector  &residual,
                            Eigen::VectorXd                        &internal_force,
                            dealii::TrilinosWrappers::SparseMatrix *tangent) const;

    /** Element matrix of @p kind for element @p e. */
    void
    element_matrix(MatrixKind kind, unsigned e, const core::Configuration &configuration,
                   Eigen::MatrixXd &matrix) const;

    const core::Model                                     &model_;
    const std::vector<std::unique_ptr<elements::Element>> &elements_;
    const core::DofMap                                    &dofs_;
    MPI_Comm                                               communicator_;

    dealii::IndexSet                       locally_owned_;
    dealii::IndexSet                       writable_;
    std::vector<std::vector<unsigned>>     element_dofs_;
    std::vector<unsigned>                  local_elements_;
    dealii::AffineConstraints<double>      increment_constraints_;
    /** *EQUATION lines as written: dependent DOF and (master, weight) pairs, not closed. */
    std::vector<std::pair<unsigned, std::vector<std::pair<unsigned, double>>>> equation_lines_;
    dealii::TrilinosWrappers::SparsityPattern sparsity_;
  };
} // namespace corot::assembly
