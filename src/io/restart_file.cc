#include <src/io/atomic_file.h>
#include <src/io/restart_file.h>

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/crc.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include <fstream>
#include <sstream>

namespace corot::io
{
  namespace
  {
    const std::string magic = "corot restart file 1\n";

    std::uint32_t
    crc_of(const std::string &bytes)
    {
      boost::crc_32_type crc;
      crc.process_bytes(bytes.data(), bytes.size());
      return crc.checksum();
    }

    template <typename T>
    void
    put(std::ostream &out, const T value)
    {
      out.write(reinterpret_cast<const char *>(&value), sizeof(T));
    }

    template <typename T>
    bool
    get(std::istream &in, T &value)
    {
      in.read(reinterpret_cast<char *>(&value), sizeof(T));
      return static_cast<bool>(in);
    }

    /** The frame header: step, increment, complete, time, payload length. */
    std::string
    header_of(const RestartPosition &position, const std::uint64_t length)
    {
      std::ostringstream out(std::ios::binary);
      put<std::uint32_t>(out, position.step);
      put<std::uint32_t>(out, position.increment);
      put<std::uint8_t>(out, position.complete ? 1 : 0);
      put<double>(out, position.time);
      put<std::uint64_t>(out, length);
      return out.str();
    }

    void
    write_frame(std::ostream &out, const RestartPosition &position, const std::string &payload)
    {
      const std::string header = header_of(position, payload.size());
      out.write(header.data(), header.size());
      out.write(payload.data(), payload.size());
      put<std::uint32_t>(out, crc_of(header + payload));
    }

    /** One frame of a restart file: its position and where its payload lies. */
    struct Frame
    {
      RestartPosition position;
      std::streamoff  payload_at = 0;
      std::uint64_t   length     = 0;
      std::uint32_t   crc        = 0;
    };

    /** Opens @p path and checks its first line. */
    std::ifstream
    open(const std::string &path)
    {
      std::ifstream in(path, std::ios::binary);
      if (!in)
        throw RestartError(path + ": cannot open the restart file");
      std::string head(magic.size(), '\0');
      in.read(head.data(), head.size());
      if (!in || head != magic)
        throw RestartError(path + ": not a corot restart file (it does not begin with \"" +
                           magic.substr(0, magic.size() - 1) + "\")");
      return in;
    }

    /**
     * The frames of @p in; a last frame that is short or fails its CRC is
     * left out and described in @p torn (damage before it is an error).
     */
    std::vector<Frame>
    frames(std::ifstream &in, std::string &torn)
    {
      in.seekg(0, std::ios::end);
      const std::streamoff size = in.tellg();
      in.seekg(magic.size());
      std::vector<Frame> result;
      while (in.tellg() < size)
        {
          Frame         frame;
          std::uint32_t step = 0, increment = 0;
          std::uint8_t  complete = 0;
          const bool    header   = get(in, step) && get(in, increment) && get(in, complete) &&
                              get(in, frame.position.time) && get(in, frame.length);
          frame.position.step      = step;
          frame.position.increment = increment;
          frame.position.complete  = complete != 0;
          frame.payload_at         = header ? std::streamoff(in.tellg()) : size;
          const bool whole = header && frame.length <= std::uint64_t(size - frame.payload_at) &&
                             in.seekg(frame.length, std::ios::cur) && get(in, frame.crc);
          if (!whole)
            {
              torn = "the last restart point (" +
                     (header ? frame.position.describe() : std::string("unreadable")) +
                     ") is incomplete: the run stopped while writing it";
              break;
            }
          // The CRC covers header and payload: a damaged frame (or a length
          // that sends the reader astray) ends what can be trusted.
          const std::streamoff after = in.tellg();
          std::string          bytes(frame.length, '\0');
          in.seekg(frame.payload_at);
          in.read(bytes.data(), bytes.size());
          if (!in || frame.position.step == 0 ||
              crc_of(header_of(frame.position, frame.length) + bytes) != frame.crc)
            {
              torn = "the restart point (" + frame.position.describe() +
                     ") is damaged (its CRC-32 does not match what was written); it and the "
                     "points after it are not used";
              break;
            }
          in.seekg(after);
          result.push_back(frame);
        }
      in.clear();
      return result;
    }

    std::string
    payload_of(std::ifstream &in, const Frame &frame)
    {
      std::string bytes(frame.length, '\0');
      in.seekg(frame.payload_at);
      in.read(bytes.data(), bytes.size());
      return bytes;
    }
  } // namespace

  void
  RestartRecord::set(const std::string &name, std::vector<double> values)
  {
    numbers_[name] = std::move(values);
  }

  void
  RestartRecord::set(const std::string &name, const double value)
  {
    numbers_[name] = {value};
  }

  void
  RestartRecord::set(const std::string &name, const Eigen::VectorXd &values)
  {
    numbers_[name] = std::vector<double>(values.data(), values.data() + values.size());
  }

  void
  RestartRecord::set_text(const std::string &name, std::string text)
  {
    texts_[name] = std::move(text);
  }

  bool
  RestartRecord::has(const std::string &name) const
  {
    return numbers_.count(name) != 0;
  }

  const std::vector<double> &
  RestartRecord::numbers(const std::string &name) const
  {
    const auto found = numbers_.find(name);
    if (found == numbers_.end())
      throw RestartError("the restart point has no entry '" + name + "'");
    return found->second;
  }

  double
  RestartRecord::number(const std::string &name) const
  {
    const std::vector<double> &values = numbers(name);
    if (values.size() != 1)
      throw RestartError("the restart point's entry '" + name + "' holds " +
                         std::to_string(values.size()) + " numbers, not one");
    return values.front();
  }

  Eigen::VectorXd
  RestartRecord::vector(const std::string &name, const std::size_t size) const
  {
    const std::vector<double> &values = numbers(name);
    if (values.size() != size)
      throw RestartError("the restart point's entry '" + name + "' holds " +
                         std::to_string(values.size()) + " numbers, this model needs " +
                         std::to_string(size));
    return Eigen::Map<const Eigen::VectorXd>(values.data(), values.size());
  }

  const std::string &
  RestartRecord::text(const std::string &name) const
  {
    const auto found = texts_.find(name);
    if (found == texts_.end())
      throw RestartError("the restart point has no entry '" + name + "'");
    return found->second;
  }

  std::string
  RestartPosition::describe() const
  {
    std::ostringstream out;
    if (complete && increment == 0)
      out << "the end of step " << step << " (time " << time << ")";
    else
      out << "step " << step << ", increment " << increment << " (time " << time << ")"
          << (complete ? ", the end of the step" : "");
    return out.str();
  }

  void
  RestartFile::write(const std::string &path, const RestartPosition &position,
                     const RestartRecord &record, const bool replace)
  {
    std::ostringstream bytes(std::ios::binary);
    {
      boost::archive::binary_oarchive archive(bytes);
      archive << record;
    }
    const std::string payload = bytes.str();
    if (replace)
      {
        write_atomically(path, [&](std::ostream &out) {
          out << magic;
          write_frame(out, position, payload);
        });
        return;
      }
    std::ofstream out(path, std::ios::binary | std::ios::app);
    if (!out)
      throw RestartError(path + ": cannot open the restart file for appending");
    write_frame(out, position, payload);
    out.flush();
    if (!out)
      throw RestartError(path + ": error while writing the restart point at " +
                         position.describe());
  }

  std::vector<RestartPosition>
  RestartFile::positions(const std::string &path, std::string *torn)
  {
    std::ifstream                in = open(path);
    std::string                  reason;
    std::vector<RestartPosition> result;
    for (const Frame &frame : frames(in, reason))
      result.push_back(frame.position);
    if (torn != nullptr)
      *torn = reason;
    return result;
  }

  std::pair<RestartPosition, RestartRecord>
  RestartFile::read(const std::string &path, const std::optional<unsigned> step,
                    const std::optional<unsigned> increment, std::string *torn_frame)
  {
    std::ifstream            in = open(path);
    std::string              torn;
    const std::vector<Frame> all = frames(in, torn);
    if (torn_frame != nullptr)
      *torn_frame = torn;
    const Frame *chosen = nullptr;
    for (const Frame &frame : all)
      if ((!step || frame.position.step == *step) &&
          (!increment || frame.position.increment == *increment))
        chosen = &frame;
    if (chosen == nullptr)
      {
        // One line: the first and last three points when there are more.
        std::string held;
        for (std::size_t i = 0; i < all.size(); ++i)
          {
            if (all.size() > 6 && i == 3)
              {
                held += "; ... (" + std::to_string(all.size() - 6) + " more)";
                i = all.size() - 4;
                continue;
              }
            held += (i == 0 ? "" : "; ") + all[i].position.describe();
          }
        std::string wanted = "no restart point";
        if (step)
          wanted += " at step " + std::to_string(*step);
        if (increment)
          wanted += (step ? ", increment " : " at increment ") + std::to_string(*increment);
        throw RestartError(path + ": " + wanted + "; it holds " +
                           (all.empty() ? std::string("none") : held) +
                           (torn.empty() ? "" : " (" + torn + ")"));
      }
    const std::string payload = payload_of(in, *chosen);
    if (!in || crc_of(header_of(chosen->position, chosen->length) + payload) != chosen->crc)
      throw RestartError(path + ": the restart point at " + chosen->position.describe() +
                         " is damaged (its CRC-32 does not match what was written)");
    RestartRecord record;
    try
      {
        std::istringstream              bytes(payload, std::ios::binary);
        boost::archive::binary_iarchive archive(bytes);
        archive >> record;
      }
    catch (const std::exception &error)
      {
        throw RestartError(path + ": the restart point at " + chosen->position.describe() +
                           " cannot be read (" + error.what() + ")");
      }
    return {chosen->position, record};
  }
} // namespace corot::io
