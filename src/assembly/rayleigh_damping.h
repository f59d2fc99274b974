#pragma once
/**
 * @file
 * The Rayleigh damping matrix of one element under large motion.
 */
#include <elements/element.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::assembly
{
  /**
   * Rayleigh damping (Abaqus' *DAMPING, ALPHA=, BETA= on the material) of one
   * element at its current configuration, C_e = alpha M_e + beta K_e, with
   *
   * - M_e the element's lumped mass (the mass the dynamic procedure uses; on
   *   nodes with three rotations its rotary block is the reference inertia J,
   *   not R J R^T: mass-proportional damping damps rigid-body motion anyway);
   * - K_e = P T K_lin T^T P, the element's small-strain (material) stiffness
   *   K_lin turned into its co-rotated frame by T = diag(Q) on every node's
   *   translations and rotations (Q the element's rigid rotation,
   *   Assembler::element_rotation: its chord and mean triad), then projected
   *   by P = I - U U^T off the span U of the rigid-body velocity fields at the
   *   current positions (translations, and omega x (x_a - x_c) with nodal spin
   *   omega; Euclidean metric, rotations scaled by the element's size).
   *
   * So beta K_e v is the material tangent acting on the co-rotated deformation
   * rate: a rigid motion of the current, deformed configuration (any
   * translation and spin) gives exactly no damping force, C_e is symmetric and
   * positive semi-definite (the dissipation v.C_e v >= 0), and for small
   * deformations it is T K_lin T^T, the tangent of the element's material law
   * in its co-rotated frame, up to terms of the order of the strains (for a
   * truss exactly beta EA/L0 n n^T on the current direction n). Units: alpha
   * 1/time, beta time; DOF order that of the element.
   */
  Eigen::MatrixXd
  rayleigh_damping_matrix(const elements::Element &element, double alpha, double beta,
                          const Eigen::Matrix3d              &rotation,
                          const std::vector<Eigen::Vector3d> &current_positions);
} // namespace corot::assembly
