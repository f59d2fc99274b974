#pragma once
/**
 * @file
 * Closed-form section properties of the standard beam cross-section shapes
 * (*BEAM SECTION, SECTION=RECT|CIRC|PIPE|BOX, Abaqus dimension conventions).
 */
#include <src/core/section.h>
#include <src/core/source_location.h>

#include <string>
#include <utility>
#include <vector>

namespace corot::deck
{
  /**
   * The standard shape @p written (upper case, as in SECTION=) names: RECT,
   * CIRC, PIPE or BOX; empty if it names none. Like CalculiX, a name is known
   * by its first four letters (RECTANGULAR is RECT, CIRCULAR is CIRC); Abaqus'
   * THICK PIPE is PIPE (the tube formulas below are exact for any wall).
   */
  std::string
  canonical_beam_shape(const std::string &written);

  /** Fewest and most dimensions the shape @p shape (canonical) takes; {0, 0} if it is unknown. */
  std::pair<unsigned, unsigned>
  beam_section_dimension_count(const std::string &shape);

  /**
   * Area, second moments, torsion constant and Timoshenko shear coefficients of
   * a standard shape about its centroid, in the local axes 1 (n1) and 2:
   *
   * - `RECT` a, b: width a along local 1, height b along local 2 (Abaqus and
   *   CalculiX alike); one value a is a square a x a (CalculiX);
   * - `CIRC` r: solid circle of radius r (Abaqus); two values d1, d2 are the
   *   CalculiX "thicknesses", i.e. the diameters along local 1 and 2; d1 != d2 is
   *   CalculiX's solid ellipse with semi-axes d1/2, d2/2. CalculiX 2.20 also reads
   *   a single value as the diameter; corot keeps the Abaqus radius for it;
   * - `PIPE` r, t: tube of outer radius r and wall thickness t (thin or thick, t <= r);
   * - `BOX` a, b, t1, t2, t3, t4: rectangular tube of outer width a (local 1) and
   *   height b (local 2); t1 is the wall at +1 (right), t2 at +2 (top), t3 at -1
   *   (left), t4 at -2 (bottom), as in the Abaqus manual.
   *
   * @p dims are the dimensions as written, @p poissons_ratio enters the shear
   * coefficients (Cowper 1966). Throws core::InputError at @p location for a
   * wrong number of dimensions, non-positive dimensions or walls that do not fit.
   * The direction n1 is left at its default.
   */
  core::BeamSection
  beam_section_shape(const std::string &shape, const std::vector<double> &dims,
                     double poissons_ratio, const core::SourceLocation &location);
} // namespace corot::deck
