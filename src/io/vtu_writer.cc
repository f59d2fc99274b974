#include <src/io/result_files.h>

#include <deal.II/base/data_out_base.h>
#include <deal.II/grid/reference_cell.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

namespace corot::io
{
  namespace
  {
    using Patch = dealii::DataOutBase::Patch<1, 3>;

    /**
     * One line patch per two-node element; point inertias (one node) have no
     * line to draw and are left out of the picture.
     */
    void
    write_frame(const core::Model &model, const FieldFrame &frame, std::ostream &out)
    {
      std::set<std::string> element_names;
      for (const auto &values : frame.element_values)
        for (const auto &[name, value] : values)
          element_names.insert(name);

      std::vector<std::string> names = {"U", "U", "U", "UR", "UR", "UR"};
      const bool               with_reaction = !frame.reaction.empty();
      if (with_reaction)
        names.insert(names.end(), {"RF", "RF", "RF"});
      for (const auto &name : element_names)
        names.push_back(name);

      std::vector<Patch> patches;
      for (unsigned e = 0; e < model.elements.size(); ++e)
        {
          const core::ElementRecord &element = model.elements[e];
          if (element.node_ids.size() != 2)
            continue;
          Patch patch;
          patch.n_subdivisions = 1;
          patch.reference_cell = dealii::ReferenceCells::Line;
          patch.patch_index    = patches.size();
          patch.data.reinit(names.size(), 2);
          for (unsigned v = 0; v < 2; ++v)
            {
              const unsigned node = model.node_index.at(element.node_ids[v]);
              const auto    &x    = model.nodes[node].position;
              patch.vertices[v]   = dealii::Point<3>(x[0], x[1], x[2]);
              unsigned c          = 0;
              for (unsigned k = 0; k < 3; ++k)
                patch.data(c++, v) = frame.displacement[node][k];
              for (unsigned k = 0; k < 3; ++k)
                patch.data(c++, v) = frame.rotation[node][k];
              if (with_reaction)
                for (unsigned k = 0; k < 3; ++k)
                  patch.data(c++, v) = frame.reaction[node][k];
              for (const auto &name : element_names)
                {
                  const auto &values = frame.element_values[e];
                  const auto  it     = values.find(name);
                  patch.data(c++, v) = it == values.end() ? 0.0 : it->second;
                }
            }
          patches.push_back(patch);
        }

      using Interpretation = dealii::DataComponentInterpretation::DataComponentInterpretation;
      std::vector<std::tuple<unsigned, unsigned, std::string, Interpretation>> vectors = {
        {0, 2, "U", dealii::DataComponentInterpretation::component_is_part_of_vector},
        {3, 5, "UR", dealii::DataComponentInterpretation::component_is_part_of_vector}};
      if (with_reaction)
        vectors.emplace_back(6, 8, "RF",
                             dealii::DataComponentInterpretation::component_is_part_of_vector);
      dealii::DataOutBase::VtkFlags flags(frame.time);
      dealii::DataOutBase::write_vtu(patches, names, vectors, flags, out);
    }
  } // namespace

  void
  write_vtu(const core::Model &model, const Results &results, const std::string &directory,
            const std::string &base_name)
  {
    std::vector<std::pair<double, std::string>> records;
    for (const StepResult &step : results.steps)
      for (unsigned f = 0; f < step.frames.size(); ++f)
        {
          const std::string file =
            base_name + "-" + std::to_string(step.number) + "-" + std::to_string(f + 1) + ".vtu";
          std::ofstream out(std::filesystem::path(directory) / file);
          write_frame(model, step.frames[f], out);
          // The PVD "time" is the frame's position over all steps, so ParaView
          // steps through increments and mode shapes in order; each .vtu carries
          // its own step time or mode number as TIME field data.
          records.emplace_back(static_cast<double>(records.size()), file);
        }
    if (records.empty())
      return;
    std::ofstream pvd(std::filesystem::path(directory) / (base_name + ".pvd"));
    dealii::DataOutBase::write_pvd_record(pvd, records);
  }
} // namespace corot::io
