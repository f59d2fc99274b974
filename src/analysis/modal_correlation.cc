#include <src/analysis/modal_correlation.h>
#include <src/io/json_stream.h>
#include <src/io/report_table.h>

#include <cmath>
#include <iomanip>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace corot::analysis
{
  namespace
  {
    /** The deck node (index) each file node of @p request meets; throws for one met by none. */
    std::map<unsigned, unsigned>
    match_nodes(const AnalysisContext &context, const core::CorrelationRequest &request,
                double &largest_distance)
    {
      const core::Model   &model = context.model;
      const core::UffData &data  = *request.data;
      std::set<unsigned>   wanted;
      for (const core::UffMode &mode : data.modes)
        for (const auto &[id, values] : mode.values)
          wanted.insert(id);
      std::map<unsigned, const core::UffNode *> file_nodes;
      for (const core::UffNode &node : data.nodes)
        file_nodes[node.id] = &node;
      const auto fail = [&](const std::string &message) {
        throw core::InputError(request.defined_at,
                               "*CORRELATION: " + request.file + ": " + message);
      };

      std::map<unsigned, unsigned> matched;
      for (const unsigned id : wanted)
        {
          if (!request.by_coordinates)
            {
              const auto found = model.node_index.find(id);
              if (found == model.node_index.end())
                fail("node " + std::to_string(id) +
                     " of its modes is not a node of the deck "
                     "(MATCH=COORDINATES meets nodes by position)");
              matched[id] = found->second;
              continue;
            }
          const auto file_node = file_nodes.find(id);
          if (file_node == file_nodes.end())
            fail("node " + std::to_string(id) +
                 " of its modes has no coordinates (dataset 15 or 2411), which MATCH=COORDINATES "
                 "needs");
          double   nearest = std::numeric_limits<double>::infinity();
          unsigned index   = 0;
          for (unsigned n = 0; n < model.nodes.size(); ++n)
            {
              const double distance =
                (model.nodes[n].position - file_node->second->position).norm();
              if (distance < nearest)
                {
                  nearest = distance;
                  index   = n;
                }
            }
          if (!(nearest <= request.tolerance))
            {
              std::ostringstream message;
              message << "node " << id << " at (" << file_node->second->position.transpose()
                      << ") has no deck node within TOLERANCE=" << request.tolerance
                      << " (the nearest is node " << model.nodes[index].id << ", at " << nearest
                      << ")";
              fail(message.str());
            }
          for (const auto &[other, node] : matched)
            if (node == index)
              fail("nodes " + std::to_string(other) + " and " + std::to_string(id) +
                   " both meet deck node " + std::to_string(model.nodes[index].id) +
                   " within TOLERANCE=" + std::to_string(request.tolerance) +
                   ": give a smaller tolerance");
          largest_distance = std::max(largest_distance, nearest);
          matched[id]      = index;
        }
      return matched;
    }
  } // namespace

  ModalCorrelation
  ModalCorrelation::compute(const AnalysisContext &context, const core::CorrelationRequest &request,
                            const std::vector<Eigen::VectorXd> &shapes,
                            const std::vector<double>          &frequencies)
  {
    ModalCorrelation result;
    result.file  = request.file;
    result.match = request.by_coordinates ? "COORDINATES" : "ID";
    const std::map<unsigned, unsigned> matched =
      match_nodes(context, request, result.largest_distance);
    result.nodes = matched.size();
    for (const std::string &skipped : request.data->skipped)
      result.notes.push_back("skipped " + skipped);
    if (const auto &units = request.data->units)
      {
        std::ostringstream text;
        text << units->description << " (dataset 164, code " << units->code
             << "; SI value = file value / factor: length " << units->length_factor << ", force "
             << units->force_factor << ")";
        result.units = text.str();
      }

    // The compared entries: (file node, component) with the deck DOF it meets.
    const std::vector<core::UffMode> &modes    = request.data->modes;
    unsigned                          per_node = 3;
    for (const core::UffMode &mode : modes)
      per_node = std::max(per_node, mode.values_per_node);
    std::vector<std::pair<std::pair<unsigned, unsigned>, unsigned>> entries;
    for (const auto &[id, node] : matched)
      for (unsigned k = 0; k < per_node; ++k)
        {
          const unsigned dof = context.dofs.index(node, static_cast<core::DofKind>(k));
          if (dof != core::DofMap::invalid)
            entries.push_back({{id, k}, dof});
        }
    result.dofs = entries.size();
    if (entries.empty())
      throw core::InputError(request.defined_at,
                             "*CORRELATION: the file's nodes carry none of the values of its modes "
                             "in the deck (no DOF in common)");

    Eigen::MatrixXd test(entries.size(), modes.size());
    for (std::size_t i = 0; i < modes.size(); ++i)
      for (std::size_t e = 0; e < entries.size(); ++e)
        {
          const auto [id, k] = entries[e].first;
          const auto found   = modes[i].values.find(id);
          test(e, i)         = found != modes[i].values.end() && k < found->second.size() ?
                                 found->second[k] :
                                 0.0; // a node left out of a mode is at rest (dataset 55)
        }
    Eigen::MatrixXd analysis(entries.size(), shapes.size());
    for (std::size_t j = 0; j < shapes.size(); ++j)
      for (std::size_t e = 0; e < entries.size(); ++e)
        analysis(e, j) = shapes[j][entries[e].second];

    for (const core::UffMode &mode : modes)
      result.test_modes.push_back(mode.number);
    result.mac = Eigen::MatrixXd::Zero(modes.size(), shapes.size());
    for (std::size_t i = 0; i < modes.size(); ++i)
      {
        // Over the entries this mode carries: a 3-value mode says nothing of rotations.
        Eigen::VectorXd mask(entries.size());
        for (std::size_t e = 0; e < entries.size(); ++e)
          mask[e] = entries[e].first.second < modes[i].values_per_node ? 1.0 : 0.0;
        for (std::size_t j = 0; j < shapes.size(); ++j)
          {
            const Eigen::VectorXd a  = analysis.col(j).cwiseProduct(mask);
            const double          tt = test.col(i).squaredNorm(), aa = a.squaredNorm();
            if (tt > 0.0 && aa > 0.0)
              result.mac(i, j) = std::pow(test.col(i).dot(a), 2) / (tt * aa);
          }
      }

    std::map<unsigned, unsigned> paired; // analysis mode -> first file mode paired with it
    for (std::size_t i = 0; i < modes.size() && shapes.size() > 0; ++i)
      {
        Eigen::Index best = 0;
        if (!(result.mac.row(i).maxCoeff(&best) > 0.0))
          {
            result.notes.push_back("file mode " + std::to_string(modes[i].number) +
                                   " is zero on the compared DOFs: not paired");
            continue;
          }
        Pair pair;
        pair.test_mode          = modes[i].number;
        pair.analysis_mode      = best + 1;
        pair.test_frequency     = modes[i].frequency;
        pair.analysis_frequency = frequencies[best];
        pair.frequency_error =
          pair.test_frequency > 0.0 ?
            (pair.analysis_frequency - pair.test_frequency) / pair.test_frequency :
            std::numeric_limits<double>::quiet_NaN();
        pair.mac                     = result.mac(i, best);
        const auto [first, inserted] = paired.emplace(pair.analysis_mode, pair.test_mode);
        if (!inserted)
          result.notes.push_back("analysis mode " + std::to_string(pair.analysis_mode) +
                                 " is the best match of file modes " +
                                 std::to_string(first->second) + " and " +
                                 std::to_string(pair.test_mode) +
                                 ": the analysis lacks a mode, or the file's DOFs do not tell "
                                 "them apart");
        result.pairs.push_back(pair);
      }
    return result;
  }

  void
  ModalCorrelation::write_json(io::JsonStream &json) const
  {
    json.key("correlation");
    json.begin_object();
    json.key("file");
    json.value(file);
    json.key("match");
    json.value(match);
    json.key("nodes");
    json.value(nodes);
    json.key("dofs");
    json.value(dofs);
    if (!units.empty())
      {
        json.key("units");
        json.value(units);
      }
    json.key("pairs");
    json.begin_array();
    for (const Pair &pair : pairs)
      {
        json.begin_object();
        json.key("test_mode");
        json.value(pair.test_mode);
        json.key("analysis_mode");
        json.value(pair.analysis_mode);
        json.key("test_frequency");
        json.value(pair.test_frequency);
        json.key("analysis_frequency");
        json.value(pair.analysis_frequency);
        json.key("frequency_error");
        if (std::isnan(pair.frequency_error))
          json.null_value();
        else
          json.value(pair.frequency_error);
        json.key("mac");
        json.value(pair.mac);
        json.end_object();
      }
    json.end_array();
    json.key("mac");
    json.begin_array();
    for (Eigen::Index i = 0; i < mac.rows(); ++i)
      {
        std::vector<double> row(mac.cols());
        for (Eigen::Index j = 0; j < mac.cols(); ++j)
          row[j] = mac(i, j);
        json.value(row);
      }
    json.end_array();
    json.key("notes");
    json.value(notes);
    json.end_object();
  }

  void
  ModalCorrelation::write_report(std::ostream &out) const
  {
    using namespace io::report;
    title(out, "T E S T - A N A L Y S I S   C O R R E L A T I O N");
    out << "   " << file << ": " << nodes << " nodes met by "
        << (match == "ID" ? "id" : "position");
    if (match == "COORDINATES")
      out << " (farthest " << largest_distance << ")";
    out << ", " << dofs << " values compared per mode\n";
    if (!units.empty())
      out << "   units of the file: " << units << "\n";
    out << "\n";
    out << "   file mode" << heading_cell("f (file)") << "  analysis mode"
        << heading_cell("f (analysis)") << heading_cell("error %") << heading_cell("MAC") << "\n";
    for (const Pair &pair : pairs)
      out << std::setw(12) << pair.test_mode << cell(pair.test_frequency) << std::setw(15)
          << pair.analysis_mode << cell(pair.analysis_frequency)
          << cell(100.0 * pair.frequency_error) << cell(pair.mac) << "\n";
    out << "\n   MAC (rows: file modes, columns: analysis modes)\n";
    for (Eigen::Index i = 0; i < mac.rows(); ++i)
      {
        out << std::setw(12) << test_modes[i];
        for (Eigen::Index j = 0; j < mac.cols(); ++j)
          out << cell(mac(i, j));
        out << "\n";
      }
    for (const std::string &note : notes)
      out << "   note: " << note << "\n";
  }
} // namespace corot::analysis
