#include "movepick.h"

#include <climits>

#include "chess/movegen.h"
#include "engine/see.h"

namespace sparring {

namespace {
constexpr int TT_MOVE = INT_MAX;
constexpr int GOOD_CAPTURE = 1'000'000'000;
constexpr int KILLER = 900'000'000;
}  // namespace

MovePicker::MovePicker(const Position& p, Move tt, const History& hist, const Move killers[2], Move counter,
                       const PieceToHistory* const cont[2])
    : pos(p), ttMove(tt) {
  Move list[MAX_MOVES];
  Move* end = generate_moves<LEGAL>(pos, list);
  for (Move* m = list; m != end; ++m) moves[count++] = {*m, 0, !pos.is_capture(*m) && m->kind() != PROMOTION};
  score(hist, killers, counter, cont);
}

MovePicker::MovePicker(const Position& p, Move tt, const History& hist) : pos(p), ttMove(tt) {
  Move list[MAX_MOVES];
  Move* end = pos.in_check() ? generate_moves<LEGAL>(pos, list) : generate_moves<NOISY>(pos, list);
  for (Move* m = list; m != end; ++m) moves[count++] = {*m, 0, !pos.is_capture(*m) && m->kind() != PROMOTION};
  const Move none[2] = {};
  const PieceToHistory* const noCont[2] = {nullptr, nullptr};
  score(hist, none, Move::none(), noCont);
}

void MovePicker::score(const History& hist, const Move killers[2], Move counter, const PieceToHistory* const cont[2]) {
  const Color us = pos.side_to_move();
  for (int i = 0; i < count; ++i) {
    Scored& s = moves[i];
    const Move m = s.move;
    const Piece pc = pos.piece_on(m.from());
    if (m == ttMove) {
      s.score = TT_MOVE;
    } else if (!s.quiet) {
      // Most valuable victim first, then capture history; losing exchanges go last.
      PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
      if (m.kind() == CASTLING) victim = NO_PIECE_TYPE;
      int value = SEE_VALUE[victim] * 16 + hist.capture[pc][m.to()][victim] / 16;
      if (m.kind() == PROMOTION) value += SEE_VALUE[m.promotion()] * 16;
      bool good = m.kind() == PROMOTION ? m.promotion() == QUEEN : see_ge(pos, m, -50);
      s.score = (good ? GOOD_CAPTURE : BAD_CAPTURE - 1'000'000) + value;
    } else if (m == killers[0]) {
      s.score = KILLER;
    } else if (m == killers[1]) {
      s.score = KILLER - 1;
    } else if (m == counter) {
      s.score = KILLER - 2;
    } else {
      int h = 2 * hist.butterfly[us][m.from()][m.to()];
      if (cont[0]) h += (*cont[0])[pc][m.to()];
      if (cont[1]) h += (*cont[1])[pc][m.to()];
      s.score = h;
    }
  }
}

Move MovePicker::next() {
  while (cur < count) {
    int best = cur;
    for (int i = cur + 1; i < count; ++i)
      if (moves[i].score > moves[best].score) best = i;
    std::swap(moves[cur], moves[best]);
    const Scored& s = moves[cur++];
    if (skipQuiets && s.quiet && s.score < KILLER - 2) continue;
    lastScore = s.score;
    return s.move;
  }
  return Move::none();
}

}  // namespace sparring
