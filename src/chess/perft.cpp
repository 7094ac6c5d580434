#include "perft.h"

#include "movegen.h"

namespace sparring {

namespace {

// The board perft walks: the piece sets and what the move generator asks of a position, made by
// copying (no mailbox, keys, history or undo: perft needs none of them). Castling squares and
// paths come from the root position.
class PerftBoard : public PieceSets {
 public:
  explicit PerftBoard(const Position& pos)
      : root(&pos), stm(pos.side_to_move()), ep(pos.ep_square()), castling(pos.castling_rights()) {
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) byType[pt] = pos.pieces(PieceType(pt));
    for (Color c : {WHITE, BLACK}) byColor[c] = pos.pieces(c);
    update_check_info();
  }

  Color side_to_move() const { return stm; }
  Bitboard checkers() const { return checkersBB; }
  Bitboard blockers_for_king(Color) const { return pinned; }  // the generator asks for the side to move only
  Square ep_square() const { return ep; }
  bool can_castle(CastlingRights cr) const { return castling & cr; }
  Square castling_rook_square(CastlingRights cr) const { return root->castling_rook_square(cr); }
  Bitboard castling_path(CastlingRights cr) const { return root->castling_path(cr); }
  Bitboard castling_king_path(CastlingRights cr) const { return root->castling_king_path(cr); }

  PieceType piece_type_on(Square s) const {
    int pt = PAWN;
    while (!(byType[pt] & square_bb(s))) ++pt;
    return PieceType(pt);
  }

  // The board after a legal move of a piece of type pt that is no castling, en passant or promotion.
  PerftBoard after(PieceType pt, Square from, Square to) const {
    PerftBoard b = *this;
    const Color us = stm;
    const Bitboard fromTo = square_bb(from) ^ square_bb(to);
    if (const Bitboard captured = square_bb(to) & byColor[~us]) {
      for (Bitboard& t : b.byType) t &= ~captured;
      b.byColor[~us] ^= captured;
    }
    b.byType[pt] ^= fromTo;
    b.byColor[us] ^= fromTo;
    // A double push always sets the en-passant square: whether a capture there is legal is the generator's test.
    b.ep = pt == PAWN && (int(to) ^ int(from)) == 16 ? to - pawn_push(us) : SQ_NONE;
    if (castling) b.castling &= ~(root->castling_rights_lost(from) | root->castling_rights_lost(to));
    b.stm = ~us;
    b.update_check_info();
    return b;
  }

  // The board after any legal move.
  PerftBoard after(Move m) const {
    if (m.kind() == NORMAL) return after(piece_type_on(m.from()), m.from(), m.to());
    PerftBoard b = *this;
    const Color us = stm;
    const Square from = m.from(), to = m.to();
    const Bitboard fromTo = square_bb(from) ^ square_bb(to);
    b.ep = SQ_NONE;
    if (m.kind() == CASTLING) {
      const bool kingSide = to > from;
      const Bitboard king = square_bb(from) ^ square_bb(relative_square(us, kingSide ? SQ_G1 : SQ_C1));
      const Bitboard rook = square_bb(to) ^ square_bb(relative_square(us, kingSide ? SQ_F1 : SQ_D1));
      b.byType[KING] ^= king;
      b.byType[ROOK] ^= rook;
      b.byColor[us] ^= king ^ rook;
    } else {
      const Bitboard captured = square_bb(m.kind() == EN_PASSANT ? to - pawn_push(us) : to) & byColor[~us];
      if (captured) {
        for (Bitboard& t : b.byType) t &= ~captured;
        b.byColor[~us] ^= captured;
      }
      b.byType[PAWN] ^= fromTo;
      b.byColor[us] ^= fromTo;
      if (m.kind() == PROMOTION) {
        b.byType[PAWN] ^= square_bb(to);
        b.byType[m.promotion()] ^= square_bb(to);
      }
    }
    if (castling) b.castling &= ~(root->castling_rights_lost(from) | root->castling_rights_lost(to));
    b.stm = ~us;
    b.update_check_info();
    return b;
  }

 private:
  // Checkers and pinned pieces in one pass over the enemy sliders that see the king on an empty
  // board: nothing between is a check, one piece between a blocker.
  void update_check_info() {
    const Square ksq = king_square(stm);
    const Color them = ~stm;
    const Bitboard occ = pieces();
    checkersBB = (pawn_attacks(stm, ksq) & pieces(them, PAWN)) | (knight_attacks(ksq) & pieces(them, KNIGHT));
    pinned = 0;
    Bitboard snipers = (tables::pseudoAttacks[ROOK][ksq] & pieces(them, ROOK, QUEEN)) |
                       (tables::pseudoAttacks[BISHOP][ksq] & pieces(them, BISHOP, QUEEN));
    while (snipers) {
      const Square s = pop_lsb(snipers);
      const Bitboard between = between_bb(ksq, s) & occ & ~square_bb(s);
      if (!between)
        checkersBB |= square_bb(s);
      else if (!more_than_one(between))
        pinned |= between & pieces(stm);
    }
  }

  const Position* root;
  Color stm;
  Square ep;
  int castling;
  Bitboard checkersBB = 0, pinned = 0;
};

std::uint64_t count_moves(const PerftBoard& b) {
  MoveCounter c;
  generate<LEGAL>(b, c);
  return c.n;
}

std::uint64_t perft(const PerftBoard& b, int depth);

// A sink that makes each move it is handed and counts the leaves below it: no move list, and the
// moving piece named by the generator rather than looked up.
struct Descend {
  const PerftBoard& b;
  int depth;  // of the children
  std::uint64_t nodes = 0;
  void move(Move m) { nodes += perft(b.after(m), depth); }
  void piece_moves(PieceType pt, Square from, Bitboard targets) {
    while (targets) nodes += perft(b.after(pt, from, pop_lsb(targets)), depth);
  }
  void pawn_moves(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      nodes += perft(b.after(PAWN, to - offset, to), depth);
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) move(Move::make(to - offset, to, PROMOTION, pt));
    }
  }
};

std::uint64_t perft(const PerftBoard& b, int depth) {
  if (depth == 1) return count_moves(b);
  Descend d{b, depth - 1};
  generate<LEGAL>(b, d);
  return d.nodes;
}

struct StopCheck {
  const std::atomic<bool>& flag;
  bool stopped = false;
};

// perft() with a look at the stop flag at every node above the last three plies.
std::uint64_t perft_stoppable(const PerftBoard& b, int depth, StopCheck& stop) {
  if (depth <= 2) return perft(b, depth);
  if (stop.flag.load(std::memory_order_relaxed)) {
    stop.stopped = true;
    return 0;
  }
  Move moves[MAX_MOVES];
  MoveWriter w{moves};
  generate<LEGAL>(b, w);
  std::uint64_t nodes = 0;
  for (Move* m = moves; m != w.cur && !stop.stopped; ++m) nodes += perft_stoppable(b.after(*m), depth - 1, stop);
  return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  return perft(PerftBoard(pos), depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m);
  }
  return out;
}

PerftResult perft_divide(Position& pos, int depth, const std::atomic<bool>& stop,
                         const std::function<void(Move, std::uint64_t)>& onMove) {
  PerftResult result;
  StopCheck check{stop};
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    const std::uint64_t n = depth <= 1 ? 1 : perft_stoppable(PerftBoard(pos), depth - 1, check);
    pos.undo_move(m);
    result.nodes += n;
    if (check.stopped) break;
    onMove(m, n);
  }
  result.stopped = check.stopped;
  return result;
}

}  // namespace sparring
