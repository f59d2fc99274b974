#pragma once
/**
 * @file
 * What a *DYNAMIC step reports beyond the common step output.
 */
#include <src/io/results.h>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Results of *DYNAMIC ("dynamic"). NAME.json: "energy" (time, kinetic,
   * strain, external_work, viscous_dissipation, total, numerical_dissipation and, when recorded, "angular_momentum" L1
   * L2 L3), "node_output" and "newton_iterations" always, "element_output"
   * and "time_increments" when not empty. NAME.dat: the node and element
   * tables, the energy balance with the drift of the total energy, and the
   * Newton summary.
   */
  class DynamicResults : public io::ProcedureResults
  {
  public:
    io::EnergyHistory     energy;
    std::vector<unsigned> newton_iterations; ///< per accepted increment
    std::vector<double>   time_increments;   ///< length of each accepted increment

    std::string
    procedure() const override;

    void
    write_json(io::JsonStream &json, const io::StepResult &step) const override;

    void
    write_report(std::ostream &out, const io::StepResult &step) const override;

    /**
     * "energy.time", "energy.kinetic", "energy.strain", "energy.external_work",
     * "energy.total", "energy.angular_momentum.L1" (L2, L3), "newton_iterations"
     * and "time_increments" entries since @p cursor.
     */
    io::SeriesEntries
    new_entries(io::StreamCursor &cursor) const override;
  };
} // namespace corot::analysis
