#include <elements/section_forces_at_ends.h>

#include <cassert>

namespace corot::elements
{
  std::vector<std::pair<std::string, double>>
  section_forces_at_ends(const std::vector<std::string> &names, const Eigen::VectorXd &end1,
                         const Eigen::VectorXd &end2)
  {
    assert(names.size() == static_cast<std::size_t>(end1.size()) &&
           names.size() == static_cast<std::size_t>(end2.size()));
    std::vector<std::pair<std::string, double>> forces;
    forces.reserve(3 * names.size());
    for (std::size_t k = 0; k < names.size(); ++k)
      forces.emplace_back(names[k], 0.5 * (end1[k] + end2[k]));
    for (std::size_t k = 0; k < names.size(); ++k)
      forces.emplace_back(names[k] + "_end1", end1[k]);
    for (std::size_t k = 0; k < names.size(); ++k)
      forces.emplace_back(names[k] + "_end2", end2[k]);
    return forces;
  }

  std::vector<std::pair<std::string, double>>
  spatial_beam_section_forces(const Eigen::Vector3d &force_end1, const Eigen::Vector3d &moment_end1,
                              const Eigen::Vector3d &force_end2, const Eigen::Vector3d &moment_end2)
  {
    // Local components (t, n1, n2) -> SF1 SF2 SF3 SM1 SM2 SM3.
    const auto abaqus = [](const Eigen::Vector3d &f, const Eigen::Vector3d &m) {
      Eigen::VectorXd v(6);
      v << f[0], f[2], f[1], m[1], m[2], m[0];
      return v;
    };
    return section_forces_at_ends({"SF1", "SF2", "SF3", "SM1", "SM2", "SM3"},
                                  abaqus(force_end1, moment_end1), abaqus(force_end2, moment_end2));
  }
} // namespace corot::elements
