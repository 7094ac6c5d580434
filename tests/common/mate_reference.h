// A plain full-width mate search: no table, no move ordering, no pruning of any kind. Slow but
// plainly right, it is the reference the mate prover and `go mate` are checked against on small
// cases (mates in 1 and 2). Draw claims are not modelled: use positions with a low 50-move clock.
#pragma once

#include <algorithm>
#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"

namespace sparring::reference {

bool mates_within(Position& pos, int n);

// The defender to move: mated now, or mated within k more attacker moves whatever it plays.
inline bool mated_within(Position& pos, int k) {
  MoveList replies(pos);
  if (replies.size() == 0) return pos.in_check();
  if (k == 0) return false;
  for (Move r : replies) {
    pos.make_move(r);
    const bool mates = mates_within(pos, k);
    pos.undo_move(r);
    if (!mates) return false;
  }
  return true;
}

// The side to move can force mate in at most n moves.
inline bool mates_within(Position& pos, int n) {
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    const bool mates = mated_within(pos, n - 1);
    pos.undo_move(m);
    if (mates) return true;
  }
  return false;
}

struct Mate {
  Move move;
  int mateIn;
};

// Every first move that mates in at most maxMoves with its shortest mate, sorted by that length
// and then by move encoding.
inline std::vector<Mate> mating_moves(Position pos, int maxMoves) {
  std::vector<Mate> out;
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    for (int d = 1; d <= maxMoves; ++d)
      if (mated_within(pos, d - 1)) {
        out.push_back({m, d});
        break;
      }
    pos.undo_move(m);
  }
  std::sort(out.begin(), out.end(), [](const Mate& a, const Mate& b) {
    return a.mateIn != b.mateIn ? a.mateIn < b.mateIn : a.move.raw() < b.move.raw();
  });
  return out;
}

}  // namespace sparring::reference
