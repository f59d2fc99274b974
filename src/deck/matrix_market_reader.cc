#include <src/core/source_location.h>
#include <src/deck/matrix_market_reader.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

namespace corot::deck
{
  namespace
  {
    std::string
    lower(std::string text)
    {
      std::transform(text.begin(), text.end(), text.begin(),
                     [](unsigned char c) { return std::tolower(c); });
      return text;
    }

    /** True if @p line holds only blanks. */
    bool
    blank(const std::string &line)
    {
      return std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); });
    }
  } // namespace

  Eigen::SparseMatrix<double>
  MatrixMarketMatrix::full() const
  {
    std::vector<Eigen::Triplet<double>> triplets;
    triplets.reserve(2 * entries.size());
    for (const MatrixMarketEntry &entry : entries)
      {
        triplets.emplace_back(entry.row, entry.column, entry.value);
        if (symmetric && entry.row != entry.column)
          triplets.emplace_back(entry.column, entry.row, entry.value);
      }
    Eigen::SparseMatrix<double> matrix(rows, columns);
    matrix.setFromTriplets(triplets.begin(), triplets.end());
    matrix.makeCompressed();
    return matrix;
  }

  MatrixMarketMatrix
  read_matrix_market(const std::string &path)
  {
    MatrixMarketMatrix result;
    result.file = path;
    std::ifstream in(path);
    if (!in)
      throw core::InputError({path, 0}, "cannot open the MatrixMarket file");
    auto error = [&path](const unsigned line, const std::string &message) {
      return core::InputError({path, line}, message);
    };

    std::string text;
    unsigned    line = 0;
    if (!std::getline(in, text))
      throw error(1, "empty file (expected a %%MatrixMarket banner)");
    ++line;
    std::istringstream banner(lower(text));
    std::string        head, object, format, field, symmetry;
    banner >> head >> object >> format >> field >> symmetry;
    if (head != "%%matrixmarket" || object != "matrix")
      throw error(line, "not a MatrixMarket file: the first line must be "
                        "'%%MatrixMarket matrix coordinate|array real general|symmetric'");
    if (format != "coordinate" && format != "array")
      throw error(line, "MatrixMarket format '" + format + "': corot reads coordinate or array");
    if (field != "real" && field != "integer" && field != "double")
      throw error(line, "MatrixMarket field '" + field + "': corot reads real matrices");
    if (symmetry != "general" && symmetry != "symmetric")
      throw error(line,
                  "MatrixMarket symmetry '" + symmetry + "': corot reads general or symmetric");
    result.symmetric      = symmetry == "symmetric";
    const bool coordinate = format == "coordinate";

    // The size line: the first line that is neither a comment nor blank.
    unsigned long n_entries = 0;
    while (std::getline(in, text))
      {
        ++line;
        if (blank(text) || text[text.find_first_not_of(" \t")] == '%')
          continue;
        std::istringstream size(text);
        long               rows = -1, columns = -1, stored = -1;
        size >> rows >> columns;
        if (coordinate)
          size >> stored;
        std::string rest;
        if (!size || rows <= 0 || columns <= 0 || (coordinate && stored < 0) || (size >> rest))
          throw error(line, coordinate ? "expected the size line 'rows columns entries'" :
                                         "expected the size line 'rows columns'");
        result.rows      = rows;
        result.columns   = columns;
        result.size_line = line;
        if (result.symmetric && rows != columns)
          throw error(line, "a symmetric matrix must be square, got " + std::to_string(rows) +
                              " x " + std::to_string(columns));
        n_entries = coordinate ?
                      static_cast<unsigned long>(stored) :
                      (result.symmetric ? static_cast<unsigned long>(rows) * (rows + 1) / 2 :
                                          static_cast<unsigned long>(rows) * columns);
        break;
      }
    if (result.size_line == 0)
      throw error(line, "no size line");

    unsigned array_row = 0, array_column = 0;
    while (std::getline(in, text))
      {
        ++line;
        if (blank(text) || text[text.find_first_not_of(" \t")] == '%')
          continue;
        if (result.entries.size() == n_entries)
          throw error(line, "more entries than the " + std::to_string(n_entries) +
                              " of the size line (line " + std::to_string(result.size_line) + ")");
        std::istringstream fields(text);
        MatrixMarketEntry  entry;
        entry.line = line;
        std::string rest;
        if (coordinate)
          {
            long i = 0, j = 0;
            fields >> i >> j >> entry.value;
            if (!fields || (fields >> rest))
              throw error(line, "expected an entry 'row column value'");
            if (i < 1 || j < 1 || i > static_cast<long>(result.rows) ||
                j > static_cast<long>(result.columns))
              throw error(line, "entry (" + std::to_string(i) + ", " + std::to_string(j) +
                                  ") outside the " + std::to_string(result.rows) + " x " +
                                  std::to_string(result.columns) + " matrix");
            if (result.symmetric && j > i)
              throw error(
                line, "entry (" + std::to_string(i) + ", " + std::to_string(j) +
                        ") above the diagonal of a symmetric matrix (store the lower triangle)");
            entry.row    = i - 1;
            entry.column = j - 1;
          }
        else
          {
            fields >> entry.value;
            if (!fields || (fields >> rest))
              throw error(line, "expected one value per line (array format)");
            entry.row    = array_row;
            entry.column = array_column;
            if (++array_row == result.rows)
              {
                ++array_column;
                array_row = result.symmetric ? array_column : 0;
              }
          }
        if (!std::isfinite(entry.value))
          throw error(line, "the value is not a finite number");
        result.entries.push_back(entry);
      }
    if (result.entries.size() != n_entries)
      throw error(result.size_line, "the size line announces " + std::to_string(n_entries) +
                                      " entries, the file has " +
                                      std::to_string(result.entries.size()));
    return result;
  }
} // namespace corot::deck
