#include <src/io/json_stream.h>

#include <deal.II/base/exceptions.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace corot::io
{
  JsonStream::JsonStream(std::ostream &out, const bool one_line)
    : out_(out)
    , one_line_(one_line)
  {}

  std::string
  JsonStream::quote(const std::string &text)
  {
    std::string result = "\"";
    for (const char c : text)
      switch (c)
        {
          case '"':
            result += "\\\"";
            break;
          case '\\':
            result += "\\\\";
            break;
          case '\b':
            result += "\\b";
            break;
          case '\f':
            result += "\\f";
            break;
          case '\n':
            result += "\\n";
            break;
          case '\r':
            result += "\\r";
            break;
          case '\t':
            result += "\\t";
            break;
          default:
            if (static_cast<unsigned char>(c) < 0x20)
              {
                char buffer[8];
                std::snprintf(buffer, sizeof(buffer), "\\u%04x",
                              static_cast<unsigned int>(static_cast<unsigned char>(c)));
                result += buffer;
              }
            else
              result += c;
        }
    return result + "\"";
  }

  std::string
  JsonStream::number_to_string(const double number)
  {
    if (!std::isfinite(number))
      return "null";
    // %.17g always round-trips but prints 0.1 as 0.10000000000000001; take the
    // shortest precision that still reads back to the same bits.
    char buffer[32];
    for (const int digits : {15, 16, 17})
      {
        std::snprintf(buffer, sizeof(buffer), "%.*g", digits, number);
        if (std::strtod(buffer, nullptr) == number)
          break;
      }
    return buffer;
  }

  void
  JsonStream::newline()
  {
    if (one_line_)
      return;
    out_ << '\n' << std::string(2 * open_.size(), ' ');
  }

  void
  JsonStream::before_value()
  {
    if (after_key_)
      {
        after_key_ = false;
        return;
      }
    Assert(open_.empty() || open_.back() == Container::array,
           dealii::ExcMessage("JsonStream: a value inside an object needs a key first"));
    if (!open_.empty())
      {
        if (!empty_.back())
          out_ << ',';
        empty_.back() = false;
        newline();
      }
  }

  void
  JsonStream::begin_object()
  {
    before_value();
    out_ << '{';
    open_.push_back(Container::object);
    empty_.push_back(true);
  }

  void
  JsonStream::begin_array()
  {
    before_value();
    out_ << '[';
    open_.push_back(Container::array);
    empty_.push_back(true);
  }

  void
  JsonStream::end_container([[maybe_unused]] const Container kind, const char bracket)
  {
    Assert(!open_.empty() && open_.back() == kind && !after_key_,
           dealii::ExcMessage("JsonStream: closing a container that is not open"));
    const bool was_empty = empty_.back();
    open_.pop_back();
    empty_.pop_back();
    if (!was_empty)
      newline();
    out_ << bracket;
    if (open_.empty())
      out_ << '\n';
  }

  void
  JsonStream::end_object()
  {
    end_container(Container::object, '}');
  }

  void
  JsonStream::end_array()
  {
    end_container(Container::array, ']');
  }

  void
  JsonStream::key(const std::string &name)
  {
    Assert(!open_.empty() && open_.back() == Container::object && !after_key_,
           dealii::ExcMessage("JsonStream: a key belongs directly inside an object"));
    if (!empty_.back())
      out_ << ',';
    empty_.back() = false;
    newline();
    out_ << quote(name) << ": ";
    after_key_ = true;
  }

  void
  JsonStream::value(const double number)
  {
    before_value();
    out_ << number_to_string(number);
  }

  void
  JsonStream::value(const unsigned int number)
  {
    before_value();
    out_ << number;
  }

  void
  JsonStream::value(const int number)
  {
    before_value();
    out_ << number;
  }

  void
  JsonStream::value(const bool flag)
  {
    before_value();
    out_ << (flag ? "true" : "false");
  }

  void
  JsonStream::value(const std::string &text)
  {
    before_value();
    out_ << quote(text);
  }

  void
  JsonStream::value(const char *text)
  {
    value(std::string(text));
  }

  void
  JsonStream::null_value()
  {
    before_value();
    out_ << "null";
  }

  void
  JsonStream::value(const std::vector<double> &numbers)
  {
    before_value();
    out_ << '[';
    for (std::size_t i = 0; i < numbers.size(); ++i)
      out_ << (i > 0 ? ", " : "") << number_to_string(numbers[i]);
    out_ << ']';
  }

  void
  JsonStream::value(const std::vector<unsigned int> &numbers)
  {
    before_value();
    out_ << '[';
    for (std::size_t i = 0; i < numbers.size(); ++i)
      out_ << (i > 0 ? ", " : "") << numbers[i];
    out_ << ']';
  }

  void
  JsonStream::value(const std::vector<std::string> &texts)
  {
    before_value();
    out_ << '[';
    for (std::size_t i = 0; i < texts.size(); ++i)
      out_ << (i > 0 ? ", " : "") << quote(texts[i]);
    out_ << ']';
  }
} // namespace corot::io
