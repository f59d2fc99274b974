#include <elements/beam_plane_matrices.h>
#include <elements/section_forces_at_ends.h>
#include <elements/timoshenko_beam_3d.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace corot::elements
{
  namespace
  {
    // Local 12-vector: [u_t, u_1, u_2, th_t, th_1, th_2] per node. In the right-handed frame
    // (t, e1, e2) a small bending rotation is th_2 = +du_1/dx and th_1 = -du_2/dx: the sign
    // argument s of beam_plane (r = s dq/dx) is +1 in plane_12 and -1 in plane_21.
    const std::array<int, 4> plane_12 = {{1, 5, 7, 11}}; // u_1, th_2: bending about local 2 (I22)
    const std::array<int, 4> plane_21 = {{2, 4, 8, 10}}; // u_2, th_1: bending about local 1 (I11)
    const std::array<int, 2> axial    = {{0, 6}};
    const std::array<int, 2> torsion  = {{3, 9}};
  } // namespace

  TimoshenkoBeam3D::TimoshenkoBeam3D(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , material_(definition.material)
    , section_(definition.section.beam())
  {
    const std::string     name = "B31 element " + std::to_string(definition.id);
    const Eigen::Vector3d axis =
      definition.reference_positions[1] - definition.reference_positions[0];
    length_ = axis.norm();
    if (!(length_ > 0.0))
      throw std::invalid_argument(name + " has zero length (its two nodes coincide)");
    const Eigen::Vector3d t  = axis / length_;
    Eigen::Vector3d       n1 = section_.n1;
    if (!(n1.norm() > 0.0))
      throw std::invalid_argument(name + ": the section's n1 direction is the zero vector");
    n1.normalize();
    n1 -= n1.dot(t) * t;
    if (n1.norm() < 1e-6)
      throw std::invalid_argument(name + ": n1 is parallel to the beam axis; give another n1 "
                                         "direction on the section's second data line");
    const Eigen::Vector3d e1 = n1.normalized();
    rotation_.row(0)         = t;
    rotation_.row(1)         = e1;
    rotation_.row(2)         = t.cross(e1);
    if (section_.i12 != 0.0)
      throw std::invalid_argument(name + ": I12 != 0 not supported");
    if (!(section_.area > 0.0) || !(section_.i11 > 0.0) || !(section_.i22 > 0.0))
      throw std::invalid_argument(name + ": the beam section needs A, I11 and I22 > 0");
  }

  std::vector<core::DofKind>
  TimoshenkoBeam3D::dof_kinds() const
  {
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz,
            core::DofKind::rx, core::DofKind::ry, core::DofKind::rz};
  }

  Eigen::MatrixXd
  TimoshenkoBeam3D::local_stiffness() const
  {
    const double e = material_.youngs_modulus, g = material_.shear_modulus, a = section_.area,
                 l       = length_;
    const double    ei11 = e * section_.i11, ei22 = e * section_.i22;
    Eigen::MatrixXd k = Eigen::MatrixXd::Zero(12, 12);
    beam_plane::scatter<2>(k, beam_plane::bar_stiffness(e * a / l), axial);
    beam_plane::scatter<2>(k, beam_plane::bar_stiffness(g * section_.torsion_constant / l),
                           torsion);
    beam_plane::scatter<4>(
      k,
      beam_plane::stiffness(ei22,
                            beam_plane::shear_parameter(ei22, section_.shear_factor_1, g, a, l), l,
                            +1.0),
      plane_12);
    beam_plane::scatter<4>(
      k,
      beam_plane::stiffness(ei11,
                            beam_plane::shear_parameter(ei11, section_.shear_factor_2, g, a, l), l,
                            -1.0),
      plane_21);
    return k;
  }

  Eigen::MatrixXd
  TimoshenkoBeam3D::local_mass(const MassKind kind) const
  {
    const double    rho = material_.density, a = section_.area, l = length_;
    const double    g = material_.shear_modulus, e = material_.youngs_modulus;
    const double    polar = section_.i11 + section_.i22;
    Eigen::MatrixXd m     = Eigen::MatrixXd::Zero(12, 12);
    if (kind == MassKind::lumped)
      {
        const double half = 0.5 * rho * l;
        for (int node = 0; node < 2; ++node)
          {
            for (int k = 0; k < 3; ++k)
              m(6 * node + k, 6 * node + k) = half * a;
            m(6 * node + 3, 6 * node + 3) = half * polar;
            m(6 * node + 4, 6 * node + 4) = half * section_.i11;
            m(6 * node + 5, 6 * node + 5) = half * section_.i22;
          }
        return m;
      }
    beam_plane::scatter<2>(m, beam_plane::bar_mass(rho * a * l), axial);
    beam_plane::scatter<2>(m, beam_plane::bar_mass(rho * polar * l), torsion);
    // Phi of each bending plane as in local_stiffness(): the mass of the same interpolation.
    const double phi_12 =
      beam_plane::shear_parameter(e * section_.i22, section_.shear_factor_1, g, a, l);
    const double phi_21 =
      beam_plane::shear_parameter(e * section_.i11, section_.shear_factor_2, g, a, l);
    beam_plane::scatter<4>(m, beam_plane::mass(rho * a, rho * section_.i22, phi_12, l, +1.0),
                           plane_12);
    beam_plane::scatter<4>(m, beam_plane::mass(rho * a, rho * section_.i11, phi_21, l, -1.0),
                           plane_21);
    return m;
  }

  Eigen::MatrixXd
  TimoshenkoBeam3D::to_global(const Eigen::MatrixXd &local) const
  {
    Eigen::MatrixXd t = Eigen::MatrixXd::Zero(12, 12);
    for (int block = 0; block < 4; ++block)
      t.block<3, 3>(3 * block, 3 * block) = rotation_;
    return t.transpose() * local * t;
  }

  Eigen::VectorXd
  TimoshenkoBeam3D::dofs(const ElementKinematics &state) const
  {
    Eigen::VectorXd d(12);
    for (int node = 0; node < 2; ++node)
      {
        d.segment<3>(6 * node)     = state[node].displacement;
        d.segment<3>(6 * node + 3) = beam_plane::rotation_vector(state[node].rotation);
      }
    return d;
  }

  void
  TimoshenkoBeam3D::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    stiffness = to_global(local_stiffness());
  }

  void
  TimoshenkoBeam3D::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    mass_matrix = to_global(local_mass(kind));
  }

  void
  TimoshenkoBeam3D::geometric_stiffness(const ElementKinematics &state,
                                        Eigen::MatrixXd         &stiffness) const
  {
    const double    n = section_forces(state, false).front().second;
    Eigen::MatrixXd g = Eigen::MatrixXd::Zero(12, 12);
    beam_plane::scatter<4>(g, beam_plane::geometric_stiffness(n, length_, +1.0), plane_12);
    beam_plane::scatter<4>(g, beam_plane::geometric_stiffness(n, length_, -1.0), plane_21);
    stiffness = to_global(g);
  }

  void
  TimoshenkoBeam3D::design_derivative(const DesignProperty property,
                                      Eigen::MatrixXd     &stiffness_derivative,
                                      Eigen::MatrixXd     &mass_derivative) const
  {
    Eigen::MatrixXd k, m;
    linear_stiffness(k);
    mass(MassKind::consistent, m);
    beam_plane::design_derivative(property, k, m, stiffness_derivative, mass_derivative);
  }

  std::vector<std::pair<std::string, double>>
  TimoshenkoBeam3D::section_forces(const ElementKinematics &state, bool) const
  {
    const Eigen::VectorXd d = dofs(state);
    Eigen::VectorXd       local(12);
    for (int block = 0; block < 4; ++block)
      local.segment<3>(3 * block) = rotation_ * d.segment<3>(3 * block);
    const Eigen::VectorXd f = local_stiffness() * local;
    // Local f = K d in the axes (t, e1, e2) = (t, n1, n2): minus the end forces
    // on node 1, plus those on node 2.
    return spatial_beam_section_forces(-f.segment<3>(0), -f.segment<3>(3), f.segment<3>(6),
                                       f.segment<3>(9));
  }
} // namespace corot::elements
