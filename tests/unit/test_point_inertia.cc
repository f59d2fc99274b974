/** MASS and ROTARYI (NodalInertia, one class registered twice): their matrices, that they carry no stiffness, input checks. */
#include <elements/registry.h>

#include <gtest/gtest.h>

using namespace corot::elements;

namespace
{
  ElementDefinition
  point_definition()
  {
    ElementDefinition definition;
    definition.id                           = 9;
    definition.node_ids                     = {3};
    definition.reference_positions          = {Eigen::Vector3d::Zero()};
    definition.section.point_inertia().mass = 2.5;
    definition.section.point_inertia().rotary_inertia << 1.0, 0.1, 0.0, 0.1, 2.0, 0.0, 0.0, 0.0,
      3.0;
    return definition;
  }
} // namespace

TEST(PointInertia, PointMassMatrices)
{
  const ElementDefinition definition = point_definition();
  const ElementTypeInfo  *info       = ElementRegistry::instance().find("mass");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->n_nodes, 1u);
  EXPECT_EQ(info->section_kind, corot::core::SectionKind::point_mass);
  const auto      element = info->create(definition);
  Eigen::MatrixXd m, k, dk, dm;
  for (const MassKind kind : {MassKind::consistent, MassKind::lumped})
    {
      element->mass(kind, m);
      EXPECT_EQ((m - 2.5 * Eigen::MatrixXd::Identity(3, 3)).norm(), 0.0);
    }
  element->linear_stiffness(k);
  EXPECT_EQ(k.norm(), 0.0);
  Eigen::VectorXd force;
  element->internal_force(ElementKinematics(1), force, &k);
  EXPECT_EQ(force.size(), 3);
  EXPECT_EQ(force.norm() + k.norm(), 0.0);
  EXPECT_EQ(element->strain_energy(ElementKinematics(1)), 0.0);
  EXPECT_TRUE(element->is_point_inertia());
  EXPECT_EQ(element->dof_kinds().front(), corot::core::DofKind::ux);
  element->design_derivative(DesignProperty::density, dk, dm);
  EXPECT_EQ(dk.norm(), 0.0);
  EXPECT_EQ((dm - m).norm(), 0.0);
  ElementDefinition massless            = definition;
  massless.section.point_inertia().mass = 0.0;
  EXPECT_THROW(info->create(massless), std::invalid_argument);
}

TEST(PointInertia, RotaryInertiaMatrices)
{
  const ElementDefinition definition = point_definition();
  const ElementTypeInfo  *info       = ElementRegistry::instance().find("ROTARYI");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->section_kind, corot::core::SectionKind::rotary_inertia);
  const auto      rotary = info->create(definition);
  Eigen::MatrixXd m, k;
  rotary->mass(MassKind::lumped, m);
  EXPECT_EQ((m - definition.section.point_inertia().rotary_inertia).norm(), 0.0);
  rotary->geometric_stiffness(ElementKinematics(1), k);
  EXPECT_EQ(k.norm(), 0.0);
  EXPECT_TRUE(rotary->is_point_inertia());
  EXPECT_EQ(rotary->dof_kinds().front(), corot::core::DofKind::rx);
  EXPECT_EQ(rotary->dof_kinds().back(), corot::core::DofKind::rz);
  ElementDefinition asymmetric                            = definition;
  asymmetric.section.point_inertia().rotary_inertia(0, 2) = 0.5;
  EXPECT_THROW(info->create(asymmetric), std::invalid_argument);
}
