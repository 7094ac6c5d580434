#include "level_player.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "chess/movegen.h"
#include "engine/syzygy.h"
#include "engine/timeman.h"
#include "levels/candidates.h"
#include "levels/human_policy.h"
#include "levels/humanlike_choice.h"
#include "levels/mate_guard.h"

namespace sparring {

LevelParams level_params(const LevelSettings& level) {
  LevelParams params = level_params(level.elo);
  const LevelOverrides& o = level.overrides;
  params.scanDepth = o.scanDepth.value_or(params.scanDepth);
  params.modelElo = o.modelElo.value_or(params.modelElo);
  params.choice.temperature = o.temperature.value_or(params.choice.temperature);
  params.choice.appetite = o.appetite.value_or(params.choice.appetite);
  params.choice.decidedAppetite = o.decidedAppetite.value_or(params.choice.decidedAppetite);
  params.choice.wonAppetite = o.wonAppetite.value_or(params.choice.wonAppetite);
  params.choice.blunderSize = o.blunderSize.value_or(params.choice.blunderSize);
  params.choice.maxLoss = o.maxLoss.value_or(params.choice.maxLoss);
  return params;
}

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

void LevelPlayer::prepare() { HumanPolicy::embedded(); }

void LevelPlayer::wait() {
  if (thread.joinable()) thread.join();
}

Move LevelPlayer::choose(Search& search, const Position& pos, const SearchLimits& given, const LevelSettings& level,
                         const std::function<void(const IterationInfo&)>& onInfo, const std::atomic<bool>* stopFlag,
                         std::vector<std::pair<Move, double>>* chances) {
  if (chances) chances->clear();
  auto certain = [&](Move m) {
    if (chances) chances->assign(1, {m, 1.0});
    return m;
  };
  MoveList legal(pos);
  if (legal.size() == 0) return Move::none();
  SearchLimits limits = given;
  // Syzygy tablebases, when loaded: Expert and Master choose only among the moves that keep the best
  // result the tables give (a person of their rating converts KQvK), in their own way as anywhere else.
  // The lower levels keep their errors, and every level's own searches (the guard's and the scan's) run
  // without the tables: the scan must report a score for every move it looks at.
  if (level.elo >= LEVEL_TABLEBASE_ELO) {
    std::vector<syzygy::RankedMove> best;
    bool byDtz = false;
    int probed = 0;
    syzygy::keep_best_root_moves(pos, search.options().tb50MoveRule,
                                 std::min(search.options().tbProbeLimit, syzygy::max_pieces()), limits.searchMoves,
                                 best, byDtz, probed);
  }
  LevelParams params = level_params(level);
  if (pos.game_ply() < LEVEL_OPENING_PLIES) {
    // The model as it is, but for the low levels' taste for blunders (people of 600-1200 do blunder in
    // their first moves): no temperature, no shunned error, and no appetite for the scan's inaccuracies
    // and mistakes, which this early are mostly matters of opening taste (and none by the game's state).
    params.choice.temperature = 1.0;
    params.choice.appetite[ERROR_INACCURACY] = params.choice.appetite[ERROR_MISTAKE] = 0.0;
    params.choice.appetite[ERROR_BLUNDER] = std::max(params.choice.appetite[ERROR_BLUNDER], 0.0);
    params.choice.decidedAppetite = params.choice.wonAppetite = {};
  }
  // What a person of the level's rating would play here, by the human move model (Lichess blitz).
  const std::vector<MoveProbability> policy = HumanPolicy::embedded().evaluate(pos, params.modelElo, GameSource::BLITZ);

  // On a clock the choice (guard, scan, model) keeps to the soft budget the full-strength search would
  // plan for this move: at most half of it for the guard, the scan the rest; only the guard's longer
  // look where the side to move is ahead, or its proof of a mate found, may take the whole budget, and
  // the scan then still has half of it, all within the time manager's hard limit for the move. The
  // budget already keeps Move Overhead in reserve, so the phases run on plain move times with no
  // overhead of their own.
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return int(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  };
  int budget = 0;       // ms; 0: no clock
  int guardBudget = 0;  // ms: the budget, or less where the hard limit is near it
  if (limits.use_time()) {
    TimeManager plan;
    plan.start(limits.clock, limits.movetime, search.options().moveOverhead, pos.game_ply());
    budget = int(std::max<std::int64_t>(1, plan.optimum()));
    guardBudget = int(std::min<std::int64_t>(budget, plan.maximum() - budget / 2));
  }
  // The search's options as they were when the level is done. Meanwhile no Move Overhead of its
  // own, and the hand-written evaluation: the levels were calibrated on it (an EvalFile is for full strength).
  struct Restore {
    Search& s;
    SearchOptions saved;
    ~Restore() { s.options() = saved; }
  } restore{search, search.options()};
  if (budget) search.options().moveOverhead = 0;
  search.options().evalNet = nullptr;
  search.options().tablebases = false;
  auto within = [&](SearchLimits l, int ms) {
    if (budget) l.clock = TimeControl{}, l.movetime = std::max(1, ms);
    return l;
  };

  // 1. Never let a forced mate slip: a proven mate is always kept and shortened. The prover tries
  // first the moves a person of the level's rating would (so among equally short mates, that one).
  std::vector<MoveProbability> byLikeliness = policy;
  std::stable_sort(byLikeliness.begin(), byLikeliness.end(),
                   [](const MoveProbability& a, const MoveProbability& b) { return a.logit > b.logit; });
  std::vector<Move> preference;
  for (const MoveProbability& p : byLikeliness) preference.push_back(p.move);
  if (MateGuardResult guard = mate_guard(search, pos, within(limits, guardBudget), stopFlag, preference); guard.move) {
    if (onInfo) {
      IterationInfo info;
      info.depth = 2 * guard.mateIn - 1;
      info.score = VALUE_MATE - (2 * guard.mateIn - 1);
      info.nodes = guard.nodes;
      info.pv = {guard.move};
      onInfo(info);
    }
    return certain(guard.move);
  }
  if (stopFlag && stopFlag->load()) return certain(*legal.begin());

  // 2. Look at every move as the level does, then choose as a person of that rating would.
  // The scan thinks with what the guard left of the budget; in deep time trouble it is skipped and
  // the model chooses alone (a person too plays on instinct with seconds left).
  const int scanBudget = budget - std::min(elapsed(), budget / 2);  // at least half the budget
  SearchLimits scanLimits = within(limits, scanBudget);
  if (limits.depth > 0) scanLimits.depth = std::min(limits.depth, params.scanDepth);
  int scanDepth = scanLimits.depth > 0 ? scanLimits.depth : params.scanDepth;
  if (budget && scanBudget < LEVEL_SCAN_FLOOR_MS) scanDepth = 0;
  CandidateScan scan = scan_candidates(search, pos, scanDepth, scanLimits, [&](const IterationInfo& info) {
    if (onInfo && info.multiPV == 1) onInfo(info);
  });
  if (scan.moves.empty()) return certain(*legal.begin());
  const int chosen = choose_humanlike(scan, policy, params.choice, level_random(level.seed, pos.key()));
  if (chances) {
    const std::vector<double> p = humanlike_probabilities(scan, policy, params.choice);
    for (std::size_t i = 0; i < p.size(); ++i)
      if (p[i] > 0) chances->emplace_back(scan.moves[i].move, p[i]);
  }
  if (onInfo && scan.depthReached > 0) {
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
