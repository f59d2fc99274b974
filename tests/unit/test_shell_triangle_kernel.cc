/**
 * @file
 * Linear shell triangle kernel (ShellTriangleKernel: ANDES OPT membrane with
 * drilling rotations + DKT plate): exactly six zero eigenvalues of the 18 x 18
 * stiffness with the rigid motions in its null space; the membrane and plate
 * patch tests on the MacNeal & Harder (1985) patch (constant strain and
 * constant curvature reproduced exactly at the interior nodes); a simply
 * supported square plate under uniform pressure converging to the Navier
 * series of Timoshenko & Woinowsky-Krieger (1959, section 30) at second
 * order; a membrane strip in pure in-plane bending against the plane-stress
 * elasticity solution (Timoshenko & Goodier 1970, section 22).
 */
#include <elements/shell_triangle_kernel.h>

#include "flat_shell_mesh.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iomanip>
#include <iostream>

using namespace corot;
using namespace corot::elements;
using namespace corot::test;

namespace
{
  // A general triangle (no right angle, no symmetry), mm, N.
  const std::array<Eigen::Vector2d, 3> triangle{
    {Eigen::Vector2d(0.3, -0.2), Eigen::Vector2d(2.1, 0.4), Eigen::Vector2d(0.8, 1.7)}};
  constexpr double thickness = 0.05, young = 2.1e5, nu = 0.3;

  /** Rigid motions in the local DOFs: translations, then rotations about x, y, z through the origin. */
  Eigen::Matrix<double, 18, 6>
  rigid_modes(const std::array<Eigen::Vector2d, 3> &x)
  {
    Eigen::Matrix<double, 18, 6> r = Eigen::Matrix<double, 18, 6>::Zero();
    for (int a = 0; a < 3; ++a)
      {
        for (int k = 0; k < 3; ++k)
          r(6 * a + k, k) = 1.0;
        // Rotation omega: displacement omega x (x, y, 0), nodal rotation omega.
        r(6 * a + 2, 3) = x[a].y(); // about x: w = y
        r(6 * a + 3, 3) = 1.0;
        r(6 * a + 2, 4) = -x[a].x(); // about y: w = -x
        r(6 * a + 4, 4) = 1.0;
        r(6 * a + 0, 5) = -x[a].y(); // about z: u = -y, v = x
        r(6 * a + 1, 5) = x[a].x();
        r(6 * a + 5, 5) = 1.0;
      }
    return r;
  }

  /** The MacNeal & Harder (1985) patch: 0.24 x 0.12 rectangle, four interior nodes, five quads split in two. */
  FlatShellMesh
  macneal_harder_patch()
  {
    FlatShellMesh mesh;
    mesh.nodes = {{0.0, 0.0},   {0.24, 0.0},  {0.24, 0.12}, {0.0, 0.12},
                  {0.04, 0.02}, {0.18, 0.03}, {0.16, 0.08}, {0.08, 0.08}};
    const std::array<std::array<unsigned, 4>, 5> quads{
      {{{0, 1, 5, 4}}, {{1, 2, 6, 5}}, {{2, 3, 7, 6}}, {{3, 0, 4, 7}}, {{4, 5, 6, 7}}}};
    for (const auto &q : quads)
      {
        mesh.triangles.push_back({{q[0], q[1], q[2]}});
        mesh.triangles.push_back({{q[0], q[2], q[3]}});
      }
    return mesh;
  }
} // namespace

TEST(ShellTriangleKernel, SixRigidBodyModesExactly)
{
  const ShellTriangleKernel kernel(triangle, thickness, young, nu);
  const auto                k = kernel.stiffness();
  EXPECT_LT((k - k.transpose()).norm(), 1e-13 * k.norm());
  const Eigen::SelfAdjointEigenSolver<ShellTriangleKernel::Matrix18> eigen(k);
  const Eigen::VectorXd                                              lambda = eigen.eigenvalues();
  std::cout << "eigenvalues of the 18 x 18 stiffness / max:";
  for (int i = 0; i < 18; ++i)
    std::cout << ' ' << std::setprecision(3) << lambda[i] / lambda[17];
  std::cout << '\n';
  for (int i = 0; i < 6; ++i)
    EXPECT_LT(std::abs(lambda[i]), 1e-13 * lambda[17]) << i;
  EXPECT_GT(lambda[6], 1e-8 * lambda[17]);
  // The zero modes are the rigid motions.
  const auto r = rigid_modes(triangle);
  EXPECT_LT((k * r).norm(), 1e-13 * k.norm() * r.norm());

  // Membrane and plate separately: three zero eigenvalues each.
  for (const auto &part : {kernel.membrane_stiffness(), kernel.plate_stiffness()})
    {
      const Eigen::SelfAdjointEigenSolver<ShellTriangleKernel::Matrix9> e9(part);
      EXPECT_LT(std::abs(e9.eigenvalues()[2]), 1e-13 * e9.eigenvalues()[8]);
      EXPECT_GT(e9.eigenvalues()[3], 1e-6 * e9.eigenvalues()[8]);
    }
}

TEST(ShellTriangleKernel, PatchTestsConstantStrainAndCurvature)
{
  // MacNeal & Harder (1985) patch, E = 1e6, nu = 0.25, t = 0.001. Boundary
  // nodes get the exact linear membrane field (with the drilling rotation
  // (v,x - u,y)/2) and the exact quadratic deflection (constant curvature,
  // theta_x = w,y, theta_y = -w,x); the interior nodes must reproduce it.
  const FlatShellMesh mesh  = macneal_harder_patch();
  const auto          k     = mesh.stiffness(0.001, 1.0e6, 0.25);
  const auto          exact = [](const Eigen::Vector2d &p) {
    const double                x = p.x(), y = p.y();
    Eigen::Matrix<double, 6, 1> d;
    const double                u = 1e-3 * (1.0 + x + y / 2.0),
                 v                = 1e-3 * (1.0 + y + x / 2.0); // MacNeal-Harder field
    const double w                = 1e-3 * (1.0 + x + y + (x * x + x * y + y * y) / 2.0);
    const double w_x = 1e-3 * (1.0 + x + y / 2.0), w_y = 1e-3 * (1.0 + x / 2.0 + y);
    const double rot = 0.5 * (1e-3 / 2.0 - 1e-3 / 2.0); // (v,x - u,y)/2
    d << u, v, w, w_y, -w_x, rot;
    return d;
  };
  std::map<unsigned, double> prescribed;
  for (unsigned n = 0; n < 4; ++n)
    for (int k6 = 0; k6 < 6; ++k6)
      prescribed[6 * n + k6] = exact(mesh.nodes[n])[k6];
  const Eigen::VectorXd d =
    FlatShellMesh::solve(k, Eigen::VectorXd::Zero(mesh.n_dofs()), prescribed);
  double error = 0.0;
  for (unsigned n = 4; n < 8; ++n)
    error = std::max(error, (d.segment<6>(6 * n) - exact(mesh.nodes[n])).cwiseAbs().maxCoeff());
  std::cout << "patch test: max interior DOF error " << error << " (field of size 1e-3)\n";
  EXPECT_LT(error, 1e-14);

  // A drilling-active field: an in-plane rotation differing from the shear
  // part, u = -c y, v = c x (rigid) plus shear: u,y = 2e-3, v,x = 0.
  const auto exact2 = [](const Eigen::Vector2d &p) {
    Eigen::Matrix<double, 6, 1> d = Eigen::Matrix<double, 6, 1>::Zero();
    d[0]                          = 3e-3 * p.x() + 2e-3 * p.y();
    d[1]                          = -1e-3 * p.y();
    d[5]                          = 0.5 * (0.0 - 2e-3);
    return d;
  };
  for (unsigned n = 0; n < 4; ++n)
    for (int k6 = 0; k6 < 6; ++k6)
      prescribed[6 * n + k6] = exact2(mesh.nodes[n])[k6];
  const Eigen::VectorXd d2 =
    FlatShellMesh::solve(k, Eigen::VectorXd::Zero(mesh.n_dofs()), prescribed);
  error = 0.0;
  for (unsigned n = 4; n < 8; ++n)
    error = std::max(error, (d2.segment<6>(6 * n) - exact2(mesh.nodes[n])).cwiseAbs().maxCoeff());
  std::cout << "membrane shear patch test: max interior DOF error " << error << '\n';
  EXPECT_LT(error, 1e-14);
}

TEST(ShellTriangleKernel, SimplySupportedSquarePlateConvergesToNavierSeries)
{
  // Square plate a = 1, t = 0.01, E = 1e7, nu = 0.3, uniform pressure q = 1,
  // simply supported on all edges (w = 0 and the rotation about the edge
  // normal, the tangential slope, = 0). Reference: the Navier series for the
  // centre deflection, Timoshenko & Woinowsky-Krieger (1959), section 30,
  // w = 16 q a^4/(pi^6 D) sum_{m,n odd} (-1)^((m+n)/2-1)/(m n (m^2+n^2)^2) = 0.00406 q a^4/D.
  const double a = 1.0, t = 0.01, e = 1.0e7, poisson = 0.3, q = 1.0;
  const double d_plate = e * t * t * t / (12.0 * (1.0 - poisson * poisson));
  double       series  = 0.0;
  for (int m = 1; m < 2000; m += 2)
    for (int n = 1; n < 2000; n += 2)
      series += ((((m + n) / 2 - 1) % 2 == 0) ? 1.0 : -1.0) / (m * n * std::pow(m * m + n * n, 2));
  const double exact = 16.0 * q * std::pow(a, 4) / (std::pow(M_PI, 6) * d_plate) * series;
  std::cout << "Navier centre deflection " << std::setprecision(10) << exact << " = "
            << exact * d_plate / (q * std::pow(a, 4)) << " q a^4/D\n";
  EXPECT_NEAR(exact * d_plate / (q * std::pow(a, 4)), 0.00406, 5e-6); // the table's three digits

  std::vector<double> errors;
  for (const unsigned n : {4u, 8u, 16u, 32u})
    {
      const FlatShellMesh mesh = FlatShellMesh::rectangle(a, a, n, n);
      Eigen::VectorXd     f    = Eigen::VectorXd::Zero(mesh.n_dofs());
      for (unsigned el = 0; el < mesh.triangles.size(); ++el)
        for (const unsigned node : mesh.triangles[el])
          f[6 * node + 2] += q * mesh.kernel(el, t, e, poisson).area() / 3.0;
      std::map<unsigned, double> prescribed;
      for (unsigned node = 0; node < mesh.nodes.size(); ++node)
        {
          const Eigen::Vector2d &p      = mesh.nodes[node];
          const bool             x_edge = p.x() < 1e-12 || p.x() > a - 1e-12;
          const bool             y_edge = p.y() < 1e-12 || p.y() > a - 1e-12;
          for (const int k6 : {0, 1, 5})
            prescribed[6 * node + k6] = 0.0; // no membrane action
          if (x_edge || y_edge)
            prescribed[6 * node + 2] = 0.0;
          if (x_edge)
            prescribed[6 * node + 3] = 0.0; // theta_x = w,y = 0 along x = const
          if (y_edge)
            prescribed[6 * node + 4] = 0.0; // theta_y = -w,x = 0 along y = const
        }
      const Eigen::VectorXd d = FlatShellMesh::solve(mesh.stiffness(t, e, poisson), f, prescribed);
      const unsigned        centre = (n / 2) * (n + 1) + n / 2;
      const double          w      = d[6 * centre + 2];
      errors.push_back(std::abs(w - exact) / exact);
      std::cout << "SS plate " << n << " x " << n << " x 2 DKT: w_c = " << std::setprecision(8) << w
                << ", relative error " << std::setprecision(3) << errors.back();
      if (errors.size() > 1)
        std::cout << ", observed order " << std::log2(errors[errors.size() - 2] / errors.back());
      std::cout << '\n';
    }
  EXPECT_LT(errors.back(), 2e-3);
  const double order = std::log2(errors[2] / errors[3]);
  EXPECT_GT(order, 1.8);
  EXPECT_LT(order, 2.2);
}

TEST(ShellTriangleKernel, MembraneStripInPureBending)
{
  // Strip L = 10, H = 1 (y from -H/2 to H/2), t = 0.1, E = 1e5, nu = 0.25,
  // end couple M as the linear traction sigma_xx = M y/I at x = L. Plane
  // stress elasticity (Timoshenko & Goodier, pure bending of a beam): u = -k x y,
  // v = k (x^2 + nu y^2)/2, k = -M/(E I) (the traction puts y > 0 in
  // tension), I = t H^3/12, so v(L, 0) = k L^2/2, with u = 0 on x = 0 and
  // v = 0 at (0, 0). Square cells, refined in both directions.
  const double l = 10.0, h = 1.0, t = 0.1, e = 1.0e5, poisson = 0.25, moment = 1.0;
  const double inertia = t * h * h * h / 12.0, kappa = -moment / (e * inertia),
               exact = kappa * l * l / 2.0;
  std::vector<double> errors;
  for (const unsigned ny : {2u, 4u, 8u, 16u})
    {
      const unsigned             nx   = 10 * ny;
      const FlatShellMesh        mesh = FlatShellMesh::rectangle(l, h, nx, ny, -h / 2.0);
      Eigen::VectorXd            f    = Eigen::VectorXd::Zero(mesh.n_dofs());
      std::map<unsigned, double> prescribed;
      for (unsigned node = 0; node < mesh.nodes.size(); ++node)
        {
          const Eigen::Vector2d &p = mesh.nodes[node];
          for (const int k6 : {2, 3, 4})
            prescribed[6 * node + k6] = 0.0; // no plate action
          if (p.x() < 1e-12)
            {
              prescribed[6 * node + 0] = 0.0;
              if (std::abs(p.y()) < 1e-12)
                prescribed[6 * node + 1] = 0.0;
            }
        }
      for (unsigned j = 0; j < ny;
           ++j) // consistent forces of the linear traction on each edge segment
        {
          const unsigned a = j * (nx + 1) + nx, b = a + nx + 1;
          const double   ya = mesh.nodes[a].y(), yb = mesh.nodes[b].y(), seg = yb - ya;
          const double   ta = moment * ya / inertia * t, tb = moment * yb / inertia * t;
          f[6 * a] += seg * (2.0 * ta + tb) / 6.0;
          f[6 * b] += seg * (ta + 2.0 * tb) / 6.0;
        }
      const Eigen::VectorXd d = FlatShellMesh::solve(mesh.stiffness(t, e, poisson), f, prescribed);
      const unsigned        tip = (ny / 2) * (nx + 1) + nx;
      errors.push_back(std::abs(d[6 * tip + 1] / exact - 1.0));
      std::cout << "strip in pure bending, " << nx << " x " << ny
                << " x 2 ANDES OPT: v_tip/exact = " << std::setprecision(10)
                << d[6 * tip + 1] / exact;
      if (errors.size() > 1)
        std::cout << ", observed order " << std::setprecision(3)
                  << std::log2(errors[errors.size() - 2] / errors.back());
      std::cout << '\n';
    }
  for (unsigned i = 1; i < errors.size(); ++i)
    EXPECT_LT(errors[i], 0.5 * errors[i - 1]);
  EXPECT_LT(errors.back(), 2e-3);
}
