// Move ordering: hands out the legal moves of a node best-first, by one score per move.
#pragma once

#include "chess/position.h"
#include "engine/history.h"

namespace sparring {

class MovePicker {
 public:
  // For the main search. `cont` holds the continuation-history rows for 1 and 2 plies back (may be null).
  MovePicker(const Position& pos, Move ttMove, const History& hist, const Move killers[2], Move counter,
             const PieceToHistory* const cont[2]);
  // For quiescence: captures and promotions only, unless in check (then every evasion).
  MovePicker(const Position& pos, Move ttMove, const History& hist);

  Move next();
  void skip_quiets() { skipQuiets = true; }
  bool is_bad_capture() const { return lastScore <= BAD_CAPTURE; }  // the move just returned

 private:
  static constexpr int BAD_CAPTURE = -1'000'000'000 + 1'000'000;
  void score(const History& hist, const Move killers[2], Move counter, const PieceToHistory* const cont[2]);

  struct Scored {
    Move move;
    int score;
    bool quiet;
  };
  const Position& pos;
  Move ttMove;
  Scored moves[MAX_MOVES];
  int count = 0, cur = 0, lastScore = 0;
  bool skipQuiets = false;
};

}  // namespace sparring
