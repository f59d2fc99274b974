#include <src/io/atomic_file.h>
#include <src/io/interrupt_request.h>
#include <src/io/json_stream.h>
#include <src/io/json_writer.h>
#include <src/io/report_table.h>
#include <src/io/report_writer.h>
#include <src/io/result_stream.h>
#include <src/io/variable_order.h>
#include <src/io/vtu_writer.h>

#include <deal.II/base/data_out_base.h>
#include <deal.II/base/exceptions.h>
#include <deal.II/base/mpi.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <regex>
#include <sstream>

namespace corot::io
{
  namespace
  {
    /** The period of @p step's procedure (the total arc length of RIKS); 0 if it has none. */
    double
    period_of(const core::Step &step)
    {
      if (const auto *p = step.parameters_of<core::StaticParameters>())
        return p->period;
      if (const auto *p = step.parameters_of<core::RiksParameters>())
        return p->period;
      if (const auto *p = step.parameters_of<core::DynamicParameters>())
        return p->period;
      return 0.0;
    }

    /** "12.3 s", "4 min 5 s" or "2 h 3 min". */
    std::string
    duration(const double seconds)
    {
      std::ostringstream out;
      if (seconds < 60.0)
        out << std::fixed << std::setprecision(1) << seconds << " s";
      else if (seconds < 3600.0)
        out << static_cast<long>(seconds / 60.0) << " min "
            << static_cast<long>(std::fmod(seconds, 60.0)) << " s";
      else
        out << static_cast<long>(seconds / 3600.0) << " h "
            << static_cast<long>(std::fmod(seconds, 3600.0) / 60.0) << " min";
      return out.str();
    }

    /** Writes the rows of @p histories past @p rows as "key": {"<id>": {"time": t, "<var>": v}} ... */
    void
    write_new_rows(JsonStream &json, const std::string &key,
                   const std::map<unsigned, History> &histories,
                   std::map<unsigned, std::size_t>   &rows)
    {
      bool opened = false;
      for (const auto &[id, history] : histories)
        {
          std::size_t &written = rows[id];
          if (history.time.size() <= written)
            continue;
          if (!opened)
            {
              json.key(key);
              json.begin_object();
              opened = true;
            }
          json.key(std::to_string(id));
          json.begin_object();
          json.key("time");
          json.value(std::vector<double>(history.time.begin() + written, history.time.end()));
          for (const std::string &variable : ordered_variables(history))
            {
              const std::vector<double> &values = history.values.at(variable);
              json.key(variable);
              json.value(std::vector<double>(values.begin() + std::min(written, values.size()),
                                             values.end()));
            }
          json.end_object();
        }
      if (opened)
        json.end_object();
    }

    /** The rows of @p histories past @p rows as lines "   <kind> <id>  <var> <value> ...". */
    void
    report_new_rows(std::ostream &out, const std::string &kind,
                    const std::map<unsigned, History>     &histories,
                    const std::map<unsigned, std::size_t> &rows)
    {
      for (const auto &[id, history] : histories)
        {
          const auto        found   = rows.find(id);
          const std::size_t written = found == rows.end() ? 0 : found->second;
          for (std::size_t row = written; row < history.time.size(); ++row)
            {
              out << "   " << kind << " " << id;
              for (const std::string &variable : ordered_variables(history))
                out << "  " << variable
                    << report::cell(report::entry(history.values.at(variable), row));
              out << "\n";
            }
        }
    }

    /** BASE-<n>-<n>.vtu, BASE-<n>-<n>-lines.vtu, BASE-<n>-<n>.pvtu ...: a frame file of a run of BASE. */
    bool
    is_frame_file(const std::string &name, const std::string &base_name)
    {
      static const std::regex frame(R"(\d+-\d+(-lines|-surfaces|-points)?\.(vtu|pvtu))");
      return name.size() > base_name.size() + 1 &&
             name.compare(0, base_name.size() + 1, base_name + "-") == 0 &&
             std::regex_match(name.substr(base_name.size() + 1), frame);
    }
  } // namespace

  ResultStream::ResultStream(const core::Model &model, const std::string &directory,
                             const std::string &base_name, MPI_Comm communicator,
                             std::ostream &progress, const double progress_interval,
                             const unsigned max_frames_per_step)
    : model_(model)
    , directory_(directory.empty() ? "." : directory)
    , base_name_(base_name)
    , communicator_(communicator)
    , root_(dealii::Utilities::MPI::this_mpi_process(communicator) == 0)
    , progress_(progress)
    , progress_interval_(progress_interval)
    , max_frames_per_step_(std::max(2u, max_frames_per_step))
    , start_(std::chrono::steady_clock::now())
  {
    if (!root_)
      return;
    namespace fs = std::filesystem;
    const fs::path folder(directory_);
    fs::create_directories(folder);
    // A killed run must not leave the complete files of an earlier run beside its own.
    fs::remove(folder / (base_name_ + ".json"));
    fs::remove(folder / (base_name_ + ".pvd"));
    for (const auto &entry : fs::directory_iterator(folder))
      if (entry.is_regular_file() && is_frame_file(entry.path().filename().string(), base_name_))
        fs::remove(entry.path());

    Results empty;
    empty.deck_name = fs::path(model_.deck_path).filename().string();
    empty.status    = "running";
    restart_dat(empty);
    write_atomically((folder / (base_name_ + ".json")).string(),
                     [&](std::ostream &out) { JsonWriter(empty, &model_).write(out); });

    jsonl_.open(folder / (base_name_ + ".jsonl"));
    AssertThrow(jsonl_,
                dealii::ExcMessage("cannot open " + (folder / (base_name_ + ".jsonl")).string()));
    JsonStream json(jsonl_, true);
    json.begin_object();
    json.key("record");
    json.value("run");
    json.key("format");
    json.value("corot results stream");
    json.key("version");
    json.value(1u);
    json.key("deck");
    json.value(empty.deck_name);
    json.end_object();
    jsonl_.flush();

    sta_.open(folder / (base_name_ + ".sta"));
    AssertThrow(sta_,
                dealii::ExcMessage("cannot open " + (folder / (base_name_ + ".sta")).string()));
    sta_ << "# corot convergence log of " << empty.deck_name
         << ": one line per converged increment\n"
         << "# step increment iterations      step_time      increment  wall_time_s\n";
    sta_.flush();
  }

  double
  ResultStream::elapsed() const
  {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  void
  ResultStream::begin_step(const unsigned number)
  {
    step_number_ = number;
    step_period_ =
      number >= 1 && number <= model_.steps.size() ? period_of(model_.steps[number - 1]) : 0.0;
    step_started_    = elapsed();
    step_increments_ = 0;
    previous_time_   = 0.0;
    node_rows_.clear();
    element_rows_.clear();
    series_cursor_.clear();
    log_cursor_   = 0;
    frame_cursor_ = 0;
    frames_due_   = 0;
    frame_stride_ = 1;
    frame_number_ = 0;
    held_         = false;
    kept_.clear();
    salvaged_.reset();
    if (!root_)
      return;
    dat_ << "\n " << std::string(78, '=') << "\n STEP " << number
         << "  (in progress: one block per converged increment)\n " << std::string(78, '=') << "\n";
    dat_.flush();
  }

  void
  ResultStream::write_new_frames(StepResult &step, const bool flush_held)
  {
    while (frame_cursor_ < step.frames.size())
      {
        unsigned due = 0;
        if (held_)
          {
            // A frame off the stride, counted already: dropped when a newer one
            // arrives, written if it is the step's last.
            if (frame_cursor_ + 1 < step.frames.size())
              {
                step.frames.erase(step.frames.begin() + frame_cursor_);
                held_ = false;
                continue;
              }
            if (!flush_held)
              break;
            held_ = false;
            due   = frames_due_ - 1;
          }
        else
          {
            due = frames_due_++;
            if (due % frame_stride_ != 0)
              {
                held_ = true;
                continue;
              }
          }
        const FieldFrame &frame = step.frames[frame_cursor_];
        if (kept_.empty() && frame_number_ == 0)
          time_offset_ = (!any_listed_ || frame.time > last_listed_time_) ? 0.0 : last_listed_time_;
        ++frame_number_;
        KeptFrame kept{due, time_offset_ + frame.time, "", {}};
        if (root_)
          {
            const Results empty;
            kept.listed = VtuWriter(model_, empty)
                            .write_frame(directory_,
                                         base_name_ + "-" + std::to_string(step.number) + "-" +
                                           std::to_string(frame_number_),
                                         frame, frame_number_, kept.files);
          }
        const bool first = !any_listed_ && kept_.empty();
        kept_.push_back(std::move(kept));
        ++frame_cursor_;
        if (!kept_.back().listed.empty())
          {
            if (first)
              write_pvd();
            else
              append_to_pvd(kept_.back().time, kept_.back().listed);
          }
        if (kept_.size() > max_frames_per_step_)
          thin_frames(step);
      }
  }

  void
  ResultStream::thin_frames(StepResult &step)
  {
    frame_stride_ *= 2;
    std::vector<KeptFrame>   kept;
    std::vector<FieldFrame>  frames;
    std::vector<std::string> dropped;
    for (std::size_t i = 0; i < kept_.size(); ++i)
      if (kept_[i].due_index % frame_stride_ == 0)
        {
          kept.push_back(std::move(kept_[i]));
          frames.push_back(std::move(step.frames[i]));
        }
      else
        dropped.insert(dropped.end(), kept_[i].files.begin(), kept_[i].files.end());
    for (std::size_t i = kept_.size(); i < step.frames.size(); ++i)
      frames.push_back(std::move(step.frames[i]));
    kept_                  = std::move(kept);
    step.frames            = std::move(frames);
    frame_cursor_          = kept_.size();
    const std::string line = "at most " + std::to_string(max_frames_per_step_) +
                             " field frames per step: from here on every " +
                             std::to_string(frame_stride_) +
                             "-th frame the output requests ask for is written, and the frames "
                             "written so far are thinned alike";
    step.log.push_back(line);
    if (root_)
      {
        progress_ << "    " << line << std::endl;
        // The .pvd first, so that it never lists a file that is gone.
        write_pvd();
        for (const std::string &file : dropped)
          std::filesystem::remove(std::filesystem::path(directory_) / file);
      }
  }

  namespace
  {
    /** The closing lines of a .pvd. */
    const std::string pvd_tail = "  </Collection>\n</VTKFile>\n";

    /** One entry of a .pvd, the time with all the digits that tell it from its neighbours. */
    std::string
    pvd_entry(const double time, const std::string &file)
    {
      char buffer[40];
      std::snprintf(buffer, sizeof(buffer), "%.17g", time);
      return "    <DataSet timestep=\"" + std::string(buffer) + "\" group=\"\" part=\"0\" file=\"" +
             file + "\"/>\n";
    }
  } // namespace

  // Written here rather than by dealii::DataOutBase::write_pvd_record, which
  // prints the times with the stream's 6 digits (frames of a long run at
  // 100.0001 and 100.0002 would share one time) and cannot add one entry
  // to a file without writing all of it again.
  void
  ResultStream::write_pvd() const
  {
    if (!root_)
      return;
    std::vector<std::pair<double, std::string>> records = earlier_records_;
    for (const KeptFrame &frame : kept_)
      if (!frame.listed.empty())
        records.emplace_back(frame.time, frame.listed);
    if (records.empty())
      return;
    write_atomically(
      (std::filesystem::path(directory_) / (base_name_ + ".pvd")).string(), [&](std::ostream &out) {
        out << "<?xml version=\"1.0\"?>\n"
               "<VTKFile type=\"Collection\" version=\"0.1\" ByteOrder=\"LittleEndian\">\n"
               "  <Collection>\n";
        for (const auto &[time, file] : records)
          out << pvd_entry(time, file);
        out << pvd_tail;
      });
  }

  void
  ResultStream::append_to_pvd(const double time, const std::string &file) const
  {
    if (!root_)
      return;
    const std::filesystem::path name = std::filesystem::path(directory_) / (base_name_ + ".pvd");
    std::fstream                pvd(name, std::ios::in | std::ios::out | std::ios::binary);
    std::string                 tail(pvd_tail.size(), ' ');
    if (pvd)
      {
        pvd.seekg(-static_cast<std::streamoff>(pvd_tail.size()), std::ios::end);
        pvd.read(tail.data(), tail.size());
      }
    if (!pvd || tail != pvd_tail)
      {
        write_pvd(); // no file yet, or not one this stream wrote
        return;
      }
    // One write over the closing lines: a kill leaves the file before or after it.
    const std::string text = pvd_entry(time, file) + pvd_tail;
    pvd.seekp(-static_cast<std::streamoff>(pvd_tail.size()), std::ios::end);
    pvd.write(text.data(), text.size());
    pvd.flush();
    AssertThrow(pvd, dealii::ExcMessage("error while writing " + name.string()));
  }

  void
  ResultStream::write_dat_block(const StepResult &step, const double time, const unsigned increment,
                                const std::vector<std::string> &log, const SeriesEntries &series,
                                const std::vector<std::string> &frame_files)
  {
    dat_ << "\n increment " << increment << "  time" << report::cell(time);
    if (!frame_files.empty())
      dat_ << "  (field frame " << frame_files.front() << ")";
    dat_ << "\n";
    for (const std::string &line : log)
      dat_ << "   " << line << "\n";
    report_new_rows(dat_, "node", step.node_output, node_rows_);
    report_new_rows(dat_, "element", step.element_output, element_rows_);
    for (const auto &[name, values] : series)
      {
        dat_ << "   " << name;
        for (const double value : values)
          dat_ << report::cell(value);
        dat_ << "\n";
      }
    dat_.flush();
  }

  void
  ResultStream::increment_converged(StepResult &step, const double time, const unsigned increment)
  {
    if (increment > 0) // a dynamic step's increment 0 is its initial state
      {
        ++n_increments_;
        ++step_increments_;
      }
    const std::size_t first_new_frame = kept_.size();
    write_new_frames(step);
    std::vector<std::string> frame_files;
    for (std::size_t i = first_new_frame; i < kept_.size(); ++i)
      if (!kept_[i].listed.empty())
        frame_files.push_back(kept_[i].listed);

    const std::vector<std::string> log(step.log.begin() + std::min(log_cursor_, step.log.size()),
                                       step.log.end());
    log_cursor_ = step.log.size();
    const SeriesEntries series =
      step.results ? step.results->new_entries(series_cursor_) : SeriesEntries();
    int iterations = -1;
    for (const auto &[name, values] : series)
      if (name == "newton_iterations" && !values.empty())
        iterations = static_cast<int>(values.back());

    if (root_)
      {
        // Every file but the stream first: what BASE.jsonl lists is in all of them.
        write_dat_block(step, time, increment, log, series, frame_files);

        char line[160];
        std::snprintf(line, sizeof(line), "%6u %9u %10s %14.6e %14.6e %12.3f\n", step.number,
                      increment, iterations < 0 ? "-" : std::to_string(iterations).c_str(), time,
                      time - previous_time_, elapsed());
        sta_ << line;
        sta_.flush();

        JsonStream json(jsonl_, true);
        json.begin_object();
        json.key("record");
        json.value("increment");
        json.key("step");
        json.value(step.number);
        json.key("increment");
        json.value(increment);
        json.key("time");
        json.value(time);
        json.key("wall_time");
        json.value(elapsed());
        write_new_rows(json, "node_output", step.node_output, node_rows_);
        write_new_rows(json, "element_output", step.element_output, element_rows_);
        if (!series.empty())
          {
            json.key("series");
            json.begin_object();
            for (const auto &[name, values] : series)
              {
                json.key(name);
                json.value(values);
              }
            json.end_object();
          }
        if (!log.empty())
          {
            json.key("log");
            json.begin_array();
            for (const std::string &text : log)
              json.value(text);
            json.end_array();
          }
        if (!frame_files.empty())
          {
            json.key("frame");
            json.value(frame_files.front());
          }
        json.end_object();
        jsonl_.flush();
      }
    for (const auto &[id, history] : step.node_output)
      node_rows_[id] = history.time.size();
    for (const auto &[id, history] : step.element_output)
      element_rows_[id] = history.time.size();
    previous_time_ = time;
    report_progress(time, false);

    int signal = InterruptRequest::pending();
    if (dealii::Utilities::MPI::n_mpi_processes(communicator_) > 1)
      signal = dealii::Utilities::MPI::max(signal, communicator_);
    if (signal != 0)
      throw Interrupted(signal);
  }

  void
  ResultStream::report_progress(const double time, const bool force)
  {
    const double now = elapsed();
    if (!root_ || (!force && now - last_progress_ < progress_interval_))
      return;
    last_progress_             = now;
    const double       in_step = now - step_started_;
    std::ostringstream line;
    line << "  progress: step " << step_number_ << ", time " << std::setprecision(4) << time;
    if (step_period_ > 0.0)
      line << " of " << step_period_ << " (" << std::fixed << std::setprecision(0)
           << 100.0 * time / step_period_ << " %)" << std::defaultfloat;
    line << ", " << step_increments_ << " increments (" << std::setprecision(3)
         << (in_step > 0.0 ? step_increments_ / in_step : 0.0) << " per second), " << duration(now)
         << " elapsed";
    if (step_period_ > 0.0 && time > 0.0 && time < step_period_)
      line << ", about " << duration(in_step * (step_period_ - time) / time)
           << " left in this step";
    progress_ << line.str() << std::endl;
  }

  void
  ResultStream::restart_dat(const Results &results)
  {
    if (!root_)
      return;
    const std::filesystem::path name = std::filesystem::path(directory_) / (base_name_ + ".dat");
    if (dat_.is_open())
      dat_.close();
    write_atomically(name.string(), [&](std::ostream &out) {
      ReportWriter(model_, results).write_completed_steps(out);
    });
    dat_.open(name, std::ios::app);
    AssertThrow(dat_, dealii::ExcMessage("cannot open " + name.string() + " for appending"));
  }

  void
  ResultStream::end_step(Results &results)
  {
    StepResult &step = results.steps.back();
    write_new_frames(step, true);
    for (const KeptFrame &frame : kept_)
      if (!frame.listed.empty())
        {
          earlier_records_.emplace_back(frame.time, frame.listed);
          last_listed_time_ = frame.time;
          any_listed_       = true;
        }
    kept_.clear();

    results.status = "running";
    if (root_)
      {
        JsonStream json(jsonl_, true);
        json.begin_object();
        json.key("record");
        json.value("step");
        json.key("wall_time");
        json.value(elapsed());
        json.key("result");
        JsonWriter::write_step(json, step);
        json.end_object();
        jsonl_.flush();
        restart_dat(results);
        write_atomically((std::filesystem::path(directory_) / (base_name_ + ".json")).string(),
                         [&](std::ostream &out) { JsonWriter(results, &model_).write(out); });
      }
    step_number_ = 0;

    int signal = InterruptRequest::pending();
    if (dealii::Utilities::MPI::n_mpi_processes(communicator_) > 1)
      signal = dealii::Utilities::MPI::max(signal, communicator_);
    if (signal != 0)
      throw Interrupted(signal);
  }

  void
  ResultStream::salvage(const StepResult &step) noexcept
  {
    try
      {
        salvaged_ = step;
      }
    catch (...)
      {
        salvaged_.reset();
      }
  }

  std::vector<std::string>
  ResultStream::finish(Results &results, const std::string &status, const std::string &message)
  {
    AssertThrow(!finished_, dealii::ExcMessage("ResultStream::finish called twice"));
    finished_ = true;
    if (salvaged_ && (results.steps.empty() || results.steps.back().number != salvaged_->number))
      results.steps.push_back(std::move(*salvaged_));
    salvaged_.reset();
    if (step_number_ != 0 && !results.steps.empty() && results.steps.back().number == step_number_)
      {
        // The step cut short: its frames not written yet, the held-back last one included.
        write_new_frames(results.steps.back(), true);
      }
    results.status  = status;
    results.message = message;

    namespace fs = std::filesystem;
    const fs::path           folder(directory_);
    std::vector<std::string> files;
    if (!root_)
      return files;
    const double wall = elapsed();
    write_atomically((folder / (base_name_ + ".json")).string(),
                     [&](std::ostream &out) { JsonWriter(results, &model_).write(out); });
    if (dat_.is_open())
      dat_.close();
    write_atomically((folder / (base_name_ + ".dat")).string(),
                     [&](std::ostream &out) { ReportWriter(model_, results).write(out); });

    JsonStream json(jsonl_, true);
    json.begin_object();
    json.key("record");
    json.value("end");
    json.key("status");
    json.value(status);
    if (!message.empty())
      {
        json.key("message");
        json.value(message);
      }
    json.key("increments");
    json.value(n_increments_);
    json.key("wall_time");
    json.value(wall);
    json.end_object();
    jsonl_.close();
    sta_ << "# status " << status << (message.empty() ? "" : ": " + message) << "; "
         << n_increments_ << " increments in " << std::fixed << std::setprecision(3) << wall
         << " s wall time\n";
    sta_.close();

    for (const char *extension : {".dat", ".json", ".jsonl", ".sta"})
      files.push_back((folder / (base_name_ + extension)).string());
    std::size_t n_frame_files = 0;
    for (const auto &entry : fs::directory_iterator(folder))
      if (entry.is_regular_file() && is_frame_file(entry.path().filename().string(), base_name_))
        ++n_frame_files;
    if (fs::exists(folder / (base_name_ + ".pvd")))
      files.push_back((folder / (base_name_ + ".pvd")).string());

    std::ostringstream line;
    line << "corot: " << status << " in " << duration(wall) << " wall time, " << n_increments_
         << " increments";
    if (wall > 0.0 && n_increments_ > 0)
      line << " (" << std::setprecision(3) << n_increments_ / wall << " per second)";
    line << "; results:";
    for (const std::string &file : files)
      line << " " << file;
    if (n_frame_files > 0)
      line << " (" << n_frame_files << " " << base_name_ << "-*.vtu/.pvtu files)";
    progress_ << line.str() << std::endl;
    return files;
  }
} // namespace corot::io
