#include <elements/beam_plane_matrices.h>
#include <elements/registry.h>
#include <elements/timoshenko_beam.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace corot::elements
{
  namespace
  {
    /** Local indices of the B21 DOFs (UX UY RZ per node) within the 12 DOFs. */
    const std::array<int, 6> planar_indices = {{0, 1, 5, 6, 7, 11}};

    /** Adds the 4x4 plane matrix @p block at local indices @p idx. */
    void
    scatter(Eigen::MatrixXd &target, const Eigen::Matrix4d &block, const std::array<int, 4> &idx)
    {
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          target(idx[i], idx[j]) += block(i, j);
    }

    void
    scatter(Eigen::MatrixXd &target, const Eigen::Matrix2d &block, const std::array<int, 2> &idx)
    {
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          target(idx[i], idx[j]) += block(i, j);
    }

    // Plane of displacement along local 1 with rotation about local 2 (r = +q'),
    // and plane of displacement along local 2 with rotation about local 1 (r = -q').
    const std::array<int, 4> plane_12 = {{1, 5, 7, 11}};
    const std::array<int, 4> plane_21 = {{2, 4, 8, 10}};
    const std::array<int, 2> axial    = {{0, 6}};
    const std::array<int, 2> torsion  = {{3, 9}};

    double
    shear_parameter(const double ei, const double k, const double g, const double a, const double l)
    {
      return (k > 0.0 && g > 0.0) ? 12.0 * ei / (k * g * a * l * l) : 0.0;
    }
  } // namespace

  TimoshenkoBeam::TimoshenkoBeam(const ElementDefinition &definition, const bool planar)
    : node_ids_(definition.node_ids)
    , planar_(planar)
    , material_(definition.material)
    , section_(definition.section)
  {
    const std::string name = "element " + std::to_string(definition.id);
    const Eigen::Vector3d axis = definition.reference_positions[1] - definition.reference_positions[0];
    length_                    = axis.norm();
    if (!(length_ > 0.0))
      throw std::invalid_argument(name + " has zero length (its two nodes coincide)");
    const Eigen::Vector3d t = axis / length_;
    Eigen::Vector3d       n1 = planar ? Eigen::Vector3d(0.0, 0.0, -1.0) : section_.n1.normalized();
    if (planar && std::abs(t[2]) > 1e-12)
      throw std::invalid_argument("B21 " + name + " does not lie in the x-y plane");
    n1 -= n1.dot(t) * t;
    if (n1.norm() < 1e-6)
      throw std::invalid_argument(name + ": the section's n1 direction is parallel to the beam axis; "
                                         "give another direction on the section's second line");
    const Eigen::Vector3d e1 = n1.normalized();
    const Eigen::Vector3d e2 = t.cross(e1);
    rotation_.row(0)         = t;
    rotation_.row(1)         = e1;
    rotation_.row(2)         = e2;
    if (section_.i12 != 0.0)
      throw std::invalid_argument(name + ": sections with I12 != 0 are not supported yet");
    if (!(section_.area > 0.0) || !(section_.i11 > 0.0) || (!planar && !(section_.i22 > 0.0)))
      throw std::invalid_argument(name + ": the beam section needs A, I11 and I22 > 0");
  }

  std::vector<core::DofKind>
  TimoshenkoBeam::dof_kinds() const
  {
    if (planar_)
      return {core::DofKind::ux, core::DofKind::uy, core::DofKind::rz};
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz,
            core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
  }

  Eigen::MatrixXd
  TimoshenkoBeam::local_stiffness() const
  {
    const double e = material_.youngs_modulus, g = material_.shear_modulus, a = section_.area,
                 l = length_;
    Eigen::MatrixXd k = Eigen::MatrixXd::Zero(12, 12);
    scatter(k, beam_plane::bar_stiffness(e * a / l), axial);
    scatter(k, beam_plane::bar_stiffness(g * section_.torsion_constant / l), torsion);
    scatter(k,
            beam_plane::stiffness(e * section_.i22,
                                  shear_parameter(e * section_.i22, section_.shear_factor_1, g, a, l),
                                  l, +1.0),
            plane_12);
    scatter(k,
            beam_plane::stiffness(e * section_.i11,
                                  shear_parameter(e * section_.i11, section_.shear_factor_2, g, a, l),
                                  l, -1.0),
            plane_21);
    return k;
  }

  Eigen::MatrixXd
  TimoshenkoBeam::local_mass(const MassKind kind) const
  {
    const double    rho = material_.density, a = section_.area, l = length_;
    Eigen::MatrixXd m   = Eigen::MatrixXd::Zero(12, 12);
    if (kind == MassKind::lumped)
      {
        const double half = 0.5 * rho * l;
        for (int node = 0; node < 2; ++node)
          {
            for (int k = 0; k < 3; ++k)
              m(6 * node + k, 6 * node + k) = half * a;
            m(6 * node + 3, 6 * node + 3) = half * (section_.i11 + section_.i22);
            m(6 * node + 4, 6 * node + 4) = half * section_.i11;
            m(6 * node + 5, 6 * node + 5) = half * section_.i22;
          }
        return m;
      }
    scatter(m, beam_plane::bar_mass(rho * a * l), axial);
    scatter(m, beam_plane::bar_mass(rho * (section_.i11 + section_.i22) * l), torsion);
    scatter(m, beam_plane::mass(rho * a, rho * section_.i22, l, +1.0), plane_12);
    scatter(m, beam_plane::mass(rho * a, rho * section_.i11, l, -1.0), plane_21);
    return m;
  }

  Eigen::MatrixXd
  TimoshenkoBeam::to_global(const Eigen::MatrixXd &local) const
  {
    Eigen::MatrixXd t = Eigen::MatrixXd::Zero(12, 12);
    for (int block = 0; block < 4; ++block)
      t.block<3, 3>(3 * block, 3 * block) = rotation_;
    const Eigen::MatrixXd global = t.transpose() * local * t;
    if (!planar_)
      return global;
    Eigen::MatrixXd reduced(6, 6);
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j)
        reduced(i, j) = global(planar_indices[i], planar_indices[j]);
    return reduced;
  }

  Eigen::VectorXd
  TimoshenkoBeam::full_dofs(const ElementKinematics &state) const
  {
    Eigen::VectorXd d(12);
    for (int node = 0; node < 2; ++node)
      {
        Eigen::Quaterniond q = state[node].rotation;
        if (q.w() < 0.0)
          q.coeffs() *= -1.0;
        const Eigen::AngleAxisd angle_axis(q);
        d.segment<3>(6 * node)     = state[node].displacement;
        d.segment<3>(6 * node + 3) = angle_axis.angle() * angle_axis.axis();
      }
    return d;
  }

  void
  TimoshenkoBeam::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = to_global(local_stiffness());
  }

  void
  TimoshenkoBeam::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = to_global(local_mass(kind));
  }

  void
  TimoshenkoBeam::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                 Eigen::MatrixXd *tangent) const
  {
    Eigen::MatrixXd k;
    linear_stiffness(k);
    Eigen::VectorXd d = full_dofs(state);
    if (planar_)
      {
        Eigen::VectorXd reduced(6);
        for (int i = 0; i < 6; ++i)
          reduced[i] = d[planar_indices[i]];
        d = reduced;
      }
    force = k * d;
    if (tangent != nullptr)
      *tangent = k;
  }

  void
  TimoshenkoBeam::conserving_force(const ElementKinematics &state_n,
                                   const ElementKinematics &state_n1, Eigen::VectorXd &force,
                                   Eigen::MatrixXd *tangent) const
  {
    Eigen::VectorXd f_n, f_n1;
    internal_force(state_n, f_n, nullptr);
    internal_force(state_n1, f_n1, tangent);
    force = 0.5 * (f_n + f_n1);
    if (tangent != nullptr)
      *tangent *= 0.5;
  }

  double
  TimoshenkoBeam::strain_energy(const ElementKinematics &state) const
  {
    Eigen::VectorXd f;
    internal_force(state, f, nullptr);
    Eigen::VectorXd d = full_dofs(state);
    if (planar_)
      {
        Eigen::VectorXd reduced(6);
        for (int i = 0; i < 6; ++i)
          reduced[i] = d[planar_indices[i]];
        d = reduced;
      }
    return 0.5 * d.dot(f);
  }

  void
  TimoshenkoBeam::geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const
  {
    const std::vector<std::pair<std::string, double>> forces = section_forces(state);
    const double                                       n      = forces.front().second;
    Eigen::MatrixXd g = Eigen::MatrixXd::Zero(12, 12);
    scatter(g, beam_plane::geometric_stiffness(n, length_, +1.0), plane_12);
    scatter(g, beam_plane::geometric_stiffness(n, length_, -1.0), plane_21);
    stiffness = to_global(g);
  }

  void
  TimoshenkoBeam::design_derivative(const DesignProperty property,
                                    Eigen::MatrixXd     &stiffness_derivative,
                                    Eigen::MatrixXd     &mass_derivative) const
  {
    Eigen::MatrixXd k, m;
    linear_stiffness(k);
    mass(MassKind::consistent, m);
    stiffness_derivative = (property == DesignProperty::modulus ? 1.0 : 0.0) * k;
    mass_derivative      = (property == DesignProperty::density ? 1.0 : 0.0) * m;
    if (property == DesignProperty::area)
      throw std::invalid_argument("PROPERTY=AREA applies to trusses; a beam section changes "
                                  "A and I together (use a section dimension parameter)");
  }

  std::vector<std::pair<std::string, double>>
  TimoshenkoBeam::section_forces(const ElementKinematics &state, bool) const
  {
    Eigen::VectorXd d = full_dofs(state);
    Eigen::VectorXd local(12);
    for (int block = 0; block < 4; ++block)
      local.segment<3>(3 * block) = rotation_ * d.segment<3>(3 * block);
    const Eigen::VectorXd f = local_stiffness() * local;
    if (planar_)
      return {{"N", -f[0]}, {"V2", -f[2]}, {"M1", -f[4]}};
    return {{"N", -f[0]}, {"V1", -f[1]}, {"V2", -f[2]}, {"T", -f[3]}, {"M1", -f[4]}, {"M2", -f[5]}};
  }
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT_WITH(B21, "B21", 2, core::SectionKind::beam,
                              "two-node Timoshenko beam in the x-y plane (UX UY RZ; small rotations)",
                              std::make_unique<TimoshenkoBeam>(definition, true))
  COROT_REGISTER_ELEMENT_WITH(B31, "B31", 2, core::SectionKind::beam,
                              "two-node Timoshenko beam in space (UX UY UZ RX RY RZ; small rotations)",
                              std::make_unique<TimoshenkoBeam>(definition, false))
} // namespace corot::elements
