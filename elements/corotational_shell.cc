#include <elements/corotational_frame_3d.h>
#include <elements/corotational_shell.h>
#include <elements/registry.h>
#include <elements/shell_quad_kernel.h>
#include <elements/shell_triangle_kernel.h>
#include <src/core/rotation_vector.h>

#include <cmath>
#include <stdexcept>

namespace corot::elements
{
  namespace
  {
    template <int N>
    std::array<Eigen::Vector3d, N>
    positions_of(const ShellDefinition &definition)
    {
      if (definition.reference_positions.size() != N)
        throw std::invalid_argument(N == 3 ? "shell triangle: three node positions expected" :
                                             "shell quadrilateral: four node positions expected");
      std::array<Eigen::Vector3d, N> x;
      for (int i = 0; i < N; ++i)
        x[i] = definition.reference_positions[i];
      return x;
    }

    template <int N>
    std::array<Eigen::Vector2d, N>
    in_plane(const std::array<Eigen::Vector3d, N> &x)
    {
      std::array<Eigen::Vector2d, N> y;
      for (int i = 0; i < N; ++i)
        y[i] = x[i].template head<2>();
      return y;
    }

    /** Local DOF index (in [u v w theta_x theta_y theta_z] per node) of membrane DOF @p k ([u v theta_z] per node). */
    int
    membrane_dof(const int k)
    {
      return 6 * (k / 3) + (k % 3 == 2 ? 5 : k % 3);
    }

    /** Local DOF index of plate DOF @p k ([w theta_x theta_y] per node). */
    int
    plate_dof(const int k)
    {
      return 6 * (k / 3) + 2 + k % 3;
    }

    /** The flat kernel's membrane and plate parts, strain and curvature at the centre, area. */
    template <int N>
    struct FlatKernel
    {
      Eigen::Matrix<double, 3 * N, 3 * N> membrane, plate;
      Eigen::Matrix<double, 3, 3 * N>     strain, curvature;
      double                              area;
    };

    FlatKernel<3>
    flat_kernel(const std::array<Eigen::Vector2d, 3> &x, const ShellDefinition &d)
    {
      const ShellTriangleKernel kernel(x, d.thickness, d.youngs_modulus, d.poisson_ratio);
      return {kernel.membrane_stiffness(), kernel.plate_stiffness(),
              kernel.membrane_strain_matrix(), kernel.curvature_matrix(1.0 / 3.0, 1.0 / 3.0),
              kernel.area()};
    }

    FlatKernel<4>
    flat_kernel(const std::array<Eigen::Vector2d, 4> &x, const ShellDefinition &d)
    {
      const ShellQuadKernel kernel(x, d.thickness, d.youngs_modulus, d.poisson_ratio);
      return {kernel.membrane_stiffness(), kernel.plate_stiffness(),
              kernel.membrane_strain_matrix(0.0, 0.0), kernel.curvature_matrix(0.0, 0.0),
              kernel.area()};
    }

    /** int N_a N_b dA (consistent) or int N_a dA on the diagonal (lumped) of the flat element @p x. */
    Eigen::Matrix3d
    shape_products(const std::array<Eigen::Vector2d, 3> &x, const MassKind kind)
    {
      const Eigen::Vector2d a = x[1] - x[0], b = x[2] - x[0];
      const double          area = 0.5 * (a.x() * b.y() - a.y() * b.x());
      if (kind == MassKind::lumped)
        return Eigen::Matrix3d::Identity() * area / 3.0;
      return (Eigen::Matrix3d::Ones() + Eigen::Matrix3d::Identity()) * area / 12.0;
    }

    Eigen::Matrix4d
    shape_products(const std::array<Eigen::Vector2d, 4> &x, const MassKind kind)
    {
      const double    xi_c[4] = {-1.0, 1.0, 1.0, -1.0}, eta_c[4] = {-1.0, -1.0, 1.0, 1.0};
      const double    g = 1.0 / std::sqrt(3.0);
      Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
      for (const double xi : {-g, g})
        for (const double eta : {-g, g})
          {
            Eigen::Vector4d n;
            Eigen::Matrix2d j = Eigen::Matrix2d::Zero();
            for (int i = 0; i < 4; ++i)
              {
                n[i] = 0.25 * (1.0 + xi * xi_c[i]) * (1.0 + eta * eta_c[i]);
                j.row(0) += 0.25 * xi_c[i] * (1.0 + eta * eta_c[i]) * x[i].transpose();
                j.row(1) += 0.25 * eta_c[i] * (1.0 + xi * xi_c[i]) * x[i].transpose();
              }
            const double det = j.determinant();
            if (kind == MassKind::lumped)
              m.diagonal() += det * n;
            else
              m += det * n * n.transpose();
          }
      return m;
    }

    /**
     * The step s of an N-node element split off the six rigid modes R of the
     * mid-point configuration x_i (translations, and spins w x x_i with w on
     * the rotations) in the metric W = diag(1, area) of translations and
     * rotations: the fitted rigid motion a = G^{-1} R^T W s (G = R^T W R), the
     * projected step P s = s - R a, its weighted form W P s and s . W P s.
     */
    template <int N>
    struct RigidModeProjection
    {
      using Vector = Eigen::Matrix<double, 6 * N, 1>;
      using Matrix = Eigen::Matrix<double, 6 * N, 6 * N>;

      RigidModeProjection(const std::array<Eigen::Vector3d, N> &positions, const double area,
                          const Vector &step)
        : positions(positions)
      {
        rigid.setZero();
        for (int i = 0; i < N; ++i)
          {
            for (int k = 0; k < 3; ++k)
              {
                const Eigen::Vector3d w                      = Eigen::Vector3d::Unit(k);
                rigid.template block<3, 1>(6 * i, k)         = w;
                rigid.template block<3, 1>(6 * i, 3 + k)     = w.cross(positions[i]);
                rigid.template block<3, 1>(6 * i + 3, 3 + k) = w;
              }
            metric.template segment<3>(6 * i).setOnes();
            metric.template segment<3>(6 * i + 3).setConstant(area);
          }
        gram.compute(rigid.transpose() * metric.asDiagonal() * rigid);
        fitted    = gram.solve(rigid.transpose() * metric.cwiseProduct(step));
        projected = step - rigid * fitted;
        direction = metric.cwiseProduct(projected);
        norm2     = projected.dot(direction);
      }

      /**
       * d(P s)/dx for ds = S dx (@p step_jacobian) while each node's mid-point
       * moves by half its translation: P S, plus the change of P on the
       * translational columns. Moving node i's mid-point by e_c/2 turns the
       * rotation modes' rows of node i by e_k x e_c/2 (dR), so
       * d(P s) = -dR a - R da with da = G^{-1} (dR^T W P s - R^T W dR a).
       */
      Matrix
      jacobian(const Matrix &step_jacobian) const
      {
        Matrix result = step_jacobian -
                        rigid * gram.solve(rigid.transpose() * metric.asDiagonal() * step_jacobian);
        const Eigen::Vector3d spin = fitted.template tail<3>();
        for (int i = 0; i < N; ++i)
          {
            const Eigen::Vector3d d = direction.template segment<3>(6 * i);
            for (int c = 0; c < 3; ++c)
              {
                const Eigen::Vector3d       e     = Eigen::Vector3d::Unit(c);
                const Eigen::Vector3d       moved = 0.5 * spin.cross(e); // dR a on node i
                Eigen::Matrix<double, 6, 1> right;
                right.template head<3>() = -moved;
                right.template tail<3>() = 0.5 * e.cross(d) - positions[i].cross(moved);
                Vector column            = -rigid * gram.solve(right);
                column.template segment<3>(6 * i) -= moved;
                result.col(6 * i + c) += column;
              }
          }
        return result;
      }

      std::array<Eigen::Vector3d, N>           positions;
      Eigen::Matrix<double, 6 * N, 6>          rigid;
      Vector                                   metric;
      Eigen::LDLT<Eigen::Matrix<double, 6, 6>> gram;
      Eigen::Matrix<double, 6, 1>              fitted;
      Vector                                   projected, direction;
      double                                   norm2 = 0.0;
    };
  } // namespace

  ShellDefinition
  shell_definition(const ElementDefinition &definition)
  {
    ShellDefinition d;
    d.reference_positions = definition.reference_positions;
    d.thickness           = definition.section.shell().thickness;
    d.youngs_modulus      = definition.material.youngs_modulus;
    d.poisson_ratio =
      definition.material.shear_modulus > 0.0 ?
        definition.material.youngs_modulus / (2.0 * definition.material.shear_modulus) - 1.0 :
        0.0;
    d.density = definition.material.density;
    return d;
  }

  template <int N>
  CorotationalShell<N>::CorotationalShell(const ShellDefinition &definition,
                                          std::vector<unsigned>  node_ids)
    : definition_(definition)
    , node_ids_(std::move(node_ids))
    , frame_(positions_of<N>(definition))
  {
    if (node_ids_.empty())
      for (unsigned i = 1; i <= N; ++i)
        node_ids_.push_back(i);
    const auto         &x    = frame_.reference_local_positions();
    const FlatKernel<N> flat = flat_kernel(in_plane<N>(x), definition);
    area_                    = flat.area;
    // Warping correction: the flat kernel's nodes are the projections of the
    // element's nodes on the frame plane, joined to them by rigid offsets -z_i e3.
    Matrix warping = Matrix::Identity();
    for (int i = 0; i < N; ++i)
      {
        warping(6 * i, 6 * i + 4)     = -x[i].z();
        warping(6 * i + 1, 6 * i + 3) = x[i].z();
      }
    Matrix membrane = Matrix::Zero(), plate = Matrix::Zero();
    centre_strain_.setZero();
    centre_curvature_.setZero();
    for (int i = 0; i < 3 * N; ++i)
      {
        for (int j = 0; j < 3 * N; ++j)
          {
            membrane(membrane_dof(i), membrane_dof(j)) = flat.membrane(i, j);
            plate(plate_dof(i), plate_dof(j))          = flat.plate(i, j);
          }
        centre_strain_.col(membrane_dof(i)) = flat.strain.col(i);
        centre_curvature_.col(plate_dof(i)) = flat.curvature.col(i);
      }
    membrane_stiffness_ = warping.transpose() * membrane * warping;
    bending_stiffness_  = warping.transpose() * plate * warping;
    local_stiffness_    = membrane_stiffness_ + bending_stiffness_;
    centre_strain_      = centre_strain_ * warping;
    centre_curvature_   = centre_curvature_ * warping;
  }

  template <int N>
  std::vector<core::DofKind>
  CorotationalShell<N>::dof_kinds() const
  {
    using core::DofKind;
    return {DofKind::ux, DofKind::uy, DofKind::uz, DofKind::rx, DofKind::ry, DofKind::rz};
  }

  template <int N>
  void
  CorotationalShell<N>::internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                                       Eigen::MatrixXd *tangent) const
  {
    const typename ShellFrame<N>::State frame       = frame_.evaluate(state);
    const Vector                        local_force = local_stiffness_ * frame.deformation;
    force = ShellFrame<N>::global_force(frame, local_force);
    if (tangent)
      *tangent = frame.b.transpose() * local_stiffness_ * frame.b +
                 frame_.geometric_tangent(frame, local_force);
  }

  template <int N>
  void
  CorotationalShell<N>::conserving_force(const ElementKinematics &state_n,
                                         const ElementKinematics &state_n1, Eigen::VectorXd &force,
                                         Eigen::MatrixXd *tangent) const
  {
    using core::RotationVector;
    // The mid-point configuration, the step s = Delta d, and their derivatives
    // with respect to x_{n+1} (translations, spatial spins at R_{n+1}):
    // ds = S dx with dphi = dcay^{-1}(phi) dw, and the mid-point moves by
    // D dx, half the translation and the spin dcay(phi/2) dphi/2 of
    // cay(phi/2) R_n.
    ElementKinematics mid(N);
    Vector            step;
    Matrix            step_jacobian = Matrix::Identity();
    Matrix            mid_jacobian  = 0.5 * Matrix::Identity();
    for (int i = 0; i < N; ++i)
      {
        const Eigen::Quaterniond rotation_step =
          state_n1[i].rotation * state_n[i].rotation.conjugate();
        const Eigen::Vector3d phi = RotationVector::cayley_vector(rotation_step);
        Eigen::Quaterniond    half(1.0, 0.25 * phi.x(), 0.25 * phi.y(), 0.25 * phi.z());
        mid[i].displacement = 0.5 * (state_n[i].displacement + state_n1[i].displacement);
        mid[i].rotation     = half.normalized() * state_n[i].rotation;
        step.template segment<3>(6 * i)     = state_n1[i].displacement - state_n[i].displacement;
        step.template segment<3>(6 * i + 3) = phi;
        if (tangent)
          {
            const Eigen::Matrix3d to_phi = RotationVector::cayley_inverse_tangent(phi);
            step_jacobian.template block<3, 3>(6 * i + 3, 6 * i + 3) = to_phi;
            mid_jacobian.template block<3, 3>(6 * i + 3, 6 * i + 3) =
              0.5 * RotationVector::cayley_tangent(0.5 * phi) * to_phi;
          }
      }
    const typename ShellFrame<N>::State frame_n   = frame_.evaluate(state_n);
    const typename ShellFrame<N>::State frame_n1  = frame_.evaluate(state_n1);
    const typename ShellFrame<N>::State frame_mid = frame_.evaluate(mid);
    // The local force of the mean deformation, and B_mid s against the change
    // of the deformation over the step.
    const Vector stress   = local_stiffness_ * (0.5 * (frame_n.deformation + frame_n1.deformation));
    const Vector mismatch = frame_n1.deformation - frame_n.deformation - frame_mid.b * step;
    force                 = ShellFrame<N>::global_force(frame_mid, stress);

    // The step off the rigid modes of the mid-point configuration.
    std::array<Eigen::Vector3d, N> mid_positions;
    for (int i = 0; i < N; ++i)
      mid_positions[i] = definition_.reference_positions[i] + mid[i].displacement;
    const RigidModeProjection<N> projection(mid_positions, area_, step);
    const Vector                &direction = projection.direction;
    const double                 norm2     = projection.norm2;
    const bool                   corrected = norm2 > 1e-12 * area_ * N;
    const double                 excess    = mismatch.dot(stress);
    if (corrected)
      force += (excess / norm2) * direction;
    if (!tangent)
      return;

    // d(stress) = K_l B_{n+1} dx / 2; B_mid^T changes with the mid-point (K_sigma D).
    const Matrix material  = 0.5 * local_stiffness_ * frame_n1.b;
    const Matrix geometric = frame_.geometric_tangent(frame_mid, stress) * mid_jacobian;
    Matrix       result    = frame_mid.b.transpose() * material + geometric;
    if (corrected)
      {
        const Matrix projected_jacobian = projection.jacobian(step_jacobian);
        // The excess e = mismatch . stress: de = (B_{n+1} - B_mid S)^T stress
        // - (s^T K_sigma D)^T + material^T mismatch, and d(norm2) = 2 J^T W P s.
        const Vector excess_gradient =
          (frame_n1.b - frame_mid.b * step_jacobian).transpose() * stress -
          geometric.transpose() * step + material.transpose() * mismatch;
        const Vector factor_gradient =
          excess_gradient / norm2 -
          2.0 * excess / (norm2 * norm2) * (projected_jacobian.transpose() * direction);
        result += direction * factor_gradient.transpose() +
                  (excess / norm2) * projection.metric.asDiagonal() * projected_jacobian;
      }
    *tangent = result;
  }

  template <int N>
  double
  CorotationalShell<N>::strain_energy(const ElementKinematics &state) const
  {
    const Vector d = frame_.evaluate(state).deformation;
    return 0.5 * d.dot(local_stiffness_ * d);
  }

  template <int N>
  void
  CorotationalShell<N>::linear_stiffness(Eigen::MatrixXd &stiffness) const
  {
    // K = T^T P^T K_l P T at the reference: B of the undeformed state.
    const typename ShellFrame<N>::State frame = frame_.evaluate(ElementKinematics(N));
    stiffness                                 = frame.b.transpose() * local_stiffness_ * frame.b;
  }

  template <int N>
  typename CorotationalShell<N>::Vector
  CorotationalShell<N>::small_displacement_dofs(const ElementKinematics &state)
  {
    Vector d;
    for (int i = 0; i < N; ++i)
      {
        d.template segment<3>(6 * i) = state[i].displacement;
        d.template segment<3>(6 * i + 3) =
          CorotationalFrame3D::log_map(state[i].rotation.toRotationMatrix());
      }
    return d;
  }

  template <int N>
  void
  CorotationalShell<N>::geometric_stiffness(const ElementKinematics &state,
                                            Eigen::MatrixXd         &stiffness) const
  {
    const typename ShellFrame<N>::State frame = frame_.evaluate(ElementKinematics(N));
    const Vector local_force = local_stiffness_ * (frame.b * small_displacement_dofs(state));
    stiffness                = frame_.geometric_tangent(frame, local_force);
  }

  template <int N>
  void
  CorotationalShell<N>::initial_stress_increment(const ElementKinematics &base,
                                                 const Eigen::VectorXd   &increment,
                                                 Eigen::MatrixXd         &stiffness) const
  {
    const typename ShellFrame<N>::State frame = frame_.evaluate(base);
    const Vector local_force                  = local_stiffness_ * (frame.b * Vector(increment));
    stiffness                                 = frame_.geometric_tangent(frame, local_force);
  }

  template <int N>
  void
  CorotationalShell<N>::mass_parts(const MassKind kind, Eigen::MatrixXd &translational,
                                   Eigen::MatrixXd &rotary) const
  {
    const auto   products = shape_products(in_plane<N>(frame_.reference_local_positions()), kind);
    const double rho = definition_.density, t = definition_.thickness;
    translational.setZero(6 * N, 6 * N);
    rotary.setZero(6 * N, 6 * N);
    for (int a = 0; a < N; ++a)
      for (int b = 0; b < N; ++b)
        {
          translational.block<3, 3>(6 * a, 6 * b) =
            rho * t * products(a, b) * Eigen::Matrix3d::Identity();
          rotary.block<3, 3>(6 * a + 3, 6 * b + 3) =
            rho * t * t * t / 12.0 * products(a, b) * Eigen::Matrix3d::Identity();
        }
  }

  template <int N>
  void
  CorotationalShell<N>::mass(const MassKind kind, Eigen::MatrixXd &mass_matrix) const
  {
    Eigen::MatrixXd translational, rotary;
    mass_parts(kind, translational, rotary);
    mass_matrix = translational + rotary;
  }

  template <int N>
  void
  CorotationalShell<N>::design_derivative(const DesignProperty property,
                                          Eigen::MatrixXd     &stiffness_derivative,
                                          Eigen::MatrixXd     &mass_derivative) const
  {
    const int n = 6 * N;
    switch (property)
      {
        case DesignProperty::density:
          stiffness_derivative.setZero(n, n);
          mass(MassKind::consistent, mass_derivative);
          return;
        case DesignProperty::modulus:
          linear_stiffness(stiffness_derivative);
          mass_derivative.setZero(n, n);
          return;
        case DesignProperty::thickness:
          {
            const typename ShellFrame<N>::State frame = frame_.evaluate(ElementKinematics(N));
            stiffness_derivative =
              frame.b.transpose() * (membrane_stiffness_ + 3.0 * bending_stiffness_) * frame.b;
            Eigen::MatrixXd translational, rotary;
            mass_parts(MassKind::consistent, translational, rotary);
            mass_derivative = translational + 3.0 * rotary;
            return;
          }
        case DesignProperty::area:
          break;
      }
    throw std::invalid_argument(
      "PROPERTY=AREA applies to trusses; a shell's design property is THICKNESS");
  }

  template <int N>
  void
  CorotationalShell<N>::design_higher_terms(const DesignProperty          property,
                                            std::vector<Eigen::MatrixXd> &stiffness_terms,
                                            std::vector<Eigen::MatrixXd> &mass_terms) const
  {
    stiffness_terms.clear();
    mass_terms.clear();
    if (property != DesignProperty::thickness)
      return;
    const typename ShellFrame<N>::State frame = frame_.evaluate(ElementKinematics(N));
    const Eigen::MatrixXd bending             = frame.b.transpose() * bending_stiffness_ * frame.b;
    Eigen::MatrixXd       translational, rotary;
    mass_parts(MassKind::consistent, translational, rotary);
    stiffness_terms = {3.0 * bending, bending};
    mass_terms      = {3.0 * rotary, rotary};
  }

  template <int N>
  std::vector<std::pair<std::string, double>>
  CorotationalShell<N>::section_forces(const ElementKinematics &state,
                                       const bool               large_displacements) const
  {
    Vector          d;
    Eigen::Matrix3d axes;
    if (large_displacements)
      {
        const typename ShellFrame<N>::State frame = frame_.evaluate(state);
        d                                         = frame.deformation;
        axes                                      = frame.rotation;
      }
    else
      {
        const typename ShellFrame<N>::State frame = frame_.evaluate(ElementKinematics(N));
        d                                         = frame.b * small_displacement_dofs(state);
        axes                                      = frame.rotation;
      }
    const double    nu = definition_.poisson_ratio, t = definition_.thickness;
    const double    c = definition_.youngs_modulus / (1.0 - nu * nu);
    Eigen::Matrix3d plane_stress;
    plane_stress << c, c * nu, 0.0, c * nu, c, 0.0, 0.0, 0.0, 0.5 * c * (1.0 - nu);
    const Eigen::Vector3d membrane = t * plane_stress * (centre_strain_ * d);
    const Eigen::Vector3d moment   = t * t * t / 12.0 * plane_stress * (centre_curvature_ * d);

    // Abaqus' local 1: global X projected on the plane (global Z if the normal is within 0.1 degree of X).
    const Eigen::Vector3d normal = axes.col(2);
    Eigen::Vector3d       first  = Eigen::Vector3d::UnitX();
    if (std::abs(normal.x()) > std::cos(0.1 * M_PI / 180.0))
      first = Eigen::Vector3d::UnitZ();
    first = (first - first.dot(normal) * normal).normalized();
    const Eigen::Vector2d a1(first.dot(axes.col(0)), first.dot(axes.col(1)));
    const Eigen::Vector2d a2(-a1.y(), a1.x());
    const auto            rotate = [&](const Eigen::Vector3d &v) {
      Eigen::Matrix2d tensor;
      tensor << v[0], v[2], v[2], v[1];
      return Eigen::Vector3d(a1.dot(tensor * a1), a2.dot(tensor * a2), a1.dot(tensor * a2));
    };
    const Eigen::Vector3d n = rotate(membrane), m = rotate(moment);
    return {{"SF1", n[0]}, {"SF2", n[1]}, {"SF3", n[2]},
            {"SM1", m[0]}, {"SM2", m[1]}, {"SM3", m[2]}};
  }

  template class CorotationalShell<3>;
  template class CorotationalShell<4>;
} // namespace corot::elements

namespace corot::elements
{
  COROT_REGISTER_ELEMENT_WITH(
    S3, "S3", 3, core::SectionKind::shell,
    "three-node co-rotational flat shell (UX UY UZ RX RY RZ; large rotations, "
    "ANDES OPT drilling membrane + DKT plate, thin shells)",
    std::make_unique<CorotationalShell<3>>(shell_definition(definition), definition.node_ids))
  COROT_REGISTER_ELEMENT_WITH(
    S4, "S4", 4, core::SectionKind::shell,
    "four-node co-rotational flat shell (UX UY UZ RX RY RZ; large rotations, "
    "Ibrahimbegovic-Taylor-Wilson drilling membrane (3 x 3 Gauss points) + DKQ plate (2 x 2 "
    "Gauss points), warping by rigid offsets, thin shells)",
    std::make_unique<CorotationalShell<4>>(shell_definition(definition), definition.node_ids))
  COROT_REGISTER_ELEMENT_WITH(
    S4R, "S4R", 4, core::SectionKind::shell,
    "accepted as S4: the same fully integrated element (no reduced integration, no "
    "hourglass modes)",
    std::make_unique<CorotationalShell<4>>(shell_definition(definition), definition.node_ids))
} // namespace corot::elements
