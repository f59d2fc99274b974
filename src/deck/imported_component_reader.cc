#include <src/deck/imported_component_reader.h>
#include <src/deck/matrix_market_reader.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace corot::deck
{
  namespace
  {
    /** The fields of @p text split at commas and blanks. */
    std::vector<std::string>
    fields_of(const std::string &text)
    {
      std::string copy = text;
      std::replace(copy.begin(), copy.end(), ',', ' ');
      std::istringstream       in(copy);
      std::vector<std::string> fields;
      for (std::string field; in >> field;)
        fields.push_back(field);
      return fields;
    }

    /** Non-comment lines of a text file (`%` or `**` start a comment line) with their line numbers. */
    std::vector<std::pair<unsigned, std::vector<std::string>>>
    read_table(const std::string &path)
    {
      std::ifstream in(path);
      if (!in)
        throw core::InputError({path, 0}, "cannot open the file");
      std::vector<std::pair<unsigned, std::vector<std::string>>> rows;
      unsigned                                                   line = 0;
      for (std::string text; std::getline(in, text);)
        {
          ++line;
          const auto first = text.find_first_not_of(" \t\r");
          if (first == std::string::npos || text[first] == '%' || text.compare(first, 2, "**") == 0)
            continue;
          rows.emplace_back(line, fields_of(text));
        }
      return rows;
    }

    /** Field @p text as a number; throws at @p where. */
    double
    number(const std::string &text, const core::SourceLocation &where, const std::string &what)
    {
      try
        {
          size_t       used  = 0;
          const double value = std::stod(text, &used);
          if (used == text.size() && std::isfinite(value))
            return value;
        }
      catch (const std::exception &)
        {}
      throw core::InputError(where, what + ": '" + text + "' is not a number");
    }

    /** Field @p text as a non-negative integer; throws at @p where. */
    unsigned
    integer(const std::string &text, const core::SourceLocation &where, const std::string &what)
    {
      const double value = number(text, where, what);
      if (value < 0.0 || value != std::floor(value) || value > 4.0e9)
        throw core::InputError(where, what + ": '" + text + "' is not a non-negative integer");
      return static_cast<unsigned>(value);
    }

    /** Symmetry and positive semi-definiteness of @p matrix (named @p name) read from @p stored. */
    void
    check_symmetric_semidefinite(const MatrixMarketMatrix          &stored,
                                 const Eigen::SparseMatrix<double> &matrix, const std::string &name)
    {
      double largest = 0.0;
      for (int k = 0; k < matrix.outerSize(); ++k)
        for (Eigen::SparseMatrix<double>::InnerIterator it(matrix, k); it; ++it)
          largest = std::max(largest, std::abs(it.value()));
      if (largest == 0.0)
        throw core::InputError({stored.file, stored.size_line}, name + " is zero");
      if (!stored.symmetric)
        {
          const Eigen::SparseMatrix<double> transpose = matrix.transpose();
          for (const MatrixMarketEntry &entry : stored.entries)
            {
              const double a = matrix.coeff(entry.row, entry.column);
              const double b = transpose.coeff(entry.row, entry.column);
              if (std::abs(a - b) > 1e-10 * largest)
                {
                  std::ostringstream message;
                  message.precision(10);
                  message
                    << name << " is not symmetric: " << name << "(" << entry.row + 1 << ", "
                    << entry.column + 1 << ") = " << a << " but " << name << "(" << entry.column + 1
                    << ", " << entry.row + 1 << ") = " << b
                    << " (component matrices must be symmetric to 1e-10 of the largest entry)";
                  throw core::InputError({stored.file, entry.line}, message.str());
                }
            }
        }
      if (matrix.rows() > 4000)
        return;
      const Eigen::MatrixXd                                dense = Eigen::MatrixXd(matrix);
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(0.5 * (dense + dense.transpose()),
                                                                  Eigen::EigenvaluesOnly);
      const double                                         lowest = solver.eigenvalues()[0],
                   highest = solver.eigenvalues()[dense.rows() - 1];
      if (lowest < -1e-8 * std::max(std::abs(highest), std::abs(lowest)))
        {
          std::ostringstream message;
          message.precision(6);
          message << name << " is not positive semi-definite: its smallest eigenvalue is " << lowest
                  << " (largest " << highest << ")";
          throw core::InputError({stored.file, 1}, message.str());
        }
    }
  } // namespace

  core::ImportedMatrices
  read_imported_component(const std::string &prefix)
  {
    core::ImportedMatrices result;
    result.stiffness_file      = prefix + "_K.mtx";
    result.mass_file           = prefix + "_M.mtx";
    result.dof_file            = prefix + "_dofs.txt";
    const MatrixMarketMatrix k = read_matrix_market(result.stiffness_file);
    const MatrixMarketMatrix m = read_matrix_market(result.mass_file);
    for (const MatrixMarketMatrix *matrix : {&k, &m})
      if (matrix->rows != matrix->columns)
        throw core::InputError({matrix->file, matrix->size_line},
                               "a component matrix must be square, got " +
                                 std::to_string(matrix->rows) + " x " +
                                 std::to_string(matrix->columns));
    if (k.rows != m.rows)
      throw core::InputError({m.file, m.size_line}, "M is " + std::to_string(m.rows) + " x " +
                                                      std::to_string(m.rows) + " but K (" + k.file +
                                                      ") is " + std::to_string(k.rows) + " x " +
                                                      std::to_string(k.rows));
    result.stiffness = k.full();
    result.mass      = m.full();
    check_symmetric_semidefinite(k, result.stiffness, "K");
    check_symmetric_semidefinite(m, result.mass, "M");

    std::map<std::pair<unsigned, unsigned>, unsigned> row_of; // (node, dof) -> row
    for (const auto &[line, fields] : read_table(result.dof_file))
      {
        const core::SourceLocation where{result.dof_file, line};
        if (fields.size() != 2)
          throw core::InputError(where, "expected 'node, dof' (one line per matrix row)");
        core::ImportedDof dof;
        dof.node       = integer(fields[0], where, "node");
        dof.dof        = integer(fields[1], where, "DOF");
        dof.file_node  = dof.node;
        dof.defined_at = where;
        if (dof.dof == 0 || (dof.node != 0 && dof.dof > 6))
          throw core::InputError(where, "DOF " + fields[1] +
                                          ": a node's DOF is 1..6 (UX UY UZ RX RY RZ), an interior "
                                          "DOF's label (node 0) is a positive integer");
        if (dof.node != 0)
          {
            const auto [it, inserted] =
              row_of.emplace(std::make_pair(dof.node, dof.dof), result.dofs.size());
            if (!inserted)
              throw core::InputError(
                where, "node " + std::to_string(dof.node) + " DOF " + std::to_string(dof.dof) +
                         " is already row " + std::to_string(it->second + 1) + " (line " +
                         std::to_string(result.dofs[it->second].defined_at.line) + ")");
          }
        result.dofs.push_back(dof);
      }
    if (result.dofs.size() != k.rows)
      throw core::InputError({result.dof_file,
                              result.dofs.empty() ? 1 : result.dofs.back().defined_at.line},
                             "the DOF map has " + std::to_string(result.dofs.size()) +
                               " rows but K and M are " + std::to_string(k.rows) + " x " +
                               std::to_string(k.rows));
    if (std::filesystem::exists(prefix + "_nodes.txt"))
      result.node_file = prefix + "_nodes.txt";
    return result;
  }

  void
  match_imported_nodes(core::ImportedMatrices &imported, const core::Model &model,
                       const std::optional<double> tolerance, const core::SourceLocation &where)
  {
    if (imported.node_file.empty())
      {
        if (tolerance)
          throw core::InputError(where,
                                 "TOLERANCE= applies to matching by coordinates: " +
                                   imported.dof_file.substr(0, imported.dof_file.size() - 9) +
                                   "_nodes.txt does not exist");
        std::map<unsigned, bool> seen;
        for (const core::ImportedDof &dof : imported.dofs)
          if (dof.node != 0)
            {
              if (model.node_index.count(dof.node) == 0)
                throw core::InputError(
                  dof.defined_at,
                  "node " + std::to_string(dof.node) +
                    " is not a node of the deck (rows are joined to deck nodes by "
                    "id; use node 0 for an interior DOF, or give a coordinate file)");
              seen[dof.node] = true;
            }
        imported.n_matched_nodes = seen.size();
        return;
      }

    // Matching by coordinates.
    Eigen::Vector3d low = Eigen::Vector3d::Constant(1e300), high = -low;
    for (const core::NodeRecord &node : model.nodes)
      {
        low  = low.cwiseMin(node.position);
        high = high.cwiseMax(node.position);
      }
    const double diagonal = model.nodes.empty() ? 0.0 : (high - low).norm();
    imported.tolerance    = tolerance.value_or(1e-6 * diagonal);
    std::map<unsigned, unsigned> deck_node_of; // file node -> deck node
    std::map<unsigned, unsigned> file_node_of; // deck node -> file node
    for (const auto &[line, fields] : read_table(imported.node_file))
      {
        const core::SourceLocation at{imported.node_file, line};
        if (fields.size() < 3 || fields.size() > 4)
          throw core::InputError(at, "expected 'node, x, y[, z]'");
        const unsigned  id       = integer(fields[0], at, "node");
        Eigen::Vector3d position = Eigen::Vector3d::Zero();
        for (unsigned i = 1; i < fields.size(); ++i)
          position[i - 1] = number(fields[i], at, "coordinate");
        if (deck_node_of.count(id))
          throw core::InputError(at, "node " + std::to_string(id) + " is listed twice");
        const core::NodeRecord *nearest  = nullptr;
        double                  distance = 1e300;
        for (const core::NodeRecord &node : model.nodes)
          if (const double d = (node.position - position).norm(); d < distance)
            {
              distance = d;
              nearest  = &node;
            }
        if (nearest == nullptr || distance > imported.tolerance)
          {
            std::ostringstream message;
            message.precision(6);
            message << "node " << id << " matches no deck node within the tolerance "
                    << imported.tolerance;
            if (nearest != nullptr)
              message << " (the nearest, node " << nearest->id << ", is at " << distance << ")";
            throw core::InputError(at, message.str());
          }
        if (const auto [it, inserted] = file_node_of.emplace(nearest->id, id); !inserted)
          throw core::InputError(at, "nodes " + std::to_string(it->second) + " and " +
                                       std::to_string(id) + " both match deck node " +
                                       std::to_string(nearest->id));
        deck_node_of[id]          = nearest->id;
        imported.largest_distance = std::max(imported.largest_distance, distance);
      }
    std::map<unsigned, bool> used;
    for (core::ImportedDof &dof : imported.dofs)
      if (dof.node != 0)
        {
          const auto it = deck_node_of.find(dof.file_node);
          if (it == deck_node_of.end())
            throw core::InputError(dof.defined_at, "node " + std::to_string(dof.file_node) +
                                                     " is not in the coordinate file " +
                                                     imported.node_file);
          dof.node       = it->second;
          used[dof.node] = true;
        }
    imported.n_matched_nodes = used.size();
  }
} // namespace corot::deck
