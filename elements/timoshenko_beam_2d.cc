#include <elements/beam_plane_matrices.h>
#include <elements/section_forces_at_ends.h>
#include <elements/timoshenko_beam_2d.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace corot::elements
{
  namespace
  {
    // Local 6-vector [u_t, u_n, th_z] per node; th_z = +du_n/dx (sign +1 of beam_plane).
    const std::array<int, 4> bending = {{1, 2, 4, 5}};
    const std::array<int, 2> axial   = {{0, 3}};
  } // namespace

  TimoshenkoBeam2D::TimoshenkoBeam2D(const ElementDefinition &definition)
    : node_ids_(definition.node_ids)
    , material_(definition.material)
    , section_(definition.section.beam())
  {
    const std::string     name = "B21 element " + std::to_string(definition.id);
    const Eigen::Vector3d axis =
      definition.reference_positions[1] - definition.reference_positions[0];
    length_ = axis.norm();
    if (!(length_ > 0.0))
      throw std::invalid_argument(name + " has zero length (its two nodes coincide)");
    if (std::abs(axis[2]) > 1e-12 * length_)
      throw std::invalid_argument(name + " does not lie in the x-y plane");
    axis_ = axis.head<2>() / length_;
    if (section_.i12 != 0.0)
      throw std::invalid_argument(name + ": I12 != 0 not supported");
    if (!(section_.area > 0.0) || !(section_.i11 > 0.0))
      throw std::invalid_argument(name + ": the beam section needs A and I11 > 0");
  }

  std::vector<core::DofKind>
  TimoshenkoBeam2D::dof_kinds() const
  {
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::rz};
  }

  Eigen::MatrixXd
  TimoshenkoBeam2D::local_stiffness() const
  {
    const double e = material_.youngs_modulus, g = material_.shear_modulus, a = section_.area,
                 l = length_, ei = e * section_.i11, k = section_.shear_factor_2;
    const double    phi       = beam_plane::shear_parameter(ei, k, g, a, l);
    Eigen::MatrixXd stiffness = Eigen::MatrixXd::Zero(6, 6);
    beam_plane::scatter<2>(stiffness, beam_plane::bar_stiffness(e * a / l), axial);
    beam_plane::scatter<4>(stiffness, beam_plane::stiffness(ei, phi, l, +1.0), bending);
    return stiffness;
  }

  Eigen::Matrix3d
  TimoshenkoBeam2D::basic_stiffness() const
  {
    const Eigen::MatrixXd    local = local_stiffness();
    const std::array<int, 3> basic = {{3, 2, 5}}; // u_t of node 2, th_z of nodes 1 and 2
    Eigen::Matrix3d          result;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        result(i, j) = local(basic[i], basic[j]);
    return result;
  }

  Eigen::MatrixXd
  TimoshenkoBeam2D::local_mass(const MassKind kind) const
  {
    const double    rho = material_.density, a = section_.area, l = length_;
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(6, 6);
    if (kind == MassKind::lumped)
      {
        for (int node = 0; node < 2; ++node)
          {
            m(3 * node, 3 * node) = m(3 * node + 1, 3 * node + 1) = 0.5 * rho * a * l;
            m(3 * node + 2, 3 * node + 2)                         = 0.5 * rho * section_.i11 * l;
          }
        return m;
      }
    beam_plane::scatter<2>(m, beam_plane::bar_mass(rho * a * l), axial);
    // Phi as in local_stiffness(): the mass of the same interpolation.
    const double phi =
      beam_plane::shear_parameter(material_.youngs_modulus * section_.i11, section_.shear_factor_2,
                                  material_.shear_modulus, a, l);
    beam_plane::scatter<4>(m, beam_plane::mass(rho * a, rho * section_.i11, phi, l, +1.0), bending);
    return m;
  }

  Eigen::MatrixXd
  TimoshenkoBeam2D::transformation() const
  {
    Eigen::Matrix3d r;
    r << axis_[0], axis_[1], 0.0, //
      -axis_[1], axis_[0], 0.0,   //
      0.0, 0.0, 1.0;
    Eigen::MatrixXd t   = Eigen::MatrixXd::Zero(6, 6);
    t.block<3, 3>(0, 0) = r;
    t.block<3, 3>(3, 3) = r;
    return t;
  }

  Eigen::VectorXd
  TimoshenkoBeam2D::dofs(const ElementKinematics &state) const
  {
    Eigen::VectorXd d(6);
    for (int node = 0; node < 2; ++node)
      {
        d.segment<2>(3 * node) = state[node].displacement.head<2>();
        d[3 * node + 2]        = beam_plane::rotation_vector(state[node].rotation)[2];
      }
    return d;
  }

  void
  TimoshenkoBeam2D::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    const Eigen::MatrixXd t = transformation();
    stiffness               = t.transpose() * local_stiffness() * t;
  }

  void
  TimoshenkoBeam2D::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    const Eigen::MatrixXd t = transformation();
    mass_matrix             = t.transpose() * local_mass(kind) * t;
  }

  void
  TimoshenkoBeam2D::geometric_stiffness(const ElementKinematics &state,
                                        Eigen::MatrixXd         &stiffness) const
  {
    const double    n = section_forces(state, false).front().second;
    Eigen::MatrixXd g = Eigen::MatrixXd::Zero(6, 6);
    beam_plane::scatter<4>(g, beam_plane::geometric_stiffness(n, length_, +1.0), bending);
    const Eigen::MatrixXd t = transformation();
    stiffness               = t.transpose() * g * t;
  }

  void
  TimoshenkoBeam2D::design_derivative(const DesignProperty property,
                                      Eigen::MatrixXd     &stiffness_derivative,
                                      Eigen::MatrixXd     &mass_derivative) const
  {
    Eigen::MatrixXd k, m;
    linear_stiffness(k);
    mass(MassKind::consistent, m);
    beam_plane::design_derivative(property, k, m, stiffness_derivative, mass_derivative);
  }

  std::vector<std::pair<std::string, double>>
  TimoshenkoBeam2D::section_forces(const ElementKinematics &state, bool) const
  {
    const Eigen::VectorXd f = local_stiffness() * (transformation() * dofs(state));
    // Local f = [u1 v1 rz1 u2 v2 rz2]: a moment about -z is minus the one about z.
    return section_forces_at_ends({"SF1", "SF2", "SM1"}, Eigen::Vector3d(-f[0], -f[1], f[2]),
                                  Eigen::Vector3d(f[3], f[4], -f[5]));
  }
} // namespace corot::elements
