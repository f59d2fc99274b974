/**
 * @file
 * corot used as a library: reads a deck whose first step is *FREQUENCY, runs it, then changes
 * the model in code (Young's and shear moduli of every element times four) and runs it again.
 * Natural frequencies scale with the square root of the stiffness, so every frequency must
 * double (exactly, up to the eigensolver's round-off); the program says so and exits with 1 if
 * not. Prints one JSON line a script can read.
 */
#include <src/analysis/analysis_runner.h>
#include <src/analysis/frequency_results.h>
#include <src/core/model.h>
#include <src/deck/deck_reader.h>

#include <deal.II/base/mpi.h>

#include <cmath>
#include <iostream>
#include <sstream>
#include <vector>

namespace
{
  std::vector<double>
  first_step_frequencies(const corot::core::Model &model)
  {
    std::ostringstream progress;
    const auto         results = corot::analysis::run_analysis(model, MPI_COMM_WORLD, progress);
    return results.steps.at(0).results_as<corot::analysis::FrequencyResults>().frequencies;
  }
} // namespace

int
main(int argc, char *argv[])
{
  dealii::Utilities::MPI::MPI_InitFinalize mpi(argc, argv, 1);
  if (argc != 2)
    {
      std::cerr << "usage: corot_consumer DECK.inp (a deck whose first step is *FREQUENCY)\n";
      return 2;
    }
  corot::core::Model model       = corot::deck::read_deck(argv[1]);
  const auto         frequencies = first_step_frequencies(model);

  for (auto &element : model.element_definitions)
    {
      element.material.youngs_modulus *= 4.0;
      element.material.shear_modulus *= 4.0;
    }
  const auto stiffer = first_step_frequencies(model);

  double largest_deviation = 0.0;
  for (std::size_t i = 0; i < frequencies.size() && i < stiffer.size(); ++i)
    largest_deviation = std::max(largest_deviation, std::abs(stiffer[i] / frequencies[i] - 2.0));
  const bool ok =
    !frequencies.empty() && frequencies.size() == stiffer.size() && largest_deviation < 1e-9;
  std::cout.precision(10);
  std::cout << "{\"modes\": " << frequencies.size()
            << ", \"first_frequency\": " << (frequencies.empty() ? 0.0 : frequencies[0])
            << ", \"largest_deviation_of_ratio_from_2\": " << largest_deviation
            << ", \"ok\": " << (ok ? "true" : "false") << "}\n";
  return ok ? 0 : 1;
}
