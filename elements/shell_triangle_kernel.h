#pragma once
/**
 * @file
 * Flat three-node shell triangle with small displacements in its own plane
 * axes: the linear kernel of the co-rotational S3 (CorotationalShellTriangle).
 */
#include <Eigen/Dense>

#include <array>

namespace corot::elements
{
  /**
   * Linear flat shell triangle = membrane with drilling rotations + Kirchhoff
   * plate, uncoupled (flat element):
   *
   * - Membrane: Felippa's optimal ANDES triangle (Felippa 2003, "A study of
   *   optimal membrane triangles with drilling freedoms", Comput. Methods
   *   Appl. Mech. Engrg. 192, 2125-2168): the ANDES template
   *   K_m = K_b + K_h with the basic stiffness K_b = L E L^T/(A t) (constant
   *   strain plus the alpha_b-scaled drilling lumping of L) and the higher
   *   order stiffness K_h = T^T K_theta T, built from the deviatoric corner
   *   rotations (theta_i minus the CST rotation (v,x - u,y)/2, T) through the
   *   natural strains along the sides at the mid-points (Q4, Q5, Q6 and
   *   T_e), K_theta = (3/4) beta_0 A t sum_k Q_k^T T_e^T E T_e Q_k; the optimal
   *   signature alpha_b = 3/2, beta_0 = max((1 - 4 nu^2)/2, 0.01),
   *   beta_1..9 = (1, 2, 1, 0, 1, -1, -1, -1, -2). Chosen over Allman's
   *   triangle and the free formulation because it passes the patch test
   *   by construction (K_h is orthogonal to constant strain), has no
   *   spurious zero-energy mode (Allman's element has one, equal drilling
   *   rotations) and its signature was tuned in that paper for in-plane
   *   bending, which is what a drilling triangle in a shell needs most.
   *   It is not exact in bending: a strip in pure in-plane bending on
   *   square cells split by one diagonal, two cells over the depth, is
   *   6.6 % too flexible; the error falls at second order under refinement
   *   (tests/unit/test_shell_triangle_kernel.cc).
   * - Plate: the discrete Kirchhoff triangle DKT (Batoz, Bathe & Ho 1980,
   *   "A study of three-node triangular plate bending elements", Int. J.
   *   Numer. Meth. Engng. 15, 1771-1812, their H_x, H_y shape functions of
   *   the rotations): rotations beta_x, beta_y quadratic,
   *   Kirchhoff constraints at the corners and mid-sides, curvatures linear,
   *   integrated exactly by the three mid-side points. No transverse shear
   *   energy, hence no shear locking and no spurious modes, but also no
   *   shear deformation: valid for thin plates and shells, span (or wave
   *   length) over thickness of about 20 or more, where the Reissner-Mindlin
   *   correction to deflections is about a percent (more at 10, where a
   *   thick-shell (MITC) kernel would be needed).
   *
   * Local axes: x, y in the plane of the element, z its normal. DOFs per node
   * [u v w theta_x theta_y theta_z] (18 in all, node-major), rotations about
   * the local axes (theta_x = w,y, theta_y = -w,x in the Kirchhoff limit).
   * Units: those of the inputs.
   */
  class ShellTriangleKernel
  {
  public:
    using Matrix9  = Eigen::Matrix<double, 9, 9>;
    using Matrix18 = Eigen::Matrix<double, 18, 18>;
    using Matrix3  = Eigen::Matrix3d;

    /**
     * @p local_positions (x, y) of the three nodes in the element plane
     * (counter-clockwise about z, or the area is negative and the
     * constructor throws std::invalid_argument); thickness @p thickness,
     * Young's modulus @p youngs_modulus, Poisson's ratio @p poisson_ratio.
     */
    ShellTriangleKernel(const std::array<Eigen::Vector2d, 3> &local_positions, double thickness,
                        double youngs_modulus, double poisson_ratio);

    /** Area A of the triangle. */
    double
    area() const
    {
      return area_;
    }

    /** Membrane stiffness (ANDES OPT), DOFs [u1 v1 theta_z1 u2 v2 theta_z2 u3 v3 theta_z3]. */
    Matrix9
    membrane_stiffness() const;

    /**
     * The mean (basic) membrane strain [exx, eyy, gxy] of the ANDES element,
     * L^T/(A t) acting on the membrane DOFs (Felippa 2003: the strain the
     * basic stiffness L E L^T/(A t) is the energy of; the higher-order part
     * has zero mean).
     */
    Eigen::Matrix<double, 3, 9>
    membrane_strain_matrix() const;

    /** Plate stiffness (DKT), DOFs [w1 theta_x1 theta_y1 w2 ... theta_y3]. */
    Matrix9
    plate_stiffness() const;

    /** The 18 x 18 stiffness, DOFs [u v w theta_x theta_y theta_z] per node. */
    Matrix18
    stiffness() const;

    /**
     * DKT curvatures kappa = [beta_x,x, beta_y,y, beta_x,y + beta_y,x] at the
     * area coordinates (1 - xi - eta, xi, eta) as a 3 x 9 matrix acting on
     * the plate DOFs (beta_x = -w,x, beta_y = -w,y in the Kirchhoff limit).
     */
    Eigen::Matrix<double, 3, 9>
    curvature_matrix(double xi, double eta) const;

    /** Membrane constitutive matrix E (plane stress, stress per strain [exx, eyy, gxy]). */
    const Matrix3 &
    membrane_elasticity() const
    {
      return plane_stress_;
    }

    /** Bending constitutive matrix D = E t^3/12 (moment per curvature). */
    Matrix3
    bending_elasticity() const
    {
      return plane_stress_ * (thickness_ * thickness_ * thickness_ / 12.0);
    }

    /** Local DOF index of membrane DOF @p k (0..8) in the 18 DOFs. */
    static int
    membrane_dof(const int k)
    {
      return 6 * (k / 3) + (k % 3 == 2 ? 5 : k % 3);
    }

    /** Local DOF index of plate DOF @p k (0..8) in the 18 DOFs. */
    static int
    plate_dof(const int k)
    {
      return 6 * (k / 3) + 2 + k % 3;
    }

  private:
    /** The force lumping L (9 x 3) of a constant membrane stress, alpha_b = 3/2 on the drilling rows. */
    Eigen::Matrix<double, 9, 3>
    force_lumping() const;

    std::array<Eigen::Vector2d, 3> x_;
    double                         thickness_;
    double                         poisson_ratio_;
    double                         area_;
    Matrix3                        plane_stress_;
  };
} // namespace corot::elements
