#pragma once
/**
 * @file
 * States of the nodes of any element for the element property suite: a
 * core::Configuration of the element's nodes carrying the element's DOF
 * kinds, perturbed the way the assembly perturbs it (rotations as spatial
 * rotation increments, R <- exp(h e_k) R, through Configuration's own rule),
 * finite rigid motions, random deformed states and the increments of a step
 * (translations, and Cayley vectors on nodes turning on SO(3)).
 */
#include <elements/element.h>

#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/rotation_vector.h>

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace corot::test
{
  /** The nodes of one element, their DOF kinds and their current configuration. */
  class ElementState
  {
  public:
    /** The reference (undeformed) state of nodes at @p reference carrying @p kinds. */
    ElementState(const std::vector<Eigen::Vector3d> &reference,
                 const std::vector<core::DofKind>   &kinds)
      : reference_(reference)
      , kinds_(kinds)
      , configuration_(reference.size())
      , dofs_(active(reference.size(), kinds), std::vector<unsigned>(reference.size(), 0))
    {}

    /** Whether the element's DOFs describe motion in the x-y plane only (T2D2, B21). */
    bool
    planar() const
    {
      return !has(core::DofKind::uz) && !has(core::DofKind::rx) && !has(core::DofKind::ry);
    }

    /** Whether the nodes carry all three rotations (they turn on SO(3)). */
    bool
    spatial_rotations() const
    {
      return has(core::DofKind::rx) && has(core::DofKind::ry) && has(core::DofKind::rz);
    }

    /** Number of local DOFs. */
    unsigned
    n_dofs() const
    {
      return reference_.size() * kinds_.size();
    }

    /** Largest distance between two nodes, or 1 for a one-node element: the length scale. */
    double
    length() const
    {
      double l = 0.0;
      for (const Eigen::Vector3d &a : reference_)
        for (const Eigen::Vector3d &b : reference_)
          l = std::max(l, (a - b).norm());
      return l > 0.0 ? l : 1.0;
    }

    /** The element's view of the configuration. */
    elements::ElementKinematics
    kinematics() const
    {
      elements::ElementKinematics state(reference_.size());
      for (unsigned n = 0; n < reference_.size(); ++n)
        {
          state[n].displacement = configuration_.displacements[n];
          state[n].rotation     = configuration_.rotations[n];
        }
      return state;
    }

    /** The state after the increment @p delta of the local DOFs (element order). */
    ElementState
    incremented(const Eigen::VectorXd &delta) const
    {
      ElementState copy = *this;
      copy.configuration_.apply_increment(dofs_, to_configuration_order(delta));
      return copy;
    }

    /** The state after the increment h of local DOF @p dof alone. */
    ElementState
    perturbed(const unsigned dof, const double h) const
    {
      Eigen::VectorXd delta = Eigen::VectorXd::Zero(n_dofs());
      delta[dof]            = h;
      return incremented(delta);
    }

    /** Whether local DOF @p dof is a rotation. */
    bool
    is_rotation(const unsigned dof) const
    {
      return core::is_rotation(kinds_[dof % kinds_.size()]);
    }

    /** Current position of node @p node. */
    Eigen::Vector3d
    position(const unsigned node) const
    {
      return reference_[node] + configuration_.displacements[node];
    }

    /** Superposes the rigid motion x -> q x + c (nodal triads turn by q). */
    void
    superpose_rigid_motion(const Eigen::Matrix3d &q, const Eigen::Vector3d &c)
    {
      for (unsigned n = 0; n < reference_.size(); ++n)
        {
          configuration_.displacements[n] = q * position(n) + c - reference_[n];
          configuration_.rotations[n] =
            (Eigen::Quaterniond(q) * configuration_.rotations[n]).normalized();
        }
    }

    /**
     * A rigid rotation by up to @p max_angle: about z for a planar element,
     * about a random axis otherwise.
     */
    Eigen::Matrix3d
    random_rotation(std::mt19937 &rng, const double max_angle) const
    {
      std::uniform_real_distribution<double> unit(-1.0, 1.0);
      const Eigen::Vector3d                  axis = planar() ?
                                                      Eigen::Vector3d::UnitZ() :
                                                      Eigen::Vector3d(unit(rng), unit(rng), unit(rng)).normalized();
      return Eigen::AngleAxisd(max_angle * unit(rng), axis).toRotationMatrix();
    }

    /** A random translation of size up to @p size in the element's space (the x-y plane if planar). */
    Eigen::Vector3d
    random_translation(std::mt19937 &rng, const double size) const
    {
      std::uniform_real_distribution<double> unit(-1.0, 1.0);
      Eigen::Vector3d                        c(unit(rng), unit(rng), unit(rng));
      if (planar())
        c[2] = 0.0;
      return size * c;
    }

    /**
     * Random increments of every DOF: translations up to @p translation,
     * rotations (spatial rotation increments) up to @p rotation.
     */
    Eigen::VectorXd
    random_increment(std::mt19937 &rng, const double translation, const double rotation) const
    {
      std::uniform_real_distribution<double> unit(-1.0, 1.0);
      Eigen::VectorXd                        delta(n_dofs());
      for (unsigned i = 0; i < n_dofs(); ++i)
        delta[i] = (is_rotation(i) ? rotation : translation) * unit(rng);
      return delta;
    }

    /**
     * The local DOF vector of the rigid motion with velocity @p velocity and
     * spin @p spin about the origin at the current configuration: translations
     * velocity + spin x x_a, rotations spin (spatial), each restricted to the
     * element's DOF kinds.
     */
    Eigen::VectorXd
    rigid_mode(const Eigen::Vector3d &velocity, const Eigen::Vector3d &spin) const
    {
      std::vector<Eigen::Vector3d> translation, rotation;
      for (unsigned n = 0; n < reference_.size(); ++n)
        {
          translation.push_back(velocity + spin.cross(position(n)));
          rotation.push_back(spin);
        }
      return restricted(translation, rotation);
    }

    /**
     * The nodal vectors @p translational (forces or translations) and
     * @p rotational (moments or rotations) of each node as a local DOF vector
     * (the components of the element's DOF kinds).
     */
    Eigen::VectorXd
    restricted(const std::vector<Eigen::Vector3d> &translational,
               const std::vector<Eigen::Vector3d> &rotational) const
    {
      Eigen::VectorXd result(n_dofs());
      for (unsigned n = 0; n < reference_.size(); ++n)
        for (unsigned k = 0; k < kinds_.size(); ++k)
          {
            const unsigned kind = core::index(kinds_[k]);
            result[n * kinds_.size() + k] =
              kind < 3 ? translational[n][kind] : rotational[n][kind - 3];
          }
      return result;
    }

    /** The inverse of restricted(): 3-vectors per node, zero in the kinds the element lacks. */
    void
    expand(const Eigen::VectorXd &local, std::vector<Eigen::Vector3d> &translational,
           std::vector<Eigen::Vector3d> &rotational) const
    {
      translational.assign(reference_.size(), Eigen::Vector3d::Zero());
      rotational.assign(reference_.size(), Eigen::Vector3d::Zero());
      for (unsigned n = 0; n < reference_.size(); ++n)
        for (unsigned k = 0; k < kinds_.size(); ++k)
          {
            const unsigned kind = core::index(kinds_[k]);
            (kind < 3 ? translational[n][kind] : rotational[n][kind - 3]) =
              local[n * kinds_.size() + k];
          }
    }

    /**
     * The increments of the step from @p from to this state, as the
     * energy-conserving scheme measures them: translation differences, on
     * nodes turning on SO(3) the Cayley vector phi of the step rotation
     * (R = cay(phi) R_from, core::RotationVector), and on planar nodes the
     * angle of the step rotation about z.
     */
    Eigen::VectorXd
    step_from(const ElementState &from) const
    {
      std::vector<Eigen::Vector3d> translation, rotation;
      for (unsigned n = 0; n < reference_.size(); ++n)
        {
          translation.push_back(configuration_.displacements[n] -
                                from.configuration_.displacements[n]);
          const Eigen::Quaterniond step =
            configuration_.rotations[n] * from.configuration_.rotations[n].conjugate();
          if (spatial_rotations())
            rotation.push_back(core::RotationVector::cayley_vector(step));
          else
            rotation.push_back(
              Eigen::Vector3d(0.0, 0.0,
                              std::remainder(2.0 * std::atan2(step.z(), step.w()), 2.0 * M_PI)));
        }
      return restricted(translation, rotation);
    }

  private:
    bool
    has(const core::DofKind kind) const
    {
      return std::find(kinds_.begin(), kinds_.end(), kind) != kinds_.end();
    }

    static std::vector<std::array<bool, core::n_dof_kinds>>
    active(const std::size_t n_nodes, const std::vector<core::DofKind> &kinds)
    {
      std::array<bool, core::n_dof_kinds> node{};
      for (const core::DofKind kind : kinds)
        node[core::index(kind)] = true;
      return std::vector<std::array<bool, core::n_dof_kinds>>(n_nodes, node);
    }

    /** @p local (element order) in the numbering of dofs_. */
    Eigen::VectorXd
    to_configuration_order(const Eigen::VectorXd &local) const
    {
      Eigen::VectorXd result(dofs_.n_dofs());
      for (unsigned n = 0; n < reference_.size(); ++n)
        for (unsigned k = 0; k < kinds_.size(); ++k)
          result[dofs_.index(n, kinds_[k])] = local[n * kinds_.size() + k];
      return result;
    }

    std::vector<Eigen::Vector3d> reference_;
    std::vector<core::DofKind>   kinds_;
    core::Configuration          configuration_;
    core::DofMap                 dofs_;
  };
} // namespace corot::test
