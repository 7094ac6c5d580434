// Every legal move of a position, scored the way a level looks at it: a glance (one ply with
// captures resolved) and a deeper search, both for all moves (MultiPV over the whole list).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/search.h"

namespace sparring {

struct Candidate {
  Move move;
  int glance = 0;          // score from the mover's side after the one-ply look
  int deep = 0;            // score after the deeper search
  std::uint16_t bits = 0;  // what a glance tells about the move (policy::move_bits)
};

struct CandidateScan {
  std::vector<Candidate> moves;  // every legal move (or the searchmoves), best deep score first
  int depthReached = 0;          // the deepest iteration that scored every move
  std::uint64_t nodes = 0;
};

// Scores every root move to `depth` plies (fewer if the clock or `stop` intervenes: the last
// complete iteration counts; depth 0: no search, every move unscored). `base` bounds the time and
// nodes; threads and hash are the search's.
// `onIteration` sees every iteration's lines (one per move; multipv 1 is the best).
CandidateScan scan_candidates(Search& search, const Position& pos, int depth, const SearchLimits& base,
                              const std::function<void(const IterationInfo&)>& onIteration = {});

}  // namespace sparring
