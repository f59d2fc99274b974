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
    /** True for the design properties that scale a whole component matrix. */
    bool
    is_scale(const std::string &property)
    {
      return property == "MASS SCALE" || property == "STIFFNESS SCALE";
    }

    /**
     * K_c and M_c of an imported component: the rows of @p imported whose
     * global DOF @p global is kept (not invalid), in the component's local
     * numbering @p local_of.
     */
    void
    import_matrices(const core::ImportedMatrices &imported, const std::vector<unsigned> &global,
                    const std::map<unsigned, unsigned> &local_of, Component &component)
    {
      std::vector<unsigned> local(global.size(), core::DofMap::invalid);
      for (unsigned i = 0; i < global.size(); ++i)
        if (global[i] != core::DofMap::invalid)
          local[i] = local_of.at(global[i]);
      const unsigned n = component.n_dofs();
      for (const auto &[source, target] : {std::pair(&imported.stiffness, &component.stiffness),
                                           std::pair(&imported.mass, &component.mass)})
        {
          std::vector<Eigen::Triplet<double>> triplets;
          for (int k = 0; k < source->outerSize(); ++k)
            for (SparseMatrix::InnerIterator it(*source, k); it; ++it)
              if (local[it.row()] != core::DofMap::invalid &&
                  local[it.col()] != core::DofMap::invalid)
                triplets.emplace_back(local[it.row()], local[it.col()], it.value());
          *target = from_triplets(n, triplets);
        }
    }

    /**
     * The derivatives of the MASS SCALE and STIFFNESS SCALE parameters of
     * @p component: M -> (1 + alpha) M gives dM = M_c, dK = 0, and
     * K -> (1 + alpha) K gives dK = K_c, dM = 0.
     */
    void
    add_scale_derivatives(const core::Model &model, Component &component)
    {
      for (const core::DesignParameter &parameter : model.design_parameters)
        if (parameter.component == component.name && is_scale(parameter.property))
          {
            const bool   mass = parameter.property == "MASS SCALE";
            SparseMatrix zero(component.n_dofs(), component.n_dofs());
            component.derivatives.push_back({parameter.name,
                                             mass ? zero : component.stiffness,
                                             mass ? component.mass : zero,
                                             {},
                                             {}});
          }
    }

    /** Which elements of a component one design parameter changes, in K and in M. */
    struct ElementDependence
    {
      const core::DesignParameter *parameter = nullptr;
      std::vector<bool>            stiffness, mass; ///< per element of the component
    };

    /**
     * Refuses two design parameters of @p component that change the same
     * matrix of one element (DENSITY and AREA of a truss, MODULUS and
     * THICKNESS of a shell, DENSITY and MASS SCALE): their changes multiply,
     * (1 + alpha_1)(1 + alpha_2) M, while the modification adds each
     * parameter's own change, so the product alpha_1 alpha_2 M would be
     * missing. DENSITY and MODULUS (M and K apart) combine exactly.
     */
    void
    check_independent(const std::vector<ElementDependence> &dependences, const core::Model &model,
                      const Component &component)
    {
      for (std::size_t b = 1; b < dependences.size(); ++b)
        for (std::size_t a = 0; a < b; ++a)
          for (std::size_t i = 0; i < dependences[a].stiffness.size(); ++i)
            {
              const ElementDependence &first = dependences[a], &second = dependences[b];
              const bool               in_k = first.stiffness[i] && second.stiffness[i];
              if (!in_k && !(first.mass[i] && second.mass[i]))
                continue;
              const std::string element =
                component.elements.empty() ?
                  std::string("the imported matrices") :
                  "element " + std::to_string(model.elements[component.elements[i]].id);
              throw core::InputError(
                second.parameter->defined_at,
                "design parameters " + first.parameter->name + " (PROPERTY=" +
                  first.parameter->property + ", " + first.parameter->defined_at.str() + ") and " +
                  second.parameter->name + " (PROPERTY=" + second.parameter->property +
                  ") both change the " + (in_k ? "stiffness" : "mass") + " of " + element +
                  " of component " + component.name +
                  ": their changes multiply, which the modification (a sum of each "
                  "parameter's change) does not represent; put them on separate components");
            }
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
                       const assembly::Assembler &assembler, const core::DofMap &dofs,
                       const core::SourceLocation &where, const core::Configuration *base)
  {
    if (base != nullptr)
      for (const core::Component &component : model.components)
        if (component.imported)
          throw core::InputError(where, "the imported component " + component.name +
                                          " has no base state: component mode synthesis after "
                                          "an NLGEOM step takes every component's matrices at "
                                          "that step's deformed, stressed state");
    const unsigned n_dofs      = dofs.n_dofs();
    const auto    &constraints = assembler.increment_constraints();
    for (const auto &line : constraints.get_lines())
      if (!line.entries.empty())
        throw core::InputError(where, "component mode synthesis does not support *EQUATION "
                                      "constraints yet (only *BOUNDARY)");

    Substructuring result;

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

    // Imported rows: a deck DOF where the deck numbers one; otherwise a DOF
    // numbered after the deck's (one per (node, DOF) shared by the imported
    // components, one per interior row), dropped rows marked invalid.
    std::vector<std::vector<unsigned>>                imported_global(model.components.size());
    std::map<std::pair<unsigned, unsigned>, unsigned> extra_of;
    unsigned                                          n_all = n_dofs;
    for (unsigned c = 0; c < model.components.size(); ++c)
      if (const auto &imported = model.components[c].imported)
        for (const core::ImportedDof &row : imported->dofs)
          {
            unsigned dof = core::DofMap::invalid;
            if (row.node != 0)
              {
                const unsigned node = model.node_index.at(row.node);
                dof                 = dofs.index(node, static_cast<core::DofKind>(row.dof - 1));
                if (dof == core::DofMap::invalid)
                  {
                    const auto [it, inserted] =
                      extra_of.emplace(std::make_pair(row.node, row.dof), n_all);
                    if (inserted)
                      ++n_all;
                    dof = it->second;
                  }
                else if (constraints.is_constrained(dof))
                  dof = core::DofMap::invalid;
              }
            else
              dof = n_all++;
            imported_global[c].push_back(dof);
          }
    result.n_deck_dofs = n_dofs;
    result.n_dofs      = n_all;
    result.n_free_dofs = n_dofs - constraints.n_constraints() + (n_all - n_dofs);

    // Free DOFs of each component; count how many components touch each DOF.
    std::vector<unsigned> touched_by(n_all, 0);
    for (unsigned c = 0; c < result.components.size(); ++c)
      {
        Component        &component = result.components[c];
        std::vector<bool> used(n_all, false);
        for (const unsigned e : component.elements)
          for (const unsigned dof : assembler.element_dofs(e))
            if (dof != core::DofMap::invalid && !constraints.is_constrained(dof))
              used[dof] = true;
        for (const unsigned dof : imported_global[c])
          if (dof != core::DofMap::invalid)
            used[dof] = true;
        for (unsigned dof = 0; dof < n_all; ++dof)
          if (used[dof])
            {
              component.global_dofs.push_back(dof);
              ++touched_by[dof];
            }
      }
    std::vector<unsigned> interface_index(n_all, core::DofMap::invalid);
    for (unsigned dof = 0; dof < n_all; ++dof)
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
        const unsigned c = &component - result.components.data();
        if (const auto &imported = model.components[c].imported)
          {
            import_matrices(*imported, imported_global[c], local_of, component);
            add_scale_derivatives(model, component);
            std::vector<ElementDependence> dependences; // the whole matrices, as one "element"
            for (const core::DesignParameter &parameter : model.design_parameters)
              if (parameter.component == component.name)
                {
                  const bool mass = parameter.property == "MASS SCALE";
                  dependences.push_back({&parameter, {!mass}, {mass}});
                }
            check_independent(dependences, model, component);
            continue;
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
            if (base != nullptr)
              {
                assembler.element_matrix(assembly::MatrixKind::symmetric_tangent_stiffness, e,
                                         *base, k);
                k = (0.5 * (k + k.transpose())).eval();
                assembler.element_matrix(assembly::MatrixKind::turned_consistent_mass, e, *base, m);
              }
            else
              {
                elements[e]->linear_stiffness(k);
                elements[e]->mass(elements::MassKind::consistent, m);
              }
            add_triplets(k, local, k_triplets);
            add_triplets(m, local, m_triplets);
            locals.push_back(std::move(local));
          }
        const unsigned n    = component.n_dofs();
        component.stiffness = from_triplets(n, k_triplets);
        component.mass      = from_triplets(n, m_triplets);

        if (base != nullptr)
          continue; // no design derivatives about a preloaded base state
        std::vector<Eigen::MatrixXd>   k_higher, m_higher;
        std::vector<ElementDependence> dependences;
        for (const core::DesignParameter &parameter : model.design_parameters)
          {
            if (parameter.component != component.name)
              continue;
            ElementDependence &dependence = dependences.emplace_back();
            dependence.parameter          = &parameter;
            if (is_scale(parameter.property))
              {
                const bool mass = parameter.property == "MASS SCALE";
                dependence.stiffness.assign(component.elements.size(), !mass);
                dependence.mass.assign(component.elements.size(), mass);
                continue;
              }
            const elements::DesignProperty      property = design_property(parameter.property);
            std::vector<Eigen::Triplet<double>> dk_triplets, dm_triplets;
            std::vector<std::vector<Eigen::Triplet<double>>> dk_higher, dm_higher;
            for (unsigned i = 0; i < component.elements.size(); ++i)
              {
                const elements::Element &element = *elements[component.elements[i]];
                try
                  {
                    element.design_derivative(property, k, m);
                    element.design_higher_terms(property, k_higher, m_higher);
                  }
                catch (const std::exception &error)
                  {
                    throw core::InputError(
                      parameter.defined_at,
                      "design parameter " + parameter.name + ": element " +
                        std::to_string(model.elements[component.elements[i]].id) + " (" +
                        model.elements[component.elements[i]].type + "): " + error.what());
                  }
                add_triplets(k, locals[i], dk_triplets);
                add_triplets(m, locals[i], dm_triplets);
                dependence.stiffness.push_back(k.norm() > 0.0);
                dependence.mass.push_back(m.norm() > 0.0);
                const std::size_t order = std::max(k_higher.size(), m_higher.size());
                dk_higher.resize(std::max(dk_higher.size(), order));
                dm_higher.resize(std::max(dm_higher.size(), order));
                for (std::size_t p = 0; p < k_higher.size(); ++p)
                  add_triplets(k_higher[p], locals[i], dk_higher[p]);
                for (std::size_t p = 0; p < m_higher.size(); ++p)
                  add_triplets(m_higher[p], locals[i], dm_higher[p]);
              }
            DesignDerivative derivative{
              parameter.name, from_triplets(n, dk_triplets), from_triplets(n, dm_triplets), {}, {}};
            for (std::size_t p = 0; p < dk_higher.size(); ++p)
              {
                derivative.stiffness_higher.push_back(from_triplets(n, dk_higher[p]));
                derivative.mass_higher.push_back(from_triplets(n, dm_higher[p]));
              }
            if (derivative.stiffness_derivative.nonZeros() == 0 &&
                derivative.mass_derivative.nonZeros() == 0)
              throw core::InputError(parameter.defined_at,
                                     "design parameter " + parameter.name +
                                       ": no element of component " + component.name +
                                       " depends on PROPERTY=" + parameter.property);
            component.derivatives.push_back(std::move(derivative));
          }
        check_independent(dependences, model, component);
        add_scale_derivatives(model, component);
      }
    return result;
  }
} // namespace corot::cms
