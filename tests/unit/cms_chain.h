#pragma once
/**
 * @file
 * Test fixture: spring-mass chains split into components, built by hand
 * (no deck), with their full matrices for reference solutions.
 */
#include <src/cms/component.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::cms::testing
{
  /**
   * A chain of n = stiffness.size() + (grounded ? 0 : 1) masses; spring s
   * joins mass s - 1 and s (s = 0 joins the ground to mass 0 when grounded,
   * and then spring s joins masses s - 1 and s for s >= 1). Component c
   * owns the springs [split[c], split[c + 1]) and the masses between; a mass
   * on a cut belongs to both components and its mass is shared half and half.
   * Each component gets design derivatives "RHO_<c>" (its mass) and "E_<c>"
   * (its stiffness).
   */
  struct Chain
  {
    Eigen::MatrixXd full_stiffness, full_mass;
    Substructuring  sub;
  };

  inline Chain
  make_chain(const std::vector<double> &masses, const std::vector<double> &springs, bool grounded,
             const std::vector<unsigned> &split)
  {
    const unsigned n = masses.size();
    Chain          chain;
    chain.full_stiffness = Eigen::MatrixXd::Zero(n, n);
    chain.full_mass      = Eigen::MatrixXd::Zero(n, n);
    // Spring s between DOFs (a, b), a = -1 for the ground.
    auto ends = [&](const unsigned s) {
      return grounded ? std::pair<int, int>(static_cast<int>(s) - 1, s) :
                        std::pair<int, int>(s, s + 1);
    };
    std::vector<unsigned> owners(n, 0);
    for (unsigned c = 0; c + 1 < split.size(); ++c)
      {
        Component component;
        component.name = "C" + std::to_string(c);
        std::vector<int> dofs;
        for (unsigned s = split[c]; s < split[c + 1]; ++s)
          {
            const auto [a, b] = ends(s);
            if (a >= 0)
              dofs.push_back(a);
            dofs.push_back(b);
          }
        std::sort(dofs.begin(), dofs.end());
        dofs.erase(std::unique(dofs.begin(), dofs.end()), dofs.end());
        for (const int d : dofs)
          {
            component.global_dofs.push_back(d);
            ++owners[d];
          }
        chain.sub.components.push_back(component);
      }
    for (unsigned c = 0; c < chain.sub.components.size(); ++c)
      {
        Component      &component = chain.sub.components[c];
        const unsigned  m         = component.global_dofs.size();
        Eigen::MatrixXd k = Eigen::MatrixXd::Zero(m, m), mass = Eigen::MatrixXd::Zero(m, m);
        auto            local = [&](const int global) {
          for (unsigned i = 0; i < m; ++i)
            if (static_cast<int>(component.global_dofs[i]) == global)
              return static_cast<int>(i);
          return -1;
        };
        for (unsigned s = split[c]; s < split[c + 1]; ++s)
          {
            const auto [a, b] = ends(s);
            const int la = a >= 0 ? local(a) : -1, lb = local(b);
            k(lb, lb) += springs[s];
            chain.full_stiffness(b, b) += springs[s];
            if (la >= 0)
              {
                k(la, la) += springs[s];
                k(la, lb) -= springs[s];
                k(lb, la) -= springs[s];
                chain.full_stiffness(a, a) += springs[s];
                chain.full_stiffness(a, b) -= springs[s];
                chain.full_stiffness(b, a) -= springs[s];
              }
          }
        for (unsigned i = 0; i < m; ++i)
          mass(i, i) = masses[component.global_dofs[i]] / owners[component.global_dofs[i]];
        component.stiffness = k.sparseView();
        component.mass      = mass.sparseView();
        component.derivatives.push_back(
          {"RHO_" + std::to_string(c), SparseMatrix(m, m), component.mass, {}, {}});
        component.derivatives.push_back(
          {"E_" + std::to_string(c), component.stiffness, SparseMatrix(m, m), {}, {}});
      }
    for (unsigned i = 0; i < n; ++i)
      chain.full_mass(i, i) = masses[i];
    // Interface: DOFs in two components.
    for (unsigned d = 0; d < n; ++d)
      if (owners[d] >= 2)
        chain.sub.interface_dofs.push_back(d);
    for (Component &component : chain.sub.components)
      for (unsigned i = 0; i < component.global_dofs.size(); ++i)
        for (unsigned k = 0; k < chain.sub.interface_dofs.size(); ++k)
          if (chain.sub.interface_dofs[k] == component.global_dofs[i])
            {
              component.interface_local.push_back(i);
              component.interface_global.push_back(k);
            }
    chain.sub.n_dofs      = n;
    chain.sub.n_free_dofs = n;
    return chain;
  }

  /** Eigenvalues of the full chain, ascending. */
  inline Eigen::VectorXd
  full_eigenvalues(const Eigen::MatrixXd &k, const Eigen::MatrixXd &m)
  {
    return Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd>(k, m).eigenvalues();
  }
} // namespace corot::cms::testing
