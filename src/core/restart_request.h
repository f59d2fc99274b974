#pragma once
/**
 * @file
 * What `*RESTART` asks of a run (Abaqus' keyword): where to write restart
 * points, and from which point to go on.
 */
#include <src/core/source_location.h>

#include <optional>
#include <string>

namespace corot::core
{
  /**
   * *RESTART, WRITE [, FREQUENCY=n] [, OVERLAY]: a restart point every n
   * increments of the step and at its end, kept in force by the steps after
   * it until another *RESTART, WRITE (FREQUENCY=0 stops writing).
   */
  struct RestartWrite
  {
    unsigned       frequency = 0;     ///< 0: no restart points
    bool           overlay   = false; ///< keep only the newest point in the file
    SourceLocation defined_at;        ///< the *RESTART line

    /** Whether this step writes restart points. */
    bool
    active() const
    {
      return frequency > 0;
    }
  };

  /**
   * *RESTART, READ [, STEP=s] [, INC=i] [, FILE=name] (model data): the run
   * goes on from the point of the restart file at step s, increment i (each
   * unset: the file's last point), skipping the steps before it.
   */
  struct RestartRead
  {
    std::optional<unsigned> step;
    std::optional<unsigned> increment;
    std::string    file; ///< as written on the line (relative to the deck); empty: the job's own
    SourceLocation defined_at;
  };
} // namespace corot::core
