#pragma once
/**
 * @file
 * SIGINT and SIGTERM end a run after its current increment
 * (input_decks/README.md, "Command line": "How a run ends").
 */
#include <exception>
#include <string>

namespace corot::io
{
  /**
   * The run's request to stop, set by SIGINT or SIGTERM.
   *
   * install() makes the first SIGINT or SIGTERM only record the signal: the
   * analysis finishes the increment it is computing, writes it, closes the
   * result files with the status "interrupted" and exits non-zero
   * (ResultStream). The handler then restores the default action, so a second
   * signal ends the process at once (for an increment that takes too long).
   *
   * The signal number lives in one process-wide `volatile std::sig_atomic_t`:
   * a signal handler may only write such an object (C++17 [support.signal]),
   * so this is the one piece of global mutable state the run needs.
   */
  class InterruptRequest
  {
  public:
    /** Install the handlers for SIGINT and SIGTERM (in `corot run`). */
    static void
    install();

    /** The signal received (SIGINT or SIGTERM), or 0 if none. */
    static int
    pending();

    /** Forget a received signal (for tests). */
    static void
    clear();

    /** Record @p signal as if it had been received (for tests). */
    static void
    raise_for_test(int signal);
  };

  /**
   * Thrown after the increment during which SIGINT or SIGTERM arrived has
   * been written. Not a std::runtime_error, so that the procedures' handlers
   * of solver failures (which catch std::runtime_error to cut back) let it
   * pass.
   */
  class Interrupted : public std::exception
  {
  public:
    /** The run was interrupted by @p signal. */
    explicit Interrupted(int signal);

    /** "interrupted by SIGINT" or "... SIGTERM". */
    const char *
    what() const noexcept override;

    /** The signal number. */
    int
    signal() const
    {
      return signal_;
    }

    /** The exit status of an interrupted run: 128 + signal (130 for SIGINT, 143 for SIGTERM). */
    int
    exit_status() const
    {
      return 128 + signal_;
    }

  private:
    int         signal_;
    std::string message_;
  };
} // namespace corot::io
