#include <src/analysis/uff_mode_output.h>
#include <src/io/atomic_file.h>
#include <src/io/uff_file.h>

#include <deal.II/base/mpi.h>

namespace corot::analysis
{
  std::string
  write_modes_uff(const AnalysisContext &context, const core::UffOutputRequest &request,
                  const unsigned step, const std::vector<Eigen::VectorXd> &shapes,
                  const std::vector<double> &frequencies, const std::vector<double> &modal_masses)
  {
    const core::Model  &model   = context.model;
    const core::DofMap &dofs    = context.dofs;
    const auto          carries = [&](const unsigned node, const unsigned k) {
      return dofs.index(node, static_cast<core::DofKind>(k)) != core::DofMap::invalid;
    };
    std::vector<unsigned> nodes; // indices
    if (request.set_name.empty())
      {
        for (unsigned n = 0; n < model.nodes.size(); ++n)
          for (unsigned k = 0; k < core::n_dof_kinds; ++k)
            if (carries(n, k))
              {
                nodes.push_back(n);
                break;
              }
      }
    else
      for (const unsigned id : request.node_ids)
        nodes.push_back(model.node_index.at(id));
    unsigned per_node = 3;
    for (const unsigned n : nodes)
      for (unsigned k = 3; k < 6; ++k)
        if (carries(n, k))
          per_node = 6;

    core::UffData data;
    for (const unsigned n : nodes)
      data.nodes.push_back({model.nodes[n].id, model.nodes[n].position});
    for (std::size_t m = 0; m < shapes.size(); ++m)
      {
        core::UffMode mode;
        mode.number          = m + 1;
        mode.frequency       = frequencies[m];
        mode.modal_mass      = m < modal_masses.size() ? modal_masses[m] : 0.0;
        mode.values_per_node = per_node;
        for (const unsigned n : nodes)
          {
            std::vector<double> values(per_node, 0.0);
            for (unsigned k = 0; k < per_node; ++k)
              if (carries(n, k))
                values[k] = shapes[m][dofs.index(n, static_cast<core::DofKind>(k))];
            mode.values[model.nodes[n].id] = values;
          }
        data.modes.push_back(std::move(mode));
      }
    const std::string path = context.job + "-" + std::to_string(step) + ".unv";
    // Rank 0 writes; every rank learns whether it could, so that all stop together.
    const MPI_Comm communicator = context.assembler.communicator();
    std::string    failure;
    if (dealii::Utilities::MPI::this_mpi_process(communicator) == 0)
      try
        {
          io::write_atomically(path, [&](std::ostream &out) {
            io::write_uff(out, model.heading.empty() ? "corot" : model.heading.substr(0, 80), data);
          });
        }
      catch (const std::exception &error)
        {
          failure = error.what();
        }
    if (dealii::Utilities::MPI::max(failure.empty() ? 0 : 1, communicator) != 0)
      throw core::InputError(request.defined_at,
                             failure.empty() ? "writing " + path + " failed on rank 0" : failure);
    return path;
  }
} // namespace corot::analysis
