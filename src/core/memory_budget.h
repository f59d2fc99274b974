#pragma once
/**
 * @file
 * How much memory a run may plan to use (issue 18 item 3: the memory a model would need is
 * checked before it is allocated).
 */
#include <cstdint>
#include <string>

namespace corot::core
{
  /**
   * A number of bytes a run may use and where that number comes from.
   *
   * By default it is what this process can still get: the least of the kernel's estimate of
   * the memory available without swapping (MemAvailable in /proc/meminfo), the room left under
   * the job's control-group limit (cgroup v2 memory.max, v1 memory.limit_in_bytes) and the
   * room left under the address-space limit (ulimit -v). `corot run --memory SIZE` sets it
   * instead, as Abaqus' `memory=` option does (of_size()).
   */
  class MemoryBudget
  {
  public:
    /** What this process can still get (see the class comment). */
    static MemoryBudget
    of_this_machine();

    /**
     * A budget written as SIZE: a number with an optional unit K, M, G or T (powers of 1024,
     * an optional B, any case: 512MB, 8G, 1.5gb) or a percentage of the physical memory (80%).
     * Throws std::invalid_argument with a message naming @p text if it is none of these.
     */
    static MemoryBudget
    of_size(const std::string &text);

    /** The bytes the run may use. */
    std::uint64_t
    bytes() const
    {
      return bytes_;
    }

    /** Where bytes() comes from, for messages ("available on this machine (MemAvailable)", "allowed by --memory 2G"). */
    const std::string &
    source() const
    {
      return source_;
    }

    /** @p bytes for people: "512 MB", "3.2 GB" (powers of 1024, three significant digits). */
    static std::string
    format(std::uint64_t bytes);

  private:
    MemoryBudget(std::uint64_t bytes, std::string source);

    std::uint64_t bytes_;
    std::string   source_;
  };
} // namespace corot::core
