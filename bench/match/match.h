// The match: engine pairs in worker threads, openings handed out in colour-swapped pairs, results
// gathered into PGN, progress lines, statistics and the SPRT.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  std::vector<std::string> poolFiles;  // --pool: no match, the results of these outputs pooled
};

// Runs the match and prints the report. Returns the exit code: 0 for a completed match (all games,
// or an SPRT decision), 1 when interrupted or an engine cannot be run, 2 for bad input files.
int run_match(MatchConfig config);

// Reads the summaries of earlier runs' outputs (the same two engines, in the same order), adds up their
// games and game pairs and prints the pooled score and Elo as a match's summary does. Returns 0, or 2
// (one line on stderr) for a file that cannot be read, holds no summary or names other engines.
int pool_results(const std::vector<std::string>& files);

}  // namespace sparring::match
