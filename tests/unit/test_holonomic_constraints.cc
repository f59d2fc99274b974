/**
 * The non-linear holonomic constraints of src/constraints (issue 14): each
 * Jacobian against central differences of its constraint function (spatial
 * spins for rotations, R <- exp(h e_k) R), each force derivative against
 * central differences of G^T lambda, each discrete gradient's
 * directionality property G_d dq = g(q_{n+1}) - g(q_n) for random pairs of
 * states (Gonzalez 1996), and, between states on the constraint manifold, the
 * constraint forces G_d^T lambda doing no work over the step and having no
 * resultant force or moment (so a mid-point scheme keeps energy and angular
 * momentum).
 */
#include <src/constraints/distance_constraint.h>
#include <src/constraints/revolute_constraint.h>
#include <src/constraints/rigid_link_constraint.h>
#include <src/constraints/rotation_tie_constraint.h>
#include <src/constraints/slot_constraint.h>
#include <src/constraints/translation_tie_constraint.h>
#include <src/core/rotation_vector.h>

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <memory>
#include <random>

namespace
{
  using corot::constraints::ConstraintKinematics;
  using corot::constraints::HolonomicConstraint;
  using corot::core::RotationVector;

  const Eigen::Vector3d follower_position(1.3, -0.4, 0.7);
  const Eigen::Vector3d leader_position(-0.2, 0.5, 0.1);
  /** A hinge axis and a direction normal to it (the revolute sample). */
  const Eigen::Vector3d hinge_axis   = Eigen::Vector3d(1.0, 2.0, 2.0) / 3.0;
  const Eigen::Vector3d hinge_normal = Eigen::Vector3d(2.0, -1.0, 0.0).normalized();

  Eigen::Quaterniond
  quaternion(const Eigen::Matrix3d &rotation)
  {
    return Eigen::Quaterniond(rotation).normalized();
  }

  /** A random two-node state: displacements of order 0.5, rotations up to about 1.7 rad. */
  ConstraintKinematics
  random_state(std::mt19937 &random)
  {
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    const auto                             vector = [&]() {
      return Eigen::Vector3d(uniform(random), uniform(random), uniform(random));
    };
    ConstraintKinematics state(2);
    for (auto &node : state)
      {
        node.displacement = 0.5 * vector();
        node.rotation     = quaternion(RotationVector::exp(vector()));
      }
    return state;
  }

  /** @p state perturbed by @p h along coordinate @p j (translation or spatial spin). */
  ConstraintKinematics
  perturbed(const ConstraintKinematics &state, const unsigned j, const double h)
  {
    ConstraintKinematics result = state;
    const unsigned       node   = j / 6;
    const unsigned       k      = j % 6;
    Eigen::Vector3d      e      = Eigen::Vector3d::Zero();
    e[k % 3]                    = h;
    if (k < 3)
      result[node].displacement += e;
    else
      result[node].rotation =
        quaternion(RotationVector::exp(e) * result[node].rotation.toRotationMatrix());
    return result;
  }

  struct Sample
  {
    std::string                          name;
    std::shared_ptr<HolonomicConstraint> constraint;
    /** Puts the follower (node 0) of a state on the constraint manifold. */
    std::function<void(ConstraintKinematics &)> project;
    /**
     * Reference positions (follower, leader) for the moment test: a
     * translation tie (equal displacements) is objective only between
     * coincident nodes, as Abaqus' MPC PIN is meant for.
     */
    std::array<Eigen::Vector3d, 2> reference = {{follower_position, leader_position}};
  };

  std::vector<Sample>
  samples()
  {
    using namespace corot::constraints;
    const Eigen::Vector3d e0          = follower_position - leader_position;
    const Eigen::Vector3d slot_normal = e0.unitOrthogonal();
    return {
      {"rigid link",
       std::make_shared<RigidLinkConstraint>(0, follower_position, 1, leader_position),
       [e0](ConstraintKinematics &s) {
         s[0].displacement = s[1].displacement + s[1].rotation * e0 - e0;
       }},
      {"rotation tie", std::make_shared<RotationTieConstraint>(0, 1),
       [](ConstraintKinematics &s) { s[0].rotation = s[1].rotation; }},
      {"translation tie",
       std::make_shared<TranslationTieConstraint>(0, 1),
       [](ConstraintKinematics &s) { s[0].displacement = s[1].displacement; },
       {{leader_position, leader_position}}},
      {"revolute",
       std::make_shared<RevoluteConstraint>(0, 1, hinge_axis,
                                            std::array<Eigen::Vector3d, 2>{
                                              {hinge_normal, hinge_axis.cross(hinge_normal)}}),
       [](ConstraintKinematics &s) {
         // The follower turned from the leader about the hinge axis by an angle of its own.
         const double angle = 3.0 * s[0].rotation.x();
         s[0].rotation      = quaternion(s[1].rotation.toRotationMatrix() *
                                         Eigen::AngleAxisd(angle, hinge_axis).toRotationMatrix());
       }},
      {"slot",
       std::make_shared<SlotConstraint>(0, follower_position, 1, leader_position,
                                        std::array<Eigen::Vector3d, 2>{
                                          {slot_normal, e0.normalized().cross(slot_normal)}}),
       [e0](ConstraintKinematics &s) {
         // Onto the leader's line through the follower's own distance along it.
         const Eigen::Vector3d line = s[1].rotation * e0.normalized();
         const Eigen::Vector3d x_m  = leader_position + s[1].displacement;
         const Eigen::Vector3d x_s  = follower_position + s[0].displacement;
         s[0].displacement          = x_m + (x_s - x_m).dot(line) * line - follower_position;
       }},
      {"distance", std::make_shared<DistanceConstraint>(0, follower_position, 1, leader_position),
       [e0](ConstraintKinematics &s) {
         // Turn e0 by the follower's own random rotation: same length.
         s[0].displacement = s[1].displacement + s[0].rotation * e0 - e0;
       }},
    };
  }

  TEST(HolonomicConstraints, JacobianEqualsCentralDifferences)
  {
    std::mt19937 random(14);
    const double h = 1e-6;
    for (const Sample &sample : samples())
      for (unsigned trial = 0; trial < 5; ++trial)
        {
          const HolonomicConstraint &c     = *sample.constraint;
          const ConstraintKinematics state = random_state(random);
          const Eigen::MatrixXd      g     = c.jacobian(state);
          ASSERT_EQ(g.rows(), c.n_equations());
          ASSERT_EQ(g.cols(), c.n_coordinates());
          Eigen::MatrixXd difference(g.rows(), g.cols());
          for (unsigned j = 0; j < c.n_coordinates(); ++j)
            difference.col(j) =
              (c.value(perturbed(state, j, h)) - c.value(perturbed(state, j, -h))) / (2.0 * h);
          EXPECT_LT((g - difference).norm(), 1e-8 * std::max(1.0, g.norm())) << sample.name;
          // Columns of rotations the constraint does not use are zero.
          for (unsigned i = 0; i < 2; ++i)
            {
              if (!c.uses_rotation(i))
                {
                  EXPECT_EQ(g.middleCols(6 * i + 3, 3).norm(), 0.0) << sample.name;
                }
            }
        }
  }

  TEST(HolonomicConstraints, ForceDerivativeEqualsCentralDifferences)
  {
    std::mt19937                           random(41);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    const double                           h = 1e-6;
    for (const Sample &sample : samples())
      for (unsigned trial = 0; trial < 5; ++trial)
        {
          const HolonomicConstraint &c     = *sample.constraint;
          const ConstraintKinematics state = random_state(random);
          Eigen::VectorXd            lambda(c.n_equations());
          for (unsigned i = 0; i < c.n_equations(); ++i)
            lambda[i] = 3.0 * uniform(random);
          const Eigen::MatrixXd k = c.force_derivative(state, lambda);
          Eigen::MatrixXd       difference(k.rows(), k.cols());
          for (unsigned j = 0; j < c.n_coordinates(); ++j)
            difference.col(j) = (c.jacobian(perturbed(state, j, h)).transpose() * lambda -
                                 c.jacobian(perturbed(state, j, -h)).transpose() * lambda) /
                                (2.0 * h);
          EXPECT_LT((k - difference).norm(), 1e-8 * std::max(1.0, k.norm())) << sample.name;
        }
  }

  TEST(HolonomicConstraints, DiscreteGradientIsExactAlongTheStep)
  {
    std::mt19937 random(7);
    for (const Sample &sample : samples())
      for (unsigned trial = 0; trial < 10; ++trial)
        {
          const HolonomicConstraint &c  = *sample.constraint;
          const ConstraintKinematics s0 = random_state(random);
          ConstraintKinematics       s1 = random_state(random);
          // Keep every rotation increment below 180 degrees (a Cayley step).
          for (unsigned i = 0; i < 2; ++i)
            s1[i].rotation = quaternion(
              RotationVector::exp(
                0.8 * RotationVector::log_near(s1[i].rotation * s0[i].rotation.conjugate(),
                                               Eigen::Vector3d::Zero())) *
              s0[i].rotation.toRotationMatrix());
          const Eigen::VectorXd dq     = c.step_increment(s0, s1);
          const Eigen::VectorXd change = c.value(s1) - c.value(s0);
          EXPECT_LT((c.discrete_gradient(s0, s1) * dq - change).norm(),
                    1e-13 * (1.0 + change.norm()))
            << sample.name;
          // A step of zero length: the discrete gradient is the Jacobian there.
          EXPECT_LT((c.discrete_gradient(s0, s0) - c.jacobian(s0)).norm(), 1e-12) << sample.name;
        }
  }

  TEST(HolonomicConstraints, ForcesDoNoWorkAndHaveNoResultantOnTheManifold)
  {
    std::mt19937                           random(99);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    for (const Sample &sample : samples())
      for (unsigned trial = 0; trial < 10; ++trial)
        {
          const HolonomicConstraint &c  = *sample.constraint;
          ConstraintKinematics       s0 = random_state(random);
          ConstraintKinematics       s1 = s0;
          for (unsigned i = 0; i < 2; ++i)
            {
              const Eigen::Vector3d spin(uniform(random), uniform(random), uniform(random));
              s1[i].displacement +=
                0.3 * Eigen::Vector3d(uniform(random), uniform(random), uniform(random));
              s1[i].rotation =
                quaternion(RotationVector::cayley(spin) * s0[i].rotation.toRotationMatrix());
            }
          sample.project(s0);
          sample.project(s1);
          ASSERT_LT(c.value(s0).norm(), 1e-14) << sample.name;
          ASSERT_LT(c.value(s1).norm(), 1e-14) << sample.name;

          Eigen::VectorXd lambda(c.n_equations());
          for (unsigned i = 0; i < c.n_equations(); ++i)
            lambda[i] = 5.0 * uniform(random);
          const Eigen::VectorXd force = c.discrete_gradient(s0, s1).transpose() * lambda;
          const Eigen::VectorXd dq    = c.step_increment(s0, s1);
          EXPECT_LT(std::abs(dq.dot(force)), 1e-13 * force.norm() * dq.norm()) << sample.name;

          // Resultant force, and moment about the origin at the mid-point positions.
          Eigen::Vector3d resultant = Eigen::Vector3d::Zero(), moment = Eigen::Vector3d::Zero();
          for (unsigned i = 0; i < 2; ++i)
            {
              const Eigen::Vector3d x_mid =
                sample.reference[i] + 0.5 * (s0[i].displacement + s1[i].displacement);
              resultant += force.segment<3>(6 * i);
              moment += x_mid.cross(force.segment<3>(6 * i)) + force.segment<3>(6 * i + 3);
            }
          EXPECT_LT(resultant.norm(), 1e-13 * force.norm()) << sample.name;
          EXPECT_LT(moment.norm(), 1e-13 * force.norm() * 3.0) << sample.name;
        }
  }

  /**
   * A rigid motion of the pair (leader velocity v, spin omega; follower
   * v + omega x a, same spin) is admissible: G v = 0 for the rigid link and
   * the rotation tie on the manifold.
   */
  TEST(HolonomicConstraints, RigidMotionIsAdmissible)
  {
    using namespace corot::constraints;
    std::mt19937                random(3);
    const RigidLinkConstraint   link(0, follower_position, 1, leader_position);
    const RotationTieConstraint tie(0, 1);
    ConstraintKinematics        state = random_state(random);
    state[0].rotation                 = state[1].rotation;
    const Eigen::Vector3d e0          = follower_position - leader_position;
    state[0].displacement             = state[1].displacement + state[1].rotation * e0 - e0;
    const Eigen::Vector3d v(0.3, -1.2, 0.8), omega(-0.7, 0.4, 1.1);
    Eigen::VectorXd       velocity(12);
    velocity << v + omega.cross(link.lever(state)), omega, v, omega;
    EXPECT_LT((link.jacobian(state) * velocity).norm(), 1e-14);
    EXPECT_LT((tie.jacobian(state) * velocity).norm(), 1e-14);
  }
} // namespace

namespace
{
  /**
   * A hinge: on the manifold, a common spin plus any relative spin about the
   * current axis a = R_m A is admissible (G v = 0), and G has rank 2 with its
   * rows normal to a (the two tied rotations).
   */
  TEST(HolonomicConstraints, HingeLeavesOnlyTheSpinAboutItsAxisFree)
  {
    using namespace corot::constraints;
    std::mt19937             random(5);
    const RevoluteConstraint hinge(0, 1, hinge_axis,
                                   {{hinge_normal, hinge_axis.cross(hinge_normal)}});
    ConstraintKinematics     state = random_state(random);
    state[0].rotation              = quaternion(state[1].rotation.toRotationMatrix() *
                                                Eigen::AngleAxisd(0.8, hinge_axis).toRotationMatrix());
    ASSERT_LT(hinge.value(state).norm(), 1e-15);
    const Eigen::Vector3d a = hinge.axis(state);
    EXPECT_LT((a - state[1].rotation * hinge_axis).norm(), 1e-15);
    const Eigen::Vector3d omega(-0.7, 0.4, 1.1);
    Eigen::VectorXd       velocity = Eigen::VectorXd::Zero(12);
    velocity.segment<3>(3)         = omega + 2.5 * a;
    velocity.segment<3>(9)         = omega;
    const Eigen::MatrixXd g        = hinge.jacobian(state);
    EXPECT_LT((g * velocity).norm(), 1e-14);
    EXPECT_LT((g.block<2, 3>(0, 3) * a).norm(), 1e-15);
    EXPECT_EQ(Eigen::FullPivLU<Eigen::MatrixXd>(g).rank(), 2);
  }
} // namespace
