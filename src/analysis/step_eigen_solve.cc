#include <src/analysis/step_eigen_solve.h>

#include <stdexcept>

namespace corot::analysis
{
  solvers::EigenPairs
  solve_for_step(const core::Step &step, io::StepResult &result,
                 const std::function<solvers::EigenPairs()> &solve)
  {
    solvers::EigenPairs pairs;
    try
      {
        pairs = solve();
      }
    catch (const std::runtime_error &error)
      {
        throw core::InputError(step.procedure_at, error.what());
      }
    if (!pairs.factorization.empty())
      {
        result.direct_solver = pairs.factorization;
        result.log.push_back("sparse factorization: " + pairs.factorization);
      }
    return pairs;
  }
} // namespace corot::analysis
