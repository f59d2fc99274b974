#pragma once
/**
 * @file
 * Degree-of-freedom kinds of a structural node, numbered as in Abaqus/CalculiX.
 */
#include <array>
#include <string>

namespace corot::core
{
  /**
   * The six degrees of freedom a node can carry. The numeric value plus one is
   * the Abaqus/CalculiX DOF number (1 = UX ... 6 = RZ).
   */
  enum class DofKind : unsigned
  {
    ux = 0,
    uy = 1,
    uz = 2,
    rx = 3,
    ry = 4,
    rz = 5
  };

  /** Number of DOF kinds a node can have. */
  constexpr unsigned n_dof_kinds = 6;

  /** Zero-based index of @p kind (0 = UX ... 5 = RZ). */
  constexpr unsigned
  index(const DofKind kind)
  {
    return static_cast<unsigned>(kind);
  }

  /** True for RX, RY, RZ. */
  constexpr bool
  is_rotation(const DofKind kind)
  {
    return index(kind) >= 3;
  }

  /** Deck-style name of a DOF kind: "UX" ... "RZ". */
  inline std::string
  dof_name(const DofKind kind)
  {
    static const std::array<const char *, n_dof_kinds> names = {
      {"UX", "UY", "UZ", "RX", "RY", "RZ"}};
    return names[index(kind)];
  }
} // namespace corot::core
