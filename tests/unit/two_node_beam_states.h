#pragma once
/**
 * @file
 * States of a two-node spatial beam for element tests (B31 and the elements
 * wrapping it): a core::Configuration of two six-DOF nodes, perturbed the way
 * the assembly perturbs it (rotations as spatial rotation vectors), with
 * superposed finite rigid motions and random deformed states.
 */
#include <elements/element.h>

#include <src/core/configuration.h>
#include <src/core/dof_map.h>

#include <Eigen/Geometry>

#include <array>
#include <random>

namespace corot::test
{
  /** A rotation by an angle in [0, @p max_angle] about a random axis. */
  inline Eigen::Matrix3d
  random_rotation(std::mt19937 &rng, const double max_angle)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0), angle(0.0, max_angle);
    const Eigen::Vector3d                  axis(unit(rng), unit(rng), unit(rng));
    return Eigen::AngleAxisd(angle(rng), axis.normalized()).toRotationMatrix();
  }

  /** The two-node configuration of the element as a core::Configuration. */
  struct TwoNodes
  {
    TwoNodes()
      : configuration(2)
      , dofs({all(), all()}, {1, 2})
    {}

    /** All six DOF kinds active. */
    static std::array<bool, core::n_dof_kinds>
    all()
    {
      std::array<bool, core::n_dof_kinds> active{};
      for (unsigned k = 0; k < 6; ++k)
        active[k] = true;
      return active;
    }

    /** The element's view of the configuration. */
    elements::ElementKinematics
    kinematics() const
    {
      elements::ElementKinematics state(2);
      for (int n = 0; n < 2; ++n)
        {
          state[n].displacement = configuration.displacements[n];
          state[n].rotation     = configuration.rotations[n];
        }
      return state;
    }

    /** Applies increment h e_dof (rotations: R <- exp(h e_k) R, Configuration's own rule). */
    TwoNodes
    perturbed(const unsigned dof, const double h) const
    {
      TwoNodes        copy  = *this;
      Eigen::VectorXd delta = Eigen::VectorXd::Zero(12);
      delta[dof]            = h;
      copy.configuration.apply_increment(dofs, delta);
      return copy;
    }

    core::Configuration configuration;
    core::DofMap        dofs;
  };

  /** Superposes the rigid motion x -> Q x + c on @p nodes, whose reference positions are @p x. */
  inline void
  superpose_rigid_motion(TwoNodes &nodes, const std::array<Eigen::Vector3d, 2> &x,
                         const Eigen::Matrix3d &q, const Eigen::Vector3d &c)
  {
    for (int n = 0; n < 2; ++n)
      {
        const Eigen::Vector3d current        = x[n] + nodes.configuration.displacements[n];
        nodes.configuration.displacements[n] = q * current + c - x[n];
        nodes.configuration.rotations[n] = Eigen::Quaterniond(q) * nodes.configuration.rotations[n];
      }
  }

  /**
   * A deformed state of the beam with reference positions @p x: random
   * displacements of 2 % of its length and local rotations up to 0.3 rad,
   * then a large rigid rotation (up to 2.5 rad) and translation.
   */
  inline TwoNodes
  deformed_rotated_state(std::mt19937 &rng, const std::array<Eigen::Vector3d, 2> &x)
  {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    TwoNodes                               nodes;
    const double                           l = (x[1] - x[0]).norm();
    for (int n = 0; n < 2; ++n)
      {
        nodes.configuration.displacements[n] =
          0.02 * l * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
        nodes.configuration.rotations[n] = Eigen::Quaterniond(random_rotation(rng, 0.3));
      }
    superpose_rigid_motion(nodes, x, random_rotation(rng, 2.5),
                           Eigen::Vector3d(unit(rng), unit(rng), unit(rng)) * l);
    return nodes;
  }
} // namespace corot::test
