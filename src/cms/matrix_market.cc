#include <src/cms/matrix_market.h>

#include <fstream>
#include <iomanip>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace corot::cms
{
  namespace
  {
    std::ofstream
    open(const std::string &name)
    {
      std::ofstream out(name);
      if (!out)
        throw std::runtime_error("cannot open " + name + " for writing");
      out << std::setprecision(17);
      return out;
    }

    void
    write_symmetric(const std::string &name, const Eigen::MatrixXd &matrix, const std::string &what)
    {
      std::ofstream out = open(name);
      out << "%%MatrixMarket matrix array real symmetric\n% corot reduced " << what << "\n"
          << matrix.rows() << " " << matrix.cols() << "\n";
      for (int j = 0; j < matrix.cols(); ++j)
        for (int i = j; i < matrix.rows(); ++i)
          out << matrix(i, j) << "\n";
      if (!out)
        throw std::runtime_error("error while writing " + name);
    }
  } // namespace

  void
  export_matrix_market(const ComponentModeSynthesis &cms, const core::DofMap &dofs,
                       const std::string &prefix)
  {
    write_symmetric(prefix + "_K.mtx", cms.reduced().stiffness, "stiffness K^ = T^T K~ T");
    write_symmetric(prefix + "_M.mtx", cms.reduced().mass, "mass M^ = T^T M~ T");

    const Substructuring                               &sub = cms.substructuring();
    const unsigned                                      n   = cms.reduced().size();
    std::vector<std::tuple<unsigned, unsigned, double>> entries;
    for (unsigned j = 0; j < n; ++j)
      {
        const Eigen::VectorXd column  = cms.reduced().recover(sub, Eigen::VectorXd::Unit(n, j));
        const double          largest = column.cwiseAbs().maxCoeff();
        for (unsigned i = 0; i < column.size(); ++i)
          if (std::abs(column[i]) > 1e-15 * largest)
            entries.emplace_back(i + 1, j + 1, column[i]);
      }
    const std::string name = prefix + "_map.mtx";
    std::ofstream     out  = open(name);
    out << "%%MatrixMarket matrix coordinate real general\n"
        << "% corot map from generalized coordinates xi to physical DOFs: u = Phi xi\n";
    for (unsigned i = 0; i < sub.n_dofs; ++i)
      out << "% row " << i + 1 << ": "
          << (i < dofs.n_dofs() ? dofs.describe(i) : "a DOF of an imported component (no deck DOF)")
          << "\n";
    out << sub.n_dofs << " " << n << " " << entries.size() << "\n";
    for (const auto &[i, j, value] : entries)
      out << i << " " << j << " " << value << "\n";
    if (!out)
      throw std::runtime_error("error while writing " + name);
  }
} // namespace corot::cms
