// Static exchange evaluation: does a move win at least `threshold` centipawns once all captures on
// its target square are played out, each side recapturing with its least valuable piece?
#pragma once

#include "chess/position.h"

namespace sparring {

constexpr int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};

bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace sparring
