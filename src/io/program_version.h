#pragma once
/**
 * @file
 * The program's version, as CMake's project() states it (NAME.json "program").
 */
#include <string>

namespace corot::io
{
  /**
   * corot's version, "MAJOR.MINOR.PATCH" of project(corot VERSION ...) in the
   * top-level CMakeLists.txt, which passes it to program_version.cc alone as
   * the compile definition COROT_VERSION (so changing it recompiles one file).
   */
  std::string
  program_version();
} // namespace corot::io
