// The match: engine pairs in worker threads, openings handed out in colour-swapped pairs, results
// gathered into PGN, progress lines, statistics and the SPRT.
#pragma once

#include <cstdint>
#include <string>

#include "game.h"
#include "pgn_writer.h"
#include "stats.h"
#include "uci_engine.h"

namespace sparring::match {

struct MatchConfig {
  EngineConfig engines[2];
  GameSettings game;
  int games = 2;
  int concurrency = 1;
  std::string openingsPath;  // empty: every game from the start position
  bool randomOrder = false;
  std::uint64_t seed = 0;
  bool seedGiven = false;
  int openingPlies = 0;  // PGN openings: keep at most this many plies (0: all)
  std::string pgnPath;
  PgnHeader pgnHeader;
  SprtConfig sprt;
  bool debug = false;
};

// Runs the match and prints the report. Returns the exit code: 0 for a completed match (all games,
// or an SPRT decision), 1 when interrupted or an engine cannot be run, 2 for bad input files.
int run_match(MatchConfig config);

}  // namespace sparring::match
