#include <src/io/result_files.h>

#include <filesystem>
#include <fstream>

namespace corot::io
{
  void
  write_results(const core::Model &model, const Results &results, const std::string &directory,
                const std::string &base_name)
  {
    std::filesystem::create_directories(directory);
    {
      std::ofstream json(std::filesystem::path(directory) / (base_name + ".json"));
      write_json(results, json);
    }
    {
      std::ofstream report(std::filesystem::path(directory) / (base_name + ".dat"));
      write_report(model, results, report);
    }
    write_vtu(model, results, directory, base_name);
  }
} // namespace corot::io
