#pragma once
/**
 * @file
 * Flat four-node shell quadrilateral with small displacements in its own
 * plane axes: the linear kernel meant for the co-rotational S4 (issue 13;
 * the co-rotational quadrilateral and its warping correction are not built
 * yet).
 */
#include <Eigen/Dense>

#include <array>

namespace corot::elements
{
  /**
   * Linear flat shell quadrilateral = membrane with drilling rotations +
   * Kirchhoff plate, uncoupled:
   *
   * - Membrane: the Allman-type quadrilateral of Ibrahimbegovic, Taylor &
   *   Wilson (1990), "A robust quadrilateral membrane finite element with
   *   drilling degrees of freedom", Int. J. Numer. Meth. Engng. 30, 445-457:
   *   bilinear displacements plus, on each side ij (outward normal n, length
   *   l), the quadratic mid-side normal displacement (l/8)(theta_j - theta_i)
   *   carried by the serendipity mid-side functions; the independent
   *   rotation field omega = sum N_i theta_i tied to the continuum rotation
   *   (v,x - u,y)/2 by the penalty (Hughes & Brezzi 1989) gamma t
   *   int (omega - (v,x - u,y)/2)^2 dA with gamma = G (their choice); 3 x 3
   *   Gauss points for both terms (2 x 2 leave a spurious mode on
   *   parallelograms: membrane_stiffness()).
   * - Plate: the discrete Kirchhoff quadrilateral DKQ (Batoz & Ben Tahar
   *   1982, "Evaluation of a new quadrilateral thin plate bending element",
   *   Int. J. Numer. Meth. Engng. 18, 1655-1677): rotations beta_x, beta_y
   *   serendipity-quadratic with the Kirchhoff constraints at the corners
   *   and mid-sides (the H_x, H_y of the DKT, Batoz, Bathe & Ho 1980, on the
   *   four sides), 2 x 2 Gauss points. Thin plates and shells only (no
   *   transverse shear; span over thickness of about 20 or more).
   *
   * Local axes: x, y in the plane, z its normal; nodes counter-clockwise
   * about z, convex. DOFs per node [u v w theta_x theta_y theta_z] (24,
   * node-major), theta_x = w,y, theta_y = -w,x in the Kirchhoff limit.
   */
  class ShellQuadKernel
  {
  public:
    using Matrix12 = Eigen::Matrix<double, 12, 12>;
    using Matrix24 = Eigen::Matrix<double, 24, 24>;

    /**
     * @p local_positions (x, y) of the four nodes (counter-clockwise,
     * convex, or std::invalid_argument), @p thickness, @p youngs_modulus,
     * @p poisson_ratio.
     */
    ShellQuadKernel(const std::array<Eigen::Vector2d, 4> &local_positions, double thickness,
                    double youngs_modulus, double poisson_ratio);

    /** Area of the quadrilateral. */
    double
    area() const;

    /** Membrane stiffness, DOFs [u_i v_i theta_z,i] per node. */
    Matrix12
    membrane_stiffness() const;

    /** Membrane strain [exx, eyy, gxy] at (xi, eta) in [-1, 1]^2 (3 x 12, on [u_i v_i theta_z,i]). */
    Eigen::Matrix<double, 3, 12>
    membrane_strain_matrix(double xi, double eta) const;

    /** Plate stiffness (DKQ), DOFs [w_i theta_x,i theta_y,i] per node. */
    Matrix12
    plate_stiffness() const;

    /** The 24 x 24 stiffness, DOFs [u v w theta_x theta_y theta_z] per node. */
    Matrix24
    stiffness() const;

    /** DKQ curvatures [beta_x,x, beta_y,y, beta_x,y + beta_y,x] at (xi, eta) in [-1, 1]^2 (3 x 12). */
    Eigen::Matrix<double, 3, 12>
    curvature_matrix(double xi, double eta) const;

  private:
    /**
     * Membrane strain @p strain and the drilling penalty's
     * omega - (v,x - u,y)/2 @p skew at (xi, eta); returns det J.
     */
    double
    membrane_strain(double xi, double eta, Eigen::Matrix<double, 3, 12> &strain,
                    Eigen::Matrix<double, 1, 12> &skew) const;

    /** The inverse Jacobian at (xi, eta): [d/dx; d/dy] = @p inverse [d/dxi; d/deta]; returns det J. */
    double
    jacobian(double xi, double eta, Eigen::Matrix2d &inverse) const;

    std::array<Eigen::Vector2d, 4> x_;
    double                         thickness_;
    double                         shear_modulus_;
    Eigen::Matrix3d                plane_stress_;
  };
} // namespace corot::elements
