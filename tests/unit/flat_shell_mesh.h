#pragma once
/**
 * @file
 * A flat mesh of shell triangles in the plane z = 0 for kernel tests: six
 * DOFs per node [u v w theta_x theta_y theta_z], sparse assembly of
 * ShellTriangleKernel stiffnesses, and a solve with prescribed DOFs
 * (partitioned, Eigen's sparse Cholesky).
 */
#include <elements/shell_triangle_kernel.h>

#include <Eigen/Dense>
#include <Eigen/Sparse>

#include <array>
#include <map>
#include <stdexcept>
#include <vector>

namespace corot::test
{
  struct FlatShellMesh
  {
    std::vector<Eigen::Vector2d>         nodes;
    std::vector<std::array<unsigned, 3>> triangles; ///< counter-clockwise

    /** Rectangle [0, lx] x [y0, y0 + ly], nx x ny cells, each split into two triangles by its diagonal. */
    static FlatShellMesh
    rectangle(const double lx, const double ly, const unsigned nx, const unsigned ny,
              const double y0 = 0.0)
    {
      FlatShellMesh mesh;
      for (unsigned j = 0; j <= ny; ++j)
        for (unsigned i = 0; i <= nx; ++i)
          mesh.nodes.emplace_back(lx * i / nx, y0 + ly * j / ny);
      const auto id = [&](unsigned i, unsigned j) { return j * (nx + 1) + i; };
      for (unsigned j = 0; j < ny; ++j)
        for (unsigned i = 0; i < nx; ++i)
          {
            mesh.triangles.push_back({{id(i, j), id(i + 1, j), id(i + 1, j + 1)}});
            mesh.triangles.push_back({{id(i, j), id(i + 1, j + 1), id(i, j + 1)}});
          }
      return mesh;
    }

    unsigned
    n_dofs() const
    {
      return 6 * nodes.size();
    }

    elements::ShellTriangleKernel
    kernel(const unsigned e, const double t, const double young, const double nu) const
    {
      const auto &tri = triangles[e];
      return elements::ShellTriangleKernel({{nodes[tri[0]], nodes[tri[1]], nodes[tri[2]]}}, t,
                                           young, nu);
    }

    Eigen::SparseMatrix<double>
    stiffness(const double t, const double young, const double nu) const
    {
      std::vector<Eigen::Triplet<double>> entries;
      for (unsigned e = 0; e < triangles.size(); ++e)
        {
          const auto k = kernel(e, t, young, nu).stiffness();
          for (int a = 0; a < 18; ++a)
            for (int b = 0; b < 18; ++b)
              entries.emplace_back(6 * triangles[e][a / 6] + a % 6, 6 * triangles[e][b / 6] + b % 6,
                                   k(a, b));
        }
      Eigen::SparseMatrix<double> k(n_dofs(), n_dofs());
      k.setFromTriplets(entries.begin(), entries.end());
      return k;
    }

    /**
     * Solves K d = f with d[i] = value for the entries of @p prescribed;
     * returns d (prescribed entries included).
     */
    static Eigen::VectorXd
    solve(const Eigen::SparseMatrix<double> &k, const Eigen::VectorXd &f,
          const std::map<unsigned, double> &prescribed)
    {
      const unsigned        n = k.rows();
      std::vector<int>      free_index(n, -1);
      std::vector<unsigned> free;
      for (unsigned i = 0; i < n; ++i)
        if (!prescribed.count(i))
          {
            free_index[i] = free.size();
            free.push_back(i);
          }
      Eigen::VectorXd d = Eigen::VectorXd::Zero(n);
      for (const auto &[i, v] : prescribed)
        d[i] = v;
      const Eigen::VectorXd               rhs_full = f - k * d;
      std::vector<Eigen::Triplet<double>> entries;
      for (int col = 0; col < k.outerSize(); ++col)
        for (Eigen::SparseMatrix<double>::InnerIterator it(k, col); it; ++it)
          if (free_index[it.row()] >= 0 && free_index[it.col()] >= 0)
            entries.emplace_back(free_index[it.row()], free_index[it.col()], it.value());
      Eigen::SparseMatrix<double> kff(free.size(), free.size());
      kff.setFromTriplets(entries.begin(), entries.end());
      Eigen::VectorXd rhs(free.size());
      for (unsigned i = 0; i < free.size(); ++i)
        rhs[i] = rhs_full[free[i]];
      Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver(kff);
      if (solver.info() != Eigen::Success)
        throw std::runtime_error("flat shell mesh: singular reduced stiffness");
      const Eigen::VectorXd x = solver.solve(rhs);
      for (unsigned i = 0; i < free.size(); ++i)
        d[free[i]] = x[i];
      return d;
    }
  };
} // namespace corot::test
