#include <src/io/program_version.h>

#ifndef COROT_VERSION
#  error "COROT_VERSION must be defined (CMakeLists.txt sets it from project(corot VERSION ...))"
#endif

namespace corot::io
{
  std::string
  program_version()
  {
    return COROT_VERSION;
  }
} // namespace corot::io
