/**
 * @file
 * The properties every element must have, checked on every registered element
 * type (ElementRegistry::instance().types()), so a new element is tested the
 * moment it registers:
 *
 * - zero internal force and strain energy under finite rigid motions;
 * - at the reference the tangent is the linear stiffness; at a rigidly rotated
 *   stress-free state it is symmetric, positive semi-definite and its null
 *   space is exactly the span of the rigid-body modes (six for a space beam,
 *   three in the plane, five for a bar in space);
 * - at a deformed, rotated state the force does no work in the rigid modes
 *   (no net force or moment), and the tangent annihilates rigid translations
 *   and turns the force with a rigid spin (K m = w x f node by node, the
 *   derivative of an objective force);
 * - the force is the gradient of the strain energy and the tangent the
 *   Jacobian of the force (central differences, rotations perturbed as
 *   spatial rotation increments through core::Configuration);
 * - the conserving force of the mid-point scheme satisfies
 *   Delta d . f = W(n+1) - W(n) to round-off for random pairs of
 *   configurations (Cayley vectors on nodes turning on SO(3), the angle on
 *   planar nodes), equals the static force for a vanishing step and its
 *   tangent is the Jacobian there and, to the element's order in the step,
 *   over a finite step; a rigid step of the unstressed element gives no force;
 * - both mass matrices are symmetric positive semi-definite and a rigid
 *   translation carries the sample's total mass;
 * - the design derivatives dK/dalpha and dM/dalpha equal (fourth-order)
 *   central differences of the linear stiffness and consistent mass of elements built with the
 *   property scaled by (1 +- h), for every property the element offers (the
 *   others throw std::invalid_argument), and with the higher terms
 *   (design_higher_terms) they give the matrices of the element built with
 *   the property scaled by (1 + alpha) exactly, for alpha = 0.35 and -0.4.
 *
 * Closed-form matrices and element-specific behaviour stay in the
 * element's own test file.
 *
 * Adding an element type: register it (COROT_REGISTER_ELEMENT), then add its
 * sample to element_samples() in tests/unit/element_samples.cc, e.g.
 *
 *     {"S3", {shell_sample()}},
 *
 * where shell_sample() returns an ElementSample: a name, the
 * ElementDefinition (node ids, reference positions, section, material) and
 * the mass of a unit rigid translation. Without a sample every test below
 * fails for the new type. Element types differ only in what their DOF kinds
 * say: planar elements (no UZ, RX, RY) are moved in the x-y plane, and an
 * element that does not support large rotations is checked at
 * small rotations only.
 */
#include <elements/registry.h>

#include "element_samples.h"
#include "element_states.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <tuple>
#include <vector>

using namespace corot;
using namespace corot::elements;
using namespace corot::test;

namespace
{
  std::string
  scientific(const double value)
  {
    std::ostringstream text;
    text << std::scientific << value;
    return text.str();
  }

  /** The deck names of all registered element types. */
  std::vector<std::string>
  registered_types()
  {
    std::vector<std::string> names;
    for (const ElementTypeInfo *info : ElementRegistry::instance().types())
      names.push_back(info->name);
    return names;
  }

  /** The samples of @p type; a failure (and none) if it has none. */
  std::vector<ElementSample>
  samples_of(const std::string &type)
  {
    const auto it = element_samples().find(type);
    if (it == element_samples().end() || it->second.empty())
      {
        ADD_FAILURE() << "element type " << type
                      << " is registered but has no sample: add one to element_samples() "
                         "in tests/unit/element_samples.cc";
        return {};
      }
    return it->second;
  }

  std::unique_ptr<Element>
  make(const std::string &type, const ElementDefinition &definition)
  {
    return ElementRegistry::instance().find(type)->create(definition);
  }

  /** The reference state of @p element built from @p sample. */
  ElementState
  reference_state(const Element &element, const ElementSample &sample)
  {
    return ElementState(sample.definition.reference_positions, element.dof_kinds());
  }

  /**
   * A deformed state: random displacements of 2 % of the length and nodal
   * rotations up to 0.3 rad, then (for elements with large rotations) a
   * rigid rotation up to 3 rad and a translation.
   */
  ElementState
  deformed_state(const Element &element, const ElementSample &sample, std::mt19937 &rng)
  {
    const ElementState reference = reference_state(element, sample);
    const bool         large     = element.supports_large_rotations();
    const double       l         = reference.length();
    ElementState       state =
      reference.incremented(reference.random_increment(rng, 0.02 * l, large ? 0.3 : 0.0));
    if (large)
      state.superpose_rigid_motion(state.random_rotation(rng, 3.0),
                                   state.random_translation(rng, l));
    return state;
  }

  /** Frobenius norm of the linear stiffness: the stiffness scale of the element. */
  double
  stiffness_scale(const Element &element)
  {
    Eigen::MatrixXd k;
    element.linear_stiffness(k);
    return k.norm();
  }

  /** The six rigid modes (translations along x, y, z, spins about x, y, z) at @p state, columns. */
  Eigen::MatrixXd
  rigid_modes(const ElementState &state)
  {
    Eigen::MatrixXd modes(state.n_dofs(), 6);
    for (int k = 0; k < 3; ++k)
      {
        modes.col(k)     = state.rigid_mode(Eigen::Vector3d::Unit(k), Eigen::Vector3d::Zero());
        modes.col(3 + k) = state.rigid_mode(Eigen::Vector3d::Zero(), Eigen::Vector3d::Unit(k));
      }
    return modes;
  }

  /**
   * Central-difference Jacobian of @p force_of (a vector of a state) at
   * @p state, steps @p step radians and @p step times the length.
   */
  template <typename Function>
  Eigen::MatrixXd
  central_differences(const Function &force_of, const ElementState &state, const double step = 1e-5)
  {
    const double    l = state.length();
    Eigen::MatrixXd jacobian(state.n_dofs(), state.n_dofs());
    for (unsigned j = 0; j < state.n_dofs(); ++j)
      {
        const double h = state.is_rotation(j) ? step : step * l;
        jacobian.col(j) =
          (force_of(state.perturbed(j, h)) - force_of(state.perturbed(j, -h))) / (2.0 * h);
      }
    return jacobian;
  }

  /** Turns @p state rigidly by up to 1.2 rad about a random point 2 l from its first node. */
  void
  turn_about_a_distant_point(ElementState &state, std::mt19937 &rng)
  {
    const double          l = state.length();
    const Eigen::Matrix3d q = state.random_rotation(rng, 1.2);
    const Eigen::Vector3d centre =
      state.position(0) + state.random_translation(rng, 1.0).normalized() * 2.0 * l;
    state.superpose_rigid_motion(q, centre - q * centre);
  }

  /**
   * Central differences (steps 1e-7) of the conserving force of the step from
   * @p n with respect to its end state, at the end state @p n1.
   */
  Eigen::MatrixXd
  conserving_jacobian(const Element &element, const ElementState &n, const ElementState &n1)
  {
    return central_differences(
      [&](const ElementState &end) {
        Eigen::VectorXd f;
        element.conserving_force(n.kinematics(), end.kinematics(), f, nullptr);
        return f;
      },
      n1, 1e-7);
  }

  class ElementProperties : public ::testing::TestWithParam<std::string>
  {};
} // namespace

TEST(ElementPropertySamples, EveryRegisteredTypeHasASampleAndEverySampleIsRegistered)
{
  for (const std::string &type : registered_types())
    EXPECT_EQ(element_samples().count(type), 1u)
      << type << " is registered but has no sample in tests/unit/element_samples.cc";
  for (const auto &[type, samples] : element_samples())
    {
      EXPECT_NE(ElementRegistry::instance().find(type), nullptr)
        << "sample of unregistered type " << type;
      for (const ElementSample &sample : samples)
        EXPECT_EQ(sample.definition.node_ids.size(),
                  ElementRegistry::instance().find(type)->n_nodes)
          << type << " " << sample.name;
    }
}

TEST_P(ElementProperties, ZeroForceAndEnergyUnderFiniteRigidMotions)
{
  std::mt19937 rng(11);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element = make(GetParam(), sample.definition);
      if (!element->supports_large_rotations())
        continue; // small rotations only: its rigid modes are checked on the tangent below
      const ElementState reference   = reference_state(*element, sample);
      const double       l           = reference.length();
      const double       scale       = stiffness_scale(*element) * l; // force of a unit strain
      double             worst_force = 0.0, worst_energy = 0.0;
      for (int trial = 0; trial < 8; ++trial)
        {
          ElementState state = reference;
          state.superpose_rigid_motion(state.random_rotation(rng, 6.0),
                                       state.random_translation(rng, 3.0 * l));
          Eigen::VectorXd force;
          element->internal_force(state.kinematics(), force, nullptr);
          ASSERT_EQ(force.size(), element->n_dofs());
          worst_force = std::max(worst_force, force.norm());
          worst_energy =
            std::max(worst_energy, std::abs(element->strain_energy(state.kinematics())));
        }
      RecordProperty(sample.name + "_rigid_force", scientific(worst_force));
      RecordProperty(sample.name + "_rigid_energy", scientific(worst_energy));
      EXPECT_LE(worst_force, 1e-14 * scale) << sample.name;
      EXPECT_LE(worst_energy, 1e-28 * scale * l) << sample.name;
    }
}

TEST_P(ElementProperties, TangentHasExactlyTheRigidBodyModesAtARigidlyRotatedState)
{
  std::mt19937 rng(3);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto         element   = make(GetParam(), sample.definition);
      const ElementState reference = reference_state(*element, sample);
      Eigen::MatrixXd    linear, tangent;
      Eigen::VectorXd    force;
      element->linear_stiffness(linear);
      element->internal_force(reference.kinematics(), force, &tangent);
      if (sample.constraints_only)
        {
          EXPECT_EQ(linear.norm(), 0.0) << sample.name;
          EXPECT_EQ(tangent.norm(), 0.0) << sample.name;
          continue;
        }
      EXPECT_LE((tangent - linear).norm(), 1e-13 * linear.norm())
        << sample.name << ": reference tangent";
      EXPECT_LE(force.norm(), 1e-13 * linear.norm()) << sample.name;

      for (int trial = 0; trial < 4; ++trial)
        {
          ElementState state = reference;
          if (element->supports_large_rotations())
            state.superpose_rigid_motion(state.random_rotation(rng, 3.0),
                                         state.random_translation(rng, state.length()));
          element->internal_force(state.kinematics(), force, &tangent);
          const double scale = tangent.norm();
          EXPECT_LE((tangent - tangent.transpose()).norm(), 1e-12 * scale) << sample.name;

          const Eigen::MatrixXd             modes = rigid_modes(state);
          Eigen::JacobiSVD<Eigen::MatrixXd> svd(modes);
          svd.setThreshold(1e-10);
          const long n_rigid = svd.rank();
          for (int m = 0; m < 6; ++m)
            EXPECT_LE((tangent * modes.col(m)).norm(), 1e-12 * scale * modes.col(m).norm())
              << sample.name << ": rigid mode " << m;

          const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(
            0.5 * (tangent + tangent.transpose()));
          const Eigen::VectorXd values  = eigen.eigenvalues();
          const double          largest = values.cwiseAbs().maxCoeff();
          long                  n_zero  = 0;
          for (int i = 0; i < values.size(); ++i)
            {
              if (std::abs(values[i]) <= 1e-12 * largest)
                ++n_zero;
              else
                EXPECT_GT(values[i], 0.0) << sample.name;
            }
          EXPECT_EQ(n_zero, n_rigid) << sample.name << ": eigenvalues " << values.transpose();
        }
    }
}

TEST_P(ElementProperties, DeformedStateIsInEquilibriumAndItsTangentTurnsTheForceWithASpin)
{
  std::mt19937 rng(5);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element = make(GetParam(), sample.definition);
      if (!element->supports_large_rotations())
        continue; // a linear element's force does not turn with the element
      double worst = 0.0;
      for (int trial = 0; trial < 4; ++trial)
        {
          const ElementState state = deformed_state(*element, sample, rng);
          Eigen::VectorXd    force;
          Eigen::MatrixXd    tangent;
          element->internal_force(state.kinematics(), force, &tangent);
          std::vector<Eigen::Vector3d> forces, moments;
          state.expand(force, forces, moments);
          // Equilibrium: the force does no work in the rigid modes (no net force or moment).
          const Eigen::MatrixXd modes = rigid_modes(state);
          EXPECT_LE((modes.transpose() * force).norm(), 1e-12 * force.norm() * modes.norm())
            << sample.name;
          for (int k = 0; k < 3; ++k)
            {
              const Eigen::Vector3d        w = Eigen::Vector3d::Unit(k);
              std::vector<Eigen::Vector3d> turned_forces, turned_moments;
              for (unsigned n = 0; n < forces.size(); ++n)
                {
                  turned_forces.push_back(w.cross(forces[n]));
                  turned_moments.push_back(w.cross(moments[n]));
                }
              const Eigen::VectorXd translation = state.rigid_mode(w, Eigen::Vector3d::Zero());
              const Eigen::VectorXd spin        = state.rigid_mode(Eigen::Vector3d::Zero(), w);
              const double          scale       = tangent.norm() * spin.norm() + force.norm();
              EXPECT_LE((tangent * translation).norm(), 1e-12 * tangent.norm() * translation.norm())
                << sample.name << ": translation " << k;
              const double error =
                (tangent * spin - state.restricted(turned_forces, turned_moments)).norm();
              worst = std::max(worst, scale > 0.0 ? error / scale : error);
              EXPECT_LE(error, 1e-13 * scale) << sample.name << ": spin about axis " << k;
            }
        }
      RecordProperty(sample.name + "_spin_relative", scientific(worst));
    }
}

// Element::initial_stress_increment (K_Delta of *BUCKLE about a deformed
// base state, Abaqus "Eigenvalue buckling prediction"): a rigid increment
// changes no stress, so K_Delta vanishes for every rigid mode at a deformed,
// rotated base; it is objective (the base and the increment turned by Q give
// T K_Delta T^T, T = diag(Q) on every node's translations and rotations); and
// at the reference it is the initial-stress matrix of the linear buckle,
// geometric_stiffness() of the small displacements, for every element whose
// tangent carries the consistent initial stress (all but B21, whose linear
// local kernel leaves only the chord's N/l term in the tangent). An element
// without it (a beam with an axis offset) throws std::logic_error, as its
// geometric_stiffness() does.
TEST_P(ElementProperties, InitialStressIncrementIsObjectiveAndIsTheLinearBucklesAtTheReference)
{
  std::mt19937 rng(17);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto            element   = make(GetParam(), sample.definition);
      const ElementState    reference = reference_state(*element, sample);
      const double          l         = reference.length();
      Eigen::MatrixXd       k_delta, k_g;
      const Eigen::VectorXd d = reference.random_increment(rng, 1e-3 * l, 1e-3);
      try
        {
          element->initial_stress_increment(reference.kinematics(), d, k_delta);
        }
      catch (const std::logic_error &)
        {
          EXPECT_THROW(element->geometric_stiffness(reference.incremented(d).kinematics(), k_g),
                       std::logic_error)
            << sample.name;
          continue;
        }
      ASSERT_EQ(k_delta.rows(), element->n_dofs()) << sample.name;
      ASSERT_EQ(k_delta.cols(), element->n_dofs()) << sample.name;
      const double scale = stiffness_scale(*element) * 1e-3 + 1e-300;
      if (GetParam() != "B21")
        {
          element->geometric_stiffness(reference.incremented(d).kinematics(), k_g);
          EXPECT_LE((k_delta - k_g).norm(), 1e-9 * scale) << sample.name;
        }
      if (!element->supports_large_rotations())
        continue;
      const ElementState    base = deformed_state(*element, sample, rng);
      const Eigen::MatrixXd modes =
        base.planar() ? (Eigen::MatrixXd(base.n_dofs(), 3)
                           << base.rigid_mode(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero()),
                         base.rigid_mode(Eigen::Vector3d::UnitY(), Eigen::Vector3d::Zero()),
                         base.rigid_mode(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()))
                          .finished() :
                        rigid_modes(base);
      for (int k = 0; k < modes.cols(); ++k)
        {
          element->initial_stress_increment(base.kinematics(), 1e-3 * modes.col(k), k_delta);
          EXPECT_LE(k_delta.norm(), 1e-9 * stiffness_scale(*element) * 1e-3 * modes.col(k).norm())
            << sample.name << ": rigid mode " << k;
        }
      const Eigen::VectorXd increment = base.random_increment(rng, 1e-3 * l, 1e-3);
      element->initial_stress_increment(base.kinematics(), increment, k_delta);
      if (stiffness_scale(*element) > 0.0) // point inertias carry no stress
        {
          EXPECT_GT(k_delta.norm(), 0.0) << sample.name;
        }
      const Eigen::Matrix3d q      = base.random_rotation(rng, 2.0);
      ElementState          turned = base;
      turned.superpose_rigid_motion(q, base.random_translation(rng, l));
      const auto      kinds = element->dof_kinds();
      Eigen::MatrixXd t     = Eigen::MatrixXd::Zero(base.n_dofs(), base.n_dofs());
      for (unsigned a = 0; a < element->nodes().size(); ++a)
        for (unsigned i = 0; i < kinds.size(); ++i)
          for (unsigned j = 0; j < kinds.size(); ++j)
            if (core::is_rotation(kinds[i]) == core::is_rotation(kinds[j]))
              t(a * kinds.size() + i, a * kinds.size() + j) =
                q(core::index(kinds[i]) % 3, core::index(kinds[j]) % 3);
      Eigen::MatrixXd k_turned;
      element->initial_stress_increment(turned.kinematics(), t * increment, k_turned);
      EXPECT_LE((k_turned - t * k_delta * t.transpose()).norm(), 1e-9 * k_delta.norm())
        << sample.name;
    }
}

TEST_P(ElementProperties, ForceIsTheEnergyGradientAndTangentIsItsJacobian)
{
  std::mt19937 rng(7);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element       = make(GetParam(), sample.definition);
      double     worst_tangent = 0.0, worst_gradient = 0.0;
      for (int trial = 0; trial < 3; ++trial)
        {
          const ElementState state = deformed_state(*element, sample, rng);
          Eigen::VectorXd    force;
          Eigen::MatrixXd    tangent;
          element->internal_force(state.kinematics(), force, &tangent);
          ASSERT_EQ(tangent.rows(), element->n_dofs());
          ASSERT_EQ(tangent.cols(), element->n_dofs());
          const Eigen::MatrixXd jacobian = central_differences(
            [&](const ElementState &s) {
              Eigen::VectorXd f;
              element->internal_force(s.kinematics(), f, nullptr);
              return f;
            },
            state);
          Eigen::VectorXd gradient(state.n_dofs());
          for (unsigned j = 0; j < state.n_dofs(); ++j)
            {
              const double h = state.is_rotation(j) ? 1e-5 : 1e-5 * state.length();
              gradient[j]    = (element->strain_energy(state.perturbed(j, h).kinematics()) -
                             element->strain_energy(state.perturbed(j, -h).kinematics())) /
                            (2.0 * h);
            }
          const double tangent_error  = (jacobian - tangent).norm();
          const double gradient_error = (gradient - force).norm();
          worst_tangent =
            std::max(worst_tangent,
                     tangent.norm() > 0.0 ? tangent_error / tangent.norm() : tangent_error);
          worst_gradient =
            std::max(worst_gradient,
                     force.norm() > 0.0 ? gradient_error / force.norm() : gradient_error);
          EXPECT_LE(tangent_error, 1e-6 * tangent.norm()) << sample.name;
          EXPECT_LE(gradient_error, 1e-6 * force.norm()) << sample.name;
        }
      RecordProperty(sample.name + "_tangent_relative", scientific(worst_tangent));
      RecordProperty(sample.name + "_gradient_relative", scientific(worst_gradient));
    }
}

TEST_P(ElementProperties, ConservingForceSatisfiesTheEnergyIdentity)
{
  std::mt19937 rng(9);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element = make(GetParam(), sample.definition);
      const bool large   = element->supports_large_rotations();
      double     worst   = 0.0;
      for (int trial = 0; trial < 20; ++trial)
        {
          // A step that deforms (1 % of l, 0.03 rad) and turns the element by up
          // to 1.2 rad about a random point 2 l away.
          const ElementState n = deformed_state(*element, sample, rng);
          const double       l = n.length();
          ElementState n1 = n.incremented(n.random_increment(rng, 0.01 * l, large ? 0.03 : 0.0));
          if (large)
            turn_about_a_distant_point(n1, rng);
          Eigen::VectorXd force;
          element->conserving_force(n.kinematics(), n1.kinematics(), force, nullptr);
          ASSERT_EQ(force.size(), element->n_dofs());
          const Eigen::VectorXd delta = n1.step_from(n);
          const double          w_n   = element->strain_energy(n.kinematics());
          const double          w_n1  = element->strain_energy(n1.kinematics());
          const double          scale =
            delta.cwiseProduct(force).cwiseAbs().sum() + std::abs(w_n) + std::abs(w_n1);
          const double error = std::abs(delta.dot(force) - (w_n1 - w_n));
          worst              = std::max(worst, scale > 0.0 ? error / scale : error);
          EXPECT_LE(error, 1e-12 * scale) << sample.name << ", trial " << trial;
        }
      RecordProperty(sample.name + "_energy_identity_relative", scientific(worst));
    }
}

TEST_P(ElementProperties, ConservingForceOfARigidStepFromAStressFreeStateIsZero)
{
  // A step that only moves the unstressed element rigidly (a turn up to 1.2 rad
  // about a point 2 l away) does no work and strains nothing at either end, so
  // the mid-point scheme must see no force. A force of the mean positions fails
  // this: they are the rigid image shrunk by cos(angle/2) (a shell spinning at
  // omega sees a membrane compression E t (omega dt)^2/8 every step).
  std::mt19937 rng(19);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element = make(GetParam(), sample.definition);
      if (!element->supports_large_rotations())
        continue;
      const ElementState reference = reference_state(*element, sample);
      const double       l         = reference.length();
      const double       scale     = stiffness_scale(*element) * l;
      double             worst     = 0.0;
      for (int trial = 0; trial < 8; ++trial)
        {
          ElementState n = reference;
          n.superpose_rigid_motion(n.random_rotation(rng, 3.0), n.random_translation(rng, l));
          ElementState n1 = n;
          turn_about_a_distant_point(n1, rng);
          Eigen::VectorXd force;
          element->conserving_force(n.kinematics(), n1.kinematics(), force, nullptr);
          worst = std::max(worst, force.norm());
        }
      RecordProperty(sample.name + "_rigid_step_force", scientific(worst));
      EXPECT_LE(worst, 1e-13 * scale) << sample.name;
    }
}

TEST_P(ElementProperties, ConservingForceOfAVanishingStepIsTheStaticForceWithItsJacobian)
{
  std::mt19937 rng(13);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element = make(GetParam(), sample.definition);
      double     worst   = 0.0;
      for (int trial = 0; trial < 2; ++trial)
        {
          const ElementState state = deformed_state(*element, sample, rng);
          Eigen::VectorXd    force, conserving;
          Eigen::MatrixXd    tangent, conserving_tangent;
          element->internal_force(state.kinematics(), force, &tangent);
          element->conserving_force(state.kinematics(), state.kinematics(), conserving,
                                    &conserving_tangent);
          EXPECT_LE((conserving - force).norm(), 1e-12 * force.norm()) << sample.name;
          const Eigen::MatrixXd jacobian = conserving_jacobian(*element, state, state);
          // Small steps: terms of the discrete gradient of second order in the
          // step (Gonzalez's correction) differ on the two sides by O(h).
          worst = std::max(worst, (jacobian - conserving_tangent).norm() /
                                    std::max(conserving_tangent.norm(), 1e-300));
          EXPECT_LE((jacobian - conserving_tangent).norm(), 1e-6 * conserving_tangent.norm())
            << sample.name;
        }
      RecordProperty(sample.name + "_conserving_tangent_relative", scientific(worst));
    }
}

TEST_P(ElementProperties, ConservingTangentIsTheJacobianOfAFiniteStep)
{
  // Newton's matrix for the mid-point scheme: the tangent of the conserving
  // force against central differences of that force in x_{n+1} at a finite
  // step of size s (s l and s rad from a deformed, rotated state). Its error
  // must be of the sample's order in s (ElementSample::conserving_tangent_order)
  // with a constant of at most one: a first-order error is a fraction of the
  // element's largest (membrane, axial) stiffness, so on a thin shell it
  // exceeded the bending stiffness and Newton converged linearly (0.65 per
  // iteration in a free cube of S4 under pressure, 61 iterations a step).
  std::mt19937 rng(17);
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto element = make(GetParam(), sample.definition);
      const bool large   = element->supports_large_rotations();
      for (const double s : {1e-2, 3e-3})
        {
          const ElementState n = deformed_state(*element, sample, rng);
          const ElementState n1 =
            n.incremented(n.random_increment(rng, s * n.length(), large ? s : 0.0));
          Eigen::VectorXd force;
          Eigen::MatrixXd tangent;
          element->conserving_force(n.kinematics(), n1.kinematics(), force, &tangent);
          const Eigen::MatrixXd jacobian = conserving_jacobian(*element, n, n1);
          const double          scale    = std::max(tangent.norm(), 1e-300);
          const double          error    = (jacobian - tangent).norm() / scale;
          RecordProperty(sample.name + "_conserving_tangent_at_step_" + scientific(s),
                         scientific(error));
          EXPECT_LE(error, std::pow(s, sample.conserving_tangent_order))
            << sample.name << ", step " << s;
        }
    }
}

TEST_P(ElementProperties, MassIsSymmetricPositiveSemidefiniteAndCarriesTheTotalMass)
{
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto         element   = make(GetParam(), sample.definition);
      const ElementState reference = reference_state(*element, sample);
      for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
        {
          const std::string name =
            sample.name + (kind == MassKind::lumped ? ", lumped" : ", consistent");
          Eigen::MatrixXd mass;
          element->mass(kind, mass);
          ASSERT_EQ(mass.rows(), element->n_dofs()) << name;
          ASSERT_EQ(mass.cols(), element->n_dofs()) << name;
          if (sample.constraints_only || sample.massless)
            {
              EXPECT_EQ(mass.norm(), 0.0) << name;
              continue;
            }
          EXPECT_GT(mass.norm(), 0.0) << name;
          EXPECT_LE((mass - mass.transpose()).norm(), 1e-14 * mass.norm()) << name;
          const Eigen::VectorXd values =
            Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(mass).eigenvalues();
          EXPECT_GE(values.minCoeff(), -1e-13 * values.cwiseAbs().maxCoeff())
            << name << ": " << values.transpose();
          for (int k = 0; k < 3; ++k)
            {
              const Eigen::VectorXd translation =
                reference.rigid_mode(Eigen::Vector3d::Unit(k), Eigen::Vector3d::Zero());
              if (translation.norm() == 0.0)
                continue; // the element has no DOF along k
              EXPECT_NEAR(translation.dot(mass * translation), sample.translational_mass,
                          1e-13 * sample.translational_mass)
                << name << ": rigid translation along " << k;
            }
        }
    }
}

namespace
{
  /**
   * The design properties @p element offers with its derivatives dK, dM
   * of each (the others throw std::invalid_argument).
   */
  std::vector<std::tuple<DesignProperty, Eigen::MatrixXd, Eigen::MatrixXd>>
  offered_design_derivatives(const Element &element)
  {
    std::vector<std::tuple<DesignProperty, Eigen::MatrixXd, Eigen::MatrixXd>> offered;
    for (const DesignProperty property : {DesignProperty::density, DesignProperty::modulus,
                                          DesignProperty::area, DesignProperty::thickness})
      {
        Eigen::MatrixXd dk, dm;
        try
          {
            element.design_derivative(property, dk, dm);
          }
        catch (const std::invalid_argument &)
          {
            continue;
          }
        offered.emplace_back(property, std::move(dk), std::move(dm));
      }
    return offered;
  }
} // namespace

TEST_P(ElementProperties, DesignDerivativesMatchCentralDifferences)
{
  const double h = 1e-4;
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto      element = make(GetParam(), sample.definition);
      Eigen::MatrixXd k, m;
      element->linear_stiffness(k);
      element->mass(MassKind::consistent, m);
      for (const auto &[property, dk, dm] : offered_design_derivatives(*element))
        {
          // Fourth-order central differences, exact for the cubic dependence
          // of a shell's bending stiffness and rotary inertia on THICKNESS
          // (second-order ones would leave h^2 times them).
          // A structured binding cannot be captured before C++20 (clang refuses it).
          const auto &design   = property;
          const auto  matrices = [&](const double factor, Eigen::MatrixXd &k_of,
                                    Eigen::MatrixXd &m_of) {
            const auto scaled =
              make(GetParam(), scaled_definition(sample.definition, design, factor));
            scaled->linear_stiffness(k_of);
            scaled->mass(MassKind::consistent, m_of);
          };
          Eigen::MatrixXd k_plus, k_minus, m_plus, m_minus, k_plus2, k_minus2, m_plus2, m_minus2;
          matrices(1.0 + h, k_plus, m_plus);
          matrices(1.0 - h, k_minus, m_minus);
          matrices(1.0 + 2.0 * h, k_plus2, m_plus2);
          matrices(1.0 - 2.0 * h, k_minus2, m_minus2);
          const Eigen::MatrixXd dk_difference =
            (8.0 * (k_plus - k_minus) - (k_plus2 - k_minus2)) / (12.0 * h);
          const Eigen::MatrixXd dm_difference =
            (8.0 * (m_plus - m_minus) - (m_plus2 - m_minus2)) / (12.0 * h);
          const auto property_index = static_cast<int>(property);
          EXPECT_LE((dk - dk_difference).norm(), 1e-9 * k.norm())
            << sample.name << ": dK of property " << property_index;
          EXPECT_LE((dm - dm_difference).norm(), 1e-9 * m.norm())
            << sample.name << ": dM of property " << property_index;
        }
    }
}

TEST_P(ElementProperties, DesignExpansionIsExactForAFiniteChange)
{
  // K(alpha) = K + alpha K_1 + sum_{p>=2} alpha^p K_p (design_derivative,
  // design_higher_terms) against the element built with the property scaled
  // by (1 + alpha), for large changes of either sign: the CMS modification
  // and the inverse problem rely on this being exact, not a linearisation.
  for (const ElementSample &sample : samples_of(GetParam()))
    {
      const auto      element = make(GetParam(), sample.definition);
      Eigen::MatrixXd k, m;
      element->linear_stiffness(k);
      element->mass(MassKind::consistent, m);
      for (const auto &[property, dk, dm] : offered_design_derivatives(*element))
        {
          std::vector<Eigen::MatrixXd> k_higher, m_higher;
          element->design_higher_terms(property, k_higher, m_higher);
          ASSERT_EQ(k_higher.size(), m_higher.size()) << sample.name;
          for (const double alpha : {0.35, -0.4})
            {
              Eigen::MatrixXd k_expanded = k + alpha * dk, m_expanded = m + alpha * dm;
              for (unsigned p = 0; p < k_higher.size(); ++p)
                {
                  k_expanded += std::pow(alpha, p + 2) * k_higher[p];
                  m_expanded += std::pow(alpha, p + 2) * m_higher[p];
                }
              const auto scaled =
                make(GetParam(), scaled_definition(sample.definition, property, 1.0 + alpha));
              Eigen::MatrixXd k_scaled, m_scaled;
              scaled->linear_stiffness(k_scaled);
              scaled->mass(MassKind::consistent, m_scaled);
              const auto property_index = static_cast<int>(property);
              EXPECT_LE((k_expanded - k_scaled).norm(), 1e-12 * k_scaled.norm())
                << sample.name << ": K of property " << property_index << ", alpha " << alpha;
              EXPECT_LE((m_expanded - m_scaled).norm(), 1e-12 * m_scaled.norm())
                << sample.name << ": M of property " << property_index << ", alpha " << alpha;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Registered, ElementProperties, ::testing::ValuesIn(registered_types()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });
