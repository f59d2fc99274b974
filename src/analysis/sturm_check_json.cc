#include <src/analysis/sturm_check_json.h>

namespace corot::analysis
{
  void
  write_sturm_check(io::JsonStream &json, const solvers::SturmCheck &check)
  {
    json.key("sturm_check");
    json.begin_object();
    json.key("shift");
    json.value(check.shift);
    if (check.lower_shift)
      {
        json.key("lower_shift");
        json.value(*check.lower_shift);
      }
    json.key("eigenvalues_below");
    json.value(check.eigenvalues_below);
    json.key("reported_below");
    json.value(check.reported_below);
    json.key("reported");
    json.value(check.reported);
    json.key("approximate");
    json.value(check.approximate);
    json.key("passed");
    json.value(check.passed());
    json.end_object();
  }
} // namespace corot::analysis
