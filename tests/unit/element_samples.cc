#include "element_samples.h"

#include <cmath>

namespace corot::test
{
  namespace
  {
    using elements::ElementDefinition;

    /** A bar of area @p area from @p x1 to @p x2 (steel-like, N and mm). */
    ElementSample
    truss(const Eigen::Vector3d &x1, const Eigen::Vector3d &x2)
    {
      ElementSample sample;
      sample.name               = "oblique bar";
      ElementDefinition &d      = sample.definition;
      d.id                      = 1;
      d.node_ids                = {1, 2};
      d.reference_positions     = {x1, x2};
      d.section.truss().area    = 3.0;
      d.material.youngs_modulus = 2.0e5;
      d.material.density        = 7.8e-9;
      sample.translational_mass = d.material.density * d.section.truss().area * (x2 - x1).norm();
      sample.conserving_tangent_order = 2;
      return sample;
    }

    /**
     * A SPRINGA (k = 50) or DASHPOTA (c = 0.3) between (1, 2, -1) and
     * (4, 6, 11): the spring massless, the dashpot without stiffness or mass.
     */
    ElementSample
    discrete(const std::string &name, const double coefficient, const bool spring)
    {
      ElementSample sample;
      sample.name           = name;
      ElementDefinition &d  = sample.definition;
      d.id                  = 3;
      d.node_ids            = {2, 5};
      d.reference_positions = {Eigen::Vector3d(1.0, 2.0, -1.0), Eigen::Vector3d(4.0, 6.0, 11.0)};
      d.section.discrete().coefficient = coefficient;
      sample.massless                  = spring;
      sample.constraints_only          = !spring;
      sample.conserving_tangent_order  = 2;
      return sample;
    }

    /** A rectangular-ish beam section (mm^2, mm^4) with shear flexibility, steel (N, mm). */
    ElementDefinition
    beam(const Eigen::Vector3d &x1, const Eigen::Vector3d &x2)
    {
      ElementDefinition d;
      d.id                              = 5;
      d.node_ids                        = {1, 2};
      d.reference_positions             = {x1, x2};
      d.section.beam().area             = 200.0;
      d.section.beam().i11              = 6666.0;
      d.section.beam().i22              = 1666.0;
      d.section.beam().torsion_constant = 4500.0;
      d.section.beam().shear_factor_1   = 0.8;
      d.section.beam().shear_factor_2   = 0.9;
      d.material.youngs_modulus         = 2.1e5;
      d.material.shear_modulus          = 8.0e4;
      d.material.density                = 7.85e-9;
      return d;
    }

    ElementSample
    planar_beam()
    {
      ElementSample sample;
      sample.name = "oblique beam in the plane";
      sample.definition =
        beam(Eigen::Vector3d(3.0, 1.0, 0.0),
             Eigen::Vector3d(3.0 + 500.0 * std::cos(0.7), 1.0 + 500.0 * std::sin(0.7), 0.0));
      sample.translational_mass       = 7.85e-9 * 200.0 * 500.0;
      sample.conserving_tangent_order = 2;
      return sample;
    }

    /** A B31 with unequal bending stiffnesses, an oblique n1 and, if given, an axis offset. */
    ElementSample
    space_beam(const std::string &name, const Eigen::Vector2d &offset)
    {
      ElementSample sample;
      sample.name = name;
      const Eigen::Vector3d x1(10.0, -4.0, 3.0), x2(40.0, 26.0, -12.0);
      sample.definition                            = beam(x1, x2);
      sample.definition.section.beam().n1          = Eigen::Vector3d(0.2, 0.7, -0.4);
      sample.definition.section.beam().axis_offset = offset;
      sample.translational_mass                    = 7.85e-9 * 200.0 * (x2 - x1).norm();
      return sample;
    }

    /** One node at (1, 2, 3) with a point mass 2.5 and a non-diagonal rotary inertia. */
    ElementSample
    point_inertia(const std::string &name, const double translational_mass)
    {
      ElementSample sample;
      sample.name                    = name;
      ElementDefinition &d           = sample.definition;
      d.id                           = 9;
      d.node_ids                     = {3};
      d.reference_positions          = {Eigen::Vector3d(1.0, 2.0, 3.0)};
      d.section.point_inertia().mass = 2.5;
      d.section.point_inertia().rotary_inertia << 1.0, 0.1, 0.0, 0.1, 2.0, 0.0, 0.0, 0.0, 3.0;
      sample.translational_mass = translational_mass;
      return sample;
    }

    /** A CONN3D2 between (1, 2, 3) and (4, 1, 0); with @p rotations, a hinge-like connection. */
    ElementSample
    connector(const std::string &name, const bool rotations)
    {
      ElementSample sample;
      sample.name           = name;
      ElementDefinition &d  = sample.definition;
      d.id                  = 12;
      d.node_ids            = {4, 7};
      d.reference_positions = {Eigen::Vector3d(1.0, 2.0, 3.0), Eigen::Vector3d(4.0, 1.0, 0.0)};
      d.section.connector().rotations = rotations;
      sample.constraints_only         = true;
      return sample;
    }

    /**
     * A shell element through @p x (steel-like, N and mm, t = 2); its
     * translational mass is rho t A with A the area projected on the plane
     * normal to the area vector (triangle: |a x b|/2; quadrilateral:
     * |d13 x d24|/2, which a warped element's mass also uses).
     */
    ElementSample
    shell(const std::string &name, const std::vector<Eigen::Vector3d> &x)
    {
      ElementSample sample;
      sample.name          = name;
      ElementDefinition &d = sample.definition;
      d.id                 = 7;
      for (unsigned i = 0; i < x.size(); ++i)
        d.node_ids.push_back(i + 1);
      d.reference_positions       = x;
      d.section.shell().thickness = 2.0;
      d.material.youngs_modulus   = 2.1e5;
      d.material.shear_modulus    = 2.1e5 / 2.6; // nu = 0.3
      d.material.density          = 7.85e-9;
      const double area           = x.size() == 3 ? 0.5 * (x[1] - x[0]).cross(x[2] - x[0]).norm() :
                                                    0.5 * (x[2] - x[0]).cross(x[3] - x[1]).norm();
      sample.translational_mass   = 7.85e-9 * 2.0 * area;
      sample.conserving_tangent_order = 2;
      return sample;
    }

    std::vector<ElementSample>
    quadrilateral_shells()
    {
      return {shell("flat quadrilateral",
                    {Eigen::Vector3d(10.0, -4.0, 3.0), Eigen::Vector3d(60.0, 6.0, -9.0),
                     Eigen::Vector3d(52.0, 48.0, 4.0), Eigen::Vector3d(23.2, 35.7, 9.25)}),
              shell("warped quadrilateral",
                    {Eigen::Vector3d(0.0, 0.0, 0.0), Eigen::Vector3d(50.0, 5.0, 3.0),
                     Eigen::Vector3d(55.0, 45.0, -2.0), Eigen::Vector3d(3.0, 40.0, 4.0)})};
    }
  } // namespace

  const std::map<std::string, std::vector<ElementSample>> &
  element_samples()
  {
    static const std::map<std::string, std::vector<ElementSample>> samples = {
      {"T2D2", {truss(Eigen::Vector3d(1.0, 2.0, 0.0), Eigen::Vector3d(4.0, 6.0, 0.0))}},
      {"T3D2", {truss(Eigen::Vector3d(1.0, 2.0, -1.0), Eigen::Vector3d(4.0, 6.0, 11.0))}},
      {"B21", {planar_beam()}},
      {"B31",
       {space_beam("centred", Eigen::Vector2d::Zero()),
        space_beam("with axis offset", Eigen::Vector2d(7.0, -4.0))}},
      {"CONN3D2", {connector("translations (JOIN)", false), connector("hinge", true)}},
      {"DASHPOTA", {discrete("axial dashpot", 0.3, false)}},
      {"SPRINGA", {discrete("axial spring", 50.0, true)}},
      {"MASS", {point_inertia("point mass", 2.5)}},
      {"ROTARYI", {point_inertia("rotary inertia", 0.0)}},
      {"S3",
       {shell("triangle", {Eigen::Vector3d(10.0, -4.0, 3.0), Eigen::Vector3d(60.0, 6.0, -9.0),
                           Eigen::Vector3d(25.0, 41.0, 12.0)})}},
      {"S4", quadrilateral_shells()},
      {"S4R", quadrilateral_shells()},
    };
    return samples;
  }

  elements::ElementDefinition
  scaled_definition(const elements::ElementDefinition &definition,
                    const elements::DesignProperty property, const double factor)
  {
    elements::ElementDefinition scaled = definition;
    switch (property)
      {
        case elements::DesignProperty::density:
          scaled.material.density *= factor;
          if (scaled.section.holds<core::PointInertia>())
            {
              scaled.section.point_inertia().mass *= factor;
              scaled.section.point_inertia().rotary_inertia *= factor;
            }
          break;
        case elements::DesignProperty::modulus:
          scaled.material.youngs_modulus *= factor;
          scaled.material.shear_modulus *= factor;
          break;
        case elements::DesignProperty::area:
          if (scaled.section.holds<core::TrussSection>())
            scaled.section.truss().area *= factor;
          if (scaled.section.holds<core::BeamSection>())
            scaled.section.beam().area *= factor;
          break;
        case elements::DesignProperty::thickness:
          if (scaled.section.holds<core::ShellSection>())
            scaled.section.shell().thickness *= factor;
          break;
      }
    return scaled;
  }
} // namespace corot::test
