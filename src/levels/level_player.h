// Plays a move at a strength level: the forced-mate guard first, then a scan of every move and
// the humanlike choice. Runs in its own thread with the same start/stop/ponderhit/wait contract
// as Search, so the UCI loop can drive either the same way.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <thread>

#include "engine/search.h"
#include "levels/level.h"

namespace sparring {

// Calibration experiments only: replace what the level's rating sets (see LevelParams).
struct LevelOverrides {
  std::optional<int> scanDepth;
  std::optional<int> modelElo;
  std::optional<double> temperature;
  std::optional<ErrorAppetite> appetite;
  std::optional<ErrorAppetite> decidedAppetite;
  std::optional<ErrorAppetite> wonAppetite;
  std::optional<double> blunderSize;
  std::optional<double> maxLoss;
};

struct LevelSettings {
  int elo = LEVEL_ELO_MAX;
  std::uint64_t seed = 1;  // the game's seed: the same seed replays the same choices
  LevelOverrides overrides;
};

// The level's parameters at its rating (level.h) with its overrides applied.
LevelParams level_params(const LevelSettings& level);

class LevelPlayer {
 public:
  explicit LevelPlayer(Search& search) : search(search) {}
  ~LevelPlayer();

  void start(const Position& pos, const SearchLimits& limits, SearchCallbacks callbacks, LevelSettings level);
  void stop();
  void ponderhit();
  void wait();
  bool searching() const { return running.load(); }
  // Loads what the first move would otherwise load on the clock (the human move model, ~50 ms).
  static void prepare();

  // The move a level chooses in `pos`, on the calling thread (tests and tools use this directly).
  // `onInfo` receives the honest evaluation lines; `stopFlag` may end the thinking early; `chances`, if
  // given, receives every move the level might have played here with its chance (the move chosen is
  // a sample of them; a proven mate: that move alone).
  static Move choose(Search& search, const Position& pos, const SearchLimits& limits, const LevelSettings& level,
                     const std::function<void(const IterationInfo&)>& onInfo, const std::atomic<bool>* stopFlag,
                     std::vector<std::pair<Move, double>>* chances = nullptr);
  // The same with no clock, no output and no stop: what tools and tests ask of a level.
  static Move choose(Search& search, const Position& pos, int elo, std::uint64_t seed) {
    LevelSettings level;
    level.elo = elo;
    level.seed = seed;
    return choose(search, pos, SearchLimits{}, level, {}, nullptr);
  }

 private:
  void run(Position pos, SearchLimits limits, SearchCallbacks callbacks, LevelSettings level);

  Search& search;
  std::thread thread;
  std::atomic<bool> stopFlag{false}, ponderFlag{false}, infinite{false}, running{false};
};

}  // namespace sparring
