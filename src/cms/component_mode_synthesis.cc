#include <src/cms/component_mode_synthesis.h>

#include <chrono>
#include <cmath>
#include <stdexcept>

namespace corot::cms
{
  namespace
  {
    double
    seconds_since(const std::chrono::steady_clock::time_point start)
    {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    ComponentBasis
    reduce(const Component &component, const SynthesisOptions &options)
    {
      return options.craig_bampton ?
               craig_bampton_basis(component, options.lambda_cut) :
               free_interface_basis(component, options.lambda_cut, options.residual);
    }
  } // namespace

  ReducedEigenpairs
  solve_reduced(const Eigen::MatrixXd &stiffness, const Eigen::MatrixXd &mass)
  {
    ReducedEigenpairs result;
    if (stiffness.rows() == 0)
      return result;
    const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(stiffness, mass);
    if (solver.info() != Eigen::Success)
      throw std::runtime_error("the reduced eigenproblem failed: the reduced mass matrix is not "
                               "positive definite (dependent component modes?)");
    result.eigenvalues = solver.eigenvalues();
    result.vectors     = solver.eigenvectors();
    return result;
  }

  double
  frequency_of(const double lambda)
  {
    return lambda > 0.0 ? std::sqrt(lambda) / (2.0 * M_PI) : 0.0;
  }

  ComponentModeSynthesis::ComponentModeSynthesis(Substructuring          sub,
                                                 const SynthesisOptions &options)
    : sub_(std::move(sub))
    , options_(options)
  {
    const auto start = std::chrono::steady_clock::now();
    for (const Component &component : sub_.components)
      bases_.push_back(reduce(component, options_));
    reduction_seconds    = seconds_since(start);
    n_reduced_components = sub_.components.size();
    synthesize();
  }

  void
  ComponentModeSynthesis::synthesize()
  {
    const auto start  = std::chrono::steady_clock::now();
    reduced_          = options_.craig_bampton ? synthesize_craig_bampton(sub_, bases_) :
                                                 synthesize_free_interface(sub_, bases_);
    pairs_            = solve_reduced(reduced_.stiffness, reduced_.mass);
    synthesis_seconds = seconds_since(start);
  }

  unsigned
  ComponentModeSynthesis::owner_of(const std::string &name) const
  {
    for (unsigned c = 0; c < sub_.components.size(); ++c)
      if (sub_.components[c].derivative(name) != nullptr)
        return c;
    return sub_.components.size();
  }

  std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
  ComponentModeSynthesis::reduced_derivative(const std::string &name) const
  {
    const unsigned c = owner_of(name);
    if (c == sub_.components.size())
      throw std::runtime_error("no design parameter " + name);
    const DesignDerivative *d = sub_.components[c].derivative(name);
    return {reduced_.project(c, d->stiffness_derivative), reduced_.project(c, d->mass_derivative)};
  }

  ComponentModeSynthesis
  ComponentModeSynthesis::modified(const std::map<std::string, double> &alphas) const
  {
    ComponentModeSynthesis result;
    result.sub_             = sub_;
    result.options_         = options_;
    result.bases_           = bases_;
    const auto        start = std::chrono::steady_clock::now();
    std::vector<bool> changed(sub_.components.size(), false);
    for (const auto &[name, alpha] : alphas)
      {
        const unsigned c = owner_of(name);
        if (c == sub_.components.size())
          throw std::runtime_error("no design parameter " + name);
        Component        &component = result.sub_.components[c];
        DesignDerivative &d         = *component.derivative(name);
        // K_c(alpha) = K_c + sum_p alpha^p K_p exactly (DesignDerivative):
        // linear in density, modulus and a truss's area, cubic in a shell's
        // thickness. Parameters that would multiply on one element are refused
        // when the components are built (check_independent), so the changes
        // add. The beams' mass depends on Phi = 12 EI/(kGA l^2), which density
        // and modulus (E and G together) leave unchanged; beams refuse AREA
        // (Element::design_derivative). The modified model's dependence is the
        // polynomial about the new design, so a further change delta of the
        // modified model makes the property (1 + alpha + delta) times its
        // baseline value (DesignDerivative::about()).
        component.stiffness += d.stiffness_change(alpha);
        component.mass += d.mass_change(alpha);
        d          = d.about(alpha);
        changed[c] = true;
      }
    for (unsigned c = 0; c < changed.size(); ++c)
      if (changed[c])
        {
          result.bases_[c] = reduce(result.sub_.components[c], options_);
          ++result.n_reduced_components;
        }
    result.reduction_seconds = seconds_since(start);
    result.synthesize();
    return result;
  }
} // namespace corot::cms
