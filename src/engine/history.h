// Move-ordering statistics learned during search: which quiet moves caused cutoffs before.
#pragma once

#include <cstdint>
#include <cstring>

#include "chess/types.h"

namespace sparring {

constexpr int HISTORY_MAX = 16384;

// Moves the value towards +-HISTORY_MAX by `bonus`, slowing as it nears the bound ("gravity"),
// so old information fades and values never overflow.
inline void update_history(std::int16_t& v, int bonus) {
  int clamped = bonus > HISTORY_MAX ? HISTORY_MAX : bonus < -HISTORY_MAX ? -HISTORY_MAX : bonus;
  v = std::int16_t(v + clamped - v * (clamped < 0 ? -clamped : clamped) / HISTORY_MAX);
}

inline int history_bonus(int depth) { return depth > 13 ? 1600 : 12 * depth * depth + 60 * depth - 40; }

// [piece][to] of a quiet move, following a given [piece][to] earlier in the line.
using PieceToHistory = std::int16_t[16][64];

// What the continuation histories of the last two moves say of a quiet move of `pc` to `to`
// (rows may be null).
inline int continuation_score(const PieceToHistory* const cont[2], Piece pc, Square to) {
  return (cont[0] ? (*cont[0])[pc][to] : 0) + (cont[1] ? (*cont[1])[pc][to] : 0);
}

struct History {
  std::int16_t butterfly[COLOR_NB][64][64];     // [side][from][to]
  std::int16_t capture[16][64][PIECE_TYPE_NB];  // [piece][to][captured type]
  PieceToHistory continuation[16][64];          // [previous piece][previous to]
  Move counterMove[16][64];                     // the reply that refuted [piece][to]

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

}  // namespace sparring
