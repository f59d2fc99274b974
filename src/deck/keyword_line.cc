#include <src/deck/data_line.h>
#include <src/deck/keyword_line.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace corot::deck
{
  namespace
  {
    /** Upper case, trimmed, runs of blanks collapsed to one space. */
    std::string
    normalised_name(const std::string &text)
    {
      std::string result;
      bool        blank = false;
      for (const char c : trim(text))
        {
          if (c == ' ' || c == '\t')
            blank = true;
          else
            {
              if (blank && !result.empty())
                result += ' ';
              blank = false;
              result += c;
            }
        }
      return to_upper(result);
    }

    /** @p text without one pair of enclosing double quotes. */
    std::string
    unquoted(const std::string &text)
    {
      if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        return text.substr(1, text.size() - 2);
      return text;
    }
  } // namespace

  KeywordLine::KeywordLine(const std::string &text, const core::SourceLocation &location)
    : location_(location)
  {
    const std::string        body = trim(text).substr(1); // drop the '*'
    std::vector<std::string> parts;
    std::string::size_type   start = 0;
    while (true)
      {
        const auto comma = body.find(',', start);
        parts.push_back(
          body.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos)
          break;
        start = comma + 1;
      }
    name_ = normalised_name(parts.front());
    if (name_.empty())
      throw core::InputError(location_, "empty keyword '*'");
    for (unsigned i = 1; i < parts.size(); ++i)
      {
        const std::string part = trim(parts[i]);
        if (part.empty())
          continue;
        const auto equals = part.find('=');
        if (equals == std::string::npos)
          {
            parameters_.emplace_back(normalised_name(part), "");
            has_value_.push_back(false);
          }
        else
          {
            const std::string parameter = normalised_name(part.substr(0, equals));
            if (parameter.empty())
              throw core::InputError(location_, "parameter without a name on *" + name_);
            parameters_.emplace_back(parameter, unquoted(trim(part.substr(equals + 1))));
            has_value_.push_back(true);
          }
      }
  }

  const std::string &
  KeywordLine::name() const
  {
    return name_;
  }

  std::string
  KeywordLine::compact_name() const
  {
    std::string compact;
    for (const char c : name_)
      if (c != ' ')
        compact += c;
    return compact;
  }

  void
  KeywordLine::respell(const std::string &canonical)
  {
    KeywordLine spelled("*" + canonical, location_);
    if (spelled.compact_name() != compact_name())
      throw core::InputError(location_, "*" + name_ + " cannot be spelled *" + canonical);
    name_ = spelled.name_;
  }

  bool
  KeywordLine::has(const std::string &parameter) const
  {
    return std::any_of(parameters_.begin(), parameters_.end(),
                       [&](const auto &p) { return p.first == parameter; });
  }

  bool
  KeywordLine::has_value(const std::string &parameter) const
  {
    for (unsigned i = 0; i < parameters_.size(); ++i)
      if (parameters_[i].first == parameter)
        return has_value_[i];
    return false;
  }

  std::optional<std::string>
  KeywordLine::value(const std::string &parameter) const
  {
    for (unsigned i = 0; i < parameters_.size(); ++i)
      if (parameters_[i].first == parameter)
        {
          if (!has_value_[i] || parameters_[i].second.empty())
            throw core::InputError(location_, "parameter " + parameter + " of *" + name_ +
                                                " needs a value (" + parameter + "=...)");
          return parameters_[i].second;
        }
    return std::nullopt;
  }

  std::optional<std::string>
  KeywordLine::value_upper(const std::string &parameter) const
  {
    const auto v = value(parameter);
    if (!v)
      return std::nullopt;
    return normalised_name(*v);
  }

  std::string
  KeywordLine::required(const std::string &parameter) const
  {
    const auto v = value(parameter);
    if (!v)
      throw core::InputError(location_, "*" + name_ + " needs " + parameter + "=");
    return *v;
  }

  std::string
  KeywordLine::required_upper(const std::string &parameter) const
  {
    return normalised_name(required(parameter));
  }

  std::optional<double>
  KeywordLine::number(const std::string &parameter) const
  {
    const auto v = value(parameter);
    if (!v)
      return std::nullopt;
    errno              = 0;
    char        *end   = nullptr;
    const double value = std::strtod(v->c_str(), &end);
    if (end == v->c_str() || *end != '\0' || errno == ERANGE || !std::isfinite(value))
      throw core::InputError(location_,
                             "expected a number for " + parameter + "=, got '" + *v + "'");
    return value;
  }

  std::optional<unsigned>
  KeywordLine::integer(const std::string &parameter) const
  {
    const auto v = value(parameter);
    if (!v)
      return std::nullopt;
    if (!is_integer(*v) || v->size() > 9)
      throw core::InputError(location_, "expected a non-negative integer for " + parameter +
                                          "=, got '" + *v + "'");
    return static_cast<unsigned>(std::stoul(*v));
  }

  void
  KeywordLine::check_parameters(const std::vector<std::string> &allowed) const
  {
    for (const auto &[parameter, value] : parameters_)
      if (std::find(allowed.begin(), allowed.end(), parameter) == allowed.end())
        throw core::InputError(location_, "unknown parameter " + parameter + " on *" + name_);
  }

  const core::SourceLocation &
  KeywordLine::location() const
  {
    return location_;
  }
} // namespace corot::deck
