#pragma once
/**
 * @file
 * The base state of perturbation steps (*FREQUENCY, *BUCKLE, *MODAL SYNTHESIS):
 * what the last general step (*STATIC, *DYNAMIC) left behind, as in Abaqus
 * ("General and linear perturbation procedures").
 */
#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/step.h>

#include <Eigen/Dense>

#include <string>

namespace corot::analysis
{
  /**
   * State handed from the general steps to the steps after them.
   *
   * - After a geometrically non-linear step (*STATIC or *DYNAMIC with NLGEOM,
   *   RIKS) the base state is the deformed configuration with its
   *   stresses: perturbation steps use the tangent stiffness there (initial
   *   stress included).
   * - After linear steps only, the base state is the reference configuration;
   *   the linear steps' total displacements and rotations are kept as one
   *   plain DOF vector (rotations add as vectors, are never composed on SO(3)
   *   and never wrapped to [-pi, pi]), so linear steps superpose exactly.
   */
  struct BaseState
  {
    /** The general step that produced the state (1-based); 0: the initial state. */
    unsigned step = 0;

    /** Whether that step, or one before it, was geometrically non-linear. */
    bool nonlinear = false;

    /**
     * Total small displacements and rotations of the linear steps (global DOF
     * vector); empty before the first linear step and after a non-linear one.
     */
    Eigen::VectorXd linear_dofs;

    /**
     * After a geometrically non-linear *STATIC step of a model with carried
     * nodes (*MPC, *RIGID BODY): f_int - f_ext at its end (replicated, not
     * condensed). Its entries on the carried nodes are balanced by their
     * constraint forces, whose stiffness perturbation steps add
     * (Assembler::add_follower_curvature). Empty otherwise (close_general_step
     * clears it).
     */
    Eigen::VectorXd carried_residual;

    /** Records the end of general step @p number, non-linear or not. */
    void
    close_general_step(unsigned number, bool was_nonlinear);

    /**
     * One line for the .dat and JSON: which base state a perturbation step
     * uses and whether its stresses stiffen it (@p stress_stiffening).
     */
    std::string
    describe(bool stress_stiffening) const;
  };

  /**
   * The configuration of the small-displacement state @p values scaled by
   * 1/@p scale: translations values/scale, rotations exp(theta/scale) about
   * the reference. A unit quaternion holds a rotation only up to 2 pi, so a
   * linear state with rotations beyond pi is evaluated by element functions
   * that are linear in the state (section forces, initial-stress matrices) at
   * values/scale and the result multiplied by @p scale
   * (linear_evaluation_scale gives a scale that keeps every rotation below
   * pi/2).
   */
  core::Configuration
  small_displacement_configuration(unsigned n_nodes, const core::DofMap &dofs,
                                   const Eigen::VectorXd &values, double scale = 1.0);

  /** The smallest scale >= 1 that brings every rotation of @p values to at most pi/2. */
  double
  linear_evaluation_scale(const core::DofMap &dofs, const Eigen::VectorXd &values);
} // namespace corot::analysis
