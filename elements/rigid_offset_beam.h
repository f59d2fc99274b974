#pragma once
/**
 * @file
 * A two-node space beam whose section centre line lies off the node line
 * (CalculiX's OFFSET1=, OFFSET2= on *BEAM SECTION).
 */
#include <elements/element.h>

#include <Eigen/Dense>

#include <functional>
#include <memory>

namespace corot::elements
{
  /**
   * Rigid eccentricity around a beam element: the section centre of node i is
   * carried rigidly by the node, x_c,i = x_i + R_i e0 with e0 the reference
   * offset vector (global axes), and turns with it, R_c,i = R_i. The wrapped
   * beam (built on the reference centres X_i + e0) sees the centre
   * kinematics. With a_i = R_i e0 and spatial rotation increments,
   *
   *     delta x_c,i = delta x_i - skew(a_i) delta w_i,   delta w_c,i = delta w_i,
   *
   * i.e. delta d_c = T delta d with T_i = [I, -skew(a_i); 0, I], so the nodal
   * force is f = T^T f_c (the moment gains a_i x f_c,i) and the consistent
   * tangent is K = T^T K_c T + K_a, K_a the variation of a_i x f_c,i at fixed
   * f_c: the rotation block a_i f_c,i^T - (a_i . f_c,i) I per node.
   *
   * Mass and linear stiffness about the reference are T0^T M_c T0 and
   * T0^T K_c T0 (a = e0): the centre's translational mass brings the
   * parallel-axis rotary terms and the translation-rotation coupling. That
   * mass is exact for small rotations only (for finite rotations the
   * coupling turns with R), so decks with offsets are refused in *DYNAMIC
   * and *BUCKLE by the deck reader.
   *
   * The mid-point force uses the secant T_m with a_m = (a_n + a_{n+1})/2:
   * a Cayley step turns R e0 exactly as Delta(R e0) = phi x a_m, so
   * Delta d_c = T_m Delta d and Delta d . T_m^T f_c = Delta d_c . f_c
   * = W_{n+1} - W_n whenever the wrapped beam conserves energy.
   */
  class RigidOffsetBeam : public Element
  {
  public:
    /**
     * Wraps @p inner, built on the reference centres, with the reference
     * offset @p offset (global axes, from the node to the section centre).
     */
    RigidOffsetBeam(std::unique_ptr<Element> inner, const Eigen::Vector3d &offset);

    /** Those of the wrapped beam. */
    const std::vector<unsigned> &
    nodes() const override
    {
      return inner_->nodes();
    }

    /** UX UY UZ RX RY RZ. */
    std::vector<core::DofKind>
    dof_kinds() const override
    {
      return inner_->dof_kinds();
    }

    /** f = T^T f_c, K = T^T K_c T + K_a. */
    void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const override;

    /** T_m^T f_c (see the class description); tangent T_m^T K_c T_{n+1} + K_a(a_{n+1}) / 2. */
    void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const override;

    /** That of the wrapped beam at the centre kinematics. */
    double
    strain_energy(const ElementKinematics &state) const override;

    /** T0^T M_c T0. */
    void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const override;

    /** T0^T K_c T0. */
    void
    linear_stiffness(Eigen::MatrixXd &stiffness) const override;

    /** Not available (the deck reader refuses offsets in *BUCKLE); throws. */
    void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const override;

    /** Not available (the stresses of the offset's force couple); throws std::logic_error. */
    void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const override;

    /** T0^T (d K_c, d M_c) T0. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;

    /** That of the wrapped beam. */
    bool
    supports_large_rotations() const override
    {
      return inner_->supports_large_rotations();
    }

    /** The wrapped beam's, at the section centres. */
    std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const override;

    /** The kinematics of the section centres for nodal kinematics @p state. */
    ElementKinematics
    centre_state(const ElementKinematics &state) const;

  private:
    /** T for the current offsets a_i = R_i e0 of @p state. */
    Eigen::MatrixXd
    transformation(const ElementKinematics &state) const;

    /** T for given offsets @p a (one per node). */
    Eigen::MatrixXd
    transformation(const std::vector<Eigen::Vector3d> &a) const;

    /** Adds K_a: a_i f_i^T - (a_i . f_i) I to the rotation block of node i, times @p factor. */
    void
    add_offset_tangent(const std::vector<Eigen::Vector3d> &a, const Eigen::VectorXd &centre_force,
                       double factor, Eigen::MatrixXd &tangent) const;

    /** The current offsets a_i = R_i e0. */
    std::vector<Eigen::Vector3d>
    offsets(const ElementKinematics &state) const;

    std::unique_ptr<Element> inner_;
    Eigen::Vector3d          offset_;
  };

  /**
   * The beam @p make builds from @p definition, or, if the section has an
   * axis offset (core::BeamSection::axis_offset, along the reference axes
   * e1 = n1 and e2 of TimoshenkoBeam3D), a RigidOffsetBeam around the beam
   * @p make builds on the reference centres.
   */
  std::unique_ptr<Element>
  make_space_beam(const ElementDefinition &definition,
                  const std::function<std::unique_ptr<Element>(const ElementDefinition &)> &make);
} // namespace corot::elements
