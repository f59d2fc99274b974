/**
 * @file
 * Pressure on shell faces (elements::face_pressure_load): the resultant p A n
 * of flat faces in closed form; on a closed polyhedron the nodal forces are
 * the gradient of p V (V the enclosed volume: the pressure is conservative
 * there) and the summed load stiffness is symmetric (Schweizerhof & Ramm
 * 1984); the load stiffness of single triangles and warped quadrilaterals
 * against central differences of the forces.
 */
#include <elements/shell_face_pressure.h>

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

using namespace corot::elements;

namespace
{
  using Faces = std::vector<std::vector<unsigned>>;

  /** A hexahedron's six quadrilateral faces, numbered so their normals point outwards. */
  const Faces hexahedron_faces = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                                  {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};

  /** The same hexahedron as twelve triangles (each quad split along a diagonal). */
  Faces
  triangulated(const Faces &quads)
  {
    Faces triangles;
    for (const auto &q : quads)
      {
        triangles.push_back({q[0], q[1], q[2]});
        triangles.push_back({q[0], q[2], q[3]});
      }
    return triangles;
  }

  std::vector<Eigen::Vector3d>
  perturbed_cube(const unsigned seed, const double amount)
  {
    std::mt19937                           generator(seed);
    std::uniform_real_distribution<double> uniform(-amount, amount);
    std::vector<Eigen::Vector3d>           x;
    for (const auto &corner : std::vector<std::array<double, 3>>{{{0, 0, 0}},
                                                                 {{1, 0, 0}},
                                                                 {{1, 1, 0}},
                                                                 {{0, 1, 0}},
                                                                 {{0, 0, 1}},
                                                                 {{1, 0, 1}},
                                                                 {{1, 1, 1}},
                                                                 {{0, 1, 1}}})
      x.emplace_back(corner[0] + uniform(generator), corner[1] + uniform(generator),
                     corner[2] + uniform(generator));
    return x;
  }

  /**
   * Global nodal forces and summed load stiffness of @p pressure on @p faces
   * of the polyhedron with vertices @p x.
   */
  void
  assemble(const std::vector<Eigen::Vector3d> &x, const Faces &faces, const double pressure,
           Eigen::VectorXd &force, Eigen::MatrixXd &stiffness)
  {
    const unsigned n = x.size();
    force            = Eigen::VectorXd::Zero(3 * n);
    stiffness        = Eigen::MatrixXd::Zero(3 * n, 3 * n);
    for (const auto &face : faces)
      {
        std::vector<Eigen::Vector3d> positions;
        for (const unsigned node : face)
          positions.push_back(x[node]);
        Eigen::VectorXd f;
        Eigen::MatrixXd k;
        face_pressure_load(positions, pressure, f, &k);
        for (unsigned a = 0; a < face.size(); ++a)
          {
            force.segment<3>(3 * face[a]) += f.segment<3>(3 * a);
            for (unsigned b = 0; b < face.size(); ++b)
              stiffness.block<3, 3>(3 * face[a], 3 * face[b]) += k.block<3, 3>(3 * a, 3 * b);
          }
      }
  }

  /**
   * Volume enclosed by @p faces: (1/3) ∮ x · n dA with the faces' own
   * interpolation (bilinear quads: the exact volume under the hyperbolic
   * paraboloid by 2 × 2 Gauss points, which integrate x · (x,ξ × x,η) exactly).
   */
  double
  volume(const std::vector<Eigen::Vector3d> &x, const Faces &faces)
  {
    double v = 0.0;
    for (const auto &face : faces)
      if (face.size() == 3)
        v += x[face[0]].dot((x[face[1]] - x[face[0]]).cross(x[face[2]] - x[face[0]])) / 6.0;
      else
        {
          const double g[2] = {0.5 - 0.5 / std::sqrt(3.0), 0.5 + 0.5 / std::sqrt(3.0)};
          for (const double xi : g)
            for (const double eta : g)
              {
                const double    N[4]    = {(1 - xi) * (1 - eta), xi * (1 - eta), xi * eta,
                                           (1 - xi) * eta};
                const double    dxi[4]  = {-(1 - eta), 1 - eta, eta, -eta};
                const double    deta[4] = {-(1 - xi), -xi, xi, 1 - xi};
                Eigen::Vector3d p = Eigen::Vector3d::Zero(), p_xi = p, p_eta = p;
                for (unsigned a = 0; a < 4; ++a)
                  {
                    p += N[a] * x[face[a]];
                    p_xi += dxi[a] * x[face[a]];
                    p_eta += deta[a] * x[face[a]];
                  }
                v += 0.25 * p.dot(p_xi.cross(p_eta)) / 3.0;
              }
        }
    return v;
  }
} // namespace

TEST(ShellFacePressure, FlatFacesCarryPressureTimesAreaAlongTheNormal)
{
  // Triangle (0,0,0), (2,0,0), (0,3,0): A = 3, normal +z; a third on each node.
  Eigen::VectorXd f;
  face_pressure_load({Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(2, 0, 0), Eigen::Vector3d(0, 3, 0)},
                     5.0, f, nullptr);
  for (unsigned a = 0; a < 3; ++a)
    EXPECT_NEAR((f.segment<3>(3 * a) - Eigen::Vector3d(0, 0, 5.0)).norm(), 0.0, 1e-14);
  // Rectangle 2 x 1 in the y-z plane, nodes counter-clockwise about +x: a quarter each.
  face_pressure_load({Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(0, 2, 0), Eigen::Vector3d(0, 2, 1),
                      Eigen::Vector3d(0, 0, 1)},
                     -3.0, f, nullptr);
  for (unsigned a = 0; a < 4; ++a)
    EXPECT_NEAR((f.segment<3>(3 * a) - Eigen::Vector3d(-1.5, 0, 0)).norm(), 0.0, 1e-14);
}

TEST(ShellFacePressure, ClosedSurfaceForceIsTheGradientOfPressureTimesVolume)
{
  const double pressure = 2.5;
  for (const Faces &faces : {hexahedron_faces, triangulated(hexahedron_faces)})
    for (unsigned seed = 1; seed <= 3; ++seed)
      {
        const std::vector<Eigen::Vector3d> x = perturbed_cube(seed, 0.2);
        Eigen::VectorXd                    force;
        Eigen::MatrixXd                    stiffness;
        assemble(x, faces, pressure, force, stiffness);
        // No net force on a closed surface, and F = p dV/dx (central differences).
        Eigen::Vector3d net = Eigen::Vector3d::Zero();
        for (unsigned a = 0; a < x.size(); ++a)
          net += force.segment<3>(3 * a);
        EXPECT_LT(net.norm(), 1e-13);
        const double h = 1e-6;
        for (unsigned i = 0; i < force.size(); ++i)
          {
            std::vector<Eigen::Vector3d> plus = x, minus = x;
            plus[i / 3][i % 3] += h;
            minus[i / 3][i % 3] -= h;
            const double gradient =
              pressure * (volume(plus, faces) - volume(minus, faces)) / (2 * h);
            EXPECT_NEAR(force[i], gradient, 1e-8) << "faces " << faces.size() << ", dof " << i;
          }
        // Conservative on a closed surface: the load stiffness is the Hessian of p V.
        EXPECT_LT((stiffness - stiffness.transpose()).norm(), 1e-13 * stiffness.norm());
      }
}

TEST(ShellFacePressure, LoadStiffnessMatchesCentralDifferences)
{
  std::mt19937                           generator(7);
  std::uniform_real_distribution<double> uniform(-0.3, 0.3);
  for (const unsigned n : {3u, 4u})
    for (unsigned sample = 0; sample < 5; ++sample)
      {
        // A warped face: the unit square (or its lower triangle) with random corners.
        std::vector<Eigen::Vector3d> x = {Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 0, 0),
                                          Eigen::Vector3d(1, 1, 0), Eigen::Vector3d(0, 1, 0)};
        x.resize(n);
        for (auto &p : x)
          p += Eigen::Vector3d(uniform(generator), uniform(generator), uniform(generator));
        Eigen::VectorXd f;
        Eigen::MatrixXd k;
        face_pressure_load(x, 1.7, f, &k);
        const double h = 1e-6;
        for (unsigned j = 0; j < 3 * n; ++j)
          {
            std::vector<Eigen::Vector3d> plus = x, minus = x;
            plus[j / 3][j % 3] += h;
            minus[j / 3][j % 3] -= h;
            Eigen::VectorXd f_plus, f_minus;
            face_pressure_load(plus, 1.7, f_plus, nullptr);
            face_pressure_load(minus, 1.7, f_minus, nullptr);
            // The forces are quadratic in x: central differences are exact up to round-off.
            EXPECT_LT(((f_plus - f_minus) / (2 * h) - k.col(j)).norm(), 1e-8)
              << n << " nodes, sample " << sample << ", column " << j;
          }
      }
}
