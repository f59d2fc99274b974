#include <src/io/vtu_writer.h>

#include <deal.II/base/data_out_base.h>
#include <deal.II/base/exceptions.h>
#include <deal.II/base/utilities.h>
#include <deal.II/grid/reference_cell.h>

#include <zlib.h>

#include <cstdint>
#include <cstring>

#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <tuple>

namespace corot::io
{
  namespace
  {
    using Interpretation = dealii::DataComponentInterpretation::DataComponentInterpretation;
    using VectorRange    = std::tuple<unsigned int, unsigned int, std::string, Interpretation>;

    /** The data columns of one frame: names, vector ranges and element values. */
    struct FieldLayout
    {
      /** One name per data component; a vector repeats its name. */
      std::vector<std::string> names;
      /** Component ranges that ParaView shows as vectors. */
      std::vector<VectorRange> vectors;
      /** Element value names as in FieldFrame::element_values (cell data), sorted. */
      std::vector<std::string> element_value_names;
      /** The frame has rotations / reactions. */
      bool with_rotation = false, with_reaction = false;
    };

    FieldLayout
    field_layout(const FieldFrame &frame)
    {
      FieldLayout layout;
      layout.with_rotation  = !frame.rotation.empty();
      layout.with_reaction  = !frame.reaction.empty();
      const auto add_vector = [&layout](const std::string &name) {
        const unsigned int first = layout.names.size();
        layout.names.insert(layout.names.end(), 3, name);
        layout.vectors.emplace_back(
          first, first + 2, name, dealii::DataComponentInterpretation::component_is_part_of_vector);
      };
      add_vector("U");
      if (layout.with_rotation)
        add_vector("UR");
      if (layout.with_reaction)
        add_vector("RF");

      std::set<std::string> element_names;
      for (const auto &values : frame.element_values)
        for (const auto &name_and_value : values)
          element_names.insert(name_and_value.first);
      layout.element_value_names.assign(element_names.begin(), element_names.end());
      return layout;
    }

    /** Column @p vertex of @p data: the fields of node @p node. */
    void
    fill_vertex(dealii::Table<2, float> &data, const unsigned int vertex, const FieldLayout &layout,
                const FieldFrame &frame, const std::size_t node)
    {
      unsigned int component = 0;
      for (unsigned int k = 0; k < 3; ++k)
        data(component++, vertex) = frame.displacement[node][k];
      if (layout.with_rotation)
        for (unsigned int k = 0; k < 3; ++k)
          data(component++, vertex) = frame.rotation[node][k];
      if (layout.with_reaction)
        for (unsigned int k = 0; k < 3; ++k)
          data(component++, vertex) = frame.reaction[node][k];
    }

    /**
     * @p values as a VTK XML binary DataArray body the way deal.II writes its
     * own (the file declares vtkZLibDataCompressor): the base64 of the UInt32
     * block header {1, bytes, bytes, compressed bytes} followed by the base64
     * of the zlib-compressed little-endian Float64 values.
     */
    std::string
    compressed_base64(const std::vector<double> &values)
    {
      const uLong                bytes = values.size() * sizeof(double);
      std::vector<unsigned char> compressed(compressBound(bytes));
      uLongf                     compressed_bytes = compressed.size();
      AssertThrow(compress2(compressed.data(), &compressed_bytes,
                            reinterpret_cast<const Bytef *>(values.data()), bytes,
                            Z_BEST_SPEED) == Z_OK,
                  dealii::ExcMessage("zlib could not compress a VTU cell-data array"));
      compressed.resize(compressed_bytes);
      const std::uint32_t        header[4] = {1, static_cast<std::uint32_t>(bytes),
                                              static_cast<std::uint32_t>(bytes),
                                              static_cast<std::uint32_t>(compressed_bytes)};
      std::vector<unsigned char> header_bytes(sizeof(header));
      std::memcpy(header_bytes.data(), header, sizeof(header));
      return dealii::Utilities::encode_base64(header_bytes) +
             dealii::Utilities::encode_base64(compressed);
    }

    /**
     * The <CellData> block of a piece whose cells are the elements
     * @p elements (model element indices, in cell order): one Float64 array
     * per element value name, NaN where an element has no value of that name.
     */
    std::string
    cell_data(const FieldLayout &layout, const FieldFrame &frame,
              const std::vector<std::size_t> &elements)
    {
      if (layout.element_value_names.empty())
        return "";
      std::string text = "  <CellData>\n";
      for (const std::string &name : layout.element_value_names)
        {
          std::vector<double> values;
          for (const std::size_t element : elements)
            {
              double value = std::numeric_limits<double>::quiet_NaN();
              if (element < frame.element_values.size())
                {
                  const auto found = frame.element_values[element].find(name);
                  if (found != frame.element_values[element].end())
                    value = found->second;
                }
              values.push_back(value);
            }
          text += "    <DataArray type=\"Float64\" Name=\"" + name + "\" format=\"binary\">\n" +
                  compressed_base64(values) + "\n    </DataArray>\n";
        }
      return text + "  </CellData>\n";
    }

    dealii::Point<3>
    point(const Eigen::Vector3d &x)
    {
      return dealii::Point<3>(x[0], x[1], x[2]);
    }

    /**
     * Patches of one dimension for a frame. @p nodes(e) gives the model node
     * indices of element e's patch vertices in deal.II's order, or nothing
     * if element e is not a cell of this dimension.
     */
    template <int dim, typename VertexNodes, typename Configure>
    std::vector<dealii::DataOutBase::Patch<dim, 3>>
    make_patches(const core::Model &model, const FieldFrame &frame, const FieldLayout &layout,
                 const VertexNodes &vertex_nodes, const Configure &configure,
                 std::vector<std::size_t> &elements)
    {
      std::vector<dealii::DataOutBase::Patch<dim, 3>> patches;
      for (std::size_t e = 0; e < model.elements.size(); ++e)
        {
          const std::vector<std::size_t> nodes = vertex_nodes(model.elements[e]);
          if (nodes.empty())
            continue;
          dealii::DataOutBase::Patch<dim, 3> patch;
          configure(patch, nodes.size());
          patch.patch_index = patches.size();
          patch.data.reinit(layout.names.size(), nodes.size());
          for (unsigned int v = 0; v < nodes.size(); ++v)
            {
              patch.vertices[v] = point(model.nodes[nodes[v]].position);
              fill_vertex(patch.data, v, layout, frame, nodes[v]);
            }
          patches.push_back(std::move(patch));
          elements.push_back(e);
        }
      return patches;
    }

    /** The XML comment that carries a frame's label; "--" may not occur in a comment. */
    std::string
    label_comment(std::string label)
    {
      for (std::size_t at = label.find("--"); at != std::string::npos; at = label.find("--"))
        label.replace(at, 2, "- -");
      return "<!-- corot frame: " + label + " -->\n";
    }

    /**
     * write_vtu into @p file_name, with @p label as a comment after the XML
     * declaration and the element values of @p frame for the cells
     * (@p elements, one per patch) as cell data.
     */
    template <int dim>
    void
    write_piece(const std::vector<dealii::DataOutBase::Patch<dim, 3>> &patches,
                const std::vector<std::size_t> &elements, const FieldLayout &layout,
                const FieldFrame &frame, const dealii::DataOutBase::VtkFlags &flags,
                const std::string &label, const std::filesystem::path &file_name)
    {
      std::ostringstream vtu;
      dealii::DataOutBase::write_vtu(patches, layout.names, layout.vectors, flags, vtu);
      std::string       text      = vtu.str();
      const std::size_t piece_end = text.rfind("</Piece>");
      AssertThrow(piece_end != std::string::npos,
                  dealii::ExcMessage("deal.II's VTU output has no </Piece>"));
      text.insert(text.rfind('\n', piece_end) + 1, cell_data(layout, frame, elements));
      if (!label.empty())
        {
          const std::size_t end_of_declaration = text.find('\n');
          text.insert(end_of_declaration == std::string::npos ? 0 : end_of_declaration + 1,
                      label_comment(label));
        }
      std::ofstream out(file_name);
      AssertThrow(out, dealii::ExcMessage("cannot open " + file_name.string() + " for writing"));
      out << text;
      out.flush();
      AssertThrow(out, dealii::ExcMessage("error while writing " + file_name.string()));
    }
  } // namespace

  VtuWriter::VtuWriter(const core::Model &model, const Results &results)
    : model_(model)
    , results_(results)
  {}

  VtuWriter::CellShape
  VtuWriter::cell_shape(const core::ElementRecord &element)
  {
    const std::size_t n_nodes = element.node_ids.size();
    const char        family  = element.type.empty() ? ' ' : element.type.front();
    if ((family == 'T' || family == 'B') && n_nodes >= 2)
      return CellShape::line;
    switch (n_nodes)
      {
        case 1:
          return CellShape::point;
        case 2:
          return CellShape::line;
        case 3:
          return CellShape::triangle;
        case 4:
          return CellShape::quadrilateral;
        default:
          return CellShape::none;
      }
  }

  std::vector<std::string>
  VtuWriter::write(const std::string &directory, const std::string &base_name) const
  {
    std::vector<std::string>                    files;
    std::vector<std::pair<double, std::string>> records;
    double                                      last_time = 0.0;
    for (const StepResult &step : results_.steps)
      {
        if (step.frames.empty())
          continue;
        const double offset =
          (records.empty() || step.frames.front().time > last_time) ? 0.0 : last_time;
        for (unsigned int f = 0; f < step.frames.size(); ++f)
          {
            const std::string stem =
              base_name + "-" + std::to_string(step.number) + "-" + std::to_string(f + 1);
            const std::string listed = write_frame(directory, stem, step.frames[f], f + 1, files);
            if (listed.empty())
              continue;
            last_time = offset + step.frames[f].time;
            records.emplace_back(last_time, listed);
          }
      }
    if (records.empty())
      return files;

    const std::filesystem::path pvd_name = std::filesystem::path(directory) / (base_name + ".pvd");
    std::ofstream               pvd(pvd_name);
    AssertThrow(pvd, dealii::ExcMessage("cannot open " + pvd_name.string() + " for writing"));
    dealii::DataOutBase::write_pvd_record(pvd, records);
    pvd.flush();
    AssertThrow(pvd, dealii::ExcMessage("error while writing " + pvd_name.string()));
    files.push_back(base_name + ".pvd");
    return files;
  }

  std::string
  VtuWriter::write_frame(const std::string &directory, const std::string &stem,
                         const FieldFrame &frame, const unsigned int frame_number,
                         std::vector<std::string> &files) const
  {
    const std::size_t n_nodes = model_.nodes.size();
    AssertThrow(frame.displacement.size() == n_nodes &&
                  (frame.rotation.empty() || frame.rotation.size() == n_nodes) &&
                  (frame.reaction.empty() || frame.reaction.size() == n_nodes),
                dealii::ExcMessage("field frame '" + frame.label +
                                   "' does not have one value per node of the model"));
    const FieldLayout layout = field_layout(frame);

    // Model node indices of an element's patch vertices, in deal.II's order.
    const auto nodes_of = [this](const core::ElementRecord &element, const CellShape shape) {
      std::vector<std::size_t> nodes;
      if (cell_shape(element) != shape)
        return nodes;
      for (const unsigned int id : element.node_ids)
        nodes.push_back(model_.node_index.at(id));
      if (shape == CellShape::line)
        nodes = {nodes.front(), nodes.back()}; // end nodes of a 3-node beam
      if (shape == CellShape::quadrilateral)
        std::swap(nodes[2], nodes[3]); // counter-clockwise 1 2 3 4 -> lexicographic 1 2 4 3
      return nodes;
    };

    std::vector<std::size_t> line_elements, surface_elements, point_elements;
    const auto               lines = make_patches<1>(
      model_, frame, layout,
      [&](const core::ElementRecord &element) { return nodes_of(element, CellShape::line); },
      [](dealii::DataOutBase::Patch<1, 3> &patch, std::size_t) {
        patch.n_subdivisions = 1;
        patch.reference_cell = dealii::ReferenceCells::Line;
      },
      line_elements);
    const auto surfaces = make_patches<2>(
      model_, frame, layout,
      [&](const core::ElementRecord &element) {
        const CellShape shape = cell_shape(element);
        return (shape == CellShape::triangle || shape == CellShape::quadrilateral) ?
                 nodes_of(element, shape) :
                 std::vector<std::size_t>();
      },
      [](dealii::DataOutBase::Patch<2, 3> &patch, const std::size_t n_vertices) {
        patch.n_subdivisions = 1;
        patch.reference_cell = n_vertices == 3 ? dealii::ReferenceCells::Triangle :
                                                 dealii::ReferenceCells::Quadrilateral;
      },
      surface_elements);
    const auto points = make_patches<0>(
      model_, frame, layout,
      [&](const core::ElementRecord &element) { return nodes_of(element, CellShape::point); },
      [](dealii::DataOutBase::Patch<0, 3> &, std::size_t) {}, point_elements);

    const unsigned int n_pieces = !lines.empty() + !surfaces.empty() + !points.empty();
    if (n_pieces == 0)
      return "";

    const dealii::DataOutBase::VtkFlags flags(frame.time, frame_number,
                                              /*print_date_and_time=*/false);
    const std::filesystem::path         folder(directory);
    if (n_pieces == 1)
      {
        const std::string name = stem + ".vtu";
        if (!lines.empty())
          write_piece(lines, line_elements, layout, frame, flags, frame.label, folder / name);
        else if (!surfaces.empty())
          write_piece(surfaces, surface_elements, layout, frame, flags, frame.label, folder / name);
        else
          write_piece(points, point_elements, layout, frame, flags, frame.label, folder / name);
        files.push_back(name);
        return name;
      }

    std::vector<std::string> pieces;
    if (!lines.empty())
      {
        pieces.push_back(stem + "-lines.vtu");
        write_piece(lines, line_elements, layout, frame, flags, frame.label,
                    folder / pieces.back());
      }
    if (!surfaces.empty())
      {
        pieces.push_back(stem + "-surfaces.vtu");
        write_piece(surfaces, surface_elements, layout, frame, flags, frame.label,
                    folder / pieces.back());
      }
    if (!points.empty())
      {
        pieces.push_back(stem + "-points.vtu");
        write_piece(points, point_elements, layout, frame, flags, frame.label,
                    folder / pieces.back());
      }
    files.insert(files.end(), pieces.begin(), pieces.end());

    const std::string name = stem + ".pvtu";
    std::ofstream     pvtu(folder / name);
    AssertThrow(pvtu, dealii::ExcMessage("cannot open " + (folder / name).string()));
    std::ostringstream record;
    dealii::DataOutBase::write_pvtu_record(record, pieces, layout.names, layout.vectors, flags);
    std::string text = record.str();
    if (!layout.element_value_names.empty())
      {
        std::string cells = "    <PCellData>\n";
        for (const std::string &value_name : layout.element_value_names)
          cells += "    <PDataArray type=\"Float64\" Name=\"" + value_name + "\"/>\n";
        cells += "    </PCellData>\n";
        const std::size_t points = text.find("<PPoints>");
        AssertThrow(points != std::string::npos,
                    dealii::ExcMessage("deal.II's PVTU record has no <PPoints>"));
        text.insert(text.rfind('\n', points) + 1, cells);
      }
    pvtu << text;
    files.push_back(name);
    return name;
  }
} // namespace corot::io
