// One game parsed from PGN text, for tests that review or replay a short game.
#pragma once

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "chess/pgn.h"

namespace sparring::testing {

inline PgnGame parse_game(const std::string& text) {
  std::istringstream in(text);
  PgnReader reader(in, "test.pgn");
  PgnGame game;
  std::string error;
  const PgnStatus status = reader.read(game, error);
  INFO(error);
  REQUIRE(status == PgnStatus::GAME);
  return game;
}

}  // namespace sparring::testing
