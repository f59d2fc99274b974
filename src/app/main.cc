/**
 * @file
 * The corot command line: `corot run DECK.inp [-o OUTDIR]`, `corot check DECK.inp`,
 * `corot --help [NAME]` (generated from the plugin registries, src/app/help_text.h).
 */
#include <src/analysis/analysis_runner.h>
#include <src/app/help_text.h>
#include <src/app/version_text.h>
#include <src/assembly/constraint_report.h>
#include <src/assembly/dof_numbering.h>
#include <src/assembly/element_builder.h>
#include <src/core/source_location.h>
#include <src/deck/deck_reader.h>
#include <src/io/interrupt_request.h>
#include <src/io/result_stream.h>
#include <src/solvers/blas_library.h>

#include <deal.II/base/mpi.h>

#include <boost/program_options.hpp>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace
{
  namespace po = boost::program_options;

  /** The words after `corot --help` (a topic may be several words: `corot --help beam section`). */
  std::string
  help_topic(const po::variables_map &arguments)
  {
    std::string topic;
    if (arguments.count("command"))
      topic = arguments["command"].as<std::string>();
    if (arguments.count("deck"))
      for (const std::string &word : arguments["deck"].as<std::vector<std::string>>())
        topic += " " + word;
    return topic;
  }
} // namespace

int
main(int argc, char **argv)
{
  dealii::Utilities::MPI::MPI_InitFinalize mpi(argc, argv, 1);
  const bool is_root = dealii::Utilities::MPI::this_mpi_process(MPI_COMM_WORLD) == 0;

  po::options_description options("options");
  options.add_options()("help,h",
                        "show this help; --help NAME: one keyword or element type in full")(
    "version", "show corot's version and the libraries it runs with (deal.II, Trilinos, Eigen, "
               "Boost, MPI, BLAS)")("output,o", po::value<std::string>(),
                                    "output directory (default: beside the deck)")(
    "progress", po::value<double>()->default_value(5.0),
    "seconds between progress lines (elapsed time, increments per second, time left)")(
    "memory", po::value<std::string>(),
    "the memory the model's matrices and sparse factor may take (512MB, 8G, 80% of the physical "
    "memory; default: what the machine has available); a model that needs more stops before "
    "they are allocated")(
    "no-mode-shapes",
    "leave the mode shapes of *FREQUENCY and *BUCKLE steps out of NAME.json (large models)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("deck",
                                                            po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1).add("deck", -1);

  po::variables_map                        arguments;
  std::optional<corot::core::MemoryBudget> memory;
  try
    {
      po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                arguments);
      po::notify(arguments);
      if (arguments.count("memory"))
        memory = corot::core::MemoryBudget::of_size(arguments["memory"].as<std::string>());
    }
  catch (const std::exception &error)
    {
      if (is_root)
        std::cerr << "corot: " << error.what() << " (see corot --help)" << std::endl;
      return 2;
    }

  if (arguments.count("version"))
    {
      if (is_root)
        std::cout << corot::app::version_text() << std::endl;
      return 0;
    }
  if (arguments.count("help") || !arguments.count("command"))
    {
      const corot::app::HelpText help  = corot::app::corot_help();
      const std::string          topic = arguments.count("help") ? help_topic(arguments) : "";
      if (topic.empty())
        {
          if (is_root)
            {
              std::ostringstream options_text;
              options_text << options;
              help.write_overview(std::cout, options_text.str());
            }
          return arguments.count("help") ? 0 : 2;
        }
      try
        {
          std::ostringstream text;
          help.write_topic(topic, text);
          if (is_root)
            std::cout << text.str();
          return 0;
        }
      catch (const std::invalid_argument &error)
        {
          if (is_root)
            std::cerr << "corot: " << error.what() << std::endl;
          return 2;
        }
    }
  const std::string command = arguments["command"].as<std::string>();
  if ((command != "run" && command != "check") || !arguments.count("deck") ||
      arguments["deck"].as<std::vector<std::string>>().size() != 1)
    {
      if (is_root)
        std::cerr << "corot: usage: corot run|check DECK.inp [-o OUTDIR] (see corot --help)"
                  << std::endl;
      return 2;
    }
  const std::string deck = arguments["deck"].as<std::vector<std::string>>().front();

  // The model outlives the stream, which refers to it until it is finished
  // (an error before the first step closes the files in a catch below).
  std::optional<corot::core::Model>        read_model;
  std::unique_ptr<corot::io::ResultStream> stream;
  // How an error ends the stream's files, if it is open; the exit status.
  const auto close_failed = [&stream](const std::string &status, const std::string &message) {
    if (stream && !stream->finished())
      {
        corot::io::Results none;
        stream->finish(none, status, message);
      }
  };
  try
    {
      const corot::core::Model &model = read_model.emplace(corot::deck::read_deck(deck));
      if (command == "check")
        {
          const auto elements = corot::assembly::build_elements(model);
          const auto dofs     = corot::assembly::number_dofs(model, elements);
          if (is_root)
            std::cout << deck << ": ok (" << model.nodes.size() << " nodes, "
                      << model.elements.size() << " elements, " << dofs.n_dofs() << " DOFs, "
                      << model.steps.size() << " steps)" << std::endl;
          // Which reactions the model determines (Wojtyra & Fraczek 2013), for
          // models with node-to-node constraints (connectors included).
          if (is_root && (!model.node_ties.empty() || !model.rigid_bodies.empty() ||
                          !model.equations.empty() || !model.connector_sections.empty()))
            corot::assembly::ConstraintReport(model, dofs).write(std::cout);
          return 0;
        }

      // OpenBLAS threads: the cores of this machine shared among its ranks.
      corot::solvers::configure_blas_threads(MPI_COMM_WORLD);

      const std::filesystem::path deck_path(deck);
      const std::string           output_directory =
        arguments.count("output") ?
                    arguments["output"].as<std::string>() :
                    (deck_path.has_parent_path() ? deck_path.parent_path().string() : ".");
      const std::string base = deck_path.stem().string();
      // SIGINT/SIGTERM: finish the increment, close the files, exit 128 + signal.
      corot::io::InterruptRequest::install();
      stream =
        std::make_unique<corot::io::ResultStream>(model, output_directory, base, MPI_COMM_WORLD,
                                                  std::cout, arguments["progress"].as<double>());
      stream->keep_mode_shapes(!arguments.count("no-mode-shapes"));
      corot::analysis::RunOptions run_options;
      run_options.job    = (std::filesystem::path(output_directory) / base).string();
      run_options.memory = memory;
      corot::io::Results results =
        corot::analysis::run_analysis(model, MPI_COMM_WORLD, std::cout, stream.get(), run_options);
      stream->finish(results, "completed", "");
      return 0;
    }
  catch (const corot::io::Interrupted &interrupted)
    {
      close_failed("interrupted", interrupted.what());
      if (is_root)
        std::cerr << deck << ": " << interrupted.what() << std::endl;
      return interrupted.exit_status();
    }
  catch (const corot::core::InputError &error)
    {
      try
        {
          close_failed("failed", error.what());
        }
      catch (const std::exception &) // the error of the run is the one to report
        {}
      if (is_root)
        std::cerr << error.what() << std::endl;
      return 1;
    }
  catch (const std::exception &error)
    {
      try
        {
          close_failed("failed", error.what());
        }
      catch (const std::exception &)
        {}
      if (is_root)
        std::cerr << deck << ": error: " << error.what() << std::endl;
      return 1;
    }
}
