#include <src/solvers/factor_fill.h>

#include <deal.II/base/mpi.h>

#include <Epetra_CrsGraph.h>
#include <stdexcept>
#include <trilinos_amd.h>

namespace corot::solvers
{
  FactorFill
  estimate_factor_fill(const std::vector<int> &row_starts, const std::vector<int> &columns)
  {
    FactorFill fill;
    const int  n        = static_cast<int>(row_starts.size()) - 1;
    fill.equations      = static_cast<std::uint64_t>(n);
    fill.matrix_entries = columns.size();
    if (n <= 0)
      return fill;
    // AMD orders the pattern of A + A^T, so rows read as columns give the same order.
    std::vector<int> order(n);
    double           control[TRILINOS_AMD_CONTROL], info[TRILINOS_AMD_INFO];
    trilinos_amd_defaults(control);
    const int status =
      trilinos_amd_order(n, row_starts.data(), columns.data(), order.data(), control, info);
    if (status == TRILINOS_AMD_OUT_OF_MEMORY)
      throw std::runtime_error("out of memory while ordering the " + std::to_string(n) +
                               "-equation matrix (AMD)");
    if (status != TRILINOS_AMD_OK && status != TRILINOS_AMD_OK_BUT_JUMBLED)
      throw std::logic_error("AMD refused the matrix pattern (status " + std::to_string(status) +
                             ")");
    fill.factor_entries = 2 * (static_cast<std::uint64_t>(info[TRILINOS_AMD_LNZ]) + fill.equations);
    return fill;
  }

  FactorFill
  estimate_factor_fill(const dealii::TrilinosWrappers::SparsityPattern &pattern,
                       MPI_Comm                                         communicator)
  {
    // Each rank's rows as (global row, count) pairs and their global columns.
    const Epetra_CrsGraph &graph = pattern.trilinos_sparsity_pattern();
    std::vector<int>       rows, columns;
    rows.reserve(2 * graph.NumMyRows());
    columns.reserve(graph.NumMyNonzeros());
    for (int local_row = 0; local_row < graph.NumMyRows(); ++local_row)
      {
        int  n_entries = 0;
        int *indices   = nullptr;
        graph.ExtractMyRowView(local_row, n_entries, indices);
        rows.push_back(static_cast<int>(graph.GRID64(local_row)));
        rows.push_back(n_entries);
        for (int k = 0; k < n_entries; ++k)
          columns.push_back(static_cast<int>(graph.GCID64(indices[k])));
      }
    std::vector<std::vector<int>> row_lists, column_lists;
    if (dealii::Utilities::MPI::n_mpi_processes(communicator) == 1)
      {
        row_lists.push_back(std::move(rows));
        column_lists.push_back(std::move(columns));
      }
    else
      {
        row_lists    = dealii::Utilities::MPI::gather(communicator, rows, 0);
        column_lists = dealii::Utilities::MPI::gather(communicator, columns, 0);
      }
    FactorFill fill;
    if (dealii::Utilities::MPI::this_mpi_process(communicator) == 0)
      {
        const int        n = static_cast<int>(graph.NumGlobalRows64());
        std::vector<int> row_starts(n + 1, 0);
        for (const auto &list : row_lists)
          for (std::size_t k = 0; k < list.size(); k += 2)
            row_starts[list[k] + 1] = list[k + 1];
        for (int i = 0; i < n; ++i)
          row_starts[i + 1] += row_starts[i];
        std::vector<int> gathered(row_starts[n]);
        for (std::size_t rank = 0; rank < row_lists.size(); ++rank)
          {
            std::size_t next = 0;
            for (std::size_t k = 0; k < row_lists[rank].size(); k += 2)
              for (int e = 0; e < row_lists[rank][k + 1]; ++e)
                gathered[row_starts[row_lists[rank][k]] + e] = column_lists[rank][next++];
          }
        fill = estimate_factor_fill(row_starts, gathered);
      }
    std::uint64_t sizes[3] = {fill.equations, fill.matrix_entries, fill.factor_entries};
    MPI_Bcast(sizes, 3, MPI_UINT64_T, 0, communicator);
    return {sizes[0], sizes[1], sizes[2]};
  }
} // namespace corot::solvers
