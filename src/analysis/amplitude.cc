#include <src/analysis/amplitude.h>
#include <src/core/expression_constants.h>

#include <deal.II/base/point.h>

namespace corot::analysis
{
  AmplitudeTable::AmplitudeTable(const core::Model &model)
    : model_(model)
  {
    for (const auto &[name, amplitude] : model.amplitudes)
      if (amplitude.is_expression)
        {
          auto parser = std::make_unique<dealii::FunctionParser<1>>(1);
          try
            {
              parser->initialize("t", amplitude.expression, core::expression_constants());
            }
          catch (const std::exception &)
            {
              throw core::InputError(amplitude.defined_at,
                                     "cannot parse the amplitude expression '" +
                                       amplitude.expression + "'");
            }
          expressions_.emplace(name, std::move(parser));
        }
  }

  double
  AmplitudeTable::value(const std::string &name, const double time, const double period,
                        const bool ramp) const
  {
    if (name.empty())
      return ramp ? (period > 0.0 ? time / period : 1.0) : 1.0;

    const core::Amplitude &amplitude = model_.amplitudes.at(name);
    if (amplitude.is_expression)
      return expressions_.at(name)->value(dealii::Point<1>(time));

    const auto &points = amplitude.points;
    if (points.empty())
      return 0.0;
    if (time <= points.front().first)
      return points.front().second;
    if (time >= points.back().first)
      return points.back().second;
    for (unsigned i = 1; i < points.size(); ++i)
      if (time <= points[i].first)
        {
          const auto [t0, v0] = points[i - 1];
          const auto [t1, v1] = points[i];
          return t1 > t0 ? v0 + (v1 - v0) * (time - t0) / (t1 - t0) : v1;
        }
    return points.back().second;
  }
} // namespace corot::analysis
