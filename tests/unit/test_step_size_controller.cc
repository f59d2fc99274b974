/**
 * The rules of integrators::StepSizeController (automatic incrementation of
 * *DYNAMIC): growth by 0.9 r^(-1/3) at most 2, no growth after a rejection,
 * retry after rejection at max(0.2, 0.9 r^(-1/3)), Newton cut-back to a
 * quarter, the bounds of the data line.
 */
#include <integrators/step_size_controller.h>

#include <gtest/gtest.h>

#include <cmath>

using corot::integrators::StepSizeController;
using Verdict = StepSizeController::Verdict;

TEST(StepSizeController, GrowsByTheErrorRatioAtMostTwice)
{
  StepSizeController controller(0.1, 1e-4, 1.0);
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.1);
  EXPECT_EQ(controller.judge(0.1, -1.0), Verdict::accepted); // no estimate: unchanged
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.1);
  EXPECT_EQ(controller.judge(0.1, 1e-6), Verdict::accepted); // tiny error: capped growth
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.2);
  EXPECT_EQ(controller.judge(0.2, 0.5), Verdict::accepted);
  EXPECT_NEAR(controller.proposed(), 0.2 * 0.9 * std::cbrt(2.0), 1e-15);
  EXPECT_EQ(controller.judge(0.6, 1e-9), Verdict::accepted); // bounded by the maximum
  EXPECT_DOUBLE_EQ(controller.proposed(), 1.0);
}

TEST(StepSizeController, RejectsAboveTheToleranceAndDoesNotGrowRightAfter)
{
  StepSizeController controller(0.1, 1e-4, 1.0);
  EXPECT_EQ(controller.judge(0.1, 8.0), Verdict::rejected);
  EXPECT_NEAR(controller.proposed(), 0.1 * 0.9 * 0.5, 1e-15);
  EXPECT_EQ(controller.judge(0.045, 1000.0), Verdict::rejected); // cut at most to 0.2
  EXPECT_NEAR(controller.proposed(), 0.045 * 0.2, 1e-15);
  EXPECT_EQ(controller.judge(0.009, 0.1),
            Verdict::accepted); // would grow 1.94x: held after a rejection
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.009);
  EXPECT_EQ(controller.judge(0.009, 0.1), Verdict::accepted);
  EXPECT_NEAR(controller.proposed(), 0.009 * 0.9 * std::cbrt(10.0), 1e-15);
}

TEST(StepSizeController, NewtonCutBackAndTheMinimum)
{
  StepSizeController controller(0.1, 0.01, 1.0);
  EXPECT_TRUE(controller.cut_back(0.1));
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.025);
  EXPECT_TRUE(controller.cut_back(0.025));
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.01); // not below the minimum
  EXPECT_FALSE(controller.cut_back(0.01));       // nothing left to try
  // An error that needs less than the minimum: one last try at the minimum, then failure.
  EXPECT_EQ(controller.judge(0.02, 1000.0), Verdict::rejected);
  EXPECT_DOUBLE_EQ(controller.proposed(), 0.01);
  EXPECT_EQ(controller.judge(0.01, 1000.0), Verdict::below_minimum);
}
