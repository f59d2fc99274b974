#include <src/deck/deck_tokenizer.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string_view>
#include <vector>

namespace corot::deck
{
  namespace
  {
    /** Deepest *INCLUDE nesting accepted (guards against an include cycle). */
    constexpr unsigned max_include_depth = 20;

    bool
    is_comment_or_blank(const std::string &trimmed)
    {
      return trimmed.empty() || trimmed.rfind("**", 0) == 0;
    }

    bool
    is_keyword(const std::string &trimmed)
    {
      return !trimmed.empty() && trimmed[0] == '*' && trimmed.rfind("**", 0) != 0;
    }

    /** The keyword name of keyword line @p trimmed, upper case, without blanks ("NODEPRINT"). */
    std::string
    compact_keyword_name(const std::string &trimmed)
    {
      std::string name;
      for (const char c : trimmed.substr(1, trimmed.find(',') - 1))
        if (!std::isspace(static_cast<unsigned char>(c)))
          name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return name;
    }

    /** True if @p field is a bare word: a letter, then letters, digits, '_', '-' or blanks. */
    bool
    is_bare_word(const std::string &field)
    {
      return !field.empty() && std::isalpha(static_cast<unsigned char>(field[0])) &&
             std::all_of(field.begin(), field.end(), [](const char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
                      c == ' ' || c == '\t';
             });
    }

    /**
     * True if @p trimmed continues the parameters of keyword line @p keyword
     * (which ends in a comma): it is not a keyword line, and its first field is
     * NAME=VALUE, or every field is NAME=VALUE or a bare word (a parameter
     * without value, as in "*STEP, INC=100," then "NLGEOM") and the keyword is
     * not one whose data lines are bare words (output variables, set names,
     * heading text, *BOUNDARY's "FIX, ENCASTRE").
     */
    bool
    is_parameter_line(const std::string &keyword, const std::string &trimmed)
    {
      if (is_keyword(trimmed))
        return false;
      std::vector<std::string> fields;
      for (std::size_t start = 0;;)
        {
          const std::size_t comma = trimmed.find(',', start);
          fields.push_back(trim(trimmed.substr(start, comma - start)));
          if (comma == std::string::npos)
            break;
          start = comma + 1;
        }
      if (fields.size() > 1 && fields.back().empty())
        fields.pop_back(); // a final comma
      if (fields.front().find('=') != std::string::npos)
        return true;
      static const std::set<std::string> bare_word_data = {"NODEPRINT", "ELPRINT",     "NODEFILE",
                                                           "ELFILE",    "ENERGYPRINT", "NSET",
                                                           "ELSET",     "HEADING",     "BOUNDARY"};
      if (bare_word_data.count(compact_keyword_name(keyword)) > 0)
        return false;
      return std::all_of(fields.begin(), fields.end(), [](const std::string &field) {
        const std::size_t equals = field.find('=');
        return is_bare_word(trim(field.substr(0, equals)));
      });
    }

    /** The UTF-8 byte order mark. */
    constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";
  } // namespace

  std::vector<DeckLine>
  DeckTokenizer::read(const std::string &path)
  {
    std::vector<DeckLine> lines;
    read_file(path, core::SourceLocation{path, 0}, 0, lines);
    return lines;
  }

  void
  DeckTokenizer::read_file(const std::string &path, const core::SourceLocation &included_at,
                           const unsigned depth, std::vector<DeckLine> &lines)
  {
    const std::string what = depth == 0 ? "deck file " : "include file ";
    // A directory opens as an empty stream and a device (/dev/zero) never
    // ends: only regular files (or links to them) are read.
    std::error_code status_error;
    const auto      status = std::filesystem::status(path, status_error);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
      throw core::InputError(included_at, "cannot read " + what + path +
                                            (std::filesystem::is_directory(status) ?
                                               ": it is a directory" :
                                               ": it is not a regular file"));
    errno = 0;
    std::ifstream file(path);
    if (!file)
      throw core::InputError(included_at, "cannot open " + what + path +
                                            (errno != 0 ? ": " + std::string(std::strerror(errno)) :
                                                          std::string()));
    if (depth > max_include_depth)
      throw core::InputError(included_at, "*INCLUDE nested more than " +
                                            std::to_string(max_include_depth) +
                                            " deep (an include cycle?)");

    std::vector<std::string> raw;
    for (std::string line; std::getline(file, line);)
      raw.push_back(line);
    if (file.bad())
      throw core::InputError(included_at, "cannot read " + what + path + ": a read error");
    // A UTF-8 byte order mark (written by some Windows editors) is not part of the text.
    if (!raw.empty() && raw.front().rfind(utf8_bom, 0) == 0)
      raw.front().erase(0, utf8_bom.size());

    for (unsigned i = 0; i < raw.size(); ++i)
      {
        const std::string text = trim(raw[i]);
        if (is_comment_or_blank(text))
          continue;
        const core::SourceLocation location{path, i + 1};

        if (!is_keyword(text))
          {
            lines.push_back(DeckLine{std::nullopt, DataLine(text, location)});
            continue;
          }

        // A keyword line ending in a comma continues on the next line if that
        // line holds parameters (Abaqus); otherwise the comma is only a
        // trailing comma (CalculiX accepts "*BOUNDARY," before its data).
        std::string full = text;
        while (full.back() == ',')
          {
            unsigned next = i + 1;
            while (next < raw.size() && is_comment_or_blank(trim(raw[next])))
              ++next;
            if (next >= raw.size() || !is_parameter_line(text, trim(raw[next])))
              break;
            i = next;
            full += trim(raw[i]);
          }
        KeywordLine keyword(full, location);
        if (keyword.compact_name() == "INCLUDE")
          {
            keyword.check_parameters({"INPUT"});
            const std::filesystem::path input(keyword.required("INPUT"));
            const std::filesystem::path resolved =
              input.is_absolute() ? input : std::filesystem::path(path).parent_path() / input;
            read_file(resolved.string(), location, depth + 1, lines);
            continue;
          }
        lines.push_back(DeckLine{std::move(keyword), std::nullopt});
      }
  }
} // namespace corot::deck
