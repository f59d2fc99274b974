#pragma once
/**
 * @file
 * States of a three-node shell element for element tests: nodal
 * displacements and rotations, perturbed the way the assembly perturbs them
 * (translations added, rotations R <- exp(h e_k) R as core::Configuration
 * does), random deformations and superposed rigid motions.
 */
#include <elements/element.h>

#include <src/core/configuration.h>

#include <array>
#include <random>

namespace corot::test
{
  using ShellPositions = std::array<Eigen::Vector3d, 3>;

  /** A random rotation matrix with angle up to @p max_angle. */
  inline Eigen::Matrix3d
  random_rotation(std::mt19937 &rng, const double max_angle)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(0.0, max_angle);
    const Eigen::Vector3d                  axis(unit(rng), unit(rng), unit(rng));
    return Eigen::AngleAxisd(angle(rng), axis.normalized()).toRotationMatrix();
  }

  /** @p state with the increment @p h on local DOF @p dof (6 per node; rotations as spatial rotation vectors). */
  inline elements::ElementKinematics
  perturbed(const elements::ElementKinematics &state, const unsigned dof, const double h)
  {
    elements::ElementKinematics copy = state;
    const unsigned              node = dof / 6, k = dof % 6;
    if (k < 3)
      copy[node].displacement[k] += h;
    else
      {
        Eigen::Vector3d theta = Eigen::Vector3d::Zero();
        theta[k - 3]          = h;
        copy[node].rotation =
          (core::Configuration::exp_map(theta) * copy[node].rotation).normalized();
      }
    return copy;
  }

  /** Superposes the rigid motion x -> Q x + c on @p state of nodes with reference positions @p x. */
  inline elements::ElementKinematics
  rigidly_moved(const elements::ElementKinematics &state, const ShellPositions &x,
                const Eigen::Matrix3d &q, const Eigen::Vector3d &c)
  {
    elements::ElementKinematics moved = state;
    for (unsigned n = 0; n < state.size(); ++n)
      {
        moved[n].displacement = q * (x[n] + state[n].displacement) + c - x[n];
        moved[n].rotation     = (Eigen::Quaterniond(q) * state[n].rotation).normalized();
      }
    return moved;
  }

  /**
   * A deformed state: a finite rigid motion (rotation up to @p rigid_angle)
   * of a deformation with displacements up to @p strain times the element
   * size and nodal rotations up to @p rotation.
   */
  inline elements::ElementKinematics
  random_state(std::mt19937 &rng, const ShellPositions &x, const double strain,
               const double rotation, const double rigid_angle)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const double                           size = (x[1] - x[0]).norm();
    elements::ElementKinematics            state(x.size());
    for (auto &node : state)
      {
        node.displacement = strain * size * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
        node.rotation     = Eigen::Quaterniond(random_rotation(rng, rotation));
      }
    const Eigen::Vector3d c = size * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
    return rigidly_moved(state, x, random_rotation(rng, rigid_angle), c);
  }
} // namespace corot::test
