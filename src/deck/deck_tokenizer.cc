#include <src/deck/deck_tokenizer.h>

#include <filesystem>
#include <fstream>

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

    for (unsigned i = 0; i < raw.size(); ++i)
      {
        const std::string text = trim(raw[i]);
        if (is_comment_or_blank(text))
          continue;
        const core::SourceLocation location{path, i + 1};

        // Gathers the lines continuing line i (text ends in a comma), skipping comments.
        const auto continuation = [&](std::string joined) {
          std::vector<std::string> extra;
          while (!joined.empty() && joined.back() == ',')
            {
              unsigned next = i + 1;
              while (next < raw.size() && is_comment_or_blank(trim(raw[next])))
                ++next;
              if (next >= raw.size() || is_keyword(trim(raw[next])))
                break;
              i = next;
              extra.push_back(trim(raw[i]));
              joined = extra.back();
            }
          return extra;
        };

        if (is_keyword(text))
          {
            std::string full = text;
            for (const std::string &more : continuation(text))
              full += more;
            KeywordLine keyword(full, location);
            if (keyword.name() == "INCLUDE")
              {
                keyword.check_parameters({"INPUT"});
                const std::filesystem::path input(keyword.required("INPUT"));
                const std::filesystem::path resolved =
                  input.is_absolute() ? input :
                                        std::filesystem::path(path).parent_path() / input;
                read_file(resolved.string(), location, depth + 1, lines);
                continue;
              }
            lines.push_back(DeckLine{std::move(keyword), std::nullopt});
          }
        else
          {
            DataLine data(text, location);
            for (const std::string &more : continuation(text))
              data.append(more);
            lines.push_back(DeckLine{std::nullopt, std::move(data)});
          }
      }
  }
} // namespace corot::deck
