/**
 * Configuration and DofMap: rotational increments are applied as rotations
 * R <- exp(theta) R, never added as vectors.
 */
#include <src/core/configuration.h>
#include <src/core/dof_map.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace corot::core;

namespace
{
  DofMap
  one_six_dof_node()
  {
    std::array<bool, n_dof_kinds> all;
    all.fill(true);
    return DofMap({all}, {7});
  }
} // namespace

TEST(Configuration, TwoRotationIncrementsComposeAsRotations)
{
  const DofMap    dofs = one_six_dof_node();
  Configuration   configuration(1);
  Eigen::VectorXd delta = Eigen::VectorXd::Zero(6);
  delta[5]              = M_PI / 2; // 90 degrees about z
  configuration.apply_increment(dofs, delta);
  delta.setZero();
  delta[3] = M_PI / 2; // then 90 degrees about the spatial x axis
  configuration.apply_increment(dofs, delta);

  // Closed form: R = Rx(90) Rz(90) maps e_x -> Rx(e_y) = e_z.
  const Eigen::Vector3d image = configuration.rotations[0] * Eigen::Vector3d::UnitX();
  EXPECT_NEAR((image - Eigen::Vector3d::UnitZ()).norm(), 0.0, 1e-14);
  // Adding the two vectors instead would give a rotation about (1,0,1)/sqrt2 by 127 degrees.
  EXPECT_NEAR(configuration.rotation_vector(0).norm(), 2 * M_PI / 3,
              1e-12); // angle of Rx(90)Rz(90) is 120 degrees
}

TEST(Configuration, TranslationsAddAndDofValuesRoundTrip)
{
  const DofMap    dofs = one_six_dof_node();
  Configuration   configuration(1);
  Eigen::VectorXd delta(6);
  delta << 1.0, -2.0, 3.0, 0.1, 0.2, -0.3;
  configuration.apply_increment(dofs, delta);
  configuration.apply_increment(dofs, Eigen::VectorXd::Zero(6));
  const Eigen::VectorXd values = configuration.dof_values(dofs);
  EXPECT_NEAR((values - delta).norm(), 0.0, 1e-14);
  EXPECT_EQ(dofs.describe(4), "node 7 RY");
}
