#include "level_player.h"

#include <chrono>
#include <cmath>

#include "chess/movegen.h"
#include "levels/candidates.h"
#include "levels/human_model.h"
#include "levels/humanlike_choice.h"
#include "levels/mate_guard.h"

namespace sparring {

LevelPlayer::~LevelPlayer() {
  stop();
  wait();
}

void LevelPlayer::start(const Position& pos, const SearchLimits& limits, SearchCallbacks callbacks,
                        LevelSettings level) {
  wait();
  // Set before the thread starts so that a `stop` right after `go` is never lost.
  stopFlag = false;
  ponderFlag = limits.ponder;
  infinite = limits.infinite;
  running = true;
  thread = std::thread([=, this]() { run(pos, limits, callbacks, level); });
}

void LevelPlayer::stop() {
  stopFlag = true;
  search.stop();
}

void LevelPlayer::ponderhit() { ponderFlag = false; }

void LevelPlayer::wait() {
  if (thread.joinable()) thread.join();
}

Move LevelPlayer::choose(Search& search, const Position& pos, const SearchLimits& limits, const LevelSettings& level,
                         const std::function<void(const IterationInfo&)>& onInfo, const std::atomic<bool>* stopFlag) {
  MoveList legal(pos);
  if (legal.size() == 0) return Move::none();
  LevelParams params = level_params(level.elo);
  const LevelOverrides& o = level.overrides;
  params.scanDepth = o.scanDepth.value_or(params.scanDepth);
  params.appetiteScale = o.appetiteScale.value_or(params.appetiteScale);
  params.maxLoss = o.maxLoss.value_or(params.maxLoss);
  HumanModel model = human_model(params.elo);
  model.temperature *= float(params.temperatureScale * o.temperatureScale);

  const auto started = std::chrono::steady_clock::now();
  // 1. Never let a forced mate slip: a proven mate is always kept and shortened.
  if (MateGuardResult guard = mate_guard(search, pos, limits, stopFlag); !guard.moves.empty()) {
    std::size_t best = 0;
    double bestLogit = -INFINITY;
    for (std::size_t i = 0; i < guard.moves.size(); ++i) {
      FeatureVector f;
      describe_move(pos, guard.moves[i], f);
      // Among equally short mates, the most natural-looking one.
      if (double u = human_logit(f, model); u > bestLogit) bestLogit = u, best = i;
    }
    if (onInfo) {
      IterationInfo info;
      info.depth = 2 * guard.mateIn - 1;
      info.score = VALUE_MATE - (2 * guard.mateIn - 1);
      info.nodes = guard.nodes;
      info.pv = {guard.moves[best]};
      onInfo(info);
    }
    return guard.moves[best];
  }
  if (stopFlag && stopFlag->load()) return *legal.begin();

  // 2. Look at every move as the level does, then choose as a person of that rating would.
  // The scan thinks with what the guard left on the clock.
  SearchLimits scanLimits = limits;
  const int spent =
      int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  if (scanLimits.clock.time >= 0) scanLimits.clock.time = std::max(1, scanLimits.clock.time - spent);
  if (scanLimits.movetime > 0) scanLimits.movetime = std::max(1, scanLimits.movetime - spent);
  if (limits.depth > 0) scanLimits.depth = std::min(limits.depth, params.scanDepth);
  CandidateScan scan = scan_candidates(search, pos, scanLimits.depth > 0 ? scanLimits.depth : params.scanDepth,
                                       scanLimits, [&](const IterationInfo& info) {
                                         if (onInfo && info.multiPV == 1) onInfo(info);
                                       });
  if (scan.moves.empty()) return *legal.begin();
  const int chosen = choose_humanlike(scan, params, model, level_random(level.seed, pos.key()));
  if (onInfo) {
    // The last line shows the move played with the level's honest score for it.
    IterationInfo info;
    info.depth = std::max(1, scan.depthReached);
    info.score = scan.moves[chosen].deep;
    info.nodes = scan.nodes;
    info.pv = {scan.moves[chosen].move};
    onInfo(info);
  }
  return scan.moves[chosen].move;
}

void LevelPlayer::run(Position pos, SearchLimits limits, SearchCallbacks callbacks, LevelSettings level) {
  const auto started = std::chrono::steady_clock::now();
  auto onInfo = [&](const IterationInfo& in) {
    if (!callbacks.onIteration) return;
    IterationInfo info = in;
    info.timeMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    callbacks.onIteration(info);
  };
  // Pondering at a level would only change the timing; the move is chosen the same way.
  SearchLimits own = limits;
  own.ponder = own.infinite = false;
  const Move best = choose(search, pos, own, level, onInfo, &stopFlag);
  // In infinite or ponder mode the GUI expects no bestmove before stop (or ponderhit).
  while ((infinite.load() || ponderFlag.load()) && !stopFlag.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  running = false;
  if (callbacks.onBestMove) callbacks.onBestMove(best, Move::none());
}

}  // namespace sparring
