#include <elements/rigid_offset_beam.h>
#include <elements/timoshenko_beam_3d.h>

#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    Eigen::Matrix3d
    skew(const Eigen::Vector3d &v)
    {
      Eigen::Matrix3d s;
      s << 0.0, -v[2], v[1], v[2], 0.0, -v[0], -v[1], v[0], 0.0;
      return s;
    }
  } // namespace

  RigidOffsetBeam::RigidOffsetBeam(std::unique_ptr<Element> inner, const Eigen::Vector3d &offset)
    : inner_(std::move(inner))
    , offset_(offset)
  {
    if (inner_->dof_kinds().size() != 6)
      throw std::invalid_argument("a beam axis offset needs a space beam (UX UY UZ RX RY RZ)");
  }

  std::vector<Eigen::Vector3d>
  RigidOffsetBeam::offsets(const ElementKinematics &state) const
  {
    std::vector<Eigen::Vector3d> a;
    for (const NodeKinematics &node : state)
      a.push_back(node.rotation.normalized() * offset_);
    return a;
  }

  ElementKinematics
  RigidOffsetBeam::centre_state(const ElementKinematics &state) const
  {
    ElementKinematics centre = state;
    const auto        a      = offsets(state);
    for (std::size_t i = 0; i < centre.size(); ++i)
      centre[i].displacement += a[i] - offset_;
    return centre;
  }

  Eigen::MatrixXd
  RigidOffsetBeam::transformation(const std::vector<Eigen::Vector3d> &a) const
  {
    const Eigen::Index n = 6 * static_cast<Eigen::Index>(a.size());
    Eigen::MatrixXd    t = Eigen::MatrixXd::Identity(n, n);
    for (std::size_t i = 0; i < a.size(); ++i)
      t.block<3, 3>(6 * i, 6 * i + 3) = -skew(a[i]);
    return t;
  }

  Eigen::MatrixXd
  RigidOffsetBeam::transformation(const ElementKinematics &state) const
  {
    return transformation(offsets(state));
  }

  void
  RigidOffsetBeam::add_offset_tangent(const std::vector<Eigen::Vector3d> &a,
                                      const Eigen::VectorXd &centre_force, const double factor,
                                      Eigen::MatrixXd &tangent) const
  {
    for (std::size_t i = 0; i < a.size(); ++i)
      {
        const Eigen::Vector3d f = centre_force.segment<3>(6 * i);
        tangent.block<3, 3>(6 * i + 3, 6 * i + 3) +=
          factor * (a[i] * f.transpose() - a[i].dot(f) * Eigen::Matrix3d::Identity());
      }
  }

  void
  RigidOffsetBeam::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                  Eigen::MatrixXd *tangent) const
  {
    const auto      a = offsets(state);
    const auto      t = transformation(a);
    Eigen::VectorXd centre_force;
    Eigen::MatrixXd centre_tangent;
    inner_->internal_force(centre_state(state), centre_force,
                           tangent != nullptr ? &centre_tangent : nullptr);
    force = t.transpose() * centre_force;
    if (tangent != nullptr)
      {
        *tangent = t.transpose() * centre_tangent * t;
        add_offset_tangent(a, centre_force, 1.0, *tangent);
      }
  }

  void
  RigidOffsetBeam::conserving_force(const ElementKinematics &state_n,
                                    const ElementKinematics &state_n1, Eigen::VectorXd &force,
                                    Eigen::MatrixXd *tangent) const
  {
    const auto                   a_n  = offsets(state_n);
    const auto                   a_n1 = offsets(state_n1);
    std::vector<Eigen::Vector3d> a_m;
    for (std::size_t i = 0; i < a_n.size(); ++i)
      a_m.push_back(0.5 * (a_n[i] + a_n1[i]));
    const auto      t_m = transformation(a_m);
    Eigen::VectorXd centre_force;
    Eigen::MatrixXd centre_tangent;
    inner_->conserving_force(centre_state(state_n), centre_state(state_n1), centre_force,
                             tangent != nullptr ? &centre_tangent : nullptr);
    force = t_m.transpose() * centre_force;
    if (tangent != nullptr)
      {
        *tangent = t_m.transpose() * centre_tangent * transformation(a_n1);
        add_offset_tangent(a_n1, centre_force, 0.5, *tangent);
      }
  }

  double
  RigidOffsetBeam::strain_energy(const ElementKinematics &state) const
  {
    return inner_->strain_energy(centre_state(state));
  }

  void
  RigidOffsetBeam::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    Eigen::MatrixXd centre_mass;
    inner_->mass(kind, centre_mass);
    const auto t = transformation(std::vector<Eigen::Vector3d>(nodes().size(), offset_));
    mass_matrix  = t.transpose() * centre_mass * t;
  }

  void
  RigidOffsetBeam::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    Eigen::MatrixXd centre_stiffness;
    inner_->linear_stiffness(centre_stiffness);
    const auto t = transformation(std::vector<Eigen::Vector3d>(nodes().size(), offset_));
    stiffness    = t.transpose() * centre_stiffness * t;
  }

  void
  RigidOffsetBeam::geometric_stiffness(const ElementKinematics &, Eigen::MatrixXd &) const
  {
    throw std::logic_error("the initial-stress matrix of a beam with an axis offset is not "
                           "implemented (*BUCKLE)");
  }

  void
  RigidOffsetBeam::initial_stress_increment(const ElementKinematics &, const Eigen::VectorXd &,
                                            Eigen::MatrixXd &) const
  {
    throw std::logic_error("the initial-stress matrix of a beam with an axis offset is not "
                           "implemented (*BUCKLE)");
  }

  void
  RigidOffsetBeam::design_derivative(const DesignProperty property,
                                     Eigen::MatrixXd     &stiffness_derivative,
                                     Eigen::MatrixXd     &mass_derivative) const
  {
    Eigen::MatrixXd dk, dm;
    inner_->design_derivative(property, dk, dm);
    const auto t         = transformation(std::vector<Eigen::Vector3d>(nodes().size(), offset_));
    stiffness_derivative = t.transpose() * dk * t;
    mass_derivative      = t.transpose() * dm * t;
  }

  std::vector<std::pair<std::string, double>>
  RigidOffsetBeam::section_forces(const ElementKinematics &state,
                                  const bool               large_displacements) const
  {
    return inner_->section_forces(centre_state(state), large_displacements);
  }

  std::unique_ptr<Element>
  make_space_beam(const ElementDefinition &definition,
                  const std::function<std::unique_ptr<Element>(const ElementDefinition &)> &make)
  {
    const Eigen::Vector2d &offset = definition.section.beam().axis_offset;
    if (offset.isZero(0.0))
      return make(definition);
    // Rows t, e1, e2; a common shift of both nodes leaves them unchanged.
    const Eigen::Matrix3d axes = TimoshenkoBeam3D(definition).local_axes();
    const Eigen::Vector3d e0 =
      offset[0] * axes.row(1).transpose() + offset[1] * axes.row(2).transpose();
    ElementDefinition centred = definition;
    for (Eigen::Vector3d &x : centred.reference_positions)
      x += e0;
    return std::make_unique<RigidOffsetBeam>(make(centred), e0);
  }
} // namespace corot::elements
