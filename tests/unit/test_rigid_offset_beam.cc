/**
 * @file
 * B31 with a beam axis offset (RigidOffsetBeam around CorotationalBeam3D):
 * the mass adds the parallel-axis term m |e0|^2 for a spin about the node
 * line. The properties every element has (rigid motions, rigid modes, tangent
 * and energy gradient against central differences, the energy identity of
 * the mid-point force) are checked on the offset sample of B31 in
 * test_element_properties.cc.
 */
#include <elements/registry.h>
#include <elements/rigid_offset_beam.h>

#include <src/core/configuration.h>
#include <src/core/dof_map.h>
#include <src/core/rotation_vector.h>

#include "two_node_beam_states.h"

#include <gtest/gtest.h>

#include <random>

using namespace corot;
using namespace corot::elements;
using namespace corot::test;

namespace
{
  constexpr double e = 2.1e5, g = 8.0e4, a = 200.0, i11 = 6666.0, i22 = 1666.0, j = 4500.0;

  const Eigen::Vector3d x1_ref(10.0, -4.0, 3.0), x2_ref(40.0, 26.0, -12.0);

  /** A B31 definition whose section centre lies (7, -4) off the node line (local 1, 2). */
  ElementDefinition
  definition(const Eigen::Vector2d &offset = Eigen::Vector2d(7.0, -4.0))
  {
    ElementDefinition d;
    d.id                              = 5;
    d.node_ids                        = {1, 2};
    d.reference_positions             = {x1_ref, x2_ref};
    d.section.beam().area             = a;
    d.section.beam().i11              = i11;
    d.section.beam().i22              = i22;
    d.section.beam().torsion_constant = j;
    d.section.beam().shear_factor_1   = 0.8;
    d.section.beam().shear_factor_2   = 0.9;
    d.section.beam().n1               = Eigen::Vector3d(0.2, 0.7, -0.4);
    d.section.beam().axis_offset      = offset;
    d.material.youngs_modulus         = e;
    d.material.shear_modulus          = g;
    d.material.density                = 7.85e-9;
    return d;
  }

  std::unique_ptr<Element>
  beam(const Eigen::Vector2d &offset = Eigen::Vector2d(7.0, -4.0))
  {
    return ElementRegistry::instance().find("B31")->create(definition(offset));
  }

} // namespace

TEST(RigidOffsetBeam, MassAddsTheParallelAxisTermForASpinAboutTheNodeLine)
{
  // A unit spin about the node line t: the centre line, |e0| off it, moves at
  // |e0|, so the kinetic energy rises by m |e0|^2 / 2 (m = rho A l) over that
  // of the centred beam (the section's own rotary inertia is unchanged).
  const Eigen::Vector2d offset(7.0, -4.0);
  const double          l    = (x2_ref - x1_ref).norm();
  const double          m    = 7.85e-9 * a * l;
  const Eigen::Vector3d t    = (x2_ref - x1_ref) / l;
  Eigen::VectorXd       spin = Eigen::VectorXd::Zero(12);
  spin.segment<3>(3)         = t;
  spin.segment<3>(9)         = t;
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      Eigen::MatrixXd with, without;
      beam(offset)->mass(kind, with);
      beam(Eigen::Vector2d::Zero())->mass(kind, without);
      const double difference = 0.5 * spin.dot(with * spin) - 0.5 * spin.dot(without * spin);
      EXPECT_NEAR(difference, 0.5 * m * offset.squaredNorm(), 1e-12 * m * offset.squaredNorm());
      // A rigid translation keeps the total mass.
      Eigen::VectorXd shift = Eigen::VectorXd::Zero(12);
      shift[0] = shift[6] = 1.0;
      EXPECT_NEAR(shift.dot(with * shift), m, 1e-12 * m);
    }
}
