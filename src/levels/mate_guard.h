// The forced-mate guard that runs before any deliberate error, at every level: when a short
// full-strength check finds a forced mate for the side to move, the level must play a move that
// keeps it and shortens it. The guard cannot be switched off by a level.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/search.h"

namespace sparring {

constexpr int GUARD_MATE_MOVES = 5;    // mates up to this many moves (9 plies) must be found and kept
constexpr int GUARD_PROVEN_MOVES = 4;  // ...up to this many without the search's pruning, and those of
                                       // GUARD_MATE_MOVES whose first move is a check

struct MateGuardResult {
  Move move;       // a move that mates fastest (none: no mate found)
  int mateIn = 0;  // its mate length in moves
  std::uint64_t nodes = 0;
};

// Mates in up to GUARD_PROVEN_MOVES are searched for exhaustively by the mate prover, so a quiet
// mating move the pruned search would overlook is still found, and so are mates in GUARD_MATE_MOVES
// that open with a check (the prover's quietWithin). Longer mates: a full-strength search without
// late-move reductions within a fixed node budget spots the mate, and where it finds the side to move
// ahead, a longer one with them; the prover then proves a move that mates as fast or faster (a
// proof, not a guess). The prover stops at the first proof: the mate length is exact, and it tries
// the moves in the order of `preference` first (a level gives its human model's: among equally
// short mates the one a person would see first), then, from the second mate length on, those that
// came nearest to mating. `limits` supplies the clock (the guard may use all of it) and searchmoves;
// `stopFlag` may cut it short.
MateGuardResult mate_guard(Search& search, const Position& pos, const SearchLimits& limits,
                           const std::atomic<bool>* stopFlag = nullptr, const std::vector<Move>& preference = {});

}  // namespace sparring
