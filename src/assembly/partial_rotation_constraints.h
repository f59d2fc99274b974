#pragma once
/**
 * @file
 * Boundary conditions on some, not all, of the three rotations of a node.
 */
#include <src/core/configuration.h>
#include <src/core/dof_map.h>

#include <deal.II/lac/affine_constraints.h>

#include <Eigen/Dense>

#include <array>
#include <string>
#include <vector>

namespace corot::assembly
{
  /**
   * Nodes with RX, RY and RZ of which one or two are prescribed (*BOUNDARY).
   *
   * Abaqus/Standard and CalculiX store a node's rotation as its total rotation
   * vector psi (R = exp(psi); DOFs 4-6 are its components) and a rotation
   * boundary condition prescribes components of psi. Newton increments here
   * are spatial spins dw applied as R <- exp(dw) R, and a component of dw is
   * not the change of a component of psi: holding dw_k = 0 over a 3D path
   * lets psi_k drift, by an amount that depends on the path (the increment
   * sizes). So a prescribed component k is held on psi itself:
   *
   * - the linear constraint on a Newton increment is the first-order change
   *   of psi_k, e_k . T(psi)^{-1} dw = 0 (core::RotationVector::exp_inverse_tangent),
   *   written as an AffineConstraints line that expresses the prescribed
   *   components of dw through the free ones of the same node;
   * - after each update the prescribed components of psi are set back to
   *   their values (hold()), which moves the rotation by the second-order
   *   remainder only.
   *
   * Increments of the mid-point scheme use secant rows instead (secant_rows()),
   * whose product with the step increment is exactly the change of psi_k, so
   * that the reaction does no work while psi_k is held: the scheme's energy
   * balance stays exact (the discrete-gradient construction of Gonzalez 1996,
   * J. Nonlinear Sci. 6, 449-467, applied to the constraint function).
   *
   * Fully prescribed and fully free rotations are not in this set: their
   * constraints are the plain lines dw_k = 0 or nothing, as before. The
   * prescribed components are read from the principal rotation vector
   * (|psi| <= pi), as the DOF values are reported.
   */
  class PartialRotationConstraints
  {
  public:
    /** A node with one or two prescribed rotation components. */
    struct Node
    {
      unsigned                node;       ///< node index
      std::array<unsigned, 3> dofs;       ///< global RX, RY, RZ
      std::array<bool, 3>     prescribed; ///< which components are held
      std::vector<unsigned>   held;       ///< the prescribed components (0..2), increasing
      std::vector<unsigned>   free;       ///< the others
      std::string             name;       ///< "node 12 RX" (its first held DOF) for messages
    };

    PartialRotationConstraints() = default;

    /** The nodes of @p dofs with RX, RY, RZ of which one or two are in @p prescribed_dofs. */
    PartialRotationConstraints(const core::DofMap          &dofs,
                               const std::vector<unsigned> &prescribed_dofs);

    /** Whether there is no such node. */
    bool
    empty() const
    {
      return nodes_.empty();
    }

    /** The nodes. */
    const std::vector<Node> &
    nodes() const
    {
      return nodes_;
    }

    /** Whether @p dof is a prescribed rotation of one of the nodes. */
    bool
    is_held(unsigned dof) const;

    /** The rows e_k . T(@p psi)^{-1} of the held components k of @p node (p x 3). */
    static Eigen::MatrixXd
    tangent_rows(const Node &node, const Eigen::Vector3d &psi);

    /**
     * Secant rows g_k with g_k . @p phi = psi_n1_k - psi_n_k exactly for the
     * step increment @p phi from rotation vector @p psi_n to @p psi_n1:
     * g_k = a_k + (psi_n1_k - psi_n_k - a_k . phi) phi / |phi|^2, a_k the
     * tangent row at @p psi_n1 (Gonzalez' discrete gradient; a_k alone for
     * phi = 0).
     */
    static Eigen::MatrixXd
    secant_rows(const Node &node, const Eigen::Vector3d &psi_n, const Eigen::Vector3d &psi_n1,
                const Eigen::Vector3d &phi);

    /**
     * Adds to @p constraints, for each node i, the lines of its held DOFs
     * through its free ones: with rows[i] = [A_H A_F], dw_H = -A_H^{-1} A_F dw_F
     * (zero weights left out, so rows of the identity give plain lines).
     * Throws std::runtime_error when A_H is singular (a rotation of 180
     * degrees about an axis normal to a held component, where psi_k stops
     * being a coordinate).
     */
    void
    add_lines(dealii::AffineConstraints<double>  &constraints,
              const std::vector<Eigen::MatrixXd> &rows) const;

    /** The principal rotation vector of every node (the order of nodes()). */
    std::vector<Eigen::Vector3d>
    rotation_vectors(const core::Configuration &configuration) const;

    /**
     * Sets the held components of each node's rotation vector in
     * @p configuration to those in @p values (from rotation_vectors()); a
     * node whose components already have those values is left untouched.
     */
    void
    hold(core::Configuration &configuration, const std::vector<Eigen::Vector3d> &values) const;

  private:
    std::vector<Node>     nodes_;
    std::vector<unsigned> held_dofs_; ///< sorted
  };
} // namespace corot::assembly
