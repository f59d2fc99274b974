/**
 * Section forces of trusses and beams at both element ends and the middle
 * (issue 17 item 2; input_decks/README.md, "Section forces of trusses and
 * beams"), run through the whole analysis on generated decks.
 *
 * The cantilever: n elements along t from the clamped root (node 1) to the
 * tip (node n + 1), length L, *BEAM GENERAL SECTION with EI = 1e4 about n1 =
 * -z (so n2 = t x n1 is y for a beam along x), a tip force P along n2.
 * References, all statics of the free body beyond a section (closed form):
 * - linear: SF2 = P and SF1 = 0 at both ends of every element; SM1(s) =
 *   -P (L - s) (the moment of the tip force about the section, about n1 =
 *   -z): -P L at the root, 0 at the tip; the middle value is at s = the
 *   element's centre;
 * - NLGEOM (tip deflection about 0.3 L): with the deformed positions x,
 *   SM1 at the root = -P (x_tip - x_root) . t0 (the lever arm of the tip
 *   force), 0 at the tip, and in each element's co-rotated axes (chord
 *   angle phi from t0) SF1 = P sin(phi), SF2 = P cos(phi) at both ends;
 * - objectivity: the whole setup (nodes, section axis, load) turned by a
 *   large rotation Q gives the same section forces.
 */
#include "deck_test_fixture.h"

#include <src/analysis/analysis_runner.h>

#include <Eigen/Geometry>

#include <cmath>
#include <iomanip>
#include <sstream>

using namespace corot;

namespace
{
  constexpr unsigned n_elements        = 8;
  constexpr double   length            = 1.0;
  constexpr double   bending_stiffness = 1.0e4; // E I11 = 1e7 x 1e-3

  /**
   * The cantilever deck: element @p type (B31 or B21), turned by @p q, tip
   * force @p p along n2 = q y, NLGEOM if @p nlgeom.
   */
  std::string
  cantilever_deck(const std::string &type, const Eigen::Matrix3d &q, const double p,
                  const bool nlgeom)
  {
    std::ostringstream deck;
    deck << std::setprecision(17);
    deck << "*NODE, NSET=ALL\n";
    for (unsigned i = 0; i <= n_elements; ++i)
      {
        const Eigen::Vector3d x = q * Eigen::Vector3d(length * i / n_elements, 0.0, 0.0);
        deck << i + 1 << ", " << x[0] << ", " << x[1] << ", " << x[2] << "\n";
      }
    deck << "*NSET, NSET=ROOT\n1\n*NSET, NSET=TIP\n" << n_elements + 1 << "\n";
    deck << "*ELEMENT, TYPE=" << type << ", ELSET=BEAM\n";
    for (unsigned e = 1; e <= n_elements; ++e)
      deck << e << ", " << e << ", " << e + 1 << "\n";
    const Eigen::Vector3d n1 = q * Eigen::Vector3d(0.0, 0.0, -1.0);
    const Eigen::Vector3d f  = q * Eigen::Vector3d(0.0, p, 0.0);
    deck << "*BEAM GENERAL SECTION, ELSET=BEAM\n0.1, 1.0e-3, 0.0, 1.0e-3, 2.0e-3\n"
         << n1[0] << ", " << n1[1] << ", " << n1[2] << "\n1.0e7, 4.0e6\n";
    deck << (type == "B21" ? "*BOUNDARY\nROOT, 1, 2\nROOT, 6, 6\n" : "*BOUNDARY\nROOT, 1, 6\n");
    deck << "*STEP"
         << (nlgeom ? ", NLGEOM, INC=100\n*STATIC\n0.1, 1.0, 1e-5, 0.1\n" : "\n*STATIC\n");
    deck << "*CLOAD\n";
    for (unsigned k = 0; k < (type == "B21" ? 2u : 3u); ++k)
      deck << "TIP, " << k + 1 << ", " << f[k] << "\n";
    deck << "*NODE PRINT, NSET=ALL\nU\n*EL PRINT, ELSET=BEAM\nS\n*END STEP\n";
    return deck.str();
  }

  class SectionForces : public test::DeckFileTest
  {
  protected:
    io::Results
    run(const std::string &deck)
    {
      std::ostringstream out;
      return analysis::run_analysis(deck::read_deck(write("deck.inp", deck)), MPI_COMM_WORLD, out);
    }

    /** The last value of @p name of element @p e. */
    static double
    last(const io::StepResult &step, const unsigned e, const std::string &name)
    {
      return step.element_output.at(e).values.at(name).back();
    }

    /** The deformed position of node @p node (1-based) of the cantilever turned by @p q. */
    static Eigen::Vector3d
    position(const io::StepResult &step, const unsigned node, const Eigen::Matrix3d &q)
    {
      Eigen::Vector3d u      = Eigen::Vector3d::Zero();
      const auto     &values = step.node_output.at(node).values;
      for (unsigned k = 0; k < 3; ++k)
        {
          const auto found = values.find("U" + std::to_string(k + 1));
          if (found != values.end())
            u[k] = found->second.back();
        }
      return q * Eigen::Vector3d(length * (node - 1) / n_elements, 0.0, 0.0) + u;
    }

    /** The linear closed form for @p type. */
    void
    check_linear(const std::string &type)
    {
      const double          p   = 1.0;
      const io::Results     res = run(cantilever_deck(type, Eigen::Matrix3d::Identity(), p, false));
      const io::StepResult &step  = res.steps.at(0);
      const double          h     = length / n_elements;
      const double          tol_f = 1e-9 * p, tol_m = 1e-9 * p * length;
      for (unsigned e = 1; e <= n_elements; ++e)
        {
          const double s1 = (e - 1) * h, s2 = e * h;
          SCOPED_TRACE(type + " element " + std::to_string(e));
          EXPECT_NEAR(last(step, e, "SM1_end1"), -p * (length - s1), tol_m);
          EXPECT_NEAR(last(step, e, "SM1_end2"), -p * (length - s2), tol_m);
          EXPECT_NEAR(last(step, e, "SM1"), -p * (length - 0.5 * (s1 + s2)), tol_m);
          for (const char *end : {"", "_end1", "_end2"})
            {
              EXPECT_NEAR(last(step, e, std::string("SF2") + end), p, tol_f);
              EXPECT_NEAR(last(step, e, std::string("SF1") + end), 0.0, tol_f);
            }
        }
      // The two figures of the issue: the root moment P L, the tip moment 0.
      EXPECT_NEAR(last(step, 1, "SM1_end1"), -p * length, tol_m);
      EXPECT_NEAR(last(step, n_elements, "SM1_end2"), 0.0, tol_m);
    }

    /**
     * NLGEOM under P = EI/L^2 (tip deflection about 0.3 L), turned by @p q:
     * equilibrium of the deformed configuration; returns the section forces.
     */
    std::map<std::string, std::vector<double>>
    check_nonlinear(const std::string &type, const Eigen::Matrix3d &q)
    {
      const double          p    = bending_stiffness / (length * length);
      const io::Results     res  = run(cantilever_deck(type, q, p, true));
      const io::StepResult &step = res.steps.at(0);
      // Newton's tolerance (residual 1e-5 of the load by default) bounds the imbalance.
      const double          tol_f = 1e-5 * p, tol_m = 1e-5 * p * length;
      const Eigen::Vector3d t0 = q.col(0), n2_0 = q.col(1);
      const Eigen::Vector3d tip  = position(step, n_elements + 1, q);
      const Eigen::Vector3d root = position(step, 1, q);
      EXPECT_GT((tip - root).dot(n2_0), 0.25 * length) << "the tip deflection is large";
      EXPECT_NEAR(last(step, 1, "SM1_end1"), -p * (tip - root).dot(t0), tol_m);
      EXPECT_NEAR(last(step, n_elements, "SM1_end2"), 0.0, tol_m);
      std::map<std::string, std::vector<double>> all;
      for (unsigned e = 1; e <= n_elements; ++e)
        {
          SCOPED_TRACE(type + " element " + std::to_string(e));
          const Eigen::Vector3d chord = position(step, e + 1, q) - position(step, e, q);
          const double          phi   = std::atan2(chord.dot(n2_0), chord.dot(t0));
          for (const char *end : {"", "_end1", "_end2"})
            {
              EXPECT_NEAR(last(step, e, std::string("SF1") + end), p * std::sin(phi), tol_f);
              EXPECT_NEAR(last(step, e, std::string("SF2") + end), p * std::cos(phi), tol_f);
            }
          // The moment at node e + 1 is that of the tip force about it.
          EXPECT_NEAR(last(step, e, "SM1_end2"), -p * (tip - position(step, e + 1, q)).dot(t0),
                      tol_m);
          for (const auto &[name, values] : step.element_output.at(e).values)
            if (name != "time")
              all[name].push_back(values.back());
        }
      return all;
    }
  };

  /** The rotation by @p angle about @p axis. */
  Eigen::Matrix3d
  turn(const double angle, const Eigen::Vector3d &axis)
  {
    return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
  }

  /** Every section force of @p a equals that of @p b to @p tol. */
  void
  expect_same(const std::map<std::string, std::vector<double>> &a,
              const std::map<std::string, std::vector<double>> &b, const double tol)
  {
    ASSERT_EQ(a.size(), b.size());
    for (const auto &[name, values] : a)
      for (std::size_t e = 0; e < values.size(); ++e)
        EXPECT_NEAR(values[e], b.at(name).at(e), tol) << name << " of element " << e + 1;
  }
} // namespace

TEST_F(SectionForces, B31CantileverLinearClosedFormAtBothEnds)
{
  check_linear("B31");
}

TEST_F(SectionForces, B21CantileverLinearClosedFormAtBothEnds)
{
  check_linear("B21");
}

TEST_F(SectionForces, B31CantileverNlgeomEquilibriumAndObjectivity)
{
  const auto straight = check_nonlinear("B31", Eigen::Matrix3d::Identity());
  const auto turned   = check_nonlinear("B31", turn(2.0, Eigen::Vector3d(1.0, 2.0, 3.0)));
  expect_same(straight, turned, 1e-5 * bending_stiffness);
  // Planar bending: no out-of-plane shear or bending, no torque.
  for (const char *name : {"SF3", "SM2", "SM3"})
    for (const double value : straight.at(name))
      EXPECT_NEAR(value, 0.0, 1e-6 * bending_stiffness) << name;
}

TEST_F(SectionForces, B21CantileverNlgeomEquilibriumAndObjectivity)
{
  const auto straight = check_nonlinear("B21", Eigen::Matrix3d::Identity());
  const auto turned   = check_nonlinear("B21", turn(2.0, Eigen::Vector3d::UnitZ()));
  expect_same(straight, turned, 1e-5 * bending_stiffness);
}

TEST_F(SectionForces, ElPrintVariablesSelectComponents)
{
  std::string deck = cantilever_deck("B31", Eigen::Matrix3d::Identity(), 1.0, false);
  const auto  at   = deck.find("*EL PRINT, ELSET=BEAM\nS\n");
  ASSERT_NE(at, std::string::npos);
  deck.replace(at, 24, "*EL PRINT, ELSET=BEAM\nSM, SF2\n");
  const io::Results res    = run(deck);
  const auto       &values = res.steps.at(0).element_output.at(1).values;
  for (const char *name : {"SM1", "SM2", "SM3", "SM1_end1", "SM3_end2", "SF2", "SF2_end1"})
    EXPECT_EQ(values.count(name), 1u) << name;
  for (const char *name : {"SF1", "SF3", "SF1_end1", "SF3_end2"})
    EXPECT_EQ(values.count(name), 0u) << name;
}
