#include <src/deck/deck_parser.h>
#include <src/deck/deck_reader.h>
#include <src/deck/deck_tokenizer.h>

#include <iostream>

namespace corot::deck
{
  core::Model
  read_deck(const std::string &path)
  {
    return read_deck(path, std::cerr);
  }

  core::Model
  read_deck(const std::string &path, std::ostream &warnings)
  {
    DeckTokenizer tokenizer;
    return DeckParser(warnings).parse(tokenizer.read(path), path);
  }
} // namespace corot::deck
