#include <elements/registry.h>
#include <integrators/registry.h>
#include <src/app/help_text.h>
#include <src/deck/keyword_registry.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace corot::app
{
  namespace
  {
    /** @p name in upper case without a leading star and without blanks: how topics are matched. */
    std::string
    topic_key(const std::string &name)
    {
      std::string key;
      for (const char c : name)
        if (c != ' ' && c != '\t' && !(key.empty() && c == '*'))
          key += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      return key;
    }

    /**
     * The Levenshtein distance of @p a and @p b (insertions, deletions,
     * substitutions). Written here because neither Boost nor the standard
     * library offers one; the names are short, so the plain O(|a| |b|) table.
     */
    std::size_t
    edit_distance(const std::string &a, const std::string &b)
    {
      std::vector<std::size_t> row(b.size() + 1);
      for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
      for (std::size_t i = 1; i <= a.size(); ++i)
        {
          std::size_t diagonal = row[0];
          row[0]               = i;
          for (std::size_t j = 1; j <= b.size(); ++j)
            {
              const std::size_t above = row[j];
              row[j]   = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
              diagonal = above;
            }
        }
      return row[b.size()];
    }

    /** "NAME=" or "NAME" (a flag), with "[=A|B]" or "=A|B" for listed values. */
    std::string
    parameter_synopsis(const deck::KeywordParameter &p)
    {
      std::string values;
      for (const std::string &v : p.values)
        values += (values.empty() ? "" : "|") + v;
      if (p.flag)
        return values.empty() ? p.name : p.name + "[=" + values + "]";
      return p.name + "=" + values;
    }

    /** "*NAME, REQUIRED= [, OPTIONAL=] [, FLAG]". */
    std::string
    keyword_synopsis(const deck::KeywordInfo &info)
    {
      std::string                               text       = "*" + info.name;
      const std::vector<deck::KeywordParameter> parameters = info.all_parameters();
      for (const deck::KeywordParameter &p : parameters)
        if (p.required)
          text += ", " + parameter_synopsis(p);
      for (const deck::KeywordParameter &p : parameters)
        if (!p.required)
          text += " [, " + parameter_synopsis(p) + "]";
      return text;
    }

    /** The full text of one keyword: where it goes, its parameters and data lines. */
    std::string
    keyword_details(const deck::KeywordInfo &info)
    {
      std::ostringstream out;
      if (info.ignored())
        {
          out << "  skipped with a warning; its parameters and data lines are not read\n";
          return out.str();
        }
      out << "  where: " << deck::placement_name(info.placement) << "\n";
      const std::vector<deck::KeywordParameter> parameters = info.all_parameters();
      if (parameters.empty())
        out << "  parameters: none\n";
      else
        {
          out << "  parameters:\n";
          for (const deck::KeywordParameter &p : parameters)
            {
              out << "    " << parameter_synopsis(p) << (p.required ? " (required)" : "") << "\n";
              if (!p.help.empty())
                out << "        " << p.help << "\n";
            }
        }
      out << "  data lines: " << (info.data_lines.empty() ? "none" : info.data_lines) << "\n";
      return out.str();
    }

    /** A column "  left  right" with the right column at @p width. */
    std::string
    column(const std::string &left, const std::string &right, const std::size_t width)
    {
      return "  " + left + std::string(left.size() + 2 < width ? width - left.size() : 2, ' ') +
             right;
    }

  } // namespace

  void
  HelpText::add(HelpSection section)
  {
    sections_.push_back(std::move(section));
  }

  void
  HelpText::write_overview(std::ostream &out, const std::string &options) const
  {
    out
      << "corot: co-rotational structural dynamics on deal.II/Trilinos\n\n"
      << "usage:\n"
      << "  corot run DECK.inp [-o OUTDIR]   solve; write NAME.dat, NAME.json (and NAME.pvd/.vtu)\n"
      << "  corot check DECK.inp             parse and validate the deck without solving\n"
      << "  corot --help                     this text\n"
      << "  corot --help NAME                one keyword, element type, ... in full\n"
      << "  corot --version                  corot's version and the libraries it runs with\n\n"
      << options << "\n";
    for (const HelpSection &section : sections_)
      {
        out << section.title << ":\n";
        std::size_t width = 0;
        for (const HelpTopic &topic : section.topics)
          if (topic.listed && !topic.name.empty())
            width = std::max(width, topic.synopsis.size() + 2);
        width = std::min<std::size_t>(width, 40);
        for (const HelpTopic &topic : section.topics)
          {
            if (!topic.listed)
              continue;
            if (topic.name.empty())
              out << " " << topic.synopsis << "\n";
            else if (topic.synopsis.size() + 2 > width)
              out << "  " << topic.synopsis << "\n" << column("", topic.summary, width) << "\n";
            else
              out << column(topic.synopsis, topic.summary, width) << "\n";
          }
        if (!section.note.empty())
          out << "  " << section.note << "\n";
        out << "\n";
      }
  }

  void
  HelpText::write_topic(const std::string &name, std::ostream &out) const
  {
    const std::string key = topic_key(name);
    for (const HelpSection &section : sections_)
      for (const HelpTopic &topic : section.topics)
        if (!topic.name.empty() && topic_key(topic.name) == key)
          {
            out << topic.synopsis << "\n  " << topic.summary << "\n" << topic.details;
            return;
          }
    std::string                    message = "unknown help topic " + name;
    const std::vector<std::string> near    = near_matches(name);
    for (std::size_t i = 0; i < near.size(); ++i)
      message += (i == 0 ? "; did you mean " : ", ") + near[i];
    throw std::invalid_argument(message + (near.empty() ? " (see corot --help)" : "?"));
  }

  std::vector<std::string>
  HelpText::near_matches(const std::string &name) const
  {
    const std::string                                key = topic_key(name);
    std::vector<std::pair<std::size_t, std::string>> found;
    for (const HelpSection &section : sections_)
      for (const HelpTopic &topic : section.topics)
        {
          if (topic.name.empty())
            continue;
          const std::string other    = topic_key(topic.name);
          const std::size_t distance = edit_distance(key, other);
          if (distance <= 2)
            found.emplace_back(distance, topic.name);
          else if (!key.empty() && other.find(key) != std::string::npos)
            // Contains what was typed: after the close spellings, the
            // topics it covers most of first (SECTION: *BEAM SECTION before
            // *SHELL GENERAL SECTION).
            found.emplace_back(3 + other.size() - key.size(), topic.name);
        }
    std::stable_sort(found.begin(), found.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<std::string> names;
    for (const auto &[distance, topic] : found)
      if (names.size() < 5 && std::find(names.begin(), names.end(), topic) == names.end())
        names.push_back(topic);
    return names;
  }

  HelpSection
  element_help_section()
  {
    HelpSection section{"element types (*ELEMENT, TYPE=)",
                        {},
                        "B32/B32R are accepted and split into two B31."};
    for (const elements::ElementTypeInfo *type : elements::ElementRegistry::instance().types())
      section.topics.push_back({type->name, type->name, type->description,
                                "  element type (*ELEMENT, TYPE=" + type->name +
                                  "): " + std::to_string(type->n_nodes) + " node" +
                                  (type->n_nodes == 1 ? "" : "s") + ", section " +
                                  core::section_keyword(type->section_kind) + "\n"});
    return section;
  }

  HelpSection
  keyword_help_section()
  {
    HelpSection section{"deck keywords (corot --help KEYWORD for its parameters and data lines)",
                        {},
                        ""};
    const auto  keywords  = deck::KeywordRegistry::instance().keywords();
    const auto  add_group = [&](const std::string &title, const deck::KeywordPlacement placement) {
      section.topics.push_back({"", title + ":", "", ""});
      for (const deck::KeywordInfo *info : keywords)
        if (!info->ignored() && info->placement == placement)
          section.topics.push_back(
             {"*" + info->name, keyword_synopsis(*info), info->description, keyword_details(*info)});
    };
    add_group("model data", deck::KeywordPlacement::model);
    add_group("history data (inside *STEP ... *END STEP)", deck::KeywordPlacement::step);
    add_group("model or history data", deck::KeywordPlacement::anywhere);
    // The ignored keywords are listed on one line (the note), not one each.
    std::string ignored;
    for (const deck::KeywordInfo *info : keywords)
      if (info->ignored())
        {
          section.topics.push_back(
            {"*" + info->name, "*" + info->name, info->description, keyword_details(*info), false});
          ignored += (ignored.empty() ? "" : " ") + ("*" + info->name);
        }
    section.note = "skipped with a warning (output keywords of other codes): " + ignored;
    return section;
  }

  HelpSection
  integrator_help_section()
  {
    const auto  types = integrators::IntegratorRegistry::instance().types();
    std::string names;
    for (const integrators::IntegratorTypeInfo *type : types)
      names += (names.empty() ? "" : "|") + type->name;
    HelpSection section{"time integrators (*DYNAMIC, INTEGRATOR=" + names + ")", {}, ""};
    for (const integrators::IntegratorTypeInfo *type : types)
      {
        std::string synopsis = type->name, details;
        for (const integrators::IntegratorParameterInfo &parameter : type->parameters)
          {
            synopsis += " [, " + parameter.name + "=]";
            details += "  " + parameter.name + "=  " + parameter.help + "\n";
          }
        section.topics.push_back(
          {type->name, synopsis, type->description,
           "  time integrator (*DYNAMIC, INTEGRATOR=" + type->name + ")\n" + details});
      }
    return section;
  }

  HelpText
  corot_help()
  {
    HelpText help;
    help.add(element_help_section());
    help.add(keyword_help_section());
    help.add(integrator_help_section());
    // Each further plugin family adds its section here, one call each. The
    // procedures are deck keywords (analysis::ProcedureRegistry registers
    // them with deck::KeywordRegistry), so the keyword section lists them.
    return help;
  }
} // namespace corot::app
