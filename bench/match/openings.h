// Opening suites: EPD (one position a line) or PGN (tag pairs and SAN moves), checked against the
// rules library when loaded.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/types.h"

namespace sparring::match {

struct Opening {
  std::string fen;             // the start position, as the rules library writes it
  std::vector<Move> moves;     // moves played from `fen` before the engines take over (PGN suites)
  bool standardStart = false;  // `fen` is the normal initial position (PGN then needs no FEN tag)
};

struct OpeningSuite {
  std::vector<Opening> openings;
  int skipped = 0;         // entries that failed to load
  std::string firstError;  // why the first of them failed, with its line number
};

// Loads EPD or PGN (chosen by the extension: .pgn, else by a first line starting with '['). In PGN
// at most `maxPlies` moves of each game are kept (0: all). Returns "" or why nothing could be read.
std::string load_openings(const std::string& path, bool chess960, int maxPlies, OpeningSuite& out);

// The order in which openings are played: sequential, or a shuffle seeded with `seed` (each
// opening once before any repeats).
std::vector<int> opening_order(int count, bool random, std::uint64_t seed);

}  // namespace sparring::match
