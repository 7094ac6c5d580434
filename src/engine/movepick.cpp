#include "movepick.h"

#include <climits>

#include "chess/movegen.h"
#include "engine/see.h"

namespace sparring {

namespace {
constexpr int GOOD_CAPTURE = 1'000'000'000;
constexpr int KILLER = 900'000'000;
}  // namespace

MovePicker::MovePicker(const Position& p, Move tt, const History& h, const Move k[2], Move counter,
                       const PieceToHistory* const c[2])
    : pos(p), hist(h), ttMove(tt), killers{k[0], k[1]}, counterMove(counter), cont{c[0], c[1]} {
  Move* end = generate_moves<LEGAL>(pos, list);
  count = int(end - list);
  partition_and_score_noisy();
}

MovePicker::MovePicker(const Position& p, Move tt, const History& h)
    : pos(p), hist(h), ttMove(tt), killers{}, counterMove(Move::none()), cont{nullptr, nullptr} {
  Move* end = pos.in_check() ? generate_moves<LEGAL>(pos, list) : generate_moves<NOISY>(pos, list);
  count = int(end - list);
  partition_and_score_noisy();
}

// Noisy moves go to the front of `scored` and are scored now; quiet moves are scored only if the
// search gets that far, which it often does not.
void MovePicker::partition_and_score_noisy() {
  int front = 0, back = count;
  for (int i = 0; i < count; ++i) {
    Move m = list[i];
    if (m == ttMove) {
      ttFound = true;
      continue;
    }
    if (pos.is_capture(m) || m.kind() == PROMOTION)
      scored[front++] = {m, noisy_score(m)};
    else
      scored[--back] = {m, 0};
  }
  noisyEnd = front;
  quietBegin = back;
}

int MovePicker::noisy_score(Move m) const {
  // Most valuable victim first, then capture history; losing exchanges go last.
  const Piece pc = pos.piece_on(m.from());
  PieceType victim = pos.captured_type(m);
  int value = SEE_VALUE[victim] * 16 + hist.capture[pc][m.to()][victim] / 16;
  if (m.kind() == PROMOTION) value += SEE_VALUE[m.promotion()] * 16;
  bool good = m.kind() == PROMOTION ? m.promotion() == QUEEN : see_ge(pos, m, -50);
  return (good ? GOOD_CAPTURE : BAD_CAPTURE - 1'000'000) + value;
}

void MovePicker::score_quiets() {
  const Color us = pos.side_to_move();
  for (int i = quietBegin; i < count; ++i) {
    const Move m = scored[i].move;
    if (m == killers[0]) {
      scored[i].score = KILLER;
    } else if (m == killers[1]) {
      scored[i].score = KILLER - 1;
    } else if (m == counterMove) {
      scored[i].score = KILLER - 2;
    } else {
      const Piece pc = pos.piece_on(m.from());
      scored[i].score = 2 * hist.butterfly[us][m.from()][m.to()] + continuation_score(cont, pc, m.to());
    }
  }
}

// Moves the best-scored move of [begin, end) to `begin` and returns it.
MovePicker::Scored& MovePicker::select_best(int begin, int end) {
  int best = begin;
  for (int i = begin + 1; i < end; ++i)
    if (scored[i].score > scored[best].score) best = i;
  std::swap(scored[begin], scored[best]);
  return scored[begin];
}

Move MovePicker::next() {
  switch (stage) {
    case Stage::TT:
      stage = Stage::GoodNoisy;
      if (ttFound) {
        lastScore = INT_MAX;
        return ttMove;
      }
      [[fallthrough]];
    case Stage::GoodNoisy:
      while (cur < noisyEnd) {
        Scored& s = select_best(cur, noisyEnd);
        if (s.score <= BAD_CAPTURE) break;  // the rest are losing: after the quiet moves
        ++cur;
        lastScore = s.score;
        return s.move;
      }
      badNoisy = cur;
      stage = Stage::Quiet;
      score_quiets();
      cur = quietBegin;
      [[fallthrough]];
    case Stage::Quiet:
      while (cur < count) {
        // Once quiets are skipped, only killers, the counter move and checks are still worth a
        // look, and order no longer matters.
        Scored& s = skipQuiets ? scored[cur] : select_best(cur, count);
        ++cur;
        if (skipQuiets && s.score < KILLER - 2 && !pos.gives_check(s.move)) continue;
        lastScore = s.score;
        return s.move;
      }
      stage = Stage::BadNoisy;
      cur = badNoisy;
      [[fallthrough]];
    case Stage::BadNoisy:
      if (cur < noisyEnd) {
        Scored& s = select_best(cur, noisyEnd);
        ++cur;
        lastScore = s.score;
        return s.move;
      }
      return Move::none();
  }
  return Move::none();
}

}  // namespace sparring
