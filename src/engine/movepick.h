// Move ordering: hands out the legal moves of a node best-first, in stages: the TT move, winning
// captures and promotions, killers and quiet moves by history, then losing captures.
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

  Move next();  // Move::none() when there are no more
  // From now on quiet moves other than killers, the counter move and checks are left out.
  void skip_quiets() { skipQuiets = true; }
  bool is_bad_capture() const { return lastScore <= BAD_CAPTURE; }  // the move just returned

 private:
  static constexpr int BAD_CAPTURE = -1'000'000'000 + 1'000'000;
  enum class Stage { TT, GoodNoisy, Quiet, BadNoisy };
  struct Scored {
    Move move;
    int score;
  };

  void partition_and_score_noisy();
  int noisy_score(Move m) const;
  void score_quiets();
  Scored& select_best(int begin, int end);

  const Position& pos;
  const History& hist;
  Move ttMove;
  Move killers[2];
  Move counterMove;
  const PieceToHistory* cont[2];

  Move list[MAX_MOVES];
  Scored scored[MAX_MOVES];  // noisy moves in [0, noisyEnd), quiet ones in [quietBegin, count)
  int count = 0, noisyEnd = 0, quietBegin = 0, badNoisy = 0, cur = 0, lastScore = 0;
  Stage stage = Stage::TT;
  bool ttFound = false, skipQuiets = false;
};

}  // namespace sparring
