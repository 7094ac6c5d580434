// The UCI protocol loop: parses GUI commands, dispatches them to the engine, prints replies.
#pragma once

#include <iosfwd>
#include <mutex>
#include <string>

#include "chess/position.h"
#include "engine/search.h"
#include "levels/level_player.h"
#include "uci/options.h"

namespace sparring {

class UciLoop {
 public:
  UciLoop(std::istream& in, std::ostream& out);
  void run();  // until `quit` or end of input

  // Handles one command line; returns false on `quit`.
  bool handle(const std::string& line);
  // Blocks until the running search, if any, has printed its bestmove (the UCI fuzzer uses it to
  // stay deterministic). `go infinite` and `go ponder` searches end only on stop or ponderhit.
  void wait_for_search() { search.wait(); }

 private:
  void cmd_uci();
  void cmd_position(std::istringstream& is);
  void cmd_go(std::istringstream& is);
  void cmd_setoption(const std::string& line);
  void cmd_perft(int depth);
  void cmd_bench(std::istringstream& is);
  void stop_search();  // stops a running search and waits for its bestmove
  bool thinking() const { return search.searching() || levels.searching(); }
  void new_game_seed();  // the level's seed for the next game: the Seed option, or random if 0
  void print(const std::string& line);
  static std::string format_info(const Position& root, const IterationInfo& info);

  std::istream& in;
  std::ostream& out;
  std::mutex outMutex;
  Position pos;
  Search search;
  LevelPlayer levels{search};  // plays instead of the plain search when the strength is limited
  LevelSettings level;
  bool limitStrength = false;
  Options options;
};

}  // namespace sparring
