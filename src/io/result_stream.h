#pragma once
/**
 * @file
 * The result files of a run, written as the analysis goes
 * (input_decks/README.md, "Command line", "Results as the run goes").
 */
#include <src/core/model.h>
#include <src/io/results.h>

#include <mpi.h>

#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace corot::io
{
  /**
   * Writes every converged increment to the result files before the next
   * one starts, so that a run that fails, is killed or is interrupted keeps
   * everything up to its last converged increment, and says how it ended.
   *
   * Files in the output directory (BASE is the deck's name):
   * - BASE.jsonl (JSON Lines: one JSON object per line, flushed after each):
   *   a "run" record, one "increment" record per converged increment (the
   *   rows of node and element output, the procedure's series entries,
   *   log lines and the frame file written at that increment), one "step"
   *   record per finished step (the step's object of BASE.json) and an
   *   "end" record with the status. It is written last for each increment:
   *   what it lists is in every other file.
   * - BASE.dat: while the run goes, the report of the finished steps
   *   followed by one block per converged increment of the current step
   *   (rewritten at each step end); when the run ends the full report
   *   (ReportWriter) replaces it.
   * - BASE.json: status "running" and the finished steps while the run
   *   goes (rewritten at each step end); when it ends the whole document with
   *   its status ("completed", "failed" or "interrupted").
   * - BASE.pvd and BASE-<step>-<frame>.vtu: each field frame as it is
   *   recorded, the .pvd rewritten after it. A step keeps at most
   *   max_frames_per_step frames: when it would keep more, every other
   *   frame of the step is dropped (from the .pvd first, then its files) and
   *   from then on only every other due frame is written, so a long series
   *   stays between half and all of that bound, evenly spread in increments.
   * - BASE.sta: one line per converged increment (step, increment, Newton
   *   iterations, step time, increment, wall time) and a last line with the
   *   status, like CalculiX's .sta.
   * BASE.json, BASE.dat (at each rewrite) and BASE.pvd are written aside
   * and renamed (write_atomically). Stale files of an earlier run of the
   * same deck into the same directory (BASE.json, BASE.pvd and
   * BASE-<n>-<n>*.vtu/.pvtu) are removed when the stream starts.
   *
   * Only MPI rank 0 writes; every rank calls every member (the check for
   * SIGINT/SIGTERM is collective, so all ranks stop after the same
   * increment). Progress lines (elapsed time, increments per second, an
   * estimate of the time left in the step) go to the progress stream at most
   * every progress_interval seconds.
   */
  class ResultStream
  {
  public:
    /**
     * Start the files of @p model's run in @p directory (created if missing)
     * named @p base_name.*; progress lines to @p progress on rank 0 of
     * @p communicator, at most every @p progress_interval seconds.
     */
    ResultStream(const core::Model &model, const std::string &directory,
                 const std::string &base_name, MPI_Comm communicator, std::ostream &progress,
                 double progress_interval = 5.0, unsigned max_frames_per_step = 1000);

    /** Step @p number (1-based) begins. */
    void
    begin_step(unsigned number);

    /**
     * The increment @p increment of @p step ending at step time @p time has
     * converged and its output is in @p step: write what it added to every
     * file. Then, if SIGINT or SIGTERM arrived on any rank, throw
     * Interrupted. Frames the bound on files drops are erased from
     * @p step.frames.
     */
    void
    increment_converged(StepResult &step, double time, unsigned increment);

    /** The last of @p results.steps has finished: write it (frames, .jsonl record, .dat, .json). */
    void
    end_step(Results &results);

    /**
     * Keep a copy of @p step, a step cut short by an exception after
     * converged increments (OutputRecorder hands it over while the stack
     * unwinds); finish() appends it to the results. Does not throw.
     */
    void
    salvage(const StepResult &step) noexcept;

    /**
     * End the run with @p status ("completed", "failed" or "interrupted")
     * and @p message: append a salvaged step, write the final BASE.json and
     * BASE.dat (aside and renamed), the remaining frames and the .pvd, close
     * BASE.jsonl and BASE.sta with the status, and print the final line
     * (wall time, increments, the path of every file).
     *
     * @return the paths of the files written.
     */
    std::vector<std::string>
    finish(Results &results, const std::string &status, const std::string &message);

    /** finish() has been called. */
    bool
    finished() const
    {
      return finished_;
    }

    /**
     * Whether eigenvalue steps keep their mode shapes for BASE.json
     * ("mode_shapes"; `corot run --no-mode-shapes` says no). Default: yes.
     */
    bool
    keeps_mode_shapes() const
    {
      return keep_mode_shapes_;
    }

    /** Keep (@p keep) or leave out the mode shapes of eigenvalue steps in BASE.json. */
    void
    keep_mode_shapes(const bool keep)
    {
      keep_mode_shapes_ = keep;
    }

    /** Converged increments so far, over all steps (not counting a dynamic step's initial state). */
    unsigned
    n_increments() const
    {
      return n_increments_;
    }

  private:
    /** Seconds since the stream started. */
    double
    elapsed() const;

    /**
     * Write the frames of @p step not written yet, dropping frames beyond
     * the bound; with @p flush_held also a frame held back off the stride
     * (the step's last).
     */
    void
    write_new_frames(StepResult &step, bool flush_held = false);

    /** Drop every other frame kept in the current step (the bound on files). */
    void
    thin_frames(StepResult &step);

    /** Rewrite BASE.pvd from the frames kept (aside and renamed). */
    void
    write_pvd() const;

    /** Add the frame @p file at @p time to BASE.pvd in one write over its closing lines. */
    void
    append_to_pvd(double time, const std::string &file) const;

    /** The increment block of BASE.dat. */
    void
    write_dat_block(const StepResult &step, double time, unsigned increment,
                    const std::vector<std::string> &log, const SeriesEntries &series,
                    const std::vector<std::string> &frame_files);

    /** Rewrite BASE.dat with the finished steps of @p results and reopen it to append. */
    void
    restart_dat(const Results &results);

    /** A progress line if progress_interval has passed (or @p force). */
    void
    report_progress(double time, bool force);

    /** One kept frame of the current step; kept_[i] is StepResult::frames[i]. */
    struct KeptFrame
    {
      unsigned                 due_index; ///< 0-based among the frames the requests asked for
      double                   time;      ///< the time listed in the .pvd
      std::string              listed;    ///< the file the .pvd lists
      std::vector<std::string> files;     ///< every file of the frame
    };

    const core::Model                    &model_;
    std::string                           directory_, base_name_;
    MPI_Comm                              communicator_;
    bool                                  root_;
    std::ostream                         &progress_;
    double                                progress_interval_;
    unsigned                              max_frames_per_step_;
    std::chrono::steady_clock::time_point start_;
    bool                                  keep_mode_shapes_ = true;

    std::ofstream jsonl_, sta_, dat_;

    unsigned step_number_     = 0;
    double   step_period_     = 0.0; ///< the step's time period (arc length for RIKS); 0: none
    double   step_started_    = 0.0; ///< elapsed() at begin_step()
    unsigned step_increments_ = 0;   ///< converged increments of the step
    double   previous_time_   = 0.0; ///< step time of the previous increment
    double   last_progress_   = 0.0; ///< elapsed() at the last progress line
    unsigned n_increments_    = 0;

    /** Rows of each node and element history written; entries of the procedure's series. */
    std::map<unsigned, std::size_t> node_rows_, element_rows_;
    StreamCursor                    series_cursor_;
    std::size_t                     log_cursor_ = 0;

    /** Frames: position in StepResult::frames processed, due count, stride, kept frames. */
    std::size_t            frame_cursor_ = 0;
    unsigned               frames_due_   = 0;
    unsigned               frame_stride_ = 1;
    unsigned               frame_number_ = 0;     ///< file number of the step's last frame
    bool                   held_         = false; ///< the frame at frame_cursor_ is off the stride
    double                 time_offset_  = 0.0;
    std::vector<KeptFrame> kept_;
    /** .pvd entries of the earlier steps (time, file). */
    std::vector<std::pair<double, std::string>> earlier_records_;
    double                                      last_listed_time_ = 0.0;
    bool                                        any_listed_       = false;

    std::optional<StepResult> salvaged_;
    bool                      finished_ = false;
  };
} // namespace corot::io
