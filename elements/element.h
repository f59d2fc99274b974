#pragma once
/**
 * @file
 * The element plugin interface (DESIGN.md section 4).
 *
 * An element turns the kinematics of its nodes into local vectors and
 * matrices. It never sees global numbering, constraints, matrices or MPI.
 *
 * Local DOF ordering is node-major: for node a (in the order of nodes()) and
 * the k-th entry of dof_kinds(), the local index is a * dof_kinds().size() + k.
 */
#include <src/core/dof_kind.h>
#include <src/core/element_definition.h>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace corot::elements
{
  /** Current kinematic state of one element node relative to the reference configuration. */
  struct NodeKinematics
  {
    Eigen::Vector3d    displacement = Eigen::Vector3d::Zero();
    Eigen::Quaterniond rotation =
      Eigen::Quaterniond::Identity(); ///< nodal triad R (unit quaternion)
  };

  /** One NodeKinematics per element node, in the element's node order. */
  using ElementKinematics = std::vector<NodeKinematics>;

  /** Material constants an element needs (deck units). */
  using MaterialConstants = core::MaterialConstants;

  /** Everything needed to build one element instance, resolved by the deck finaliser. */
  using ElementDefinition = core::ElementDefinition;

  /** Mass matrix flavour. */
  enum class MassKind
  {
    consistent,
    lumped
  };

  /** A property a design parameter scales by (1 + alpha). */
  enum class DesignProperty
  {
    density,
    modulus,
    thickness,
    area
  };

  /**
   * Abstract element. Implementations are re-entrant (no mutable state), so
   * assembly may call them from several threads.
   */
  class Element
  {
  public:
    virtual ~Element() = default;

    /** User ids of the element's nodes. */
    virtual const std::vector<unsigned> &
    nodes() const = 0;

    /** The DOF kinds each node of this element needs (the same for every node). */
    virtual std::vector<core::DofKind>
    dof_kinds() const = 0;

    /** Number of local DOFs: nodes().size() * dof_kinds().size(). */
    unsigned
    n_dofs() const
    {
      return nodes().size() * dof_kinds().size();
    }

    /**
     * Static internal force @p force (size n_dofs()) at configuration
     * @p state and, if @p tangent is not null, the consistent tangent
     * d force / d dofs (rotational columns with respect to spatial rotation
     * increments, R <- exp(dtheta) R).
     */
    virtual void
    internal_force(const ElementKinematics &state, Eigen::VectorXd &force,
                   Eigen::MatrixXd *tangent) const = 0;

    /**
     * Algorithmic internal force of the energy-conserving mid-point scheme
     * between configurations n and n+1. Must satisfy
     * Delta d . force = W(n+1) - W(n) to round-off, with Delta d the
     * displacement differences and, on nodes turning on SO(3), the Cayley
     * vector phi of the step rotation, R_{n+1} = cay(phi) R_n
     * (core::RotationVector); a force with no net force and moment about the
     * mid-point positions also conserves momentum. @p tangent, if given, is
     * d force / d d_{n+1} (generally non-symmetric).
     */
    virtual void
    conserving_force(const ElementKinematics &state_n, const ElementKinematics &state_n1,
                     Eigen::VectorXd &force, Eigen::MatrixXd *tangent) const = 0;

    /** Strain energy W at @p state. */
    virtual double
    strain_energy(const ElementKinematics &state) const = 0;

    /** Mass matrix (size n_dofs()) about the reference configuration. */
    virtual void
    mass(MassKind kind, Eigen::MatrixXd &mass_matrix) const = 0;

    /**
     * The constant mass matrix of *DYNAMIC: by default the lumped mass.
     * With a consistent dynamic mass (a beam section's LUMPED=NO) the
     * consistent mass() in a linear step (@p nonlinear false) and, under
     * NLGEOM, only the part that does not turn with the nodes (B21: the lumped
     * rotary inertia); has_configuration_dependent_mass() then says that
     * midpoint_inertia_force() carries the rest. Throws std::runtime_error
     * for a mass choice the element does not offer.
     */
    virtual void
    dynamic_mass(bool /*nonlinear*/, Eigen::MatrixXd &mass_matrix) const
    {
      mass(MassKind::lumped, mass_matrix);
    }

    /**
     * Whether part of the element's mass turns with its nodes in a
     * geometrically non-linear *DYNAMIC step (kinetic energy
     * 1/2 v.M(d) v): midpoint_inertia_force(), configuration_kinetic_energy().
     */
    virtual bool
    has_configuration_dependent_mass() const
    {
      return false;
    }

    /**
     * The inertia force of that mass over a step of the energy-conserving
     * mid-point scheme from @p state_n with velocities @p velocity_n (size
     * n_dofs(), rotations as DOF rates) to @p state_n1 in time @p dt, with
     * v_{n+1} = 2 Delta d/dt - v_n: Delta d . force = T_{n+1} - T_n to
     * round-off. @p tangent, if given, is d force / d d_{n+1}.
     */
    virtual void
    midpoint_inertia_force(const ElementKinematics & /*state_n*/,
                           const ElementKinematics & /*state_n1*/,
                           const Eigen::VectorXd & /*velocity_n*/, double /*dt*/,
                           Eigen::VectorXd & /*force*/, Eigen::MatrixXd * /*tangent*/) const
    {
      throw std::logic_error("the element has no configuration-dependent mass");
    }

    /**
     * Kinetic energy and angular momentum about the origin of that mass at
     * @p state with DOF rates @p velocity (zero without one).
     */
    virtual std::pair<double, Eigen::Vector3d>
    configuration_dependent_momentum(const ElementKinematics & /*state*/,
                                     const Eigen::VectorXd & /*velocity*/) const
    {
      return {0.0, Eigen::Vector3d::Zero()};
    }

    /**
     * Whether the element has a damping matrix of its own (a dashpot), apart
     * from the Rayleigh damping of its material.
     */
    virtual bool
    has_damping() const
    {
      return false;
    }

    /**
     * The element's own damping matrix C at @p state (force = C v, symmetric
     * positive semi-definite, so v.C v >= 0 is the rate of dissipation);
     * zero by default.
     */
    virtual void
    damping_matrix(const ElementKinematics & /*state*/, Eigen::MatrixXd &damping) const
    {
      damping = Eigen::MatrixXd::Zero(n_dofs(), n_dofs());
    }

    /** Small-displacement stiffness about the reference configuration. */
    virtual void
    linear_stiffness(Eigen::MatrixXd &stiffness) const = 0;

    /**
     * Geometric (initial-stress) stiffness at the stresses of @p state,
     * linearised about the reference geometry (for *BUCKLE).
     */
    virtual void
    geometric_stiffness(const ElementKinematics &state, Eigen::MatrixXd &stiffness) const = 0;

    /**
     * Differential initial-stress matrix for *BUCKLE about a deformed,
     * stressed base state (Abaqus Theory Manual, "Eigenvalue buckling
     * prediction": K_Delta, the initial stress due to the perturbation load):
     * the change of the stress part of the consistent tangent of
     * internal_force() at the geometry of @p base when the element's
     * stresses change by their linearised response to the DOF increment
     * @p increment (size n_dofs(); rotational entries are spatial rotation
     * increments, as the tangent's columns). Geometry, frame and the material
     * part of the tangent are held at @p base; the result is linear in
     * @p increment. With @p base the reference configuration it equals
     * geometric_stiffness() of the small displacements @p increment for
     * elements whose tangent carries the consistent initial stress (T2D2,
     * T3D2, B31, shells); B21's tangent carries only the chord's term.
     * Throws std::logic_error where not available.
     */
    virtual void
    initial_stress_increment(const ElementKinematics &base, const Eigen::VectorXd &increment,
                             Eigen::MatrixXd &stiffness) const = 0;

    /**
     * Derivatives of the linear stiffness and the consistent mass with
     * respect to the fractional change alpha of @p property at alpha = 0
     * (the property becomes (1 + alpha) times its baseline value).
     */
    virtual void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const = 0;

    /**
     * The terms of order two and higher of the linear stiffness and the
     * consistent mass in the fractional change alpha of @p property:
     * K(alpha) = K + alpha K_1 + alpha^2 K_2 + ..., K_1 the
     * design_derivative(), K_{p+2} = stiffness_terms[p] (mass_terms alike,
     * the same length). Default: none (K and M linear in the property:
     * density, modulus, a truss's area); a shell's thickness is cubic.
     */
    virtual void
    design_higher_terms(DesignProperty /*property*/, std::vector<Eigen::MatrixXd> &stiffness_terms,
                        std::vector<Eigen::MatrixXd> &mass_terms) const
    {
      stiffness_terms.clear();
      mass_terms.clear();
    }

    /**
     * True for point inertias (MASS, ROTARYI): they add mass to the DOFs other
     * elements activate and activate DOFs only on nodes without a structural
     * element.
     */
    virtual bool
    is_point_inertia() const
    {
      return false;
    }

    /**
     * True for elements that attach to nodes without stiffness or mass of a
     * structure's own (point inertias, connectors): they use the DOFs other
     * elements activate on their nodes and activate DOFs only on nodes that
     * no structural element uses, and they do not make a node part of a
     * stiff structure (the rigid-motion check).
     */
    virtual bool
    is_nodal_attachment() const
    {
      return is_point_inertia();
    }

    /** Whether internal_force is valid for large rotations (co-rotational). */
    virtual bool
    supports_large_rotations() const = 0;

    /**
     * Section forces at @p state for *EL PRINT / *EL FILE: (name, value)
     * pairs in local axes, e.g. ("SF1", 12.0); trusses, beams: see section_forces_at_ends(). With
     * @p large_displacements false they are the small-displacement
     * (linearised) values that belong to a linear analysis.
     */
    virtual std::vector<std::pair<std::string, double>>
    section_forces(const ElementKinematics &state, bool large_displacements) const = 0;
  };
} // namespace corot::elements
