#include <elements/corotational_beam_3d.h>
#include <elements/registry.h>
#include <elements/rigid_offset_beam.h>
#include <elements/section_forces_at_ends.h>
#include <src/core/rotation_vector.h>

#include <src/core/configuration.h>

#include <cmath>
#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    /** Phi = 12 EI/(k G A l^2), 0 without shear flexibility (Meijaard 1993, eq. 6). */
    double
    shear_parameter(const double ei, const double k, const double g, const double a, const double l)
    {
      return (k > 0.0 && g > 0.0) ? 12.0 * ei / (k * g * a * l * l) : 0.0;
    }

    /** Symmetric entry pair (i, j), (j, i) of @p m set to @p value (once on the diagonal). */
    template <typename Matrix>
    void
    set_pair(Matrix &m, const int i, const int j, const double value)
    {
      m(i, j) = value;
      m(j, i) = value;
    }

    /** Local DOF indices of d_l = [u, th1x, th1y, th1z, th2x, th2y, th2z]. */
    enum LocalDof
    {
      u = 0,
      a_x,
      a_y,
      a_z,
      b_x,
      b_y,
      b_z
    };

    /** Global 12-vector [u1, theta1, u2, theta2] of a small-displacement @p state. */
    Eigen::Matrix<double, 12, 1>
    small_displacement_dofs(const ElementKinematics &state)
    {
      Eigen::Matrix<double, 12, 1> d;
      for (int node = 0; node < 2; ++node)
        {
          d.segment<3>(6 * node) = state[node].displacement;
          d.segment<3>(6 * node + 3) =
            CorotationalFrame3D::log_map(state[node].rotation.toRotationMatrix());
        }
      return d;
    }
  } // namespace

  CorotationalBeam3D::CorotationalBeam3D(const ElementDefinition &definition,
                                         const bool               modified_strains)
    : linear_(definition)
    , frame_(definition.reference_positions[0], definition.reference_positions[1],
             linear_.local_axes().transpose())
    , length_(linear_.length())
    , modified_strains_(modified_strains)
    , lumped_dynamic_mass_(definition.section.beam().lumped)
  {
    const double l = length_, e = linear_.material().youngs_modulus,
                 g             = linear_.material().shear_modulus;
    const core::BeamSection &s = linear_.section();
    section_stiffness_.setZero();
    section_stiffness_(0, 0) = e * s.area / l;
    section_stiffness_(1, 1) = g * s.torsion_constant / (l * l * l);
    const auto bending       = [&](const int first, const double ei, const double k) {
      const double phi                         = shear_parameter(ei, k, g, s.area, l);
      const double c                           = ei / ((1.0 + phi) * l * l * l);
      section_stiffness_(first, first)         = c * (4.0 + phi);
      section_stiffness_(first + 1, first + 1) = c * (4.0 + phi);
      set_pair(section_stiffness_, first, first + 1, c * (-2.0 + phi));
    };
    bending(2, e * s.i11, s.shear_factor_2); // eps3, eps4: rotation about local y = e1 (I11)
    bending(4, e * s.i22, s.shear_factor_1); // eps5, eps6: rotation about local z = e2 (I22)

    // Constant Hessians of the second-order strains (class description).
    for (auto &h : strain_hessian_)
      h.setZero();
    set_pair(strain_hessian_[1], a_z, b_y, 0.5 * l);
    set_pair(strain_hessian_[1], a_y, b_z, -0.5 * l);
    set_pair(strain_hessian_[2], a_x, a_z, -0.5 * l);
    set_pair(strain_hessian_[3], b_x, b_z, 0.5 * l);
    set_pair(strain_hessian_[4], a_x, a_y, 0.5 * l);
    set_pair(strain_hessian_[5], b_x, b_y, -0.5 * l);

    // Meijaard eq. 16: eps~_k = eps_k + eps^T G_k eps / 2 (indices 0..5 = eps1..eps6).
    for (auto &h : modified_hessian_)
      h.setZero();
    if (modified_strains_)
      {
        const double a = 1.0 / (30.0 * l), b = 1.0 / l, c = 1.0 / (6.0 * l);
        for (const int k : {2, 3, 4, 5})
          modified_hessian_[0](k, k) = 4.0 * a;
        set_pair(modified_hessian_[0], 2, 3, a);
        set_pair(modified_hessian_[0], 4, 5, a);
        set_pair(modified_hessian_[1], 2, 5, -b);
        set_pair(modified_hessian_[1], 3, 4, b);
        for (const int k : {4, 5})
          {
            set_pair(modified_hessian_[2], 1, k, c);
            set_pair(modified_hessian_[3], 1, k, -c);
          }
        for (const int k : {2, 3})
          {
            set_pair(modified_hessian_[4], 1, k, -c);
            set_pair(modified_hessian_[5], 1, k, c);
          }
      }
  }

  void
  CorotationalBeam3D::strains(const Vector7 &d, Vector6 &eps,
                              Eigen::Matrix<double, 6, 7> &gradient) const
  {
    const double l0 = length_;
    eps[0]          = d[u];
    eps[1]          = l0 * (d[b_x] - d[a_x] + 0.5 * (d[a_z] * d[b_y] - d[a_y] * d[b_z]));
    eps[2]          = -l0 * (d[a_y] + 0.5 * d[a_x] * d[a_z]);
    eps[3]          = l0 * (d[b_y] + 0.5 * d[b_x] * d[b_z]);
    eps[4]          = -l0 * (d[a_z] - 0.5 * d[a_x] * d[a_y]);
    eps[5]          = l0 * (d[b_z] - 0.5 * d[b_x] * d[b_y]);
    // Gradient = linear part + Hessian * d (the strains are quadratic).
    gradient.setZero();
    gradient(0, u)   = 1.0;
    gradient(1, a_x) = -l0;
    gradient(1, b_x) = l0;
    gradient(2, a_y) = -l0;
    gradient(3, b_y) = l0;
    gradient(4, a_z) = -l0;
    gradient(5, b_z) = l0;
    for (int k = 0; k < 6; ++k)
      gradient.row(k) += (strain_hessian_[k] * d).transpose();
  }

  void
  CorotationalBeam3D::modified(const Vector6 &eps, Vector6 &eps_mod,
                               Eigen::Matrix<double, 6, 6> &jacobian) const
  {
    jacobian.setIdentity();
    for (int k = 0; k < 6; ++k)
      {
        const Vector6 g = modified_hessian_[k] * eps;
        eps_mod[k]      = eps[k] + 0.5 * eps.dot(g);
        jacobian.row(k) += g.transpose();
      }
  }

  CorotationalBeam3D::Matrix7
  CorotationalBeam3D::stress_hessian(const Vector7 &d_l, const Vector6 &sigma) const
  {
    Vector6                     eps, eps_mod;
    Eigen::Matrix<double, 6, 7> j;
    Eigen::Matrix<double, 6, 6> a;
    strains(d_l, eps, j);
    modified(eps, eps_mod, a);
    // d2 eps~_k = J^T G_k J + sum_m A_km H_m.
    Matrix7 h = Matrix7::Zero();
    for (int k = 0; k < 6; ++k)
      {
        h += sigma[k] * (j.transpose() * modified_hessian_[k] * j);
        for (int m = 0; m < 6; ++m)
          h += sigma[k] * a(k, m) * strain_hessian_[m];
      }
    return h;
  }

  double
  CorotationalBeam3D::local_response(const Vector7 &d_l, Vector7 &force, Matrix7 &tangent) const
  {
    Vector6                     eps, eps_mod;
    Eigen::Matrix<double, 6, 7> j;
    Eigen::Matrix<double, 6, 6> a;
    strains(d_l, eps, j);
    modified(eps, eps_mod, a);
    const Eigen::Matrix<double, 6, 7> j_mod = a * j;
    const Vector6                     sigma = section_stiffness_ * eps_mod;
    force                                   = j_mod.transpose() * sigma;
    tangent = j_mod.transpose() * section_stiffness_ * j_mod + stress_hessian(d_l, sigma);
    return 0.5 * eps_mod.dot(sigma);
  }

  void
  CorotationalBeam3D::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                     Eigen::MatrixXd *tangent) const
  {
    const CorotationalFrame3D::State frame = frame_.evaluate(state);
    Vector7                          f_l;
    Matrix7                          k_l;
    local_response(frame.deformation, f_l, k_l);
    force = CorotationalFrame3D::global_force(frame, f_l);
    if (tangent != nullptr)
      *tangent =
        frame.b.transpose() * k_l * frame.b + CorotationalFrame3D::geometric_tangent(frame, f_l);
  }

  double
  CorotationalBeam3D::strain_energy(const ElementKinematics &state) const
  {
    Vector7 f_l;
    Matrix7 k_l;
    return local_response(frame_.evaluate(state).deformation, f_l, k_l);
  }

  CorotationalBeam3D::Vector7
  CorotationalBeam3D::averaged_local_force(const Vector7 &d_n, const Vector7 &d_n1,
                                           Matrix7 *tangent) const
  {
    Vector6                     eps_n, eps_n1, eps_mod_n, eps_mod_n1, eps_mean, unused;
    Eigen::Matrix<double, 6, 7> j_n, j_n1, j_mean;
    Eigen::Matrix<double, 6, 6> a_n, a_n1, a_mean;
    strains(d_n, eps_n, j_n);
    strains(d_n1, eps_n1, j_n1);
    modified(eps_n, eps_mod_n, a_n);
    modified(eps_n1, eps_mod_n1, a_n1);
    const Vector7 d_mean = 0.5 * (d_n + d_n1);
    strains(d_mean, unused, j_mean); // J(d_mean): Delta eps = J(d_mean) Delta d
    modified(0.5 * (eps_n + eps_n1), unused,
             a_mean); // A(eps_mean): Delta eps~ = A(eps_mean) Delta eps
    const Eigen::Matrix<double, 6, 7> j_mod = a_mean * j_mean;
    const Vector6                     sigma = 0.5 * section_stiffness_ * (eps_mod_n + eps_mod_n1);
    if (tangent != nullptr)
      *tangent = 0.5 * (j_mod.transpose() * section_stiffness_ * a_n1 * j_n1 +
                        stress_hessian(d_mean, sigma));
    return j_mod.transpose() * sigma;
  }

  CorotationalBeam3D::Vector12
  CorotationalBeam3D::invariants(const ElementKinematics &state) const
  {
    const Eigen::Matrix3d r1 = state[0].rotation.normalized().toRotationMatrix();
    const Eigen::Matrix3d r2 = state[1].rotation.normalized().toRotationMatrix();
    const Eigen::Vector3d chord =
      frame_.reference_chord() + state[1].displacement - state[0].displacement;
    Vector12 p;
    p.head<3>()                               = r1.transpose() * chord;
    Eigen::Map<Eigen::Matrix3d>(p.data() + 3) = r1.transpose() * r2;
    return p;
  }

  CorotationalFrame3D::State
  CorotationalBeam3D::canonical_frame(const Vector12               &p,
                                      Eigen::Matrix<double, 7, 12> &derivative) const
  {
    // Node 1 at its reference position with R_1 = I, node 2 at X_1 + a with
    // R_2 = C, made orthogonal by its polar factor (the smooth extension of
    // d_l off orthogonal C; at orthogonal C it ignores symmetric C^T dC).
    const Eigen::Matrix3d                   c = Eigen::Map<const Eigen::Matrix3d>(p.data() + 3);
    const Eigen::JacobiSVD<Eigen::Matrix3d> svd(c, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const Eigen::Matrix3d                   polar = svd.matrixU() * svd.matrixV().transpose();
    ElementKinematics                       canonical(2);
    canonical[1].displacement              = p.head<3>() - frame_.reference_chord();
    canonical[1].rotation                  = Eigen::Quaterniond(polar);
    const CorotationalFrame3D::State frame = frame_.evaluate(canonical);
    // d(d_l)/dp = B J: da moves node 2; dC turns node 2 by the spatial spin
    // vee(skew(dC C^T)).
    Eigen::Matrix<double, 12, 12> j = Eigen::Matrix<double, 12, 12>::Zero();
    j.block<3, 3>(6, 0)             = Eigen::Matrix3d::Identity();
    for (int entry = 0; entry < 9; ++entry)
      {
        Eigen::Matrix3d dc          = Eigen::Matrix3d::Zero();
        dc(entry % 3, entry / 3)    = 1.0; // column-major, as p stores C
        const Eigen::Matrix3d w     = 0.5 * (dc * polar.transpose() - polar * dc.transpose());
        j.block<3, 1>(9, 3 + entry) = Eigen::Vector3d(w(2, 1), w(0, 2), w(1, 0));
      }
    derivative = frame.b * j;
    return frame;
  }

  Eigen::Matrix<double, 12, 12>
  CorotationalBeam3D::invariant_secant(const ElementKinematics &state_n,
                                       const ElementKinematics &state_n1) const
  {
    // Delta (x . r) = x_mean . Delta r + r_mean . Delta x for bilinear
    // invariants, and Delta r = phi x r_mean for a director turned by cay(phi).
    const Eigen::Matrix3d r1 =
      0.5 * (state_n[0].rotation.toRotationMatrix() + state_n1[0].rotation.toRotationMatrix());
    const Eigen::Matrix3d r2 =
      0.5 * (state_n[1].rotation.toRotationMatrix() + state_n1[1].rotation.toRotationMatrix());
    const Eigen::Vector3d chord =
      frame_.reference_chord() + 0.5 * (state_n[1].displacement + state_n1[1].displacement -
                                        state_n[0].displacement - state_n1[0].displacement);
    Eigen::Matrix<double, 12, 12> g = Eigen::Matrix<double, 12, 12>::Zero();
    for (int k = 0; k < 3; ++k)
      {
        g.block<1, 3>(k, 0) = -r1.col(k).transpose();
        g.block<1, 3>(k, 6) = r1.col(k).transpose();
        g.block<1, 3>(k, 3) = r1.col(k).cross(chord).transpose();
      }
    for (int entry = 0; entry < 9; ++entry)
      {
        const int row = 3 + entry, j = entry % 3, k = entry / 3; // C_jk = r1_j . r2_k
        g.block<1, 3>(row, 3) = r1.col(j).cross(r2.col(k)).transpose();
        g.block<1, 3>(row, 9) = r2.col(k).cross(r1.col(j)).transpose();
      }
    return g;
  }

  void
  CorotationalBeam3D::conserving_force(const ElementKinematics &state_n,
                                       const ElementKinematics &state_n1, Eigen::VectorXd &force,
                                       Eigen::MatrixXd *tangent) const
  {
    // Invariants p = (a, C) at both ends of the step, the local deformations
    // d_l = F(p) and their derivatives DF.
    const Vector12                   p_n = invariants(state_n), p_n1 = invariants(state_n1);
    Eigen::Matrix<double, 7, 12>     df_n, df_n1;
    const CorotationalFrame3D::State frame_n  = canonical_frame(p_n, df_n);
    const CorotationalFrame3D::State frame_n1 = canonical_frame(p_n1, df_n1);

    // Discrete derivative of F (trapezoidal + Gonzalez rank-one in p-space,
    // metric 1/l0^2 on a): DF_bar Delta p = d_l,n+1 - d_l,n exactly.
    const Vector12 dp       = p_n1 - p_n;
    Vector12       weighted = dp;
    weighted.head<3>() /= length_ * length_;
    Eigen::Matrix<double, 7, 12> df = 0.5 * (df_n + df_n1);
    // Below |Delta p| = 1e-6 |p| the correction's own term is of order
    // |Delta p|^3 (< 1e-18) while its division would amplify the round-off of
    // F (1e-16) to 1e-10 and more: it is left out there.
    Vector12 size = p_n;
    size.head<3>() /= length_;
    const double norm2 = dp.dot(weighted);
    if (norm2 > 1e-12 * size.squaredNorm())
      df += (frame_n1.deformation - frame_n.deformation - df * dp) * weighted.transpose() / norm2;

    Matrix7       k_l;
    const Vector7 f_l = averaged_local_force(frame_n.deformation, frame_n1.deformation,
                                             tangent != nullptr ? &k_l : nullptr);
    const Eigen::Matrix<double, 7, 12> g = df * invariant_secant(state_n, state_n1);
    force                                = g.transpose() * f_l;
    if (tangent != nullptr)
      {
        // Material part exact in d_l,n+1; the change of G approximated by the
        // geometric tangent of the mid-point configuration (mean positions,
        // rotations half-way), half of it for d(mid)/d(d_{n+1}).
        ElementKinematics mid(2);
        for (int node = 0; node < 2; ++node)
          {
            const Eigen::Quaterniond step =
              state_n1[node].rotation * state_n[node].rotation.conjugate();
            mid[node].displacement =
              0.5 * (state_n[node].displacement + state_n1[node].displacement);
            mid[node].rotation =
              Eigen::Quaterniond::Identity().slerp(0.5, step) * state_n[node].rotation;
          }
        *tangent = g.transpose() * k_l * frame_.evaluate(state_n1).b +
                   0.5 * CorotationalFrame3D::geometric_tangent(frame_.evaluate(mid), f_l);
      }
  }

  void
  CorotationalBeam3D::geometric_stiffness(const ElementKinematics &state,
                                          Eigen::MatrixXd         &stiffness) const
  {
    const ElementKinematics          reference(2);
    const CorotationalFrame3D::State frame = frame_.evaluate(reference);
    const Vector7                    d_l   = frame.b * small_displacement_dofs(state);
    Vector7                          f_zero;
    Matrix7                          k_l;
    local_response(Vector7::Zero(), f_zero, k_l);
    const Vector7 f_l = k_l * d_l;
    // Linear stresses sigma = S J(0) d_l.
    Vector6                     eps;
    Eigen::Matrix<double, 6, 7> j;
    strains(Vector7::Zero(), eps, j);
    const Vector6 sigma = section_stiffness_ * (j * d_l);
    stiffness           = frame.b.transpose() * stress_hessian(Vector7::Zero(), sigma) * frame.b +
                CorotationalFrame3D::geometric_tangent(frame, f_l);
  }

  void
  CorotationalBeam3D::initial_stress_increment(const ElementKinematics &base,
                                               const Eigen::VectorXd   &increment,
                                               Eigen::MatrixXd         &stiffness) const
  {
    const CorotationalFrame3D::State frame = frame_.evaluate(base);
    const Vector7                    d_l   = frame.deformation;
    const Vector7                    dd_l  = frame.b * Eigen::Matrix<double, 12, 1>(increment);
    Vector6                          eps, eps_mod;
    Eigen::Matrix<double, 6, 7>      j;
    Eigen::Matrix<double, 6, 6>      a;
    strains(d_l, eps, j);
    modified(eps, eps_mod, a);
    const Eigen::Matrix<double, 6, 7> j_mod  = a * j;
    const Vector6                     dsigma = section_stiffness_ * (j_mod * dd_l);
    const Vector7                     df_l   = j_mod.transpose() * dsigma;
    stiffness = frame.b.transpose() * stress_hessian(d_l, dsigma) * frame.b +
                CorotationalFrame3D::geometric_tangent(frame, df_l);
  }

  std::vector<std::pair<std::string, double>>
  CorotationalBeam3D::section_forces(const ElementKinematics &state,
                                     const bool               large_displacements) const
  {
    if (!large_displacements)
      return linear_.section_forces(state, false);
    const CorotationalFrame3D::State frame = frame_.evaluate(state);
    Vector7                          f_l;
    Matrix7                          k_l;
    local_response(frame.deformation, f_l, k_l);
    const Eigen::Matrix<double, 12, 1> f  = CorotationalFrame3D::global_force(frame, f_l);
    const Eigen::Matrix3d              rt = frame.rotation.transpose();
    // Minus the forces on node 1, plus those on node 2, in the axes r1 r2 r3.
    return spatial_beam_section_forces(-rt * f.segment<3>(0), -rt * f.segment<3>(3),
                                       rt * f.segment<3>(6), rt * f.segment<3>(9));
  }

  void
  CorotationalBeam3D::dynamic_mass(const bool nonlinear, Eigen::MatrixXd &mass_matrix) const
  {
    if (lumped_dynamic_mass_)
      return mass(MassKind::lumped, mass_matrix);
    if (nonlinear)
      throw std::runtime_error(
        "LUMPED=NO (a consistent mass) on a B31 section in a *DYNAMIC step with NLGEOM: the "
        "co-rotational consistent mass is built for B21 only; B31 lumps its mass (give "
        "LUMPED=YES, or leave it out)");
    mass(MassKind::consistent, mass_matrix);
  }
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT_WITH(
    CorotationalBeam3D, "B31", 2, core::SectionKind::beam,
    "two-node co-rotational Timoshenko beam in space (UX UY UZ RX RY RZ; large "
    "rotations, Meijaard second-order strains; OFFSET1/2 as a rigid eccentricity)",
    make_space_beam(definition, [](const ElementDefinition &d) {
      return std::make_unique<CorotationalBeam3D>(d);
    }))
} // namespace corot::elements
