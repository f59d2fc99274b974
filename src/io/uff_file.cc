#include <src/io/uff_file.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

namespace corot::io
{
  namespace
  {
    /** One line of the file with its 1-based number. */
    struct Line
    {
      std::string text;
      unsigned    number = 0;
    };

    /** A dataset: its number, where its number line is, and its record lines. */
    struct Dataset
    {
      int               type = 0;
      unsigned          line = 0;
      std::vector<Line> records;
    };

    /** A delimiter: "    -1" in columns 1-6 and nothing else but blanks. */
    bool
    is_delimiter(const std::string &text)
    {
      if (text.size() < 6 || text.compare(0, 6, "    -1") != 0)
        return false;
      return std::all_of(text.begin() + 6, text.end(), [](const char c) { return c == ' '; });
    }

    /** Columns [@p first, @p first + @p width) of @p line (1-based @p first), blanks trimmed. */
    std::string
    field(const Line &line, const std::size_t first, const std::size_t width)
    {
      if (line.text.size() < first)
        return "";
      std::string text  = line.text.substr(first - 1, width);
      const auto  begin = text.find_first_not_of(' ');
      if (begin == std::string::npos)
        return "";
      return text.substr(begin, text.find_last_not_of(' ') - begin + 1);
    }

    class Reader
    {
    public:
      explicit Reader(std::string path)
        : path_(std::move(path))
      {}

      [[noreturn]] void
      fail(const unsigned line, const std::string &message) const
      {
        throw core::InputError({path_, line}, message);
      }

      /** The real number in columns [first, first + width) of @p line; empty: @p empty. */
      double
      real(const Line &line, const std::size_t first, const std::size_t width,
           const std::optional<double> empty = std::nullopt) const
      {
        std::string text = field(line, first, width);
        if (text.empty())
          {
            if (empty)
              return *empty;
            fail(line.number, "expected a number in columns " + std::to_string(first) + "-" +
                                std::to_string(first + width - 1));
          }
        std::replace(text.begin(), text.end(), 'D', 'E');
        std::replace(text.begin(), text.end(), 'd', 'e');
        errno              = 0;
        char        *end   = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (end != text.c_str() + text.size())
          fail(line.number, "'" + text + "' in columns " + std::to_string(first) + "-" +
                              std::to_string(first + width - 1) + " is not a number");
        if (errno == ERANGE || !std::isfinite(value))
          fail(line.number, text + " is out of range");
        return value;
      }

      /** The whole number in columns [first, first + width) of @p line; empty: @p empty. */
      long
      integer(const Line &line, const std::size_t first, const std::size_t width,
              const std::optional<long> empty = std::nullopt) const
      {
        const std::string text = field(line, first, width);
        if (text.empty())
          {
            if (empty)
              return *empty;
            fail(line.number, "expected a whole number in columns " + std::to_string(first) + "-" +
                                std::to_string(first + width - 1));
          }
        errno       = 0;
        char *end   = nullptr;
        long  value = std::strtol(text.c_str(), &end, 10);
        if (end != text.c_str() + text.size() || errno == ERANGE || value < -999999999 ||
            value > 999999999)
          fail(line.number, "'" + text + "' in columns " + std::to_string(first) + "-" +
                              std::to_string(first + width - 1) +
                              " is not a whole number of at most nine digits");
        return value;
      }

      unsigned
      node_id(const Line &line) const
      {
        const long id = integer(line, 1, 10);
        if (id <= 0)
          fail(line.number, "node label " + std::to_string(id) + " is not positive");
        return static_cast<unsigned>(id);
      }

      std::vector<Dataset>
      datasets() const
      {
        std::ifstream in(path_, std::ios::binary);
        if (!in)
          throw core::InputError({path_, 0}, "cannot open the universal file");
        std::vector<Line> lines;
        for (std::string text; std::getline(in, text);)
          {
            if (!text.empty() && text.back() == '\r')
              text.pop_back();
            lines.push_back({text, static_cast<unsigned>(lines.size() + 1)});
          }
        std::vector<Dataset> result;
        for (std::size_t i = 0; i < lines.size(); ++i)
          {
            if (!is_delimiter(lines[i].text))
              {
                if (field(lines[i], 1, lines[i].text.size()).empty())
                  continue; // blank lines between datasets
                fail(lines[i].number, "expected '    -1' (the start of a dataset)");
              }
            if (i + 1 >= lines.size())
              fail(lines[i].number, "a dataset starts but the file ends");
            Dataset dataset;
            dataset.line  = lines[i + 1].number;
            dataset.type  = static_cast<int>(integer(lines[i + 1], 1, 6));
            std::size_t j = i + 2;
            for (; j < lines.size() && !is_delimiter(lines[j].text); ++j)
              dataset.records.push_back(lines[j]);
            if (j >= lines.size())
              fail(dataset.line,
                   "dataset " + std::to_string(dataset.type) + " has no closing '    -1' line");
            result.push_back(std::move(dataset));
            i = j;
          }
        return result;
      }

      /** Three numbers of @p line, read in order (an error names the first bad one). */
      Eigen::Vector3d
      point(const Line &line, const std::size_t first, const std::size_t width) const
      {
        Eigen::Vector3d result;
        for (unsigned k = 0; k < 3; ++k)
          result[k] = real(line, first + k * width, width);
        return result;
      }

      void
      nodes_15(const Dataset &dataset, UffData &data) const
      {
        for (const Line &line : dataset.records)
          {
            const unsigned id = node_id(line);
            data.nodes.push_back({id, point(line, 41, 13)});
          }
      }

      void
      nodes_2411(const Dataset &dataset, UffData &data) const
      {
        if (dataset.records.size() % 2 != 0)
          fail(dataset.records.back().number,
               "dataset 2411 needs two lines per node (label line and coordinate line)");
        for (std::size_t i = 0; i < dataset.records.size(); i += 2)
          {
            const unsigned id = node_id(dataset.records[i]);
            data.nodes.push_back({id, point(dataset.records[i + 1], 1, 25)});
          }
      }

      void
      units_164(const Dataset &dataset, UffData &data) const
      {
        if (dataset.records.size() < 2)
          fail(dataset.line, "dataset 164 needs its units line and its factors line");
        UffUnits units;
        units.code          = static_cast<unsigned>(integer(dataset.records[0], 1, 10));
        units.description   = field(dataset.records[0], 11, 20);
        units.length_factor = real(dataset.records[1], 1, 25);
        units.force_factor  = real(dataset.records[1], 26, 25);
        if (!(units.length_factor > 0.0) || !(units.force_factor > 0.0))
          fail(dataset.records[1].number, "dataset 164: unit factors must be positive");
        data.units = units;
      }

      void
      data_at_nodes_55(const Dataset &dataset, UffData &data) const
      {
        const std::vector<Line> &r = dataset.records;
        if (r.size() < 8)
          fail(dataset.line, "dataset 55 ends before its records 6 to 8");
        const Line &definition = r[5];
        const long  analysis   = integer(definition, 11, 10);
        if (analysis != 2)
          {
            data.skipped.push_back("dataset 55 at line " + std::to_string(dataset.line) +
                                   " (analysis type " + std::to_string(analysis) +
                                   ", not 2, normal modes)");
            return;
          }
        const long characteristic = integer(definition, 21, 10);
        const long data_type      = integer(definition, 41, 10);
        const long per_node       = integer(definition, 51, 10);
        if (data_type != 2)
          fail(definition.number, "dataset 55: data type " + std::to_string(data_type) +
                                    " (field 5): only real mode shapes (2) are read");
        if (!((characteristic == 2 && per_node == 3) || (characteristic == 3 && per_node == 6)))
          fail(definition.number,
               "dataset 55: data characteristic " + std::to_string(characteristic) + " with " +
                 std::to_string(per_node) +
                 " values per node (fields 3 and 6): expected 2 with 3 (translations) or 3 with "
                 "6 (translations and rotations)");
        UffMode mode;
        mode.defined_at      = {path_, dataset.line};
        mode.values_per_node = static_cast<unsigned>(per_node);
        const Line &integers = r[6];
        const long  n_reals  = integer(integers, 11, 10);
        if (integer(integers, 1, 10) < 2 || n_reals < 1 || n_reals > 6)
          fail(integers.number, "dataset 55, record 7: a normal mode has 2 integers (load case, "
                                "mode number) and up to 6 reals");
        mode.number             = static_cast<unsigned>(std::max(0L, integer(integers, 31, 10)));
        const Line &reals       = r[7];
        mode.frequency          = real(reals, 1, 13);
        mode.modal_mass         = real(reals, 14, 13, 0.0);
        mode.viscous_damping    = real(reals, 27, 13, 0.0);
        mode.hysteretic_damping = real(reals, 40, 13, 0.0);
        if (mode.frequency < 0.0)
          fail(reals.number, "dataset 55: a negative frequency");
        const std::size_t lines_per_node = (per_node + 5) / 6;
        std::size_t       i              = 8;
        for (; i < r.size(); i += 1 + lines_per_node)
          {
            if (field(r[i], 1, r[i].text.size()).empty())
              fail(r[i].number, "dataset 55: a blank line where a node label is expected");
            const unsigned id = node_id(r[i]);
            if (i + lines_per_node >= r.size())
              fail(r[i].number,
                   "dataset 55: node " + std::to_string(id) + " has no line of values");
            std::vector<double> values;
            for (long k = 0; k < per_node; ++k)
              values.push_back(real(r[i + 1 + k / 6], 1 + 13 * (k % 6), 13));
            if (!mode.values.emplace(id, values).second)
              fail(r[i].number, "dataset 55: node " + std::to_string(id) + " appears twice");
          }
        data.modes.push_back(std::move(mode));
      }

    private:
      std::string path_;
    };

    /** @p value in Fortran's E13.5 (always 13 columns). */
    std::string
    e13_5(const double value)
    {
      char text[32];
      std::snprintf(text, sizeof(text), "%13.5E", value);
      return text;
    }

    std::string
    padded(const std::string &text)
    {
      return text.size() >= 80 ? text.substr(0, 80) : text + std::string(80 - text.size(), ' ');
    }
  } // namespace

  UffData
  read_uff(const std::string &path)
  {
    const Reader reader(path);
    UffData      data;
    for (const Dataset &dataset : reader.datasets())
      switch (dataset.type)
        {
          case 15:
            reader.nodes_15(dataset, data);
            break;
          case 2411:
            reader.nodes_2411(dataset, data);
            break;
          case 164:
            reader.units_164(dataset, data);
            break;
          case 55:
            reader.data_at_nodes_55(dataset, data);
            break;
          case 151: // the header: names and dates only
            break;
          default:
            data.skipped.push_back("dataset " + std::to_string(dataset.type) + " at line " +
                                   std::to_string(dataset.line));
        }
    std::map<unsigned, unsigned> seen;
    for (const UffNode &node : data.nodes)
      if (!seen.emplace(node.id, 0).second)
        throw core::InputError({path, 0}, "node " + std::to_string(node.id) +
                                            " is defined twice (datasets 15/2411)");
    return data;
  }

  void
  write_uff(std::ostream &out, const std::string &title, const UffData &data)
  {
    char              line[128];
    const std::time_t now = std::time(nullptr);
    char              date[16], clock[16];
    std::strftime(date, sizeof(date), "%d-%b-%y", std::gmtime(&now));
    std::strftime(clock, sizeof(clock), "%H:%M:%S", std::gmtime(&now));
    const auto begin = [&](const int type) {
      out << "    -1\n";
      std::snprintf(line, sizeof(line), "%6d", type);
      out << padded(line) << "\n";
    };
    const auto end = [&]() { out << "    -1\n"; };

    begin(151);
    out << padded(title) << "\n" << padded("mode shapes") << "\n" << padded("corot") << "\n";
    std::snprintf(line, sizeof(line), "%-10s%-10s%10d%10d%10d", date, clock, 0, 0, 0);
    out << padded(line) << "\n";
    std::snprintf(line, sizeof(line), "%-10s%-10s", date, clock);
    out << padded(line) << "\n" << padded("corot") << "\n" << padded(line) << "\n";
    end();

    if (data.units)
      {
        begin(164);
        std::snprintf(line, sizeof(line), "%10u%-20s%10d", data.units->code,
                      data.units->description.substr(0, 20).c_str(), 2);
        out << padded(line) << "\n";
        std::snprintf(line, sizeof(line), "%25.16E%25.16E%25.16E", data.units->length_factor,
                      data.units->force_factor, 1.0);
        out << line << "\n";
        std::snprintf(line, sizeof(line), "%25.16E", 0.0);
        out << line << "\n";
        end();
      }

    begin(2411);
    for (const UffNode &node : data.nodes)
      {
        std::snprintf(line, sizeof(line), "%10u%10d%10d%10d", node.id, 1, 1, 11);
        out << line << "\n";
        std::snprintf(line, sizeof(line), "%25.16E%25.16E%25.16E", node.position[0],
                      node.position[1], node.position[2]);
        out << line << "\n";
      }
    end();

    for (const UffMode &mode : data.modes)
      {
        begin(55);
        out << padded(title) << "\n";
        std::snprintf(line, sizeof(line), "mode %u", mode.number);
        out << padded(line) << "\n";
        for (unsigned k = 0; k < 3; ++k)
          out << padded("NONE") << "\n";
        std::snprintf(line, sizeof(line), "%10d%10d%10d%10d%10d%10u", 1, 2,
                      mode.values_per_node == 6 ? 3 : 2, 8, 2, mode.values_per_node);
        out << line << "\n";
        std::snprintf(line, sizeof(line), "%10d%10d%10d%10u", 2, 4, 1, mode.number);
        out << line << "\n";
        out << e13_5(mode.frequency) << e13_5(mode.modal_mass) << e13_5(mode.viscous_damping)
            << e13_5(mode.hysteretic_damping) << "\n";
        for (const auto &[id, values] : mode.values)
          {
            std::snprintf(line, sizeof(line), "%10u", id);
            out << line << "\n";
            for (std::size_t k = 0; k < values.size(); ++k)
              out << e13_5(values[k]) << ((k % 6 == 5 || k + 1 == values.size()) ? "\n" : "");
          }
        end();
      }
  }
} // namespace corot::io
