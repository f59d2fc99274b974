#include <elements/corotational_truss.h>
#include <elements/registry.h>
#include <elements/section_forces_at_ends.h>

#include <stdexcept>
#include <string>

namespace corot::elements
{
  namespace
  {
    /** [A -A; -A A] for a dim x dim block A. */
    Eigen::MatrixXd
    two_node_pattern(const Eigen::MatrixXd &block)
    {
      const auto      n = block.rows();
      Eigen::MatrixXd result(2 * n, 2 * n);
      result << block, -block, -block, block;
      return result;
    }

    /** b = [-e; e]. */
    Eigen::VectorXd
    b_vector(const Eigen::VectorXd &e)
    {
      Eigen::VectorXd b(2 * e.size());
      b << -e, e;
      return b;
    }
  } // namespace

  CorotationalTruss::CorotationalTruss(const ElementDefinition &definition,
                                       const unsigned           dimension)
    : node_ids_(definition.node_ids)
    , dimension_(dimension)
  {
    const Eigen::Vector3d chord3 =
      definition.reference_positions[1] - definition.reference_positions[0];
    reference_chord_  = chord3.head(dimension);
    reference_length_ = reference_chord_.norm();
    if (dimension == 2 && std::abs(chord3[2]) > 1e-12 * std::max(1.0, reference_length_))
      throw std::invalid_argument("T2D2 element " + std::to_string(definition.id) +
                                  " does not lie in the x-y plane");
    if (!(reference_length_ > 0.0))
      throw std::invalid_argument("element " + std::to_string(definition.id) +
                                  " has zero length (its two nodes coincide)");
    axial_stiffness_ = definition.material.youngs_modulus * definition.section.truss().area;
    mass_per_length_ = definition.material.density * definition.section.truss().area;
  }

  std::vector<core::DofKind>
  CorotationalTruss::dof_kinds() const
  {
    if (dimension_ == 2)
      return {core::DofKind::ux, core::DofKind::uy};
    return {core::DofKind::ux, core::DofKind::uy, core::DofKind::uz};
  }

  Eigen::VectorXd
  CorotationalTruss::chord(const ElementKinematics &state) const
  {
    return reference_chord_ + (state[1].displacement - state[0].displacement).head(dimension_);
  }

  double
  CorotationalTruss::axial_force(const double length) const
  {
    return axial_stiffness_ * (length - reference_length_) / reference_length_;
  }

  void
  CorotationalTruss::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                    Eigen::MatrixXd *tangent) const
  {
    const Eigen::VectorXd x = chord(state);
    const double          l = x.norm();
    const Eigen::VectorXd e = x / l;
    const double          n = axial_force(l);
    force                   = n * b_vector(e);
    if (tangent != nullptr)
      {
        const Eigen::MatrixXd ee = e * e.transpose();
        const Eigen::MatrixXd p  = Eigen::MatrixXd::Identity(dimension_, dimension_) - ee;
        *tangent = two_node_pattern((axial_stiffness_ / reference_length_) * ee + (n / l) * p);
      }
  }

  void
  CorotationalTruss::conserving_force(const ElementKinematics &state_n,
                                      const ElementKinematics &state_n1, Eigen::VectorXd &force,
                                      Eigen::MatrixXd *tangent) const
  {
    const Eigen::VectorXd x_n = chord(state_n), x_n1 = chord(state_n1);
    const double          l_n = x_n.norm(), l_n1 = x_n1.norm();
    const Eigen::VectorXd x_m = 0.5 * (x_n + x_n1);
    const double          l_m = x_m.norm();
    if (!(l_m > 0.0))
      throw std::runtime_error("truss rotated by 180 degrees within one time step (l_m = 0)");
    const Eigen::VectorXd e_m = x_m / l_m;
    const double          sum = l_n + l_n1;
    const double n_m = l_m * (axial_force(l_n) + axial_force(l_n1)) / sum; // beta (N_n + N_n1)/2
    const Eigen::VectorXd b_m = b_vector(e_m);
    force                     = n_m * b_m;
    if (tangent != nullptr)
      {
        const Eigen::VectorXd b_n1 = b_vector(x_n1 / l_n1);
        *tangent =
          two_node_pattern((n_m / (2.0 * l_m)) *
                           Eigen::MatrixXd::Identity(dimension_, dimension_)) +
          ((l_m * axial_stiffness_ / reference_length_ - n_m) / sum) * b_m * b_n1.transpose();
      }
  }

  double
  CorotationalTruss::strain_energy(const ElementKinematics &state) const
  {
    const double stretch = chord(state).norm() - reference_length_;
    return 0.5 * axial_stiffness_ * stretch * stretch / reference_length_;
  }

  void
  CorotationalTruss::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    const double          total = mass_per_length_ * reference_length_;
    const Eigen::MatrixXd i     = Eigen::MatrixXd::Identity(dimension_, dimension_);
    mass_matrix.resize(2 * dimension_, 2 * dimension_);
    if (kind == MassKind::lumped)
      mass_matrix << 0.5 * total * i, 0.0 * i, 0.0 * i, 0.5 * total * i;
    else
      mass_matrix << (total / 3.0) * i, (total / 6.0) * i, (total / 6.0) * i, (total / 3.0) * i;
  }

  void
  CorotationalTruss::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    const Eigen::VectorXd e = reference_chord_ / reference_length_;
    stiffness = two_node_pattern((axial_stiffness_ / reference_length_) * e * e.transpose());
  }

  void
  CorotationalTruss::geometric_stiffness(const ElementKinematics &state,
                                         Eigen::MatrixXd         &stiffness) const
  {
    // The axial force of the linear pre-buckling state (as section_forces()
    // without large displacements): linear buckling linearises about the
    // reference, so K_sigma is linear in the pre-buckling displacements.
    const Eigen::VectorXd e = reference_chord_ / reference_length_;
    const double          n = section_forces(state, false).front().second;
    stiffness =
      two_node_pattern((n / reference_length_) *
                       (Eigen::MatrixXd::Identity(dimension_, dimension_) - e * e.transpose()));
  }

  void
  CorotationalTruss::initial_stress_increment(const ElementKinematics &base,
                                              const Eigen::VectorXd   &increment,
                                              Eigen::MatrixXd         &stiffness) const
  {
    const Eigen::VectorXd x = chord(base);
    const double          l = x.norm();
    const Eigen::VectorXd e = x / l;
    const double          dn =
      (axial_stiffness_ / reference_length_) *
      e.dot(increment.segment(dimension_, dimension_) - increment.segment(0, dimension_));
    stiffness = two_node_pattern(
      (dn / l) * (Eigen::MatrixXd::Identity(dimension_, dimension_) - e * e.transpose()));
  }

  void
  CorotationalTruss::design_derivative(const DesignProperty property,
                                       Eigen::MatrixXd     &stiffness_derivative,
                                       Eigen::MatrixXd     &mass_derivative) const
  {
    Eigen::MatrixXd stiffness, mass_matrix;
    linear_stiffness(stiffness);
    mass(MassKind::consistent, mass_matrix);
    const double k =
      (property == DesignProperty::modulus || property == DesignProperty::area) ? 1.0 : 0.0;
    const double m =
      (property == DesignProperty::density || property == DesignProperty::area) ? 1.0 : 0.0;
    stiffness_derivative = k * stiffness;
    mass_derivative      = m * mass_matrix;
  }

  std::vector<std::pair<std::string, double>>
  CorotationalTruss::section_forces(const ElementKinematics &state,
                                    const bool               large_displacements) const
  {
    Eigen::VectorXd n(1);
    if (large_displacements)
      n[0] = axial_force(chord(state).norm());
    else
      {
        const Eigen::VectorXd e0 = reference_chord_ / reference_length_;
        n[0]                     = axial_stiffness_ / reference_length_ *
               e0.dot((state[1].displacement - state[0].displacement).head(dimension_));
      }
    return section_forces_at_ends({"SF1"}, n, n);
  }

} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT_WITH(T2D2, "T2D2", 2, core::SectionKind::solid,
                              "two-node co-rotational truss in the x-y plane (UX UY)",
                              std::make_unique<CorotationalTruss>(definition, 2))
  COROT_REGISTER_ELEMENT_WITH(T3D2, "T3D2", 2, core::SectionKind::solid,
                              "two-node co-rotational truss in space (UX UY UZ)",
                              std::make_unique<CorotationalTruss>(definition, 3))
} // namespace corot::elements
