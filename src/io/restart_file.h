#pragma once
/**
 * @file
 * The restart file of `*RESTART, WRITE` (Abaqus' keyword): a sequence of
 * restart points, each the whole state a run needs to go on from a converged
 * increment, and its reader for `*RESTART, READ`.
 *
 * Layout: the line "corot restart file 1\n", then one frame per point:
 * step (uint32), increment (uint32), whether the step is complete (uint8),
 * the step time (double), the payload's length (uint64), the payload (a
 * RestartRecord in a Boost.Serialization binary archive) and the CRC-32 of
 * header and payload (boost::crc_32_type, uint32), all in this machine's
 * byte order. A frame is appended as a whole and flushed; a run killed while
 * writing leaves a frame that is short or fails its CRC, which the reader
 * reports and never uses, nor any frame after a damaged one. The first frame of a run, and every frame with OVERLAY, replaces
 * the file atomically (written beside it, then renamed).
 *
 * Boost.Serialization writes the named arrays rather than a hand-written
 * encoder; its binary archive is not portable between machines of another
 * byte order or word size, which a restart file need not be.
 */
#include <Eigen/Dense>

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace corot::io
{
  /** A restart file that cannot be used: not one, damaged, or without what is asked for. */
  class RestartError : public std::runtime_error
  {
  public:
    using std::runtime_error::runtime_error;
  };

  /**
   * One restart point's content: named arrays of numbers and named texts
   * (the configuration, the base state, a procedure's counters, ...). A
   * missing or mis-sized entry is a RestartError naming it.
   */
  class RestartRecord
  {
  public:
    /** Stores @p values under @p name (replacing an entry of that name). */
    void
    set(const std::string &name, std::vector<double> values);

    /** Stores the single number @p value under @p name. */
    void
    set(const std::string &name, double value);

    /** Stores the entries of @p values under @p name. */
    void
    set(const std::string &name, const Eigen::VectorXd &values);

    /** Stores the text @p text under @p name. */
    void
    set_text(const std::string &name, std::string text);

    /** Whether an array of numbers named @p name is stored. */
    bool
    has(const std::string &name) const;

    /** The array named @p name. */
    const std::vector<double> &
    numbers(const std::string &name) const;

    /** The single number named @p name. */
    double
    number(const std::string &name) const;

    /** The array named @p name as a vector, which must have @p size entries. */
    Eigen::VectorXd
    vector(const std::string &name, std::size_t size) const;

    /** The text named @p name. */
    const std::string &
    text(const std::string &name) const;

    /** Both maps, for Boost.Serialization. */
    template <class Archive>
    void
    serialize(Archive &archive, const unsigned /*version*/)
    {
      archive &numbers_;
      archive &texts_;
    }

  private:
    std::map<std::string, std::vector<double>> numbers_;
    std::map<std::string, std::string>         texts_;
  };

  /** Where a restart point lies in the run. */
  struct RestartPosition
  {
    unsigned step      = 0;     ///< 1-based
    unsigned increment = 0;     ///< converged increments of the step
    bool     complete  = false; ///< the end of the step (its loads committed)
    double   time      = 0.0;   ///< step time (arc length in RIKS)

    /** "step 2, increment 40 (t = 0.4)", ", the end of the step" when complete. */
    std::string
    describe() const;
  };

  /** Reads and writes restart files (see the file comment for the layout). */
  class RestartFile
  {
  public:
    /**
     * Writes @p record at @p position to @p path: appended to the points
     * already there, or with @p replace as the only point, atomically.
     */
    static void
    write(const std::string &path, const RestartPosition &position, const RestartRecord &record,
          bool replace);

    /** The positions of the intact points of @p path, in order; @p torn says why a last frame is not used. */
    static std::vector<RestartPosition>
    positions(const std::string &path, std::string *torn = nullptr);

    /**
     * The point of @p path at @p step, @p increment (each unset: the last
     * point's), with its position; @p torn says why a last frame was not
     * used (empty: none). Throws RestartError "path: ..." listing the points
     * the file holds when none matches.
     */
    static std::pair<RestartPosition, RestartRecord>
    read(const std::string &path, std::optional<unsigned> step, std::optional<unsigned> increment,
         std::string *torn = nullptr);
  };
} // namespace corot::io
