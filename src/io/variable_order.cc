#include <src/io/variable_order.h>

#include <algorithm>

namespace corot::io
{
  namespace
  {
    /**
     * Abaqus node-output names in the order a reader expects them, then the
     * section forces: at the middle, at end 1, at end 2.
     */
    const std::vector<std::string> &
    known_order()
    {
      static const std::vector<std::string> names = [] {
        std::vector<std::string> order = {"U1",  "U2",  "U3",  "UR1", "UR2", "UR3", "V1",
                                          "V2",  "V3",  "VR1", "VR2", "VR3", "A1",  "A2",
                                          "A3",  "AR1", "AR2", "AR3", "RF1", "RF2", "RF3",
                                          "RM1", "RM2", "RM3", "RF4", "RF5", "RF6"};
        for (const std::string position : {"", "_end1", "_end2"})
          for (const std::string component : {"SF1", "SF2", "SF3", "SM1", "SM2", "SM3"})
            order.push_back(component + position);
        return order;
      }();
      return names;
    }
  } // namespace

  std::vector<std::string>
  ordered_variables(const History &history)
  {
    std::vector<std::string> result;
    for (const std::string &name : known_order())
      if (history.values.count(name) > 0)
        result.push_back(name);
    for (const auto &name_and_values : history.values) // alphabetical
      if (std::find(known_order().begin(), known_order().end(), name_and_values.first) ==
          known_order().end())
        result.push_back(name_and_values.first);
    return result;
  }
} // namespace corot::io
