#pragma once
/**
 * @file
 * Evaluation of *AMPLITUDE time functions.
 */
#include <src/core/model.h>

#include <deal.II/base/function_parser.h>

#include <map>
#include <memory>
#include <string>

namespace corot::analysis
{
  /**
   * Values of the model's amplitudes at a step time. TABULAR amplitudes are
   * interpolated linearly and held constant outside their range (Abaqus);
   * EXPRESSION amplitudes are muParser formulas in t evaluated by deal.II's
   * FunctionParser.
   */
  class AmplitudeTable
  {
  public:
    explicit AmplitudeTable(const core::Model &model);

    /**
     * Factor of a load or prescribed value at step time @p time. An empty
     * @p name means the default: a linear ramp time / period over the step
     * for static steps (@p ramp true) and the full value otherwise.
     */
    double
    value(const std::string &name, double time, double period, bool ramp) const;

  private:
    const core::Model                                                &model_;
    std::map<std::string, std::unique_ptr<dealii::FunctionParser<1>>> expressions_;
  };
} // namespace corot::analysis
