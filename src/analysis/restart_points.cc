#include <src/analysis/procedure_registry.h>
#include <src/analysis/restart_points.h>
#include <src/io/interrupt_request.h>

#include <boost/crc.hpp>

#include <filesystem>

namespace corot::analysis
{
  namespace
  {
    /** The record's BaseState entries. */
    void
    store_base(io::RestartRecord &record, const BaseState &base)
    {
      record.set("base.step", static_cast<double>(base.step));
      record.set("base.nonlinear", base.nonlinear ? 1.0 : 0.0);
      record.set("base.linear_dofs", base.linear_dofs);
      record.set("base.carried_residual", base.carried_residual);
    }

    BaseState
    load_base(const io::RestartRecord &record)
    {
      BaseState base;
      base.step                           = static_cast<unsigned>(record.number("base.step"));
      base.nonlinear                      = record.number("base.nonlinear") != 0.0;
      const std::vector<double> &linear   = record.numbers("base.linear_dofs");
      const std::vector<double> &residual = record.numbers("base.carried_residual");
      base.linear_dofs      = Eigen::Map<const Eigen::VectorXd>(linear.data(), linear.size());
      base.carried_residual = Eigen::Map<const Eigen::VectorXd>(residual.data(), residual.size());
      return base;
    }

    /** A vector of 3-vectors as one array. */
    std::vector<double>
    flatten(const std::vector<Eigen::Vector3d> &vectors)
    {
      std::vector<double> values;
      values.reserve(3 * vectors.size());
      for (const Eigen::Vector3d &v : vectors)
        values.insert(values.end(), v.data(), v.data() + 3);
      return values;
    }

    std::vector<Eigen::Vector3d>
    unflatten(const io::RestartRecord &record, const std::string &name, const unsigned n_nodes)
    {
      const Eigen::VectorXd        values = record.vector(name, 3 * std::size_t(n_nodes));
      std::vector<Eigen::Vector3d> vectors(n_nodes);
      for (unsigned i = 0; i < n_nodes; ++i)
        vectors[i] = values.segment<3>(3 * i);
      return vectors;
    }
  } // namespace

  RestartPoints::RestartPoints(const core::Model &model, const core::DofMap &dofs, std::string job,
                               MPI_Comm communicator)
    : model_(model)
    , dofs_(dofs)
    , file_(std::move(job) + ".res")
    , communicator_(communicator)
  {}

  void
  RestartPoints::store(io::RestartRecord &record, const std::string &name,
                       const core::Configuration &configuration)
  {
    record.set(name + ".displacements", flatten(configuration.displacements));
    record.set(name + ".velocities", flatten(configuration.velocities));
    record.set(name + ".angular_velocities", flatten(configuration.angular_velocities));
    std::vector<double> rotations;
    rotations.reserve(4 * configuration.n_nodes());
    for (const Eigen::Quaterniond &q : configuration.rotations)
      rotations.insert(rotations.end(), q.coeffs().data(), q.coeffs().data() + 4);
    record.set(name + ".rotations", std::move(rotations));
  }

  core::Configuration
  RestartPoints::load(const io::RestartRecord &record, const std::string &name,
                      const unsigned n_nodes)
  {
    core::Configuration configuration(n_nodes);
    configuration.displacements      = unflatten(record, name + ".displacements", n_nodes);
    configuration.velocities         = unflatten(record, name + ".velocities", n_nodes);
    configuration.angular_velocities = unflatten(record, name + ".angular_velocities", n_nodes);
    const Eigen::VectorXd rotations  = record.vector(name + ".rotations", 4 * std::size_t(n_nodes));
    for (unsigned i = 0; i < n_nodes; ++i)
      configuration.rotations[i].coeffs() = rotations.segment<4>(4 * i);
    return configuration;
  }

  std::uint32_t
  RestartPoints::fingerprint(const unsigned steps) const
  {
    boost::crc_32_type crc;
    const auto add = [&crc](const auto &value) { crc.process_bytes(&value, sizeof(value)); };
    for (const core::NodeRecord &node : model_.nodes)
      {
        add(node.id);
        for (unsigned k = 0; k < 3; ++k)
          add(node.position[k]);
      }
    for (const core::ElementRecord &element : model_.elements)
      {
        add(element.id);
        crc.process_bytes(element.type.data(), element.type.size());
        for (const unsigned id : element.node_ids)
          add(id);
      }
    add(dofs_.n_dofs());
    for (unsigned node = 0; node < dofs_.n_nodes(); ++node)
      for (unsigned k = 0; k < core::n_dof_kinds; ++k)
        add(dofs_.index(node, static_cast<core::DofKind>(k)));
    for (unsigned s = 0; s < steps && s < model_.steps.size(); ++s)
      if (const ProcedureTypeInfo *procedure = ProcedureRegistry::instance().of(model_.steps[s]))
        {
          const std::string name = procedure->name();
          crc.process_bytes(name.data(), name.size());
          add(model_.steps[s].nlgeom);
          if (procedure->general_period)
            add(procedure->general_period(model_.steps[s]));
        }
    return crc.checksum();
  }

  std::optional<RestartPoints::Resume>
  RestartPoints::read(AnalysisContext &context)
  {
    if (!model_.restart_read)
      return std::nullopt;
    const core::RestartRead &request = *model_.restart_read;
    Resume                   resume;
    resume.file = file_;
    if (!request.file.empty())
      {
        std::filesystem::path path(request.file);
        if (!path.has_extension())
          path += ".res";
        if (path.is_relative())
          path = std::filesystem::path(model_.deck_path).parent_path() / path;
        resume.file = path.string();
      }
    const auto fail = [&](const std::string &message) {
      throw core::InputError(request.defined_at, "*RESTART, READ: " + message);
    };
    try
      {
        std::string torn;
        std::tie(resume.position, resume.record) =
          io::RestartFile::read(resume.file, request.step, request.increment, &torn);
        if (!torn.empty())
          context.progress << request.defined_at.str() << ": warning: " << resume.file << ": "
                           << torn << std::endl;
      }
    catch (const io::RestartError &error)
      {
        fail(error.what());
      }
    const io::RestartPosition &at = resume.position;
    if (at.step > model_.steps.size())
      fail(resume.file + " holds a point of step " + std::to_string(at.step) +
           ", but this deck has " + std::to_string(model_.steps.size()) + " steps");
    try
      {
        const double written = resume.record.number("fingerprint");
        if (written != static_cast<double>(fingerprint(at.step)))
          fail(resume.file + " was written for another model or other steps (" +
               resume.record.text("model") +
               "): the deck must define the same nodes, elements "
               "and DOFs, and the same procedures in steps 1 to " +
               std::to_string(at.step));
        // Inside a step, its prologue runs on the step's start configuration
        // (the procedure then takes its state at the point from the record).
        context.configuration =
          load(resume.record, at.complete ? "configuration" : "step_start", model_.nodes.size());
        context.base = load_base(resume.record);
      }
    catch (const io::RestartError &error)
      {
        fail(resume.file + ": " + error.what() + " (a restart file of another corot version?)");
      }
    // Going on from this run's own file: its points stay, the new ones follow.
    std::error_code same;
    written_ = std::filesystem::equivalent(resume.file, file_, same);
    resume_  = std::move(resume);
    return resume_;
  }

  const RestartPoints::Resume *
  RestartPoints::resume_of(const unsigned number) const
  {
    return resume_ && !resume_->position.complete && resume_->position.step == number ? &*resume_ :
                                                                                        nullptr;
  }

  const RestartPoints::Resume *
  RestartPoints::going_on(const AnalysisContext &context, const unsigned number,
                          std::vector<std::string> &log)
  {
    const Resume *resume =
      context.restart != nullptr ? context.restart->resume_of(number) : nullptr;
    if (resume != nullptr)
      {
        log.push_back("restart: going on from " + resume->position.describe() + " (" +
                      resume->file + ")");
        context.progress << "  " << log.back() << std::endl;
      }
    return resume;
  }

  void
  RestartPoints::begin_step(const AnalysisContext &context, const unsigned number)
  {
    step_           = number;
    last_increment_ = 0;
    last_time_.reset();
    const core::Step &step = model_.steps[number - 1];
    if (const Resume *resume = resume_of(number))
      {
        step_start_     = load(resume->record, "step_start", model_.nodes.size());
        last_increment_ = resume->position.increment;
        last_time_      = resume->position.time;
      }
    else if (step.restart.active())
      step_start_ = context.configuration;
  }

  void
  RestartPoints::increment_converged(
    const AnalysisContext &context, const core::Step &step, const unsigned increment,
    const double time, const bool last,
    const std::function<void(io::RestartRecord &)> &procedure_state)
  {
    last_increment_ = increment;
    last_time_      = time;
    if (!step.restart.active())
      return;
    // The step's end writes its own point after the last increment (with
    // the loads committed); SIGINT/SIGTERM points come from interrupted().
    if (last || increment % step.restart.frequency != 0)
      return;
    write(context, step, {step_, increment, false, time}, procedure_state);
  }

  void
  RestartPoints::interrupted(const AnalysisContext &context, const core::Step &step,
                             const unsigned increment, const double time, const bool last,
                             const std::function<void(io::RestartRecord &)> &procedure_state)
  {
    if (!step.restart.active() || last || written_at_ == std::make_pair(step_, increment))
      return;
    write(context, step, {step_, increment, false, time}, procedure_state);
  }

  void
  record_increment(const AnalysisContext &context, const core::Step &step, const unsigned increment,
                   const double time, const bool last,
                   const std::function<void(io::RestartRecord &)> &procedure_state,
                   const std::function<void()>                    &record)
  {
    if (context.restart != nullptr)
      context.restart->increment_converged(context, step, increment, time, last, procedure_state);
    try
      {
        record();
      }
    catch (const io::Interrupted &)
      {
        // The stream stops the run after this increment on every rank at once:
        // this increment becomes a restart point (collective, as the stream's decision).
        if (context.restart != nullptr)
          context.restart->interrupted(context, step, increment, time, last, procedure_state);
        throw;
      }
  }

  void
  RestartPoints::step_completed(const AnalysisContext &context, const core::Step &step,
                                const unsigned number, const double time)
  {
    if (!step.restart.active())
      return;
    io::RestartPosition position;
    position.step      = number;
    position.increment = last_increment_;
    position.complete  = true;
    position.time      = last_time_.value_or(time);
    write(context, step, position, {});
  }

  void
  RestartPoints::write(const AnalysisContext &context, const core::Step &step,
                       const io::RestartPosition                      &position,
                       const std::function<void(io::RestartRecord &)> &procedure_state)
  {
    // Rank 0 writes (every rank holds the replicated state); every rank
    // learns whether it could, so that all stop together on a failure.
    std::string failure;
    if (dealii::Utilities::MPI::this_mpi_process(communicator_) == 0)
      try
        {
          write_on_this_rank(context, step, position, procedure_state);
        }
      catch (const std::exception &error)
        {
          failure = error.what();
        }
    if (dealii::Utilities::MPI::max(failure.empty() ? 0 : 1, communicator_) != 0)
      throw core::InputError(step.restart.defined_at,
                             failure.empty() ?
                               "writing the restart file " + file_ + " failed on rank 0" :
                               failure);
    written_    = true;
    written_at_ = {position.step, position.increment};
    context.progress << "  restart point: " << position.describe() << " in " << file_ << std::endl;
  }

  void
  RestartPoints::write_on_this_rank(const AnalysisContext &context, const core::Step &step,
                                    const io::RestartPosition                      &position,
                                    const std::function<void(io::RestartRecord &)> &procedure_state)
  {
    io::RestartRecord record;
    record.set("fingerprint", static_cast<double>(fingerprint(position.step)));
    record.set_text("model", std::to_string(model_.nodes.size()) + " nodes, " +
                               std::to_string(model_.elements.size()) + " elements, " +
                               std::to_string(dofs_.n_dofs()) + " DOFs, written by " +
                               model_.deck_path);
    store(record, "configuration", context.configuration);
    store_base(record, context.base);
    if (!position.complete)
      {
        store(record, "step_start", step_start_);
        if (procedure_state)
          procedure_state(record);
      }
    io::RestartFile::write(file_, position, record, !written_ || step.restart.overlay);
  }
} // namespace corot::analysis
