#include <src/io/json_writer.h>
#include <src/io/report_writer.h>
#include <src/io/result_files.h>
#include <src/io/vtu_writer.h>

#include <deal.II/base/exceptions.h>

#include <filesystem>
#include <fstream>

namespace corot::io
{
  void
  write_results(const core::Model &model, const Results &results,
                const std::string &output_directory, const std::string &base_name)
  {
    const std::filesystem::path directory(output_directory.empty() ? "." : output_directory);
    std::filesystem::create_directories(directory);
    JsonWriter(results, &model).write((directory / (base_name + ".json")).string());
    ReportWriter(model, results).write((directory / (base_name + ".dat")).string());
    VtuWriter(model, results).write(directory.string(), base_name);
    for (const StepResult &step : results.steps)
      for (const auto &[name, contents] : step.files)
        {
          const std::filesystem::path path = directory / name;
          std::ofstream               out(path);
          out << contents;
          AssertThrow(out.good(), dealii::ExcMessage("cannot write " + path.string()));
        }
  }
} // namespace corot::io
