#include "policy_features.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "chess/movegen.h"
#include "engine/evaluate.h"
#include "engine/see.h"

namespace sparring::policy {

namespace {

// Castling moves are encoded king-takes-rook; the model sees the king's destination.
Square king_destination(Move m) { return make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from())); }

constexpr int QUIESCENCE_PLIES = 8;

// Captures (and promotions) that do not lose material, then everything out of check; stand pat on
// the static evaluation. Most valuable victim first.
int quiescence(Position& pos, int alpha, int beta, int ply) {
  const bool inCheck = pos.in_check();
  Move moves[MAX_MOVES];
  Move* end = inCheck ? generate_moves<LEGAL>(pos, moves) : generate_moves<NOISY>(pos, moves);
  if (inCheck && end == moves) return -GLANCE_MATE + ply;
  int best = -GLANCE_MATE;
  if (!inCheck || ply >= QUIESCENCE_PLIES) {
    best = evaluate(pos);
    if (best >= beta || ply >= QUIESCENCE_PLIES) return best;
    alpha = std::max(alpha, best);
  }
  auto value = [&](Move m) {
    const Square to = m.to();
    return (m.kind() == EN_PASSANT ? 100 : SEE_VALUE[type_of(pos.piece_on(to))]) * 8 -
           SEE_VALUE[type_of(pos.piece_on(m.from()))] / 100 + (m.kind() == PROMOTION ? 900 * 8 : 0);
  };
  std::stable_sort(moves, end, [&](Move a, Move b) { return value(a) > value(b); });
  for (Move* m = moves; m != end; ++m) {
    if (!inCheck && !see_ge(pos, *m, 0)) continue;
    pos.make_move(*m);
    const int score = -quiescence(pos, -beta, -alpha, ply + 1);
    pos.undo_move(*m);
    if (score > best) {
      best = score;
      if (score >= beta) break;
      alpha = std::max(alpha, score);
    }
  }
  return best;
}

}  // namespace

void move_features(unsigned bits, int glanceLoss, float out[MOVE_FEATURE_NB]) {
  for (int b = 0; b < MOVE_BIT_NB; ++b) out[b] = float(bits >> b & 1);
  float* g = out + MOVE_BIT_NB;
  const int loss = std::clamp(glanceLoss, 0, 3000);
  constexpr int upper[] = {0, 50, 100, 200, 300, 500, 900};
  int bucket = 7;
  for (int i = 6; i >= 0; --i)
    if (loss <= upper[i]) bucket = i;
  for (int i = 0; i < 8; ++i) g[i] = i == bucket ? 1.0f : 0.0f;
  g[8] = float(std::min(loss, 1000)) / 1000.0f;
  g[9] = float(std::log1p(loss / 100.0) / 3.5);
}

int glance_score(Position& pos, Move m) {
  pos.make_move(m);
  const int score = -quiescence(pos, -GLANCE_MATE, GLANCE_MATE, 1);
  pos.undo_move(m);
  return score;
}

int board_features(const Position& pos, std::uint16_t* out) {
  const Color us = pos.side_to_move();
  int n = 0;
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    const int kind = (color_of(p) == us ? 0 : 6) + type_of(p) - PAWN;
    out[n++] = std::uint16_t(kind * 64 + relative_square(us, s));
  }
  for (int side = 0; side < 2; ++side)
    for (int kingSide = 0; kingSide < 2; ++kingSide)
      if (pos.can_castle(castling_right(side == 0 ? us : ~us, kingSide == 1)))
        out[n++] = std::uint16_t(CASTLING_FEATURES + side * 2 + (1 - kingSide));
  if (pos.ep_square() != SQ_NONE) out[n++] = std::uint16_t(EP_FEATURES + file_of(pos.ep_square()));
  if (const Move last = pos.last_move(); last.is_ok()) {
    out[n++] = std::uint16_t(LAST_TO_FEATURES + relative_square(us, last.to()));
    out[n++] = std::uint16_t(LAST_FROM_FEATURES + relative_square(us, last.from()));
  }
  return n;
}

int move_index(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = relative_square(us, m.from());
  if (m.kind() == CASTLING) return from * 64 + relative_square(us, king_destination(m));
  const Square to = relative_square(us, m.to());
  if (m.kind() == PROMOTION && m.promotion() != QUEEN)
    return 64 * 64 + ((m.promotion() - KNIGHT) * 8 + file_of(from)) * 3 + (file_of(to) - file_of(from) + 1);
  return from * 64 + to;
}

void move_piece_rows(const Position& pos, Move m, int rows[3]) {
  const Color us = pos.side_to_move();
  const Square to = m.kind() == CASTLING ? king_destination(m) : m.to();
  const int piece = type_of(pos.piece_on(m.from())) - PAWN;
  const int from = relative_square(us, m.from()), target = relative_square(us, to);
  const Piece captured = pos.piece_on(to);
  rows[0] = piece * 64 + target;
  rows[1] = 384 + piece * 64 + from;
  rows[2] = 768 + (captured != NO_PIECE && color_of(captured) != us ? type_of(captured) - PAWN : 6);
}

bool has_castling_feature(const std::uint16_t* features, int n) {
  return std::any_of(features, features + n, [](std::uint16_t f) { return f >= CASTLING_FEATURES && f < EP_FEATURES; });
}

int mirror_feature(int feature) {
  if (feature < PIECE_FEATURES) return feature ^ 7;
  if (feature < EP_FEATURES) return feature;           // castling rights: no mirror image (see above)
  return EP_FEATURES + ((feature - EP_FEATURES) ^ 7);  // the en passant file, the last move's squares
}

int mirror_move_index(int index) {
  if (index < 64 * 64) return index ^ (7 << 6 | 7);
  const int k = index - 64 * 64;  // (piece x 8 + from-file) x 3 + direction
  return 64 * 64 + (k / 24 * 8 + 7 - k % 24 / 3) * 3 + 2 - k % 3;
}

int mirror_move_piece_row(int row) { return row < 768 ? row ^ 7 : row; }

int capture_threat(const Position& pos) {
  Move captures[MAX_MOVES];
  Move* const end = generate_moves<NOISY>(pos, captures);
  int level = 0;
  for (Move* m = captures; m != end && level < 3; ++m) {
    if (m->kind() == PROMOTION) continue;  // a promotion threat is not a capture threat
    while (level < 3 && see_ge(pos, *m, level == 0 ? 100 : level == 1 ? 300 : 500)) ++level;
  }
  return level;
}

std::uint16_t move_bits(Position& pos, Move m) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.kind() == CASTLING ? king_destination(m) : m.to();
  const PieceType pt = type_of(pos.piece_on(from));
  const Bitboard occ = pos.pieces();
  unsigned bits = 0;
  auto set = [&](MoveBit b, bool on) { bits |= unsigned(on) << b; };

  const bool capture = pos.is_capture(m);
  set(MB_CAPTURE, capture);
  if (capture) {
    const Move last = pos.last_move();
    set(MB_RECAPTURE, last.is_ok() && last.to() == m.to());
  }
  if (m.kind() != CASTLING) {
    set(MB_WINS_MATERIAL, capture && see_ge(pos, m, 100));
    if (pt != KING) {
      set(MB_SEE_LOSS, !see_ge(pos, m, 0));
      set(MB_DROPS_PIECE, !see_ge(pos, m, -150));
    }
    // Was the piece in danger where it stood: attacked by something cheaper, or attacked and alone?
    const Bitboard attackersFrom = pos.attackers_to(from, occ) & pos.pieces(them);
    if (pt != KING && attackersFrom) {
      bool cheaper = false;
      for (PieceType a = PAWN; a < pt; a = PieceType(a + 1)) cheaper |= (attackersFrom & pos.pieces(them, a)) != 0;
      const bool defended = pos.attackers_to(from, occ) & pos.pieces(us) & ~square_bb(from);
      set(MB_ESCAPES, cheaper || !defended);
    }
    const Bitboard occAfter = (occ ^ square_bb(from)) | square_bb(to);
    set(MB_TO_ATTACKED, pos.attackers_to(to, occAfter) & pos.pieces(them) & ~square_bb(to));
    set(MB_TO_DEFENDED, pos.attackers_to(to, occAfter) & pos.pieces(us) & ~square_bb(from));
  }
  if (const Move ours = pos.move_played(2); ours.is_ok()) set(MB_SAME_PIECE, ours.to() == from);

  const int threatBefore = pos.in_check() ? 0 : [&] {
    pos.make_null_move();
    const int t = capture_threat(pos);
    pos.undo_null_move();
    return t;
  }();
  pos.make_move(m);
  const bool check = pos.in_check();
  set(MB_CHECK, check);
  if (check) set(MB_MATE, !pos.has_legal_moves());
  const int threatAfter = capture_threat(pos);
  set(MB_HANGS_PAWN, threatAfter >= 1);
  set(MB_HANGS_PIECE, threatAfter >= 2);
  set(MB_HANGS_ROOK, threatAfter >= 3);
  set(MB_EASES_THREAT, threatAfter < threatBefore);
  if (!check) {
    pos.make_null_move();
    set(MB_THREATENS, capture_threat(pos) >= 2);
    pos.undo_null_move();
  }
  pos.undo_move(m);
  return std::uint16_t(bits);
}

}  // namespace sparring::policy
