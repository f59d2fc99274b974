#include <src/cms/component_basis.h>
#include <src/cms/component_export.h>

#include <iomanip>
#include <map>
#include <sstream>

namespace corot::cms
{
  namespace
  {
    std::ostringstream
    text_stream()
    {
      std::ostringstream out;
      out << std::setprecision(17);
      return out;
    }

    /** A sparse symmetric matrix as "coordinate real symmetric" (lower triangle, column by column). */
    std::string
    coordinate_symmetric(const SparseMatrix &matrix, const std::string &what)
    {
      std::vector<std::tuple<int, int, double>> lower;
      for (int k = 0; k < matrix.outerSize(); ++k)
        for (SparseMatrix::InnerIterator it(matrix, k); it; ++it)
          if (it.row() >= it.col())
            lower.emplace_back(it.row(), it.col(), it.value());
      std::ostringstream out = text_stream();
      out << "%%MatrixMarket matrix coordinate real symmetric\n% corot component " << what << "\n"
          << matrix.rows() << " " << matrix.cols() << " " << lower.size() << "\n";
      for (const auto &[i, j, value] : lower)
        out << i + 1 << " " << j + 1 << " " << value << "\n";
      return out.str();
    }

    /** A dense matrix, symmetrised, as "array real symmetric" (lower triangle, column by column). */
    std::string
    array_symmetric(const Eigen::MatrixXd &matrix, const std::string &what)
    {
      const Eigen::MatrixXd symmetric = 0.5 * (matrix + matrix.transpose());
      std::ostringstream    out       = text_stream();
      out << "%%MatrixMarket matrix array real symmetric\n% corot Craig-Bampton superelement "
          << what << "\n"
          << symmetric.rows() << " " << symmetric.cols() << "\n";
      for (int j = 0; j < symmetric.cols(); ++j)
        for (int i = j; i < symmetric.rows(); ++i)
          out << symmetric(i, j) << "\n";
      return out.str();
    }
  } // namespace

  std::vector<FileText>
  component_matrix_files(const Substructuring &sub, const unsigned c, const core::Model &model,
                         const core::DofMap &dofs, const bool craig_bampton,
                         const double lambda_cut, const std::string &prefix)
  {
    const Component      &component = sub.components[c];
    std::vector<unsigned> physical_rows; // local DOFs that are rows of the files, in order
    std::string           k_text, m_text;
    unsigned              n_modes = 0;
    if (craig_bampton)
      {
        const ComponentBasis basis = craig_bampton_basis(component, lambda_cut);
        n_modes                    = basis.kept.modes.cols();
        Eigen::MatrixXd w(component.n_dofs(), basis.attachment.cols() + n_modes);
        w << basis.attachment, basis.kept.modes;
        const Eigen::MatrixXd k = w.transpose() * (component.stiffness * w);
        const Eigen::MatrixXd m = w.transpose() * (component.mass * w);
        k_text =
          array_symmetric(k,
                          "stiffness K^ = W^T K W, W = [constraint modes, fixed-interface modes]");
        m_text        = array_symmetric(m, "mass M^ = W^T M W");
        physical_rows = component.interface_local;
      }
    else
      {
        k_text = coordinate_symmetric(component.stiffness, component.name + " stiffness K_c");
        m_text = coordinate_symmetric(component.mass, component.name + " mass M_c");
        for (unsigned i = 0; i < component.n_dofs(); ++i)
          physical_rows.push_back(i);
      }

    std::ostringstream      map = text_stream(), nodes = text_stream();
    std::map<unsigned, int> node_rows; // node index -> written
    map << "% corot component " << component.name
        << ": node, DOF (1..6 = UX UY UZ RX RY RZ) of each "
        << "matrix row; node 0: modal coordinate k\n";
    nodes << "% corot component " << component.name << ": node, x, y, z\n";
    for (const unsigned local : physical_rows)
      {
        const unsigned dof  = component.global_dofs[local];
        const unsigned node = dofs.node_of(dof);
        map << model.nodes[node].id << ", " << core::index(dofs.kind_of(dof)) + 1 << "\n";
        if (node_rows.emplace(node, 0).second)
          {
            const Eigen::Vector3d &x = model.nodes[node].position;
            nodes << model.nodes[node].id << ", " << x[0] << ", " << x[1] << ", " << x[2] << "\n";
          }
      }
    for (unsigned k = 0; k < n_modes; ++k)
      map << "0, " << k + 1 << "\n";
    return {{prefix + "_K.mtx", k_text},
            {prefix + "_M.mtx", m_text},
            {prefix + "_dofs.txt", map.str()},
            {prefix + "_nodes.txt", nodes.str()}};
  }
} // namespace corot::cms
