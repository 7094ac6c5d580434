#include "adjudication.h"

#include <cstdlib>

namespace sparring::match {

Adjudicator::Verdict Adjudicator::add(Color mover, const SearchInfo& info, int plies) {
  if (!info.hasScore || info.depth <= 0) {
    drawCount = 0;
    resignCount[mover] = 0;
    hasLastScore[mover] = false;
    return NONE;
  }
  const int score = info.centipawns();
  lastScore[mover] = score;
  hasLastScore[mover] = true;

  if (rules.draw_enabled()) {
    drawCount = std::abs(score) <= rules.drawScore ? drawCount + 1 : 0;
    if (plies / 2 >= rules.drawMoveNumber && drawCount >= 2 * rules.drawMoveCount) return DRAW;
  }

  if (rules.resign_enabled()) {
    bool losing = score <= -rules.resignScore;
    if (rules.resignTwoSided) losing = losing && hasLastScore[~mover] && lastScore[~mover] >= rules.resignScore;
    resignCount[mover] = losing ? resignCount[mover] + 1 : 0;
    if (resignCount[mover] >= rules.resignMoveCount) return mover == WHITE ? BLACK_WINS : WHITE_WINS;
  }
  return NONE;
}

}  // namespace sparring::match
