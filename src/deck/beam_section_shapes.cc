#include <src/core/number_text.h>
#include <src/deck/beam_section_shapes.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace corot::deck
{
  namespace
  {
    constexpr double pi = 3.14159265358979323846;

    /**
     * Solid rectangle a x b. A = ab, I11 = a b^3/12 (about local 1, so the
     * height b along local 2 is cubed), I22 = b a^3/12.
     * Torsion constant for long side L and short side s (Roark's Formulas for
     * Stress and Strain, 7th ed., Table 10.7 case 4):
     *   J = L s^3 [1/3 - 0.21 (s/L) (1 - s^4 / (12 L^4))], within 4 % of the series solution.
     * Shear coefficient: Timoshenko's 5/6 for a rectangle.
     */
    core::BeamSection
    rectangle(const double a, const double b)
    {
      core::BeamSection p;
      p.area               = a * b;
      p.i11                = a * b * b * b / 12.0;
      p.i22                = b * a * a * a / 12.0;
      const double longer  = std::max(a, b);
      const double shorter = std::min(a, b);
      const double ratio   = shorter / longer;
      p.torsion_constant   = longer * std::pow(shorter, 3) *
                           (1.0 / 3.0 - 0.21 * ratio * (1.0 - std::pow(ratio, 4) / 12.0));
      p.shear_factor_1 = p.shear_factor_2 = 5.0 / 6.0;
      return p;
    }

    /**
     * Solid circle of radius r: A = pi r^2, I11 = I22 = pi r^4 / 4, J = pi r^4 / 2.
     * Shear coefficient k = 6 (1 + nu) / (7 + 6 nu) (G. R. Cowper, "The shear
     * coefficient in Timoshenko's beam theory", J. Appl. Mech. 33 (1966) 335-340, Table 1).
     */
    core::BeamSection
    circle(const double r, const double nu)
    {
      core::BeamSection p;
      p.area = pi * r * r;
      p.i11 = p.i22      = pi * std::pow(r, 4) / 4.0;
      p.torsion_constant = pi * std::pow(r, 4) / 2.0;
      p.shear_factor_1 = p.shear_factor_2 = 6.0 * (1.0 + nu) / (7.0 + 6.0 * nu);
      return p;
    }

    /**
     * Shear coefficient of a solid ellipse for shear along the semi-axis @p a (the other
     * semi-axis @p b), G. R. Cowper, J. Appl. Mech. 33 (1966) 335-340, Table 1:
     *   k = 12 (1 + nu) a^2 (3 a^2 + b^2) / [(40 + 37 nu) a^4 + (16 + 10 nu) a^2 b^2 + nu b^4],
     * the circle's 6 (1 + nu)/(7 + 6 nu) for a = b. (Checked when it was added by re-deriving it:
     * the ellipse's Saint-Venant flexure warping is the cubic c1 x^3 + c2 x y^2 + c3 x, and
     * Cowper's mean deflection and mean rotation of the section then give exactly this k.)
     */
    double
    ellipse_shear_coefficient(const double a, const double b, const double nu)
    {
      const double a2 = a * a, b2 = b * b;
      return 12.0 * (1.0 + nu) * a2 * (3.0 * a2 + b2) /
             ((40.0 + 37.0 * nu) * a2 * a2 + (16.0 + 10.0 * nu) * a2 * b2 + nu * b2 * b2);
    }

    /**
     * Solid ellipse with semi-axes a1 along local 1 and a2 along local 2 (CalculiX's CIRC with
     * two diameters 2 a1, 2 a2): A = pi a1 a2, I11 = pi a1 a2^3/4 (about local 1),
     * I22 = pi a1^3 a2/4, Saint-Venant's J = pi a1^3 a2^3/(a1^2 + a2^2) (exact; S. P. Timoshenko
     * and J. N. Goodier, Theory of Elasticity, 3rd ed., 1970, sec. 106); shear coefficients from
     * ellipse_shear_coefficient, shear_factor_1 for shear along local 1 (semi-axis a1).
     * a1 = a2 = r is circle(r) exactly.
     */
    core::BeamSection
    ellipse(const double a1, const double a2, const double nu)
    {
      core::BeamSection p;
      p.area             = pi * a1 * a2;
      p.i11              = pi * a1 * a2 * a2 * a2 / 4.0;
      p.i22              = pi * a1 * a1 * a1 * a2 / 4.0;
      p.torsion_constant = pi * std::pow(a1 * a2, 3) / (a1 * a1 + a2 * a2);
      p.shear_factor_1   = ellipse_shear_coefficient(a1, a2, nu);
      p.shear_factor_2   = ellipse_shear_coefficient(a2, a1, nu);
      return p;
    }

    /**
     * Tube of outer radius r and wall thickness t, inner radius ri = r - t (exact
     * annulus): A = pi (r^2 - ri^2), I = pi (r^4 - ri^4) / 4, J = pi (r^4 - ri^4) / 2.
     * Shear coefficient from Cowper (1966), Table 1, hollow circle with m = ri / r:
     *   k = 6 (1 + nu) (1 + m^2)^2 / [(7 + 6 nu) (1 + m^2)^2 + (20 + 12 nu) m^2],
     * which is 2 (1 + nu) / (4 + 3 nu) for a thin-walled tube (m -> 1) and the
     * solid-circle value for m = 0.
     */
    core::BeamSection
    pipe(const double r, const double t, const double nu)
    {
      const double      ri = r - t;
      const double      m2 = (ri / r) * (ri / r);
      core::BeamSection p;
      p.area = pi * (r * r - ri * ri);
      p.i11 = p.i22      = pi * (std::pow(r, 4) - std::pow(ri, 4)) / 4.0;
      p.torsion_constant = pi * (std::pow(r, 4) - std::pow(ri, 4)) / 2.0;
      p.shear_factor_1   = p.shear_factor_2 =
        6.0 * (1.0 + nu) * (1.0 + m2) * (1.0 + m2) /
        ((7.0 + 6.0 * nu) * (1.0 + m2) * (1.0 + m2) + (20.0 + 12.0 * nu) * m2);
      return p;
    }

    /**
     * Rectangular box a x b (outer) with walls t1 (right, +1), t2 (top, +2),
     * t3 (left, -1), t4 (bottom, -2). Area and second moments are summed over
     * the four wall rectangles (the top and bottom walls span the full width,
     * the side walls the clear height b - t2 - t4) with the parallel-axis
     * theorem about the centroid; I12 = sum A_i dx_i dy_i (zero unless both
     * pairs of opposite walls differ).
     * Torsion constant from Bredt's single-cell formula on the wall mid-lines
     * (e.g. Roark, 7th ed., Table 10.7 case 16): J = 4 Am^2 / (sum of s_i / t_i),
     * Am = (a - (t1 + t3)/2) (b - (t2 + t4)/2).
     * Shear coefficient of a thin-walled square tube, k = 20 (1 + nu) / (48 + 39 nu)
     * (Cowper 1966, Table 1; 0.44 for nu = 0.3), used for both directions.
     */
    core::BeamSection
    box(const std::vector<double> &d, const double nu)
    {
      const double a = d[0], b = d[1], t1 = d[2], t2 = d[3], t3 = d[4], t4 = d[5];
      const double clear_height = b - t2 - t4;
      struct Wall
      {
        double width, height, x, y; // extent along 1, along 2, centre
      };
      const std::array<Wall, 4> walls = {{{t1, clear_height, a / 2 - t1 / 2, (t4 - t2) / 2},
                                          {a, t2, 0.0, b / 2 - t2 / 2},
                                          {t3, clear_height, -a / 2 + t3 / 2, (t4 - t2) / 2},
                                          {a, t4, 0.0, -b / 2 + t4 / 2}}};
      double                    area = 0, first_1 = 0, first_2 = 0;
      for (const Wall &w : walls)
        {
          area += w.width * w.height;
          first_1 += w.width * w.height * w.x;
          first_2 += w.width * w.height * w.y;
        }
      const double xc = first_1 / area, yc = first_2 / area;

      core::BeamSection p;
      p.area = area;
      for (const Wall &w : walls)
        {
          const double wall_area = w.width * w.height;
          p.i11 += w.width * std::pow(w.height, 3) / 12.0 + wall_area * std::pow(w.y - yc, 2);
          p.i22 += w.height * std::pow(w.width, 3) / 12.0 + wall_area * std::pow(w.x - xc, 2);
          p.i12 += wall_area * (w.x - xc) * (w.y - yc);
        }
      const double mid_width  = a - (t1 + t3) / 2;
      const double mid_height = b - (t2 + t4) / 2;
      const double enclosed   = mid_width * mid_height;
      p.torsion_constant      = 4.0 * enclosed * enclosed /
                           (mid_height / t1 + mid_width / t2 + mid_height / t3 + mid_width / t4);
      p.shear_factor_1 = p.shear_factor_2 = 20.0 * (1.0 + nu) / (48.0 + 39.0 * nu);
      return p;
    }
  } // namespace

  std::string
  canonical_beam_shape(const std::string &written)
  {
    // CalculiX compares the first four letters only (RECTANGULAR, CIRCULAR);
    // Abaqus' THICK PIPE has the dimensions of PIPE, whose formulas are exact for any wall.
    for (const std::string shape : {"RECT", "CIRC", "PIPE", "BOX"})
      if (written == shape || (shape.size() == 4 && written.rfind(shape, 0) == 0 &&
                               std::all_of(written.begin(), written.end(), [](const char c) {
                                 return std::isalpha(static_cast<unsigned char>(c)) != 0;
                               })))
        return shape;
    if (written == "THICK PIPE" || written == "THICKPIPE")
      return "PIPE";
    return "";
  }

  std::pair<unsigned, unsigned>
  beam_section_dimension_count(const std::string &shape)
  {
    if (shape == "RECT" || shape == "CIRC")
      return {1, 2};
    if (shape == "PIPE")
      return {2, 2};
    if (shape == "BOX")
      return {6, 6};
    return {0, 0};
  }

  core::BeamSection
  beam_section_shape(const std::string &shape, const std::vector<double> &dims,
                     const double poissons_ratio, const core::SourceLocation &location)
  {
    const auto [fewest, most] = beam_section_dimension_count(shape);
    if (most == 0)
      throw core::InputError(location, "unsupported beam section shape " + shape +
                                         " (RECT, CIRC, PIPE, BOX)");
    if (dims.size() < fewest || dims.size() > most)
      throw core::InputError(location, "SECTION=" + shape + " needs " +
                                         (fewest == most ? std::to_string(fewest) :
                                                           std::to_string(fewest) + " or " +
                                                             std::to_string(most)) +
                                         " dimensions, got " + std::to_string(dims.size()));
    for (const double d : dims)
      if (!(d > 0.0))
        throw core::InputError(location, "SECTION=" + shape + " dimensions must be positive, got " +
                                           core::number_text(d));
    if (shape == "RECT")
      return rectangle(dims[0], dims.size() == 2 ? dims[1] : dims[0]);
    if (shape == "CIRC")
      {
        if (dims.size() == 1)
          return circle(dims[0], poissons_ratio);
        if (std::abs(dims[0] - dims[1]) > 1e-9 * std::max(dims[0], dims[1]))
          return ellipse(dims[0] / 2.0, dims[1] / 2.0, poissons_ratio); // CalculiX's ellipse
        return circle(dims[0] / 2.0, poissons_ratio);
      }
    if (shape == "PIPE")
      {
        if (dims[1] > dims[0])
          throw core::InputError(location,
                                 "SECTION=PIPE wall thickness " + core::number_text(dims[1]) +
                                   " exceeds the outer radius " + core::number_text(dims[0]));
        return pipe(dims[0], dims[1], poissons_ratio);
      }
    if (dims[2] + dims[4] >= dims[0] || dims[3] + dims[5] >= dims[1])
      throw core::InputError(location, "SECTION=BOX walls do not fit: t1 + t3 must be < a and "
                                       "t2 + t4 < b");
    return box(dims, poissons_ratio);
  }
} // namespace corot::deck
