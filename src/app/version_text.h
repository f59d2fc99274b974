#pragma once
/**
 * @file
 * What `corot --version` prints: corot's version and the libraries this
 * build runs with, for bug reports and for comparing runs on two machines.
 */
#include <string>

namespace corot::app
{
  /**
   * One line: "corot MAJOR.MINOR.PATCH (deal.II x.y.z with Trilinos x.y.z,
   * Eigen x.y.z, Boost x.y.z, MPI x.y; BLAS: <the shared object that defines
   * dgemm_ and its configuration>)". The library versions are those of the
   * headers this binary was compiled with; BLAS is found at run time
   * (solvers::BlasLibrary), as Debian's alternatives choose it.
   */
  std::string
  version_text();
} // namespace corot::app
