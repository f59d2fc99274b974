#pragma once
/**
 * @file
 * The *ORIENTATION keyword (Abaqus, CalculiX), a keyword plugin in its own
 * .h/.cc pair: its .cc registers it with KeywordRegistry.
 */
#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>
#include <src/deck/keyword_registry.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::deck
{
  /**
   * The rectangular frame of *ORIENTATION, SYSTEM=RECTANGULAR,
   * DEFINITION=COORDINATES from point @p a on the local 1-axis, point @p b in
   * the local 1-2 plane and the origin @p c (Abaqus Keywords Reference):
   * e1 = (a - c)/|a - c|, e3 = e1 x (b - c) normalised, e2 = e3 x e1; then
   * turned by @p angle_degrees about local axis @p axis (1..3, the optional
   * second data line). Columns: e1, e2, e3. Throws std::invalid_argument
   * where a - c vanishes or b - c is parallel to it.
   */
  Eigen::Matrix3d
  rectangular_orientation(const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                          const Eigen::Vector3d &c, unsigned axis, double angle_degrees);

  /** *ORIENTATION, NAME= (model data): a named local frame (core::Orientation). */
  void
  parse_orientation(KeywordContext &context, const KeywordLine &keyword,
                    const std::vector<DataLine> &data);
} // namespace corot::deck
