// perft: counts the leaf nodes of the legal move tree, the standard check of a move generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "position.h"

namespace sparring {

// Leaves at `depth` plies. The last ply is counted in bulk, without making the moves.
std::uint64_t perft(Position& pos, int depth);

// The count below each root move, in move-generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace sparring
