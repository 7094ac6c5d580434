// Ending games early on the engines' evaluations, with cutechess-cli's semantics.
#pragma once

#include "chess/types.h"
#include "uci_engine.h"

namespace sparring::match {

struct AdjudicationRules {
  // Resign: a side whose engine scores at most -resignScore cp for resignMoveCount consecutive
  // moves of its own loses; with twoSided the opponent must also score at least +resignScore.
  int resignMoveCount = 0;
  int resignScore = 0;
  bool resignTwoSided = false;
  // Draw: once drawMoveNumber full moves are played, both engines within drawScore cp of zero for
  // drawMoveCount consecutive moves each (2 * drawMoveCount plies).
  int drawMoveNumber = 0;
  int drawMoveCount = 0;
  int drawScore = 0;
  // A draw once the game (opening moves included) reaches this many full moves; 0: no limit.
  int maxMoves = 0;

  bool resign_enabled() const { return resignMoveCount > 0; }
  bool draw_enabled() const { return drawMoveCount > 0; }
};

class Adjudicator {
 public:
  enum Verdict { NONE, DRAW, WHITE_WINS, BLACK_WINS };

  explicit Adjudicator(const AdjudicationRules& r) : rules(r) {}

  // Records the evaluation behind the move `mover` just made; `plies` counts the moves of the game
  // so far (opening moves included), this one included. A move without a searched score (no
  // score, depth 0) resets the counters, as in cutechess.
  Verdict add(Color mover, const SearchInfo& info, int plies);

 private:
  const AdjudicationRules& rules;
  int drawCount = 0;
  int resignCount[COLOR_NB] = {0, 0};
  int lastScore[COLOR_NB] = {0, 0};
  bool hasLastScore[COLOR_NB] = {false, false};
};

}  // namespace sparring::match
