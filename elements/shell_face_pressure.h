#pragma once
/**
 * @file
 * Nodal forces of a uniform pressure on a flat S3 or S4 shell face, and their
 * load stiffness when the pressure follows the face.
 */
#include <Eigen/Dense>

#include <vector>

namespace corot::elements
{
  /**
   * The consistent nodal forces of a uniform pressure @p pressure on the face
   * of a three-node triangle or a four-node (bilinear, possibly warped)
   * quadrilateral whose nodes are at @p positions, and, if @p derivative is
   * not null, their derivative with respect to the node positions (the load
   * stiffness of a follower pressure):
   *
   *     F_a = p ∫ N_a (x,ξ × x,η) dξ dη,
   *     dF_a/dx_b = p ∫ N_a (N_b,η [x,ξ]× − N_b,ξ [x,η]×) dξ dη,
   *
   * with x(ξ, η) = Σ_b N_b x_b the linear (triangle) or bilinear (quad)
   * interpolation of the face, [v]× the cross-product matrix, and the
   * integrals over the reference triangle or unit square. A positive pressure
   * acts along the face normal of the node order (right-hand rule), as in
   * CalculiX and Abaqus for conventional shells (*DLOAD, P: "the force
   * vector points along the element SPOS normal"). The integrands are
   * polynomials of degree 1 (triangle) and 2 per direction (quad), so the
   * one-point and 2 × 2 Gauss rules integrate them exactly. The sum of
   * dF/dx over a closed surface, or one whose edges are held, is symmetric;
   * on a single face it is not (Schweizerhof & Ramm 1984, "Displacement
   * dependent pressure loads in nonlinear finite element analyses",
   * Computers & Structures 18, 1099-1114).
   *
   * @p force has 3 N entries and @p derivative 3 N × 3 N, node-major
   * (x, y, z of node 1, then node 2, ...).
   */
  void
  face_pressure_load(const std::vector<Eigen::Vector3d> &positions, double pressure,
                     Eigen::VectorXd &force, Eigen::MatrixXd *derivative);
} // namespace corot::elements
