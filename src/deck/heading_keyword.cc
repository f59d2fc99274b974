#include <src/deck/heading_keyword.h>

namespace corot::deck
{
  void
  parse_heading(KeywordContext &context, const KeywordLine &, const std::vector<DataLine> &data)
  {
    std::string &heading = context.state.model.heading;
    for (const DataLine &line : data)
      {
        if (!heading.empty())
          heading += "\n";
        heading += line.text();
      }
  }

  COROT_REGISTER_KEYWORD(heading, "HEADING", KeywordPlacement::model,
                         "a title for the results files", {},
                         "free text; the lines become the heading of NAME.dat and NAME.json",
                         parse_heading)
} // namespace corot::deck
