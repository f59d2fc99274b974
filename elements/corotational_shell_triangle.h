#pragma once
/**
 * @file
 * Three-node co-rotational shell triangle (the kernel of deck type S3, not
 * registered yet: issue 13).
 */
#include <elements/element.h>
#include <elements/shell_definition.h>
#include <elements/shell_triangle_frame.h>
#include <elements/shell_triangle_kernel.h>

#include <Eigen/Dense>

namespace corot::elements
{
  /**
   * Co-rotational flat shell triangle: the frame ShellTriangleFrame carries
   * the rigid motion (EICR: Rankin & Nour-Omid 1988; Felippa & Haugen 2005),
   * and the linear ShellTriangleKernel (ANDES OPT membrane with drilling +
   * DKT plate, thin shells) acts on the deformational DOFs
   * d_l = [u_i, theta_i] in the frame's axes:
   *
   *     W = d_l^T K_l d_l / 2,  f = B^T K_l d_l,  K = B^T K_l B + K_sigma(K_l d_l),
   *
   * K_l the kernel's stiffness at the reference local positions. Small
   * strains, arbitrarily large rotations; the membrane-bending coupling of
   * a curved shell comes from the facets' rotations, so buckling under
   * membrane stress converges with the mesh (no von Karman term inside an
   * element).
   *
   * DOFs, node-major: [UX UY UZ RX RY RZ] of nodes 1, 2, 3 (global axes);
   * rotational columns of tangents are spatial rotation increments
   * (R <- exp(dtheta) R), as for CorotationalBeam3D. The method names and
   * arguments are those of Element (element.h), so that registering the
   * element is a thin adapter.
   */
  class CorotationalShellTriangle
  {
  public:
    using Vector18 = ShellTriangleFrame::Vector18;
    using Matrix18 = ShellTriangleFrame::Matrix18;

    /** @p definition: three reference positions, thickness, E, nu, density. */
    explicit CorotationalShellTriangle(const ShellDefinition &definition);

    /** Number of local DOFs (18). */
    static constexpr unsigned
    n_dofs()
    {
      return 18;
    }

    /** f = B^T f_l and, if @p tangent is given, K = B^T K_l B + K_sigma(f_l). */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const;

    /** W = d_l^T K_l d_l / 2, invariant under superposed rigid motions. */
    double
    strain_energy(const ElementKinematics &state) const;

    /**
     * Mass about the reference configuration (global axes, 18 x 18), density
     * rho, thickness t, area A, reference normal N:
     *
     * - consistent: the linear interpolation of the translations,
     *   rho t A/12 [2 1 1; 1 2 1; 1 1 2] per direction, and of the rotations
     *   with the rotary inertia of the section rho t^3/12 per area about the
     *   in-plane axes, (rho t^3/12)(A/12) [2 1 1; ...] (I - N N^T). Exact
     *   for rigid motions: (1/2) v^T M v is the kinetic energy of the prism
     *   of thickness t (translations are linear in a rigid motion).
     * - lumped: rho t A/3 on each translation and (rho t^3/12)(A/3)(I - N N^T)
     *   on the rotations of each node.
     *
     * No inertia about the normal (drilling): the in-plane spin of the
     * material is carried by the translations, and a drilling inertia would
     * count it twice.
     */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const;

    /** Small-displacement stiffness about the reference (global axes); the tangent at the reference. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const;

    /** The frame (for tests and section output). */
    const ShellTriangleFrame &
    frame() const
    {
      return frame_;
    }

    /** The linear kernel in the reference local axes. */
    const ShellTriangleKernel &
    kernel() const
    {
      return kernel_;
    }

  private:
    ShellDefinition     definition_;
    ShellTriangleFrame  frame_;
    ShellTriangleKernel kernel_;
    Matrix18            local_stiffness_;
  };
} // namespace corot::elements
