#include <src/io/json_writer.h>
#include <src/io/report_writer.h>
#include <src/io/result_files.h>
#include <src/io/vtu_writer.h>

#include <filesystem>

namespace corot::io
{
  void
  write_results(const core::Model &model, const Results &results,
                const std::string &output_directory, const std::string &base_name)
  {
    const std::filesystem::path directory(output_directory.empty() ? "." : output_directory);
    std::filesystem::create_directories(directory);
    JsonWriter(results).write((directory / (base_name + ".json")).string());
    ReportWriter(model, results).write((directory / (base_name + ".dat")).string());
    VtuWriter(model, results).write(directory.string(), base_name);
  }
} // namespace corot::io
