// perft: counts the leaf nodes of the legal move tree, the standard check of a move generator.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "position.h"

namespace sparring {

// Leaves at `depth` plies. The last ply is counted in bulk, without making the moves.
std::uint64_t perft(Position& pos, int depth);

// The count below each root move, in move-generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

// An interruptible count (for `go perft`, which `stop` and `quit` must be able to end). The plain
// perft() above is left without any check, so it keeps its speed.
struct PerftResult {
  std::uint64_t nodes = 0;  // every leaf counted, up to the stop if there was one
  bool stopped = false;     // cut short by the stop flag: `nodes` is a partial count
};

// As perft_divide, but `onMove(move, count)` is called for each root move as soon as its count is
// complete (with `pos` back at the root), and the count gives up soon after `stop` becomes true:
// the flag is read once per node three plies above the leaves, every few thousand to a
// hundred thousand leaves (well under a millisecond). A root move whose count was cut short is not reported.
PerftResult perft_divide(Position& pos, int depth, const std::atomic<bool>& stop,
                         const std::function<void(Move, std::uint64_t)>& onMove);

}  // namespace sparring
