#include <src/cms/component_builder.h>
#include <src/core/dof_map.h>

#include <map>
#include <stdexcept>

namespace corot::cms
{
  namespace
  {
    /** Triplets of element matrix @p matrix on @p local (local DOF per element DOF, invalid if dropped). */
    void
    add_triplets(const Eigen::MatrixXd &matrix, const std::vector<unsigned> &local,
                 std::vector<Eigen::Triplet<double>> &triplets)
    {
      for (unsigned i = 0; i < local.size(); ++i)
        if (local[i] != core::DofMap::invalid)
          for (unsigned j = 0; j < local.size(); ++j)
            if (local[j] != core::DofMap::invalid && matrix(i, j) != 0.0)
              triplets.emplace_back(local[i], local[j], matrix(i, j));
    }

    SparseMatrix
    from_triplets(const unsigned n, const std::vector<Eigen::Triplet<double>> &triplets)
    {
      SparseMatrix matrix(n, n);
      matrix.setFromTriplets(triplets.begin(), triplets.end());
      matrix.makeCompressed();
      return matrix;
    }
  } // namespace

  elements::DesignProperty
  design_property(const std::string &property)
  {
    if (property == "DENSITY")
      return elements::DesignProperty::density;
    if (property == "MODULUS")
      return elements::DesignProperty::modulus;
    if (property == "THICKNESS")
      return elements::DesignProperty::thickness;
    return elements::DesignProperty::area;
  }

  Substructuring
  build_substructuring(const core::Model                                     &model,
                       const std::vector<std::unique_ptr<elements::Element>> &elements,
                       const assembly::Assembler                             &assembler,
                       const unsigned                                         n_dofs,
                       const core::SourceLocation                            &where)
  {
    const auto &constraints = assembler.increment_constraints();
    for (const auto &line : constraints.get_lines())
      if (!line.entries.empty())
        throw core::InputError(where, "component mode synthesis does not support *EQUATION "
                                      "constraints yet (only *BOUNDARY)");

    Substructuring result;
    result.n_dofs      = n_dofs;
    result.n_free_dofs = n_dofs - constraints.n_constraints();

    // Element -> component, and the components' element lists.
    std::vector<int> owner(elements.size(), -1);
    for (unsigned c = 0; c < model.components.size(); ++c)
      {
        Component component;
        component.name = model.components[c].name;
        for (const unsigned id : model.components[c].element_ids)
          {
            const unsigned e = model.element_index.at(id);
            owner[e]         = c;
            component.elements.push_back(e);
          }
        result.components.push_back(std::move(component));
      }
    for (unsigned e = 0; e < elements.size(); ++e)
      if (owner[e] < 0)
        throw core::InputError(model.elements[e].defined_at,
                               "element " + std::to_string(model.elements[e].id) +
                                 " belongs to no *COMPONENT (component mode synthesis needs "
                                 "every element in exactly one component)");

    // Free DOFs of each component; count how many components touch each DOF.
    std::vector<unsigned> touched_by(n_dofs, 0);
    for (Component &component : result.components)
      {
        std::vector<bool> used(n_dofs, false);
        for (const unsigned e : component.elements)
          for (const unsigned dof : assembler.element_dofs(e))
            if (dof != core::DofMap::invalid && !constraints.is_constrained(dof))
              used[dof] = true;
        for (unsigned dof = 0; dof < n_dofs; ++dof)
          if (used[dof])
            {
              component.global_dofs.push_back(dof);
              ++touched_by[dof];
            }
      }
    std::vector<unsigned> interface_index(n_dofs, core::DofMap::invalid);
    for (unsigned dof = 0; dof < n_dofs; ++dof)
      if (touched_by[dof] >= 2)
        {
          interface_index[dof] = result.interface_dofs.size();
          result.interface_dofs.push_back(dof);
        }

    // Matrices in local numbering.
    for (Component &component : result.components)
      {
        std::map<unsigned, unsigned> local_of;
        for (unsigned i = 0; i < component.global_dofs.size(); ++i)
          {
            const unsigned dof = component.global_dofs[i];
            local_of[dof]      = i;
            if (interface_index[dof] != core::DofMap::invalid)
              {
                component.interface_local.push_back(i);
                component.interface_global.push_back(interface_index[dof]);
              }
          }
        std::vector<Eigen::Triplet<double>> k_triplets, m_triplets;
        std::vector<std::vector<unsigned>>  locals;
        Eigen::MatrixXd                     k, m;
        for (const unsigned e : component.elements)
          {
            std::vector<unsigned> local;
            for (const unsigned dof : assembler.element_dofs(e))
              {
                const auto it = dof == core::DofMap::invalid ? local_of.end() : local_of.find(dof);
                local.push_back(it == local_of.end() ? core::DofMap::invalid : it->second);
              }
            elements[e]->linear_stiffness(k);
            elements[e]->mass(elements::MassKind::consistent, m);
            add_triplets(k, local, k_triplets);
            add_triplets(m, local, m_triplets);
            locals.push_back(std::move(local));
          }
        const unsigned n = component.n_dofs();
        component.stiffness = from_triplets(n, k_triplets);
        component.mass      = from_triplets(n, m_triplets);

        for (const core::DesignParameter &parameter : model.design_parameters)
          {
            if (parameter.component != component.name)
              continue;
            const elements::DesignProperty property = design_property(parameter.property);
            std::vector<Eigen::Triplet<double>> dk_triplets, dm_triplets;
            for (unsigned i = 0; i < component.elements.size(); ++i)
              {
                try
                  {
                    elements[component.elements[i]]->design_derivative(property, k, m);
                  }
                catch (const std::exception &error)
                  {
                    throw core::InputError(parameter.defined_at,
                                           "design parameter " + parameter.name + ": element " +
                                             std::to_string(model.elements[component.elements[i]].id) +
                                             " (" + model.elements[component.elements[i]].type +
                                             "): " + error.what());
                  }
                add_triplets(k, locals[i], dk_triplets);
                add_triplets(m, locals[i], dm_triplets);
              }
            DesignDerivative derivative{parameter.name, from_triplets(n, dk_triplets),
                                        from_triplets(n, dm_triplets)};
            if (derivative.stiffness_derivative.nonZeros() == 0 &&
                derivative.mass_derivative.nonZeros() == 0)
              throw core::InputError(parameter.defined_at,
                                     "design parameter " + parameter.name + ": no element of component " +
                                       component.name + " depends on PROPERTY=" + parameter.property);
            // A shell's bending stiffness and rotary inertia are cubic in its
            // thickness, and the modification applies K + alpha dK (linear in
            // alpha): refused rather than answered to first order only.
            if (property == elements::DesignProperty::thickness)
              throw core::InputError(parameter.defined_at,
                                     "design parameter " + parameter.name +
                                       ": PROPERTY=THICKNESS is not supported yet (the shells' bending "
                                       "stiffness is cubic in the thickness; the modification is linear in "
                                       "alpha)");
            component.derivatives.push_back(std::move(derivative));
          }
      }
    return result;
  }
} // namespace corot::cms
