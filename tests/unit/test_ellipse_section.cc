/**
 * SECTION=CIRC with two different diameters: CalculiX's solid ellipse (d1 along local 1, d2
 * along local 2; running ccx 2.20 on a B32 cantilever with CIRC 0.05, 0.08 gives tip deflections
 * 4-5 % below the beam with semi-axes 0.025, 0.04, the usual stiffness of its brick expansion,
 * and 15 times the beam with radii 0.05, 0.08). Closed forms: A = pi a1 a2,
 * I11 = pi a1 a2^3/4, I22 = pi a1^3 a2/4, J = pi a1^3 a2^3/(a1^2 + a2^2) (Timoshenko & Goodier,
 * sec. 106); equal diameters are the circle exactly.
 */
#include <src/deck/beam_section_shapes.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace corot;

TEST(EllipseSection, ClosedFormsOrientationAndCircleLimit)
{
  const core::SourceLocation here{"x.inp", 7};
  const double               a1 = 0.025, a2 = 0.04, nu = 0.3;
  const auto                 e = deck::beam_section_shape("CIRC", {2 * a1, 2 * a2}, nu, here);
  EXPECT_NEAR(e.area, M_PI * a1 * a2, 1e-15);
  EXPECT_NEAR(e.i11, M_PI * a1 * std::pow(a2, 3) / 4.0, 1e-18); // about local 1: a2 cubed
  EXPECT_NEAR(e.i22, M_PI * std::pow(a1, 3) * a2 / 4.0, 1e-18);
  EXPECT_NEAR(e.torsion_constant, M_PI * std::pow(a1 * a2, 3) / (a1 * a1 + a2 * a2), 1e-18);
  EXPECT_NEAR(e.i12, 0.0, 0.0);
  // Swapping the diameters swaps the planes.
  const auto swapped = deck::beam_section_shape("CIRC", {2 * a2, 2 * a1}, nu, here);
  EXPECT_DOUBLE_EQ(swapped.i11, e.i22);
  EXPECT_DOUBLE_EQ(swapped.shear_factor_1, e.shear_factor_2);
  // Shear coefficients (Cowper 1966): below the circle's for shear along the short axis, above
  // it along the long one; the circle's 6 (1 + nu)/(7 + 6 nu) as the diameters meet.
  const double circle_k = 6.0 * (1.0 + nu) / (7.0 + 6.0 * nu);
  EXPECT_LT(e.shear_factor_1, circle_k);
  EXPECT_GT(e.shear_factor_2, circle_k);
  const auto nearly = deck::beam_section_shape("CIRC", {0.1, 0.1 * (1 + 1e-6)}, nu, here);
  const auto circle = deck::beam_section_shape("CIRC", {0.05}, nu, here);
  EXPECT_NEAR(nearly.shear_factor_1, circle.shear_factor_1, 1e-5);
  EXPECT_NEAR(nearly.shear_factor_2, circle.shear_factor_2, 1e-5);
  EXPECT_NEAR(nearly.torsion_constant, circle.torsion_constant, 1e-5 * circle.torsion_constant);
}
