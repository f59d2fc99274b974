#pragma once
/**
 * @file
 * Modal data as a universal file holds it (io::read_uff, io::write_uff):
 * nodes, units and normal modes, e.g. measured in a test campaign.
 */
#include <src/core/source_location.h>

#include <Eigen/Dense>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace corot::core
{
  /** A node of dataset 15 or 2411. */
  struct UffNode
  {
    unsigned        id = 0;
    Eigen::Vector3d position;
  };

  /** Dataset 164: the file's units (SI value = file value / factor). */
  struct UffUnits
  {
    unsigned    code = 1; ///< 1 SI, 2 BG, ... 9 user defined
    std::string description;
    double      length_factor = 1.0;
    double      force_factor  = 1.0;
  };

  /** One normal mode of dataset 55. */
  struct UffMode
  {
    unsigned number     = 0;   ///< record 7: mode number
    double   frequency  = 0.0; ///< record 8: Hz
    double   modal_mass = 0.0, viscous_damping = 0.0, hysteretic_damping = 0.0;
    unsigned values_per_node = 3; ///< 3 (translations) or 6 (and rotations)
    /** Node id -> its values (X, Y, Z[, RX, RY, RZ]); a node left out is 0. */
    std::map<unsigned, std::vector<double>> values;
    core::SourceLocation                    defined_at; ///< the dataset's "55" line
  };

  /** What a universal file holds of modal data. */
  struct UffData
  {
    std::vector<UffNode>     nodes;
    std::optional<UffUnits>  units;
    std::vector<UffMode>     modes;
    std::vector<std::string> skipped; ///< "dataset 58 at line 120", ...
  };

} // namespace corot::core
