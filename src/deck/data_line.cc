#include <src/deck/data_line.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace corot::deck
{
  std::string
  trim(const std::string &text)
  {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
      return "";
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
  }

  std::string
  to_upper(std::string text)
  {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
  }

  bool
  is_integer(const std::string &text)
  {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
  }

  DataLine::DataLine(const std::string &text, const core::SourceLocation &location)
    : text_(trim(text))
    , location_(location)
  {
    split(text_);
  }

  void
  DataLine::append(const std::string &text)
  {
    text_ += " " + trim(text);
    split(trim(text));
  }

  bool
  DataLine::ends_with_comma() const
  {
    return !text_.empty() && text_.back() == ',';
  }

  void
  DataLine::split(const std::string &text)
  {
    std::string::size_type start = 0;
    while (true)
      {
        const auto comma = text.find(',', start);
        fields_.push_back(
          trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos)
          break;
        start = comma + 1;
      }
    // A final comma ends the line; it does not open an empty last field.
    if (!text.empty() && text.back() == ',')
      fields_.pop_back();
  }

  unsigned
  DataLine::n_fields() const
  {
    return n_meaningful_fields();
  }

  unsigned
  DataLine::n_meaningful_fields() const
  {
    unsigned n = fields_.size();
    while (n > 0 && fields_[n - 1].empty())
      --n;
    return n;
  }

  const std::string &
  DataLine::field(const unsigned i) const
  {
    static const std::string empty;
    return i < fields_.size() ? fields_[i] : empty;
  }

  std::string
  DataLine::field_upper(const unsigned i) const
  {
    return to_upper(field(i));
  }

  bool
  DataLine::is_empty(const unsigned i) const
  {
    return field(i).empty();
  }

  std::vector<std::string>
  DataLine::non_empty_fields() const
  {
    std::vector<std::string> result;
    for (const std::string &f : fields_)
      if (!f.empty())
        result.push_back(f);
    return result;
  }

  double
  DataLine::number(const unsigned i) const
  {
    std::string text = field(i);
    if (text.empty())
      throw core::InputError(location_, "expected a number in field " + std::to_string(i + 1) +
                                          ", got an empty field");
    std::replace(text.begin(), text.end(), 'd', 'e');
    std::replace(text.begin(), text.end(), 'D', 'e');
    errno              = 0;
    char        *end   = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0')
      throw core::InputError(location_, "expected a number, got '" + field(i) + "'");
    if (errno == ERANGE && std::abs(value) > 1.0)
      throw core::InputError(location_, field(i) + " is out of range (a double's magnitude is at "
                                                   "most 1.8e308)");
    if (errno == ERANGE)
      throw core::InputError(location_, field(i) + " is out of range (too small for a double, "
                                                   "below 2.2e-308 in magnitude: write 0)");
    if (!std::isfinite(value))
      throw core::InputError(location_, "expected a finite number, got '" + field(i) + "'");
    return value;
  }

  double
  DataLine::number_or(const unsigned i, const double fallback) const
  {
    return is_empty(i) ? fallback : number(i);
  }

  unsigned
  DataLine::positive_integer(const unsigned i) const
  {
    const std::string &text = field(i);
    if (!is_integer(text))
      throw core::InputError(location_, "expected a positive integer, got '" + text + "'");
    const std::size_t first_digit = std::min(text.find_first_not_of('0'), text.size());
    if (text.size() - first_digit > std::to_string(max_integer).size())
      throw core::InputError(location_, text + " is out of range (ids and counts are at most " +
                                          std::to_string(max_integer) + ")");
    const unsigned long value = std::stoul(text);
    if (value == 0)
      throw core::InputError(location_, "expected a positive integer, got '" + text + "'");
    return static_cast<unsigned>(value);
  }

  void
  DataLine::require_fields(const unsigned min_fields, const unsigned max_fields,
                           const std::string &keyword) const
  {
    const unsigned n = n_meaningful_fields();
    if (n < min_fields || n > max_fields)
      {
        const std::string expected =
          min_fields == max_fields ?
            std::to_string(min_fields) :
            std::to_string(min_fields) + " to " + std::to_string(max_fields);
        throw core::InputError(location_, "*" + keyword + " data line needs " + expected +
                                            " fields, got " + std::to_string(n));
      }
  }

  const core::SourceLocation &
  DataLine::location() const
  {
    return location_;
  }

  const std::string &
  DataLine::text() const
  {
    return text_;
  }
} // namespace corot::deck
