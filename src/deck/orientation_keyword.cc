#include <src/deck/orientation_keyword.h>
#include <src/deck/parse_state.h>

#include <cmath>
#include <stdexcept>

namespace corot::deck
{
  Eigen::Matrix3d
  rectangular_orientation(const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                          const Eigen::Vector3d &c, const unsigned axis, const double angle_degrees)
  {
    const Eigen::Vector3d first = a - c;
    const double          scale = std::max(first.norm(), (b - c).norm());
    if (!(first.norm() > 0.0))
      throw std::invalid_argument("the point on the local 1-axis is the origin");
    const Eigen::Vector3d e1     = first.normalized();
    const Eigen::Vector3d normal = e1.cross(b - c);
    if (!(normal.norm() > 1e-12 * scale))
      throw std::invalid_argument("the point in the local 1-2 plane lies on the local 1-axis");
    const Eigen::Vector3d e3 = normal.normalized();
    Eigen::Matrix3d       axes;
    axes << e1, e3.cross(e1), e3;
    if (angle_degrees != 0.0)
      {
        const double angle = angle_degrees * M_PI / 180.0;
        axes               = Eigen::AngleAxisd(angle, axes.col(axis - 1)).toRotationMatrix() * axes;
      }
    return axes;
  }

  void
  parse_orientation(KeywordContext &context, const KeywordLine &keyword,
                    const std::vector<DataLine> &data)
  {
    if (const auto system = keyword.value_upper("SYSTEM"); system && *system != "RECTANGULAR")
      throw core::InputError(keyword.location(),
                             "*ORIENTATION, SYSTEM=" + *system +
                               " is not supported: corot's orientations are rectangular frames "
                               "(SYSTEM=RECTANGULAR)");
    if (const auto definition = keyword.value_upper("DEFINITION");
        definition && *definition != "COORDINATES")
      throw core::InputError(keyword.location(),
                             "*ORIENTATION, DEFINITION=" + *definition +
                               " is not supported: give the frame by coordinates "
                               "(DEFINITION=COORDINATES)");
    if (data.empty() || data.size() > 2)
      throw core::InputError(keyword.location(),
                             "*ORIENTATION needs one data line (a point on the local 1-axis, a "
                             "point in the 1-2 plane, optionally the origin) and at most a "
                             "second (local axis, additional rotation in degrees)");
    const DataLine &points = data.front();
    points.require_fields(6, 9, "ORIENTATION");
    Eigen::Vector3d a, b, c = Eigen::Vector3d::Zero();
    for (unsigned k = 0; k < 3; ++k)
      {
        a[k] = points.number(k);
        b[k] = points.number(3 + k);
        c[k] = points.number_or(6 + k, 0.0);
      }
    unsigned axis  = 1;
    double   angle = 0.0;
    if (data.size() == 2)
      {
        const DataLine &rotation = data[1];
        rotation.require_fields(0, 2, "ORIENTATION");
        if (!rotation.is_empty(0))
          axis = rotation.positive_integer(0);
        if (axis > 3)
          throw core::InputError(rotation.location(),
                                 "*ORIENTATION: the axis of the additional rotation is 1, 2 or "
                                 "3, not " +
                                   std::to_string(axis));
        angle = rotation.number_or(1, 0.0);
      }

    core::Orientation orientation;
    orientation.name       = keyword.required_upper("NAME");
    orientation.defined_at = keyword.location();
    try
      {
        orientation.axes = rectangular_orientation(a, b, c, axis, angle);
      }
    catch (const std::invalid_argument &error)
      {
        throw core::InputError(points.location(), std::string("*ORIENTATION: ") + error.what());
      }
    auto &orientations = context.state.model.orientations;
    if (const auto it = orientations.find(orientation.name); it != orientations.end())
      throw core::InputError(keyword.location(), "*ORIENTATION, NAME=" + orientation.name +
                                                   " is already defined at " +
                                                   it->second.defined_at.str());
    orientations.emplace(orientation.name, orientation);
  }

  COROT_REGISTER_KEYWORD(
    orientation, "ORIENTATION", KeywordPlacement::model,
    "a named rectangular local frame (used by *CONNECTOR SECTION)",
    {required_parameter("NAME", "the orientation's name"),
     optional_parameter("SYSTEM", "the kind of frame", {"RECTANGULAR"}),
     optional_parameter("DEFINITION", "how the frame is given", {"COORDINATES"})},
    "a1, a2, a3, b1, b2, b3 [, c1, c2, c3]: a on the local 1-axis, b in the local 1-2 plane, c the "
    "origin (default 0); optional second line: local axis (1-3), additional rotation about it in "
    "degrees",
    parse_orientation)
} // namespace corot::deck
