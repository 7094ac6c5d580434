#include "move_features.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/see.h"

namespace sparring {

namespace {

// Our pieces other than the one on `except` that defend `s` once the mover stands there.
bool defended_by_others(const Position& pos, Color us, Square s, Square except, Bitboard occ) {
  return pos.attackers_to(s, occ) & pos.pieces(us) & ~square_bb(except);
}

}  // namespace

double win_percent(int cp) {
  const double c = std::clamp(cp, -1000, 1000);
  return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * c)) - 1.0);
}

void set_losses(FeatureVector& f, const MoveViews& move, const MoveViews& best) {
  auto loss = [](int bestScore, int score) {
    return std::max(0.0, win_percent(bestScore) - win_percent(score)) / 10.0;
  };
  const double ls = loss(best.stat, move.stat), lg = loss(best.glance, move.glance), ld = loss(best.deep, move.deep);
  f[F_LOSS_STATIC] = float(ls);
  f[F_LOSS_STATIC_SQRT] = float(std::sqrt(ls));
  f[F_LOSS_GLANCE] = float(lg);
  f[F_LOSS_GLANCE_SQRT] = float(std::sqrt(lg));
  f[F_LOSS_DEEP] = float(ld);
  f[F_LOSS_DEEP_SQRT] = float(std::sqrt(ld));
  f[F_LOSS_GLANCE_CP] = float(std::min(10.0, std::max(0, best.glance - move.glance) / 100.0));
  f[F_LOSS_DEEP_CP] = float(std::min(10.0, std::max(0, best.deep - move.deep) / 100.0));
  f[F_BEST_GLANCE] = move.glance >= best.glance ? 1.0f : 0.0f;
  f[F_BEST_DEEP] = move.deep >= best.deep ? 1.0f : 0.0f;
}

void set_ranks(FeatureVector* const* moves, int n) {
  // Rank 1 + the number of moves strictly better in that view; equal moves share a rank.
  auto rank = [&](int i, int feature) {
    int r = 1;
    for (int j = 0; j < n; ++j) r += (*moves[j])[feature] < (*moves[i])[feature] - 1e-6f;
    return r;
  };
  for (int i = 0; i < n; ++i) {
    FeatureVector& f = *moves[i];
    const int rs = rank(i, F_LOSS_STATIC), rg = rank(i, F_LOSS_GLANCE), rd = rank(i, F_LOSS_DEEP);
    f[F_STATIC_RANK_LOG] = float(std::log(rs));
    f[F_GLANCE_RANK2] = rg == 2, f[F_GLANCE_RANK3] = rg == 3, f[F_GLANCE_RANK_LOG] = float(std::log(rg));
    f[F_DEEP_RANK2] = rd == 2, f[F_DEEP_RANK3] = rd == 3, f[F_DEEP_RANK_LOG] = float(std::log(rd));
  }
}

void describe_move(const Position& pos, Move m, FeatureVector& f) {
  f.fill(0.0f);
  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.piece_on(from));
  const Bitboard occ = pos.pieces();

  if (m.kind() == CASTLING) {
    f[F_CASTLE] = 1;
    return;  // nothing else about castling varies between positions in a way people weigh
  }
  if (pos.is_capture(m)) {
    f[F_CAPTURE] = 1;
    const PieceType victim = m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(to));
    f[F_CAPTURE_GAIN] = float(SEE_VALUE[victim]) / 100.0f;
    if (see_ge(pos, m, 100)) f[F_WINS_MATERIAL] = 1;
    const Move last = pos.last_move();
    if (last.is_ok() && last.to() == to) f[F_RECAPTURE] = 1;
  }
  if (pos.gives_check(m)) f[F_CHECK] = 1;
  if (m.kind() == PROMOTION) f[F_PROMOTION] = 1;
  switch (pt) {
    case KNIGHT: f[F_KNIGHT] = 1; break;
    case BISHOP: f[F_BISHOP] = 1; break;
    case ROOK: f[F_ROOK] = 1; break;
    case QUEEN: f[F_QUEEN] = 1; break;
    case KING: f[F_KING] = 1; break;
    default: break;
  }

  const int df = std::abs(file_of(to) - file_of(from)), dr = std::abs(rank_of(to) - rank_of(from));
  f[F_DISTANCE] = float(std::max(df, dr)) / 7.0f;
  if (pt != PAWN && relative_rank(us, to) < relative_rank(us, from)) f[F_BACKWARD] = 1;
  if ((pt == BISHOP || pt == QUEEN) && df == dr && df >= 4) f[F_LONG_DIAGONAL] = 1;
  if (pt == PAWN) f[F_PAWN_ADVANCE] = float(relative_rank(us, to)) / 7.0f;

  // Was the piece in danger where it stood: attacked by something cheaper, or attacked and alone?
  const Bitboard attackersFrom = pos.attackers_to(from, occ) & pos.pieces(them);
  if (pt != KING && attackersFrom) {
    bool cheaper = false;
    for (PieceType a = PAWN; a < pt; a = PieceType(a + 1))
      if (attackersFrom & pos.pieces(them, a)) cheaper = true;
    const bool defended = pos.attackers_to(from, occ) & pos.pieces(us);
    if (cheaper || !defended) f[F_ESCAPES] = 1;
  }

  const Bitboard occAfter = (occ ^ square_bb(from)) | square_bb(to);
  if (pos.attackers_to(to, occAfter) & pos.pieces(them) & ~square_bb(to)) f[F_TO_ATTACKED] = 1;
  if (defended_by_others(pos, us, to, from, occAfter)) f[F_TO_DEFENDED] = 1;
  if (pt != KING && !see_ge(pos, m, 0)) f[F_SEE_LOSS] = 1;

  if ((pt == KNIGHT || pt == BISHOP) && relative_rank(us, from) == 0) f[F_DEVELOPS] = 1;
  if (pt == QUEEN && pos.fullmove_number() <= 10) f[F_EARLY_QUEEN] = 1;

  // Continuing with the piece moved last turn (two plies back).
  if (const Move ours = pos.move_played(2); ours.is_ok() && ours.to() == from) f[F_SAME_PIECE] = 1;

  const Square enemyKing = pos.king_square(them);
  const Bitboard zone = king_attacks(enemyKing) | square_bb(enemyKing);
  if ((king_attacks(to) | knight_attacks(to)) & zone) f[F_NEAR_KING] = 1;
  if (file_of(to) >= 2 && file_of(to) <= 5 && rank_of(to) >= 2 && rank_of(to) <= 5) f[F_CENTER] = 1;
}

}  // namespace sparring
