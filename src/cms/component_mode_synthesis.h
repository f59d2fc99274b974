#pragma once
/**
 * @file
 * A reduced model built by component mode synthesis, its eigensolution, and
 * its exact re-analysis after design changes.
 */
#include <src/cms/component.h>
#include <src/cms/component_basis.h>
#include <src/cms/synthesis.h>

#include <Eigen/Dense>

#include <map>
#include <string>
#include <vector>

namespace corot::cms
{
  /** How components are reduced. */
  struct SynthesisOptions
  {
    bool   craig_bampton = false; ///< fixed interface (Craig-Bampton); otherwise free interface
    double lambda_cut    = 0.0;   ///< (2 pi f_cut)^2
    bool   residual      = true;  ///< free interface: residual attachment modes
  };

  /** Eigenpairs of the reduced model, ascending, xi^T M^ xi = 1. */
  struct ReducedEigenpairs
  {
    Eigen::VectorXd eigenvalues;
    Eigen::MatrixXd vectors; ///< Z = [xi_1 ... xi_n]
  };

  /** Dense solution of K^ xi = lambda M^ xi (all pairs). Throws std::runtime_error. */
  ReducedEigenpairs
  solve_reduced(const Eigen::MatrixXd &stiffness, const Eigen::MatrixXd &mass);

  /** Frequency in cycles/time of eigenvalue @p lambda (0 for lambda <= 0). */
  double
  frequency_of(double lambda);

  /**
   * Component mode synthesis of a Substructuring: a basis per component,
   * the synthesized reduced model and its eigenpairs. Keeps every basis, so
   * that a re-analysis after design changes re-reduces only the components
   * that changed (Hutton & Smith 1993, section 5).
   */
  class ComponentModeSynthesis
  {
  public:
    /** Reduces every component of @p sub and synthesizes. */
    ComponentModeSynthesis(Substructuring sub, const SynthesisOptions &options);

    /**
     * The exact CMS re-analysis with fractional changes @p alphas (parameter
     * name -> alpha) applied: K_c + sum alpha dK_c, M_c + sum alpha dM_c for
     * the components that own a changed parameter, which alone are reduced
     * again; every other component's basis is reused.
     */
    ComponentModeSynthesis
    modified(const std::map<std::string, double> &alphas) const;

    const Substructuring &
    substructuring() const
    {
      return sub_;
    }

    const ReducedModel &
    reduced() const
    {
      return reduced_;
    }

    const ReducedEigenpairs &
    eigenpairs() const
    {
      return pairs_;
    }

    const std::vector<ComponentBasis> &
    bases() const
    {
      return bases_;
    }

    /** Reduced design derivatives T^T dK~ T and T^T dM~ T of parameter @p name. */
    std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
    reduced_derivative(const std::string &name) const;

    /** Component index owning parameter @p name (components().size() if none). */
    unsigned
    owner_of(const std::string &name) const;

    /** Wall time of the reduction (components reduced in this object), synthesis and solve. */
    double reduction_seconds = 0.0, synthesis_seconds = 0.0;
    /** Number of components reduced when this object was built. */
    unsigned n_reduced_components = 0;

  private:
    /** Synthesizes from bases_ and solves. */
    void
    synthesize();

    ComponentModeSynthesis() = default;

    Substructuring              sub_;
    SynthesisOptions            options_;
    std::vector<ComponentBasis> bases_;
    ReducedModel                reduced_;
    ReducedEigenpairs           pairs_;
  };
} // namespace corot::cms
