#include <elements/corotational_shell_triangle.h>

#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    std::array<Eigen::Vector3d, 3>
    three_positions(const ShellDefinition &definition)
    {
      if (definition.reference_positions.size() != 3)
        throw std::invalid_argument("shell triangle: three node positions expected");
      return {{definition.reference_positions[0], definition.reference_positions[1],
               definition.reference_positions[2]}};
    }
  } // namespace

  CorotationalShellTriangle::CorotationalShellTriangle(const ShellDefinition &definition)
    : definition_(definition)
    , frame_(three_positions(definition))
    , kernel_(frame_.reference_local_positions(), definition.thickness, definition.youngs_modulus,
              definition.poisson_ratio)
    , local_stiffness_(kernel_.stiffness())
  {}

  void
  CorotationalShellTriangle::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                            Eigen::MatrixXd *tangent) const
  {
    const ShellTriangleFrame::State frame       = frame_.evaluate(state);
    const Vector18                  local_force = local_stiffness_ * frame.deformation;
    force                                       = ShellTriangleFrame::global_force(frame, local_force);
    if (tangent)
      *tangent = frame.b.transpose() * local_stiffness_ * frame.b + frame_.geometric_tangent(frame, local_force);
  }

  double
  CorotationalShellTriangle::strain_energy(const ElementKinematics &state) const
  {
    const Vector18 d = frame_.evaluate(state).deformation;
    return 0.5 * d.dot(local_stiffness_ * d);
  }

  void
  CorotationalShellTriangle::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    // K = T^T P^T K_l P T at the reference: B of the undeformed state.
    const ShellTriangleFrame::State frame = frame_.evaluate(ElementKinematics(3));
    stiffness                             = frame.b.transpose() * local_stiffness_ * frame.b;
  }

  void
  CorotationalShellTriangle::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    const double          area = kernel_.area(), rho = definition_.density, t = definition_.thickness;
    const Eigen::Vector3d normal = frame_.reference_axes().col(2);
    const Eigen::Matrix3d in_plane = Eigen::Matrix3d::Identity() - normal * normal.transpose();
    const double          translational = rho * t * area, rotary = rho * t * t * t / 12.0 * area;
    mass_matrix.setZero(18, 18);
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b)
        {
          // Integral of N_a N_b over the triangle / A: (1 + delta_ab)/12, or 1/3 on the diagonal when lumped.
          const double share = kind == MassKind::consistent ? (a == b ? 2.0 : 1.0) / 12.0 : (a == b ? 1.0 / 3.0 : 0.0);
          mass_matrix.block<3, 3>(6 * a, 6 * b)         = share * translational * Eigen::Matrix3d::Identity();
          mass_matrix.block<3, 3>(6 * a + 3, 6 * b + 3) = share * rotary * in_plane;
        }
  }
} // namespace corot::elements
