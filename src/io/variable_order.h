#pragma once
/**
 * @file
 * The order in which the writers list the variables of a History.
 */
#include <src/io/results.h>

#include <string>
#include <vector>

namespace corot::io
{
  /**
   * The variable names of @p history in engineering order rather than
   * std::map's alphabetical one: U1 U2 U3 UR1 UR2 UR3, then V..., A...,
   * RF1 RF2 RF3 RM1 RM2 RM3, then any other name (section forces such as N,
   * M1, ...) alphabetically. Only names present in @p history are returned.
   */
  std::vector<std::string>
  ordered_variables(const History &history);
} // namespace corot::io
