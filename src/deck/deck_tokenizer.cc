#include <src/deck/deck_tokenizer.h>

#include <filesystem>
#include <fstream>
#include <string_view>

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

    /** True if @p trimmed continues a keyword's parameters: not a keyword, first field NAME=VALUE. */
    bool
    is_parameter_line(const std::string &trimmed)
    {
      if (is_keyword(trimmed))
        return false;
      const std::string first = trimmed.substr(0, trimmed.find(','));
      return first.find('=') != std::string::npos;
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
  DeckTokenizer::read_file(const std::string          &path,
                           const core::SourceLocation &included_at,
                           const unsigned              depth,
                           std::vector<DeckLine>      &lines)
  {
    std::ifstream file(path);
    if (!file)
      throw core::InputError(included_at, depth == 0 ? "cannot open deck file " + path :
                                                       "cannot open include file " + path);
    if (depth > max_include_depth)
      throw core::InputError(included_at, "*INCLUDE nested more than " +
                                            std::to_string(max_include_depth) +
                                            " deep (an include cycle?)");

    std::vector<std::string> raw;
    for (std::string line; std::getline(file, line);)
      raw.push_back(line);
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
            if (next >= raw.size() || !is_parameter_line(trim(raw[next])))
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
