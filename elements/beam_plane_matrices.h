#pragma once
/**
 * @file
 * Local matrices of a straight two-node beam in one bending plane, shared by
 * the 2D and 3D Timoshenko beams.
 */
#include <elements/element.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <array>

namespace corot::elements::beam_plane
{
  /**
   * Shear parameter Phi = 12 EI/(k G A l^2) of stiffness() and mass() (Meijaard 1993, eq. 6);
   * 0 (Euler-Bernoulli) when @p shear_factor k or @p shear_modulus G is not positive.
   */
  double
  shear_parameter(double bending_stiffness, double shear_factor, double shear_modulus, double area,
                  double length);

  /**
   * Bending stiffness for local DOFs (q1, r1, q2, r2): transverse
   * displacement q and rotation r = s dq/dx (s = +1 for v/theta_z, -1 for
   * w/theta_y in a right-handed local frame). Shear enters through
   * Phi = 12 EI/(k G A l^2) only (Meijaard 1993, eq. 6; Przemieniecki 1968):
   * EI/((1+Phi) l^3) [12, 6l, -12, 6l; 6l, (4+Phi)l^2, -6l, (2-Phi)l^2; ...].
   * Exact for end loads, free of shear locking.
   */
  Eigen::Matrix4d
  stiffness(double bending_stiffness, double phi, double length, double sign);

  /**
   * Consistent mass of the shear-flexible beam in one bending plane, for local DOFs
   * (q1, r1, q2, r2) as in stiffness(): the kinetic energy of the exact (static) interpolation
   * of the Timoshenko beam that gives stiffness() (cubic q, quadratic section rotation r, both
   * depending on Phi = 12 EI/(k G A l^2)), with the translational inertia rho A on q and the
   * rotary inertia rho I on the section rotation r (J. S. Przemieniecki, "Theory of Matrix
   * Structural Analysis", McGraw-Hill 1968, ch. 11; Z. Friedman and J. B. Kosmatka, "An
   * improved two-node Timoshenko beam finite element", Computers & Structures 47 (1993)
   * 473-481, the matrices M_rhoA and M_rhoI):
   *   rho A l/(1+Phi)^2 [13/35 + 7Phi/10 + Phi^2/3, (11/210 + 11Phi/120 + Phi^2/24) l, ...]
   * + rho I/((1+Phi)^2 l) [6/5, (1/10 - Phi/2) l, -6/5, (1/10 - Phi/2) l; ...].
   * At Phi = 0 it is the Euler-Bernoulli matrix of the cubic Hermite interpolation,
   * rho A l/420 [156 22l 54 -13l; ...] + rho I/(30 l) [36 3l -36 3l; ...].
   * Units: @p mass_per_length rho A (mass/length), @p rotary_inertia_per_length rho I
   * (mass x length).
   */
  Eigen::Matrix4d
  mass(double mass_per_length, double rotary_inertia_per_length, double phi, double length,
       double sign);

  /** Initial-stress matrix for axial force N: N/(30 l) [36 3l -36 3l; 3l 4l^2 -3l -l^2; ...]. */
  Eigen::Matrix4d
  geometric_stiffness(double axial_force, double length, double sign);

  /** Two-node bar matrix c [1 -1; -1 1] (axial or torsion stiffness). */
  Eigen::Matrix2d
  bar_stiffness(double c);

  /** Two-node consistent bar mass (m/6) [2 1; 1 2]. */
  Eigen::Matrix2d
  bar_mass(double total);

  /**
   * Rotation vector theta (angle x unit axis, radians, |theta| <= pi) of the
   * unit quaternion @p rotation: the rotational DOFs of the small-rotation beams.
   */
  Eigen::Vector3d
  rotation_vector(const Eigen::Quaterniond &rotation);

  /** Adds the N x N plane matrix @p block to @p target at the element indices @p idx. */
  template <int N>
  void
  scatter(Eigen::MatrixXd &target, const Eigen::Matrix<double, N, N> &block,
          const std::array<int, N> &idx)
  {
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        target(idx[i], idx[j]) += block(i, j);
  }

  /**
   * The derivatives, for a relative change of @p property, of a linear beam with stiffness
   * @p stiffness and consistent mass @p mass: dK = K for MODULUS, dM = M for DENSITY, zero
   * otherwise. Throws std::invalid_argument for AREA, which a beam section cannot change alone.
   */
  void
  design_derivative(DesignProperty property, const Eigen::MatrixXd &stiffness,
                    const Eigen::MatrixXd &mass, Eigen::MatrixXd &stiffness_derivative,
                    Eigen::MatrixXd &mass_derivative);
} // namespace corot::elements::beam_plane
