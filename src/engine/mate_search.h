// The mate prover: an exhaustive AND/OR search that proves which moves force mate within a given
// number of moves, and how fast. Unlike the main search it prunes nothing it cannot justify (no
// null move, no reductions, no futility), so its answers are proofs: a move it lists mates against
// every defence, and a move it leaves out cannot mate that fast, unless it says it ran out of budget.
//
// Mate lengths count the attacker's moves, the first one included: "mate in 1" is a mating move.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "chess/position.h"

namespace sparring {

constexpr int MAX_MATE_MOVES = 60;

struct MatingMove {
  Move move;
  int mateIn = 0;        // full moves to mate, counting this move
  std::vector<Move> pv;  // filled only when asked for: the move, the longest defence, the fastest mate
};

struct MateSearchLimits {
  int maxMoves = 1;                   // look for mates in at most this many moves (1..MAX_MATE_MOVES)
  std::uint64_t nodeBudget = 0;       // positions to visit at most; 0 = no limit
  std::function<bool()> interrupted;  // polled every few thousand nodes; true stops the search
  int pvLines = 0;                    // work out a principal variation for this many of the mating moves
  // Consider only these first moves, tried in this order at each mate length; empty = all legal
  // moves, checks first, then captures and promotions (the likeliest mates first).
  std::vector<Move> rootMoves;
  // Stop at the first move proven: its mate length is still exact (every shorter length was refuted
  // for every move first), but other moves that mate as fast are not looked for. With rootMoves in
  // order of preference, the move returned is the preferred one among the fastest mates.
  bool firstOnly = false;
  // The attacker tries moves that do not give check only when at most this many of its moves are
  // left to mate: checks alone before that. Far cheaper, so the prover reaches further, but
  // `complete` then means complete among such mates (the moves listed are still proofs).
  int quietWithin = MAX_MATE_MOVES;
};

struct MateSearchResult {
  std::vector<MatingMove> moves;  // every mating move found, shortest mate first
  // True when the search ran to the end: `moves` is then every move that mates in <= maxMoves,
  // each with its exact shortest mate (with firstOnly: the first fastest mate found, see there). False: budget or
  // interruption cut it short; the moves listed are still proven and exact, but moves that mate later than the first
  // one may be missing.
  bool complete = false;
  std::uint64_t nodes = 0;
};

// Every legal move of the side to move that forces mate in <= limits.maxMoves.
MateSearchResult search_mates(const Position& pos, const MateSearchLimits& limits);

// The same, in short: the mating moves sorted shortest first; `complete` as in MateSearchResult.
std::vector<MatingMove> find_mating_moves(const Position& pos, int maxMoves, std::uint64_t nodeBudget,
                                          bool* complete = nullptr);

// The length of the side to move's shortest forced mate, or 0 if there is none in <= maxMoves (or
// the budget ran out first: then `complete` is false). Cheaper than find_mating_moves, which must
// also disprove every slower move.
int shortest_mate(const Position& pos, int maxMoves, std::uint64_t nodeBudget, bool* complete = nullptr);

}  // namespace sparring
