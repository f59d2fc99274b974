#pragma once
/**
 * @file
 * The kinematic state of all nodes: displacements, rotations (unit
 * quaternions), velocities and angular velocities.
 */
#include <src/core/dof_map.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <vector>

namespace corot::core
{
  /**
   * Nodal state relative to the reference configuration. Only this class
   * knows how to add an increment: translational increments are added,
   * rotational increments are spatial rotation vectors applied as
   * R <- exp(dtheta) R (DESIGN.md section 4), never added as vectors.
   */
  class Configuration
  {
  public:
    /** A configuration of @p n_nodes nodes at rest in the reference state. */
    explicit Configuration(unsigned n_nodes = 0);

    /** Number of nodes. */
    unsigned
    n_nodes() const
    {
      return displacements.size();
    }

    /**
     * Applies the global increment @p delta (indexed by @p dofs): d += delta
     * for translations, R <- exp(theta) R with theta the node's rotational
     * entries for rotations.
     */
    void
    apply_increment(const DofMap &dofs, const Eigen::VectorXd &delta);

    /**
     * Global DOF vector of the current state: translations, and the rotation
     * vector (log of R) for rotational DOFs.
     */
    Eigen::VectorXd
    dof_values(const DofMap &dofs) const;

    /** Rotation vector theta with R = exp(theta) of node @p node (|theta| <= pi). */
    Eigen::Vector3d
    rotation_vector(unsigned node) const;

    /** Exponential map: the unit quaternion of the rotation vector @p theta. */
    static Eigen::Quaterniond
    exp_map(const Eigen::Vector3d &theta);

    std::vector<Eigen::Vector3d>    displacements;
    std::vector<Eigen::Quaterniond> rotations;
    std::vector<Eigen::Vector3d>    velocities;
    std::vector<Eigen::Vector3d>    angular_velocities; ///< spatial
  };
} // namespace corot::core
