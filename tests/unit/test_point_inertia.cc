/** MASS and ROTARYI point inertias: their matrices and that they carry no stiffness. */
#include <elements/registry.h>

#include <gtest/gtest.h>

using namespace corot::elements;

TEST(PointInertia, MassAndRotaryInertiaMatrices)
{
  ElementDefinition definition;
  definition.id                  = 9;
  definition.node_ids            = {3};
  definition.reference_positions = {Eigen::Vector3d::Zero()};
  definition.section.point_mass  = 2.5;
  definition.section.rotary_inertia << 1.0, 0.1, 0.0, 0.1, 2.0, 0.0, 0.0, 0.0, 3.0;

  const auto      mass_element = ElementRegistry::instance().find("MASS")->create(definition);
  Eigen::MatrixXd m, k;
  mass_element->mass(MassKind::consistent, m);
  mass_element->linear_stiffness(k);
  EXPECT_EQ((m - 2.5 * Eigen::MatrixXd::Identity(3, 3)).norm(), 0.0);
  EXPECT_EQ(k.norm(), 0.0);
  EXPECT_TRUE(mass_element->is_point_inertia());

  const auto rotary = ElementRegistry::instance().find("ROTARYI")->create(definition);
  rotary->mass(MassKind::lumped, m);
  EXPECT_EQ((m - definition.section.rotary_inertia).norm(), 0.0);
  EXPECT_EQ(rotary->dof_kinds().front(), corot::core::DofKind::rx);
}
