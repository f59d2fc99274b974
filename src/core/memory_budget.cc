#include <src/core/memory_budget.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

namespace corot::core
{
  namespace
  {
    /** The value of @p key ("MemAvailable:") in /proc/meminfo, in bytes. */
    std::optional<std::uint64_t>
    meminfo(const std::string &key)
    {
      std::ifstream in("/proc/meminfo");
      std::string   name, unit;
      std::uint64_t kilobytes = 0;
      while (in >> name >> kilobytes)
        {
          std::getline(in, unit);
          if (name == key)
            return kilobytes * 1024;
        }
      return std::nullopt;
    }

    /** A number in the first word of @p path ("max" or a missing file: none). */
    std::optional<std::uint64_t>
    number_in(const std::string &path)
    {
      std::ifstream in(path);
      std::string   word;
      if (!(in >> word) || word.empty() || !std::isdigit(static_cast<unsigned char>(word[0])))
        return std::nullopt;
      return std::stoull(word);
    }

    /** The room left under this process' control-group memory limit, if it has one. */
    std::optional<std::uint64_t>
    cgroup_room()
    {
      // cgroup v2: "0::/path" in /proc/self/cgroup names the group below /sys/fs/cgroup.
      std::ifstream cgroup("/proc/self/cgroup");
      std::string   line;
      while (std::getline(cgroup, line))
        if (line.rfind("0::", 0) == 0)
          {
            const std::string group = "/sys/fs/cgroup" + line.substr(3);
            const auto        limit = number_in(group + "/memory.max");
            if (limit)
              return *limit - std::min(*limit, number_in(group + "/memory.current").value_or(0));
          }
      // cgroup v1; an unlimited group reports a number near 2^63.
      const auto limit = number_in("/sys/fs/cgroup/memory/memory.limit_in_bytes");
      if (limit && *limit < (std::uint64_t(1) << 62))
        return *limit -
               std::min(*limit,
                        number_in("/sys/fs/cgroup/memory/memory.usage_in_bytes").value_or(0));
      return std::nullopt;
    }

    /** The room left under the address-space limit (ulimit -v), if there is one. */
    std::optional<std::uint64_t>
    address_space_room()
    {
      rlimit limit{};
      if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return std::nullopt;
      // /proc/self/statm: the first number is the address space in pages.
      std::ifstream in("/proc/self/statm");
      std::uint64_t pages = 0;
      in >> pages;
      const std::uint64_t used = pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
      return limit.rlim_cur - std::min<std::uint64_t>(limit.rlim_cur, used);
    }
  } // namespace

  MemoryBudget::MemoryBudget(const std::uint64_t bytes, std::string source)
    : bytes_(bytes)
    , source_(std::move(source))
  {}

  MemoryBudget
  MemoryBudget::of_this_machine()
  {
    MemoryBudget budget(std::numeric_limits<std::uint64_t>::max(), "no limit found");
    const auto   take = [&budget](const std::optional<std::uint64_t> bytes, const char *source) {
      if (bytes && *bytes < budget.bytes_)
        budget = MemoryBudget(*bytes, source);
    };
    take(meminfo("MemAvailable:"), "available on this machine (MemAvailable)");
    take(cgroup_room(), "left under the job's memory limit (cgroup)");
    take(address_space_room(), "left under the address-space limit (ulimit -v)");
    return budget;
  }

  MemoryBudget
  MemoryBudget::of_size(const std::string &text)
  {
    const auto refuse = [&text]() -> MemoryBudget {
      throw std::invalid_argument("--memory " + text +
                                  ": expected a size such as 512MB, 8G or 80% (of the physical "
                                  "memory)");
    };
    std::size_t end = 0;
    double      number;
    try
      {
        number = std::stod(text, &end);
      }
    catch (const std::exception &)
      {
        return refuse();
      }
    std::string unit;
    for (const char c : text.substr(end))
      if (!std::isspace(static_cast<unsigned char>(c)))
        unit += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (!std::isfinite(number) || number <= 0.0)
      return refuse();
    if (unit == "%")
      {
        const auto total = meminfo("MemTotal:");
        if (!total || number > 100.0)
          return refuse();
        return MemoryBudget(static_cast<std::uint64_t>(number / 100.0 * double(*total)),
                            "allowed by --memory " + text);
      }
    if (unit.size() == 2 && unit[1] == 'B')
      unit.pop_back();
    const std::string units = "BKMGT";
    const auto        power = unit.empty() ? 0 : units.find(unit);
    if (unit.size() > 1 || power == std::string::npos)
      return refuse();
    const double bytes = number * std::pow(1024.0, double(power));
    if (bytes < 1.0 || bytes > 1e19)
      return refuse();
    return MemoryBudget(static_cast<std::uint64_t>(bytes), "allowed by --memory " + text);
  }

  std::string
  MemoryBudget::format(const std::uint64_t bytes)
  {
    const char *units[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
    double      value   = double(bytes);
    unsigned    unit    = 0;
    while (value >= 1024.0 && unit + 1 < std::size(units))
      {
        value /= 1024.0;
        ++unit;
      }
    char text[32];
    std::snprintf(text, sizeof(text), unit == 0 ? "%.0f %s" : "%.3g %s", value, units[unit]);
    return text;
  }
} // namespace corot::core
