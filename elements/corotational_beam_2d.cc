#include <elements/corotational_beam_2d.h>
#include <elements/registry.h>
#include <elements/section_forces_at_ends.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace corot::elements
{
  namespace
  {
    using Matrix6d = Eigen::Matrix<double, 6, 6>;
    using Vector6d = Eigen::Matrix<double, 6, 1>;
    using Matrix36 = Eigen::Matrix<double, 3, 6>;
    using Matrix62 = Eigen::Matrix<double, 6, 2>;

    /** G: a chord vector v (2) to the element DOFs [-v, 0, v, 0] (node-major UX UY RZ). */
    Matrix62
    chord_map()
    {
      Matrix62 g = Matrix62::Zero();
      g(0, 0) = g(1, 1) = -1.0;
      g(3, 0) = g(4, 1) = 1.0;
      return g;
    }

    /** J x = (-x_y, x_x): x rotated by +90 degrees about z. */
    Eigen::Vector2d
    perp(const Eigen::Vector2d &x)
    {
      return Eigen::Vector2d(-x[1], x[0]);
    }

    /** The matrix of perp(). */
    Eigen::Matrix2d
    perp_matrix()
    {
      Eigen::Matrix2d j;
      j << 0.0, -1.0, 1.0, 0.0;
      return j;
    }

    /** z component of a x b. */
    double
    cross(const Eigen::Vector2d &a, const Eigen::Vector2d &b)
    {
      return a[0] * b[1] - a[1] * b[0];
    }

    /** Angle wrapped to [-pi, pi]. */
    double
    wrapped(const double angle)
    {
      return std::remainder(angle, 2.0 * M_PI);
    }

    /**
     * In-plane rotation angle of a rotation about z, 2 atan2(q_z, q_w) (defined
     * modulo 2 pi, which is all the wrapped local rotations need).
     */
    double
    planar_angle(const Eigen::Quaterniond &rotation)
    {
      return 2.0 * std::atan2(rotation.z(), rotation.w());
    }

    /**
     * g(phi) = phi/sin(phi) and its derivative g'(phi) = (sin phi - phi cos phi)/sin^2 phi;
     * Maclaurin series below |phi| = 0.05 (truncation < 1e-17, where the closed
     * form loses digits to cancellation).
     */
    std::pair<double, double>
    angle_over_sine(const double phi)
    {
      const double p2 = phi * phi;
      if (std::abs(phi) < 0.05)
        return {1.0 + p2 * (1.0 / 6.0 +
                            p2 * (7.0 / 360.0 + p2 * (31.0 / 15120.0 + p2 * 127.0 / 604800.0))),
                phi *
                  (1.0 / 3.0 + p2 * (7.0 / 90.0 + p2 * (31.0 / 2520.0 + p2 * 127.0 / 75600.0)))};
      const double s = std::sin(phi), c = std::cos(phi);
      return {phi / s, (s - phi * c) / (s * s)};
    }

    /** Static B (3 x 6, rows u_l, thb1, thb2) at a chord @p x (Crisfield & Shi 1993, eq. 37). */
    Matrix36
    static_b(const Eigen::Vector2d &x)
    {
      const Matrix62 g       = chord_map();
      const double   l2      = x.squaredNorm();
      const Vector6d b_u     = g * (x / std::sqrt(l2));
      const Vector6d b_alpha = g * (perp(x) / l2); // d alpha / d d
      Matrix36       b;
      b.row(0) = b_u.transpose();
      b.row(1) = -b_alpha.transpose();
      b.row(2) = -b_alpha.transpose();
      b(1, 2) += 1.0;
      b(2, 5) += 1.0;
      return b;
    }
  } // namespace

  CorotationalBeam2D::CorotationalBeam2D(const ElementDefinition &definition)
    : linear_(definition)
  {
    if (!definition.section.beam().axis_offset.isZero(0.0))
      throw std::invalid_argument("OFFSET1=/OFFSET2= (a beam axis offset) is supported on B31 "
                                  "(and B32) only, not on B21");
    reference_chord_ =
      (definition.reference_positions[1] - definition.reference_positions[0]).head<2>();
    reference_length_ = linear_.length();
    reference_angle_  = std::atan2(reference_chord_[1], reference_chord_[0]);
    basic_stiffness_  = linear_.basic_stiffness();
    reference_start_  = definition.reference_positions[0].head<2>();
    if (!definition.section.beam().lumped)
      consistent_inertia_.emplace(reference_start_, reference_start_ + reference_chord_,
                                  definition.material.density * definition.section.beam().area);
  }

  void
  CorotationalBeam2D::dynamic_mass(const bool nonlinear, Eigen::MatrixXd &mass_matrix) const
  {
    if (!consistent_inertia_)
      return linear_.mass(MassKind::lumped, mass_matrix);
    if (!nonlinear)
      return linear_.mass(MassKind::consistent, mass_matrix);
    linear_.mass(MassKind::lumped, mass_matrix);
    for (const int translation : {0, 1, 3, 4})
      mass_matrix(translation, translation) = 0.0;
  }

  PlanarConsistentInertia::Vector6
  CorotationalBeam2D::coordinates(const ElementKinematics           &state,
                                  const Eigen::Matrix<double, 6, 1> *continued) const
  {
    PlanarConsistentInertia::Vector6 q;
    const Eigen::Vector2d start[2] = {reference_start_, reference_start_ + reference_chord_};
    for (unsigned node = 0; node < 2; ++node)
      {
        q.segment<2>(3 * node) = start[node] + state[node].displacement.head<2>();
        const double angle     = planar_angle(state[node].rotation);
        q[3 * node + 2]        = continued == nullptr ? angle :
                                                        (*continued)[3 * node + 2] +
                                                   wrapped(angle - (*continued)[3 * node + 2]);
      }
    return q;
  }

  void
  CorotationalBeam2D::midpoint_inertia_force(const ElementKinematics &state_n,
                                             const ElementKinematics &state_n1,
                                             const Eigen::VectorXd &velocity_n, const double dt,
                                             Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const
  {
    if (!consistent_inertia_)
      return Element::midpoint_inertia_force(state_n, state_n1, velocity_n, dt, force, tangent);
    const PlanarConsistentInertia::Vector6 q_n  = coordinates(state_n, nullptr);
    const PlanarConsistentInertia::Vector6 q_n1 = coordinates(state_n1, &q_n);
    PlanarConsistentInertia::Vector6       f;
    PlanarConsistentInertia::Matrix6       k;
    consistent_inertia_->midpoint_force(q_n, q_n1, velocity_n, dt, f,
                                        tangent != nullptr ? &k : nullptr);
    force = f;
    if (tangent != nullptr)
      *tangent = k;
  }

  std::pair<double, Eigen::Vector3d>
  CorotationalBeam2D::configuration_dependent_momentum(const ElementKinematics &state,
                                                       const Eigen::VectorXd   &velocity) const
  {
    if (!consistent_inertia_)
      return Element::configuration_dependent_momentum(state, velocity);
    const PlanarConsistentInertia::Vector6 q = coordinates(state, nullptr);
    return {consistent_inertia_->kinetic_energy(q, velocity),
            Eigen::Vector3d(0.0, 0.0, consistent_inertia_->angular_momentum(q, velocity))};
  }

  Eigen::Vector2d
  CorotationalBeam2D::chord(const ElementKinematics &state) const
  {
    return reference_chord_ + (state[1].displacement - state[0].displacement).head<2>();
  }

  Eigen::Vector3d
  CorotationalBeam2D::basic_deformations(const ElementKinematics &state,
                                         const Eigen::Vector2d   &x) const
  {
    const double rigid = std::atan2(x[1], x[0]) - reference_angle_; // alpha - alpha0, modulo 2 pi
    return {x.norm() - reference_length_, wrapped(planar_angle(state[0].rotation) - rigid),
            wrapped(planar_angle(state[1].rotation) - rigid)};
  }

  void
  CorotationalBeam2D::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                     Eigen::MatrixXd *tangent) const
  {
    const Eigen::Vector2d x = chord(state);
    const double          l = x.norm();
    if (!(l > 0.0))
      throw std::runtime_error("B21 element collapsed to zero chord length");
    const Matrix36        b = static_b(x);
    const Eigen::Vector3d s = basic_stiffness_ * basic_deformations(state, x);
    force                   = b.transpose() * s;
    if (tangent == nullptr)
      return;
    const Eigen::Vector2d e = x / l, e_perp = perp(e);
    const Matrix62        g = chord_map();
    const Eigen::Matrix2d axial =
      (s[0] / l) * (Eigen::Matrix2d::Identity() - e * e.transpose()); // N d^2 l / dx^2
    const Eigen::Matrix2d bending =
      ((s[1] + s[2]) / (l * l)) *
      (e * e_perp.transpose() + e_perp * e.transpose()); // -(M1+M2) d^2 alpha/dx^2
    *tangent = b.transpose() * basic_stiffness_ * b + g * (axial + bending) * g.transpose();
  }

  void
  CorotationalBeam2D::initial_stress_increment(const ElementKinematics &base,
                                               const Eigen::VectorXd   &increment,
                                               Eigen::MatrixXd         &stiffness) const
  {
    const Eigen::Vector2d x = chord(base);
    const double          l = x.norm();
    if (!(l > 0.0))
      throw std::runtime_error("B21 element collapsed to zero chord length");
    const Eigen::Vector3d ds = basic_stiffness_ * (static_b(x) * Vector6d(increment));
    const Eigen::Vector2d e = x / l, e_perp = perp(e);
    const Matrix62        g     = chord_map();
    const Eigen::Matrix2d axial = (ds[0] / l) * (Eigen::Matrix2d::Identity() - e * e.transpose());
    const Eigen::Matrix2d bending =
      ((ds[1] + ds[2]) / (l * l)) * (e * e_perp.transpose() + e_perp * e.transpose());
    stiffness = g * (axial + bending) * g.transpose();
  }

  void
  CorotationalBeam2D::conserving_force(const ElementKinematics &state_n,
                                       const ElementKinematics &state_n1, Eigen::VectorXd &force,
                                       Eigen::MatrixXd *tangent) const
  {
    const Eigen::Vector2d x_n = chord(state_n), x_n1 = chord(state_n1);
    const double          l_n = x_n.norm(), l_n1 = x_n1.norm();
    const Eigen::Vector2d x_m = 0.5 * (x_n + x_n1);
    // x_n x x_{n+1} from the increment (no cancellation for small steps).
    const double sine_part   = cross(x_n, x_n1 - x_n);
    const double delta_alpha = std::atan2(sine_part, x_n.dot(x_n1));
    if (!(l_n > 0.0) || !(l_n1 > 0.0) || !(std::abs(delta_alpha) < M_PI * (1.0 - 1e-8)))
      throw std::runtime_error("B21 chord rotated by 180 degrees within one time step "
                               "(the averaged B of the conserving force is singular)");
    const auto [g_phi, dg_phi] = angle_over_sine(delta_alpha);
    const double sum           = l_n + l_n1;
    const double gamma         = g_phi / (l_n * l_n1); // Delta alpha / (x_n x x_{n+1})

    const Matrix62 g         = chord_map();
    const Vector6d bar_u     = g * ((2.0 / sum) * x_m);
    const Vector6d bar_alpha = g * (gamma * perp(x_m));
    Matrix36       bar_b;
    bar_b.row(0) = bar_u.transpose();
    bar_b.row(1) = -bar_alpha.transpose();
    bar_b.row(2) = -bar_alpha.transpose();
    bar_b(1, 2) += 1.0;
    bar_b(2, 5) += 1.0;

    const Eigen::Vector3d p_n   = basic_deformations(state_n, x_n);
    const Eigen::Vector3d p_n1  = basic_deformations(state_n1, x_n1);
    const Eigen::Vector3d s_bar = basic_stiffness_ * (0.5 * (p_n + p_n1));
    force                       = bar_b.transpose() * s_bar;
    if (tangent == nullptr)
      return;

    // d bbar_u / d x_{n+1} and d bbar_alpha / d x_{n+1} (2 x 2, chord space).
    const Eigen::Vector2d e_n1 = x_n1 / l_n1;
    const Eigen::Matrix2d d_bar_u =
      (1.0 / sum) * Eigen::Matrix2d::Identity() - (2.0 / (sum * sum)) * x_m * e_n1.transpose();
    const Eigen::Vector2d d_gamma =
      (dg_phi * perp(x_n1) - g_phi * x_n1) / (l_n * std::pow(l_n1, 3));
    const Eigen::Matrix2d d_bar_alpha =
      (0.5 * gamma) * perp_matrix() + perp(x_m) * d_gamma.transpose();
    *tangent = 0.5 * bar_b.transpose() * basic_stiffness_ * static_b(x_n1) +
               g * (s_bar[0] * d_bar_u - (s_bar[1] + s_bar[2]) * d_bar_alpha) * g.transpose();
  }

  double
  CorotationalBeam2D::strain_energy(const ElementKinematics &state) const
  {
    const Eigen::Vector3d p = basic_deformations(state, chord(state));
    return 0.5 * p.dot(basic_stiffness_ * p);
  }

  std::vector<std::pair<std::string, double>>
  CorotationalBeam2D::section_forces(const ElementKinematics &state,
                                     const bool               large_displacements) const
  {
    if (!large_displacements)
      return linear_.section_forces(state, false);
    const Eigen::Vector2d x     = chord(state);
    const Eigen::Vector3d s     = basic_stiffness_ * basic_deformations(state, x);
    const double          shear = -(s[1] + s[2]) / x.norm();
    return section_forces_at_ends({"SF1", "SF2", "SM1"}, Eigen::Vector3d(s[0], shear, s[1]),
                                  Eigen::Vector3d(s[0], shear, -s[2]));
  }
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT(CorotationalBeam2D, "B21", 2, core::SectionKind::beam,
                         "two-node co-rotational Timoshenko beam in the x-y plane (UX UY RZ; "
                         "large rotations, energy-conserving mid-point force)")
} // namespace corot::elements
