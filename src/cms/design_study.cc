#include <src/cms/design_study.h>
#include <src/cms/mode_pairing.h>

#include <stdexcept>

namespace corot::cms
{
  std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
  modal_derivative(const ComponentModeSynthesis &cms, const std::string &name)
  {
    const ModalDerivativeFactor f = modal_derivative_factor(cms, name);
    return {f.basis.transpose() * (f.stiffness * f.basis),
            f.basis.transpose() * (f.mass * f.basis)};
  }

  ModalDerivativeFactor
  modal_derivative_factor(const ComponentModeSynthesis &cms, const std::string &name)
  {
    const unsigned c = cms.owner_of(name);
    if (c == cms.substructuring().components.size())
      throw std::runtime_error("no design parameter " + name);
    const DesignDerivative *d = cms.substructuring().components[c].derivative(name);
    return {cms.reduced().transformation[c] * cms.eigenpairs().vectors, d->stiffness_derivative,
            d->mass_derivative, d->stiffness_higher, d->mass_higher};
  }

  std::pair<Eigen::MatrixXd, Eigen::MatrixXd>
  modal_change(const ComponentModeSynthesis &cms, const std::string &name, const double alpha)
  {
    const unsigned c = cms.owner_of(name);
    if (c == cms.substructuring().components.size())
      throw std::runtime_error("no design parameter " + name);
    const DesignDerivative *d     = cms.substructuring().components[c].derivative(name);
    const Eigen::MatrixXd   basis = cms.reduced().transformation[c] * cms.eigenpairs().vectors;
    return {basis.transpose() * (d->stiffness_change(alpha) * basis),
            basis.transpose() * (d->mass_change(alpha) * basis)};
  }

  ReducedEigenpairs
  forward_modification(const ComponentModeSynthesis        &cms,
                       const std::map<std::string, double> &alphas)
  {
    const ReducedEigenpairs &base = cms.eigenpairs();
    const unsigned           n    = base.eigenvalues.size();
    Eigen::MatrixXd          k    = base.eigenvalues.asDiagonal();
    Eigen::MatrixXd          m    = Eigen::MatrixXd::Identity(n, n);
    for (const auto &[name, alpha] : alphas)
      {
        const auto [dk, dm] = modal_change(cms, name, alpha);
        k += dk;
        m += dm;
      }
    ReducedEigenpairs modal = solve_reduced(0.5 * (k + k.transpose()), 0.5 * (m + m.transpose()));
    modal.vectors           = base.vectors * modal.vectors;
    return modal;
  }

  double
  normalized_sensitivity(const ComponentModeSynthesis &cms, const std::string &name,
                         const unsigned mode)
  {
    const auto [dk, dm]      = cms.reduced_derivative(name);
    const auto       &pairs  = cms.eigenpairs();
    const ModeCluster c      = cluster_of(find_clusters(pairs.eigenvalues), mode);
    const double      lambda = pairs.eigenvalues[mode];
    if (c.size == 1)
      {
        const Eigen::VectorXd xi         = pairs.vectors.col(mode);
        const double          derivative = xi.dot(dk * xi) - lambda * xi.dot(dm * xi);
        return derivative / lambda;
      }
    // Repeated eigenvalue: the derivatives of the cluster's eigenvalues are
    // the eigenvalues of the projected derivative matrix (at the cluster's
    // mean eigenvalue), ascending: the modes keep their order for alpha ->
    // 0+, so mode first + k gets the k-th smallest.
    const Eigen::MatrixXd z         = pairs.vectors.middleCols(c.first, c.size);
    const double          mean      = pairs.eigenvalues.segment(c.first, c.size).mean();
    Eigen::MatrixXd       projected = z.transpose() * (dk - mean * dm) * z;
    projected                       = 0.5 * (projected + projected.transpose()).eval();
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(projected, Eigen::EigenvaluesOnly);
    return solver.eigenvalues()[mode - c.first] / lambda;
  }

  double
  mac(const Eigen::VectorXd &x, const Eigen::VectorXd &y, const Eigen::MatrixXd &weight)
  {
    const double xy = x.dot(weight * y);
    return xy * xy / (x.dot(weight * x) * y.dot(weight * y));
  }
} // namespace corot::cms
