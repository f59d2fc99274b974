#pragma once
/**
 * @file
 * The public entry point of the deck reader.
 */
#include <src/core/model.h>

#include <ostream>
#include <string>

namespace corot::deck
{
  /**
   * Reads the Abaqus/CalculiX keyword deck @p path (with its *INCLUDE files) and
   * returns the fully resolved model: every set name and id reference replaced
   * by id lists, section properties computed, every element checked to have a
   * section of the right kind. Throws core::InputError, whose what() is
   * "file:line: message", for every user error. Warnings for ignored keywords
   * go to std::cerr.
   */
  core::Model
  read_deck(const std::string &path);

  /** As read_deck(path), with warnings written to @p warnings. */
  core::Model
  read_deck(const std::string &path, std::ostream &warnings);
} // namespace corot::deck
