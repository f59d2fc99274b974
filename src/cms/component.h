#pragma once
/**
 * @file
 * One substructure of a component-mode-synthesis model: its element set, its
 * degrees of freedom and its stiffness and mass in its own numbering.
 */
#include <src/cms/design_derivative.h>

#include <Eigen/Dense>
#include <Eigen/Sparse>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace corot::cms
{
  /**
   * A component (*COMPONENT): the free (unconstrained) global DOFs its
   * elements touch (or its imported matrices' rows), numbered locally in increasing global order, and its
   * linear stiffness K_c and consistent mass M_c in that numbering (Hutton &
   * Smith 1993, the blocks of K~ and M~ in eq. 2). DOFs held by *BOUNDARY are
   * removed, so a component that touches a support is not floating.
   */
  struct Component
  {
    std::string           name;        ///< upper case
    std::vector<unsigned> elements;    ///< element indices (into Model::elements)
    std::vector<unsigned> global_dofs; ///< global DOF of each local DOF
    SparseMatrix          stiffness;   ///< K_c
    SparseMatrix          mass;        ///< M_c
    /** Local indices of the interface DOFs (shared with another component). */
    std::vector<unsigned> interface_local;
    /** For each entry of interface_local, its index in the global interface list. */
    std::vector<unsigned> interface_global;
    /** dK_c, dM_c of the design parameters that belong to this component. */
    std::vector<DesignDerivative> derivatives;

    /** Number of local DOFs. */
    unsigned
    n_dofs() const
    {
      return global_dofs.size();
    }

    /** The derivative of parameter @p name, or nullptr. */
    const DesignDerivative *
    derivative(const std::string &name) const
    {
      for (const DesignDerivative &d : derivatives)
        if (d.parameter == name)
          return &d;
      return nullptr;
    }

    /** The derivative of parameter @p name, or nullptr. */
    DesignDerivative *
    derivative(const std::string &name)
    {
      return const_cast<DesignDerivative *>(std::as_const(*this).derivative(name));
    }
  };

  /**
   * All components of a model and the interface that ties them: the free
   * global DOFs shared by two or more components.
   */
  struct Substructuring
  {
    std::vector<Component> components;
    std::vector<unsigned>  interface_dofs; ///< global DOF of each interface DOF
    unsigned n_free_dofs = 0; ///< unconstrained DOFs of the full model (imported ones included)
    /**
     * All DOFs: the deck's (its DofMap numbering, n_deck_dofs of them) and
     * after them the DOFs of imported components that no deck element
     * carries (interior rows, and rows at deck nodes without that DOF).
     */
    unsigned n_dofs      = 0;
    unsigned n_deck_dofs = 0; ///< DOFs of the deck's DofMap

    /** Index of the component named @p name (upper case), or components.size(). */
    unsigned
    find(const std::string &name) const
    {
      for (unsigned c = 0; c < components.size(); ++c)
        if (components[c].name == name)
          return c;
      return components.size();
    }
  };
} // namespace corot::cms
