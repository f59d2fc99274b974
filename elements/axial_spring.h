#pragma once
/**
 * @file
 * Axial spring between two nodes (deck type SPRINGA, *SPRING), through large
 * rotations.
 */
#include <elements/corotational_truss.h>

namespace corot::elements
{
  /**
   * A linear spring of stiffness k (*SPRING) acting along the line through
   * its two nodes, which turns with them under NLGEOM (Abaqus, CalculiX
   * SPRINGA): force k (l - l0) along the current chord, energy
   * k (l - l0)^2/2. That is the co-rotational T3D2 with EA/l0 = k and no mass
   * (CorotationalTruss: its tangent, the exactly energy-conserving mid-point
   * force of Crisfield & Shi 1993 and its section force SF1, the spring
   * force). A spring between coincident nodes has no line of action and is
   * refused. It is not a design target: its design derivatives are zero.
   */
  class AxialSpring : public CorotationalTruss
  {
  public:
    /** From the *SPRING stiffness of @p definition's section. */
    explicit AxialSpring(const ElementDefinition &definition);

    /** Zero: k is not scaled by any DesignProperty. */
    void
    design_derivative(DesignProperty property, Eigen::MatrixXd &stiffness_derivative,
                      Eigen::MatrixXd &mass_derivative) const override;
  };
} // namespace corot::elements
