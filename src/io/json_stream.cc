#include <src/io/json_stream.h>

#include <cmath>
#include <cstdio>

namespace corot::io
{
  JsonStream::JsonStream(std::ostream &out)
    : out_(out)
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
          case '\n':
            result += "\\n";
            break;
          case '\t':
            result += "\\t";
            break;
          case '\r':
            result += "\\r";
            break;
          default:
            if (static_cast<unsigned char>(c) < 0x20)
              {
                char buffer[8];
                std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
                result += buffer;
              }
            else
              result += c;
        }
    return result + "\"";
  }

  void
  JsonStream::newline()
  {
    out_ << '\n' << std::string(2 * first_.size(), ' ');
  }

  void
  JsonStream::before_value()
  {
    if (after_key_)
      {
        after_key_ = false;
        return;
      }
    if (!first_.empty())
      {
        if (!first_.back())
          out_ << ',';
        first_.back() = false;
        newline();
      }
  }

  void
  JsonStream::begin_object()
  {
    before_value();
    out_ << '{';
    first_.push_back(true);
  }

  void
  JsonStream::end_object()
  {
    const bool empty = first_.back();
    first_.pop_back();
    if (!empty)
      newline();
    out_ << '}';
    if (first_.empty())
      out_ << '\n';
  }

  void
  JsonStream::begin_array()
  {
    before_value();
    out_ << '[';
    first_.push_back(true);
  }

  void
  JsonStream::end_array()
  {
    const bool empty = first_.back();
    first_.pop_back();
    if (!empty)
      newline();
    out_ << ']';
  }

  void
  JsonStream::key(const std::string &name)
  {
    before_value();
    out_ << quote(name) << ": ";
    after_key_ = true;
  }

  void
  JsonStream::value(const double number)
  {
    before_value();
    if (!std::isfinite(number))
      out_ << "null";
    else
      {
        char buffer[32];
        std::snprintf(buffer, sizeof(buffer), "%.17g", number);
        out_ << buffer;
      }
  }

  void
  JsonStream::value(const unsigned number)
  {
    before_value();
    out_ << number;
  }

  void
  JsonStream::value(const std::string &text)
  {
    before_value();
    out_ << quote(text);
  }

  void
  JsonStream::value(const std::vector<double> &numbers)
  {
    before_value();
    out_ << '[';
    for (unsigned i = 0; i < numbers.size(); ++i)
      {
        if (i > 0)
          out_ << ", ";
        if (!std::isfinite(numbers[i]))
          out_ << "null";
        else
          {
            char buffer[32];
            std::snprintf(buffer, sizeof(buffer), "%.17g", numbers[i]);
            out_ << buffer;
          }
      }
    out_ << ']';
  }

  void
  JsonStream::value(const std::vector<unsigned> &numbers)
  {
    before_value();
    out_ << '[';
    for (unsigned i = 0; i < numbers.size(); ++i)
      out_ << (i > 0 ? ", " : "") << numbers[i];
    out_ << ']';
  }
} // namespace corot::io
