#include "mate_guard.h"

#include <algorithm>

#include "chess/movegen.h"
#include "engine/mate_search.h"
#include "engine/timeman.h"

namespace sparring {

namespace {
// The full-strength check: enough to see mates in 5 in ordinary positions within a fraction of a
// second. No depth cap, and no late-move reductions: a quiet mating move is a late move, and reduced
// it may first show at depth 18 or more. Of 61 mates in 5 with a quiet first move (the last plies of
// Lichess games, and a ladder game's), a clean search saw 55 within 150,000 nodes with reductions and
// 58 without. The prover's budget is larger because it only runs when a mate is already known.
constexpr std::uint64_t CHECK_NODES = 150'000;
// Where that check finds the side to move ahead but no mate, a mate is likelier and worth a longer
// look, with reductions this time: the two searches miss different mates (of the three the check
// misses, the search with reductions sees two within 130,000 nodes).
constexpr int WINNING_SCORE = 200;
constexpr std::uint64_t WINNING_CHECK_NODES = 500'000;
// In an ending (the short look below was cheap) the longer look may go on for the rest of the guard's
// time, up to this many nodes: there a mate is likely once a side is ahead, the search is fast, and the
// longest mates the prover cannot finish (a king-and-pawn race's mate in 7 that only 1.d7 keeps: 2.9 M
// nodes for the prover's complete proof) the full-strength search sees within a move's budget (800,000).
constexpr std::uint64_t ENDING_CHECK_NODES = 4'000'000;
constexpr std::uint64_t PROOF_NODES = 4'000'000;
// The exhaustive look for short mates (and mates in GUARD_MATE_MOVES that open with a check): on
// 400 tactical test positions 122k nodes and 43-62 ms on average, at most 1.15M and 0.33-0.52 s.
constexpr std::uint64_t SHORT_PROOF_NODES = 2'000'000;
// Where the short look was cheap (at most DEEP_START_NODES: an ending, a position with few moves), the
// prover goes on with every move tried at every length, one mate length at a
// time from 3 (the lengths it has refuted already are run again to measure how fast the tree grows) up
// to GUARD_DEEP_MATE_MOVES, while the next length, at the growth just measured, is likely to take at
// most DEEP_NODES and fits what is left of the short look's budget. In an ending the tree grows 4-13
// times a length and this reaches mates in 6-8: a king-and-pawn race's quiet mate in 6 that the
// full-strength search first sees at 2 million nodes, the prover proves in 71,000. In a middlegame it
// grows 12-26 times a length, and the short look alone takes 30,000-90,000 nodes.
constexpr int GUARD_DEEP_MATE_MOVES = 8;
constexpr std::uint64_t DEEP_START_NODES = 20'000;
constexpr std::uint64_t DEEP_NODES = 500'000;
// On a clock the prover gets no more nodes than it could visit in its time (1,000-3,000 a ms), so
// that a move in time trouble does not pay for a table sized for seconds.
constexpr std::uint64_t PROVER_NODES_PER_MS = 4'000;
// Below this many ms of the guard's time left the full-strength check is skipped: it takes 2-4 ms
// whatever its limit (measured over UCI with 10 ms on the clock).
constexpr int CHECK_FLOOR_MS = 3;

// The prover's mating move: the fastest there is (it stops at the first proof, every shorter
// mate refuted), so after it the mate is strictly shorter than it is now.
void keep_fastest(const MateSearchResult& proven, MateGuardResult& result) {
  if (proven.moves.empty()) return;
  result.move = proven.moves.front().move;
  result.mateIn = proven.moves.front().mateIn;
}

// The prover's root moves: the legal moves (only searchmoves', when the GUI gave them), the
// preferred ones first in their order. Empty (the prover's own order) when nothing is preferred.
std::vector<Move> root_order(const Position& pos, const std::vector<Move>& preference,
                             const std::vector<Move>& searchMoves) {
  if (preference.empty()) return searchMoves;
  std::vector<Move> order = searchMoves;
  if (order.empty())
    for (Move m : MoveList(pos)) order.push_back(m);
  auto rank = [&](Move m) { return std::find(preference.begin(), preference.end(), m) - preference.begin(); };
  std::stable_sort(order.begin(), order.end(), [&](Move a, Move b) { return rank(a) < rank(b); });
  return order;
}

}  // namespace

MateGuardResult mate_guard(Search& search, const Position& pos, const SearchLimits& base,
                           const std::atomic<bool>* stopFlag, const std::vector<Move>& preference) {
  // The clock bounds the whole guard, the proof included: the proof alone may take seconds.
  TimeManager clock;
  const bool timed = base.use_time();
  if (timed) clock.start(base.clock, base.movetime, search.options().moveOverhead, pos.game_ply());
  MateGuardResult result;
  auto interrupted = [&]() {
    return (stopFlag && stopFlag->load(std::memory_order_relaxed)) || (timed && clock.elapsed() >= clock.maximum());
  };
  auto nodes_for = [&](std::uint64_t nodes) {
    return timed ? std::min(nodes, PROVER_NODES_PER_MS * std::uint64_t(std::max<std::int64_t>(1, clock.maximum())))
                 : nodes;
  };

  MateSearchLimits shortProof;
  shortProof.maxMoves = GUARD_MATE_MOVES;
  shortProof.quietWithin = GUARD_PROVEN_MOVES;
  // On a clock this look gets a quarter of the guard's time at most: in an open position it can take
  // seconds, and the full-strength check after it, which sees most mates in a few thousand nodes, must
  // not be starved (a mate in 5 the check saw at 17,000 nodes was missed so on a busy machine).
  shortProof.nodeBudget = nodes_for(SHORT_PROOF_NODES) / (timed ? 4 : 1);
  shortProof.interrupted = [&] { return interrupted() || (timed && 4 * clock.elapsed() >= clock.maximum()); };
  shortProof.rootMoves = root_order(pos, preference, base.searchMoves);
  shortProof.firstOnly = true;
  const MateSearchResult shortMates = search_mates(pos, shortProof);
  result.nodes += shortMates.nodes;
  keep_fastest(shortMates, result);
  if (result.move) return result;
  const bool ending = shortMates.complete && shortMates.nodes <= DEEP_START_NODES;
  if (ending) {
    std::uint64_t left = shortProof.nodeBudget > shortMates.nodes ? shortProof.nodeBudget - shortMates.nodes : 0;
    std::uint64_t prev = 0, last = 0;
    MateSearchLimits deep = shortProof;
    for (int moves = 3; moves <= GUARD_DEEP_MATE_MOVES; ++moves) {
      if (moves > GUARD_PROVEN_MOVES && last * last / std::max<std::uint64_t>(prev, 1) > std::min(left, DEEP_NODES))
        break;
      deep.maxMoves = deep.quietWithin = moves;
      deep.nodeBudget = left;
      const MateSearchResult deeper = search_mates(pos, deep);
      result.nodes += deeper.nodes;
      left -= std::min(left, deeper.nodes);
      keep_fastest(deeper, result);
      if (result.move) return result;
      if (!deeper.complete) break;
      prev = std::max<std::uint64_t>(last, 1);
      last = std::max<std::uint64_t>(deeper.nodes, 1);
    }
  }

  // The check keeps to half of the guard's time; the other half is for the longer look where the side
  // to move is ahead. In deep time trouble the prover alone.
  const std::int64_t checkMs = timed ? clock.maximum() / 2 - clock.elapsed() : 0;
  if (timed && checkMs < CHECK_FLOOR_MS) return result;
  SearchLimits limits;
  if (timed) limits.movetime = int(checkMs);
  limits.searchMoves = base.searchMoves;
  limits.nodes = CHECK_NODES;  // not `mate`: that would hand the search to the prover, budget and all
  SearchOptions saved = search.options();
  search.options().multiPV = 1;
  search.options().featuresOff |= FEATURE_LMR;
  // A mate seen is enough: the prover takes over with the time left.
  SearchCallbacks untilMate;
  untilMate.onIteration = [&](const IterationInfo& info) {
    if (info.bound == BOUND_EXACT && info.score >= VALUE_MATE_IN_MAX_PLY) search.stop();
  };
  std::vector<RootMove> root = search.search_sync(pos, limits, untilMate);
  result.nodes += search.last_nodes();
  if (!root.empty() && root[0].score >= WINNING_SCORE && root[0].score < VALUE_MATE_IN_MAX_PLY && !interrupted()) {
    limits.nodes = ending ? ENDING_CHECK_NODES : WINNING_CHECK_NODES;
    if (timed) limits.movetime = int(std::max<std::int64_t>(1, clock.maximum() - clock.elapsed()));
    search.options().featuresOff = saved.featuresOff;  // the other view: reductions back on
    root = search.search_sync(pos, limits, untilMate);
    result.nodes += search.last_nodes();
  }
  search.options() = saved;
  if (root.empty() || root[0].score < VALUE_MATE_IN_MAX_PLY) return result;
  const int found = mate_in_moves(root[0].score);

  MateSearchLimits proof;
  proof.maxMoves = std::min(found, MAX_MATE_MOVES);
  proof.nodeBudget = nodes_for(PROOF_NODES);
  proof.interrupted = interrupted;
  proof.rootMoves = shortProof.rootMoves;  // the prover honours searchmoves itself
  proof.firstOnly = true;
  const MateSearchResult proven = search_mates(pos, proof);
  result.nodes += proven.nodes;
  keep_fastest(proven, result);
  if (!result.move) {
    // The prover ran out of budget: the search's own mating line is still a mate of that length.
    result.move = root[0].move;
    result.mateIn = found;
  }
  return result;
}

}  // namespace sparring
