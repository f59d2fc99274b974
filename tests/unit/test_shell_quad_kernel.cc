/**
 * @file
 * Linear shell quadrilateral kernel (ShellQuadKernel: Allman-type membrane
 * with drilling rotations of Ibrahimbegovic, Taylor & Wilson 1990 + DKQ
 * plate): exactly six zero eigenvalues of the 24 x 24 stiffness with the
 * rigid motions in its null space; the membrane and plate patch tests on
 * the MacNeal & Harder (1985) quadrilateral patch; a simply supported square
 * plate converging to the Navier series (Timoshenko & Woinowsky-Krieger
 * 1959, section 30); a membrane strip in pure in-plane bending against
 * plane-stress elasticity.
 */
#include <elements/shell_quad_kernel.h>

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
  struct QuadMesh
  {
    std::vector<Eigen::Vector2d>         nodes;
    std::vector<std::array<unsigned, 4>> quads;

    static QuadMesh
    rectangle(const double lx, const double ly, const unsigned nx, const unsigned ny,
              const double y0 = 0.0)
    {
      QuadMesh mesh;
      for (unsigned j = 0; j <= ny; ++j)
        for (unsigned i = 0; i <= nx; ++i)
          mesh.nodes.emplace_back(lx * i / nx, y0 + ly * j / ny);
      const auto id = [&](unsigned i, unsigned j) { return j * (nx + 1) + i; };
      for (unsigned j = 0; j < ny; ++j)
        for (unsigned i = 0; i < nx; ++i)
          mesh.quads.push_back({{id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)}});
      return mesh;
    }

    ShellQuadKernel
    kernel(const unsigned e, const double t, const double young, const double nu) const
    {
      const auto &q = quads[e];
      return ShellQuadKernel({{nodes[q[0]], nodes[q[1]], nodes[q[2]], nodes[q[3]]}}, t, young, nu);
    }

    Eigen::SparseMatrix<double>
    stiffness(const double t, const double young, const double nu) const
    {
      std::vector<Eigen::Triplet<double>> entries;
      for (unsigned e = 0; e < quads.size(); ++e)
        {
          const auto k = kernel(e, t, young, nu).stiffness();
          for (int a = 0; a < 24; ++a)
            for (int b = 0; b < 24; ++b)
              entries.emplace_back(6 * quads[e][a / 6] + a % 6, 6 * quads[e][b / 6] + b % 6,
                                   k(a, b));
        }
      Eigen::SparseMatrix<double> k(6 * nodes.size(), 6 * nodes.size());
      k.setFromTriplets(entries.begin(), entries.end());
      return k;
    }
  };

  const std::array<Eigen::Vector2d, 4> quad{{Eigen::Vector2d(0.2, -0.1), Eigen::Vector2d(2.3, 0.3),
                                             Eigen::Vector2d(1.9, 1.6),
                                             Eigen::Vector2d(-0.3, 1.2)}};
} // namespace

TEST(ShellQuadKernel, SixRigidBodyModesExactly)
{
  const ShellQuadKernel kernel(quad, 0.05, 2.1e5, 0.3);
  const auto            k = kernel.stiffness();
  EXPECT_LT((k - k.transpose()).norm(), 1e-13 * k.norm());
  const Eigen::SelfAdjointEigenSolver<ShellQuadKernel::Matrix24> eigen(k);
  const Eigen::VectorXd                                          lambda = eigen.eigenvalues();
  std::cout << "eigenvalues of the 24 x 24 stiffness / max:";
  for (int i = 0; i < 24; ++i)
    std::cout << ' ' << std::setprecision(3) << lambda[i] / lambda[23];
  std::cout << '\n';
  for (int i = 0; i < 6; ++i)
    EXPECT_LT(std::abs(lambda[i]), 1e-13 * lambda[23]) << i;
  EXPECT_GT(lambda[6], 1e-8 * lambda[23]);
  Eigen::Matrix<double, 24, 6> r = Eigen::Matrix<double, 24, 6>::Zero();
  for (int a = 0; a < 4; ++a)
    {
      for (int c = 0; c < 3; ++c)
        r(6 * a + c, c) = 1.0;
      r(6 * a + 2, 3) = quad[a].y();
      r(6 * a + 3, 3) = 1.0;
      r(6 * a + 2, 4) = -quad[a].x();
      r(6 * a + 4, 4) = 1.0;
      r(6 * a + 0, 5) = -quad[a].y();
      r(6 * a + 1, 5) = quad[a].x();
      r(6 * a + 5, 5) = 1.0;
    }
  EXPECT_LT((k * r).norm(), 1e-13 * k.norm() * r.norm());
}

TEST(ShellQuadKernel, NoSpuriousModeOnParallelograms)
{
  // With 2 x 2 Gauss points the membrane had a seventh zero eigenvalue on
  // every parallelogram (drilling rotations +c, -c, +c, -c with an in-plane
  // hourglass); a one-element strip, or a ring band of rectangles, was then
  // singular. The general quadrilateral above never showed it.
  const std::vector<std::array<Eigen::Vector2d, 4>> shapes = {
    {{Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 0), Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 1)}},
    {{Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 0), Eigen::Vector2d(1, 0.5),
      Eigen::Vector2d(0, 0.5)}},
    {{Eigen::Vector2d(0, 0), Eigen::Vector2d(2, 0), Eigen::Vector2d(2.6, 0.8),
      Eigen::Vector2d(0.6, 0.8)}}};
  for (const auto &shape : shapes)
    {
      const ShellQuadKernel                                          kernel(shape, 0.01, 1e5, 0.0);
      const Eigen::SelfAdjointEigenSolver<ShellQuadKernel::Matrix12> membrane(
        kernel.membrane_stiffness());
      const Eigen::VectorXd lambda = membrane.eigenvalues();
      // Three rigid in-plane motions (two translations, the rotation with theta = omega).
      for (int i = 0; i < 3; ++i)
        EXPECT_LT(std::abs(lambda[i]), 1e-13 * lambda[11]) << i;
      EXPECT_GT(lambda[3], 1e-3 * lambda[11]) << "corner (" << shape[2].transpose() << ")";
    }
}

TEST(ShellQuadKernel, PatchTestsConstantStrainAndCurvature)
{
  // MacNeal & Harder (1985) patch of five quadrilaterals, E = 1e6, nu = 0.25, t = 0.001.
  QuadMesh mesh;
  mesh.nodes   = {{0.0, 0.0},   {0.24, 0.0},  {0.24, 0.12}, {0.0, 0.12},
                  {0.04, 0.02}, {0.18, 0.03}, {0.16, 0.08}, {0.08, 0.08}};
  mesh.quads   = {{{0, 1, 5, 4}}, {{1, 2, 6, 5}}, {{2, 3, 7, 6}}, {{3, 0, 4, 7}}, {{4, 5, 6, 7}}};
  const auto k = mesh.stiffness(0.001, 1.0e6, 0.25);
  const auto exact = [](const Eigen::Vector2d &p) {
    const double                x = p.x(), y = p.y();
    Eigen::Matrix<double, 6, 1> d;
    const double                w_x = 1e-3 * (1.0 + x + y / 2.0), w_y = 1e-3 * (1.0 + x / 2.0 + y);
    d << 1e-3 * (1.0 + x + y / 2.0) + 2e-3 * y, 1e-3 * (1.0 + y + x / 2.0),
      1e-3 * (1.0 + x + y + (x * x + x * y + y * y) / 2.0), w_y, -w_x,
      0.5 * (1e-3 / 2.0 - 1e-3 / 2.0 - 2e-3);
    return d;
  };
  std::map<unsigned, double> prescribed;
  for (unsigned n = 0; n < 4; ++n)
    for (int c = 0; c < 6; ++c)
      prescribed[6 * n + c] = exact(mesh.nodes[n])[c];
  const Eigen::VectorXd d     = FlatShellMesh::solve(k, Eigen::VectorXd::Zero(48), prescribed);
  double                error = 0.0;
  for (unsigned n = 4; n < 8; ++n)
    error = std::max(error, (d.segment<6>(6 * n) - exact(mesh.nodes[n])).cwiseAbs().maxCoeff());
  std::cout << "quadrilateral patch test: max interior DOF error " << error
            << " (field of size 1e-3)\n";
  EXPECT_LT(error, 1e-14);
}

TEST(ShellQuadKernel, SimplySupportedSquarePlateConvergesToNavierSeries)
{
  const double a = 1.0, t = 0.01, e = 1.0e7, poisson = 0.3, q = 1.0;
  const double d_plate = e * t * t * t / (12.0 * (1.0 - poisson * poisson));
  double       series  = 0.0;
  for (int m = 1; m < 2000; m += 2)
    for (int n = 1; n < 2000; n += 2)
      series += ((((m + n) / 2 - 1) % 2 == 0) ? 1.0 : -1.0) / (m * n * std::pow(m * m + n * n, 2));
  const double        exact = 16.0 * q * std::pow(a, 4) / (std::pow(M_PI, 6) * d_plate) * series;
  std::vector<double> errors;
  for (const unsigned n : {4u, 8u, 16u, 32u})
    {
      const QuadMesh  mesh = QuadMesh::rectangle(a, a, n, n);
      Eigen::VectorXd f    = Eigen::VectorXd::Zero(6 * mesh.nodes.size());
      for (unsigned el = 0; el < mesh.quads.size(); ++el)
        for (const unsigned node : mesh.quads[el])
          f[6 * node + 2] += q * mesh.kernel(el, t, e, poisson).area() / 4.0;
      std::map<unsigned, double> prescribed;
      for (unsigned node = 0; node < mesh.nodes.size(); ++node)
        {
          const Eigen::Vector2d &p      = mesh.nodes[node];
          const bool             x_edge = p.x() < 1e-12 || p.x() > a - 1e-12;
          const bool             y_edge = p.y() < 1e-12 || p.y() > a - 1e-12;
          for (const int c : {0, 1, 5})
            prescribed[6 * node + c] = 0.0;
          if (x_edge || y_edge)
            prescribed[6 * node + 2] = 0.0;
          if (x_edge)
            prescribed[6 * node + 3] = 0.0;
          if (y_edge)
            prescribed[6 * node + 4] = 0.0;
        }
      const Eigen::VectorXd d = FlatShellMesh::solve(mesh.stiffness(t, e, poisson), f, prescribed);
      const unsigned        centre = (n / 2) * (n + 1) + n / 2;
      errors.push_back(std::abs(d[6 * centre + 2] - exact) / exact);
      std::cout << "SS plate " << n << " x " << n << " DKQ: w_c = " << std::setprecision(8)
                << d[6 * centre + 2] << " (Navier " << exact << "), relative error "
                << std::setprecision(3) << errors.back();
      if (errors.size() > 1)
        std::cout << ", observed order " << std::log2(errors[errors.size() - 2] / errors.back());
      std::cout << '\n';
    }
  EXPECT_LT(errors.back(), 2e-3);
  const double order = std::log2(errors[2] / errors[3]);
  EXPECT_GT(order, 1.8);
  EXPECT_LT(order, 2.2);
}

TEST(ShellQuadKernel, MembraneStripInPureBending)
{
  // As for the triangle: strip L = 10, H = 1, end couple, exact v(L, 0) = -M L^2/(2 E I).
  const double        l = 10.0, h = 1.0, t = 0.1, e = 1.0e5, poisson = 0.25, moment = 1.0;
  const double        inertia = t * h * h * h / 12.0, exact = -moment / (e * inertia) * l * l / 2.0;
  std::vector<double> errors;
  for (const unsigned ny : {2u, 4u, 8u, 16u})
    {
      const unsigned             nx   = 10 * ny;
      const QuadMesh             mesh = QuadMesh::rectangle(l, h, nx, ny, -h / 2.0);
      Eigen::VectorXd            f    = Eigen::VectorXd::Zero(6 * mesh.nodes.size());
      std::map<unsigned, double> prescribed;
      for (unsigned node = 0; node < mesh.nodes.size(); ++node)
        {
          const Eigen::Vector2d &p = mesh.nodes[node];
          for (const int c : {2, 3, 4})
            prescribed[6 * node + c] = 0.0;
          if (p.x() < 1e-12)
            {
              prescribed[6 * node + 0] = 0.0;
              if (std::abs(p.y()) < 1e-12)
                prescribed[6 * node + 1] = 0.0;
            }
        }
      for (unsigned j = 0; j < ny; ++j)
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
                << " quadrilaterals: v_tip/exact = " << std::setprecision(10)
                << d[6 * tip + 1] / exact;
      if (errors.size() > 1)
        std::cout << ", observed order " << std::setprecision(3)
                  << std::log2(errors[errors.size() - 2] / errors.back());
      std::cout << '\n';
    }
  EXPECT_LT(errors.back(), 5e-3);
}
