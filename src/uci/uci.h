// The UCI protocol loop: parses GUI commands, dispatches them to the engine, prints replies.
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "chess/position.h"
#include "engine/search.h"
#include "levels/level_player.h"
#include "nn/nnue.h"
#include "uci/options.h"

namespace sparring {

class UciLoop {
 public:
  UciLoop(std::istream& in, std::ostream& out);
  ~UciLoop();  // stops whatever still runs
  // Until `quit` or end of input. At the end of input a running search is stopped, as by `quit`,
  // but a running `go perft` is let finish first (`echo "go perft 5" | sparring` prints its count).
  void run();

  // Handles one command line; returns false on `quit`.
  bool handle(const std::string& line);
  // Blocks until the running search, if any, has printed its bestmove, or the running `go perft`
  // its count (the UCI fuzzer uses it to stay deterministic). `go infinite` and `go ponder`
  // searches end only on stop or ponderhit.
  void wait_for_search() {
    search.wait();
    wait_perft();
  }

 private:
  void cmd_uci();
  void cmd_position(std::istringstream& is);
  void cmd_go(std::istringstream& is);
  void cmd_setoption(const std::string& line);
  void cmd_perft(std::istringstream& is);
  void wait_perft();  // joins the perft thread, if any, once its count is complete
  void cmd_bench(std::istringstream& is);
  void stop_search();  // stops a running search or perft and waits for its bestmove or last line
  bool thinking() const { return search.searching() || levels.searching() || perftRunning.load(); }
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
  // The evaluation network EvalFile loaded; none: the built-in network.
  std::unique_ptr<nn::NnueNet> evalNet;
  std::string evalFileLoaded;  // its path, shown again when a later EvalFile fails
  Options options;
  // `go perft` counts on its own thread, like a search, so that the loop keeps reading commands.
  std::thread perftThread;
  std::atomic<bool> perftStop{false}, perftRunning{false};
};

}  // namespace sparring
