// Strictly legal move generation with check and pin masks.
//
// One generator serves every use: it hands sets of moves to a Sink, which either writes them to a
// list (search, notation) or only counts them (perft's last ply, where no move needs to exist).
#pragma once

#include <algorithm>

#include "position.h"

namespace sparring {

enum GenType {
  NOISY,  // captures, en passant and every promotion
  QUIET,  // everything else, castling included
  LEGAL   // both
};

namespace movegen_detail {

template <Color Us, GenType Type, class Sink, class Board>
void generate_pawn_moves(const Board& pos, Sink& sink, Bitboard checkMask, Bitboard pinned) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UpLeft = Us == WHITE ? Direction(NORTH + WEST) : Direction(SOUTH + EAST);
  constexpr Direction UpRight = Us == WHITE ? Direction(NORTH + EAST) : Direction(SOUTH + WEST);
  constexpr Bitboard Rank7 = Us == WHITE ? RANK_7_BB : RANK_2_BB;
  constexpr Bitboard Rank3 = Us == WHITE ? RANK_3_BB : RANK_6_BB;

  const Square ksq = pos.king_square(Us);
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(Them);
  const Bitboard pawns = pos.pieces(Us, PAWN);

  // Pawns pinned on a diagonal can only capture the pinner; pinned on the king's file they can
  // only push; pinned on the king's rank they cannot move. Masking each group by its direction
  // keeps the shifts bulk operations.
  const Bitboard pinnedFile = pinned & file_bb(file_of(ksq));
  const Bitboard pushers = pawns & (~pinned | pinnedFile);
  const Bitboard diagonalPins = pinned & ~file_bb(file_of(ksq)) & ~rank_bb(rank_of(ksq));
  const Bitboard capturers = pawns & ~(pinned & ~diagonalPins);

  if constexpr (Type != NOISY) {
    Bitboard one = shift<Up>(pushers & ~Rank7) & empty;
    Bitboard two = shift<Up>(one & Rank3) & empty;
    sink.pawn_moves(one & checkMask, Up);
    sink.pawn_moves(two & checkMask, Up + Up);
  }

  // Captures and promotions. Diagonally pinned pawns may only move along their pin line.
  auto pin_filter = [&](Bitboard targets, int offset) {
    for (Bitboard b = diagonalPins & capturers; b;) {
      Square from = pop_lsb(b);
      Square to = from + offset;
      if (is_ok(to) && (targets & square_bb(to)) && !(line_bb(ksq, from) & square_bb(to))) targets ^= square_bb(to);
    }
    return targets;
  };

  if constexpr (Type != QUIET) {
    Bitboard left = shift<UpLeft>(capturers & ~Rank7) & enemies & checkMask;
    Bitboard right = shift<UpRight>(capturers & ~Rank7) & enemies & checkMask;
    if (diagonalPins) {
      left = pin_filter(left, UpLeft);
      right = pin_filter(right, UpRight);
    }
    sink.pawn_moves(left, UpLeft);
    sink.pawn_moves(right, UpRight);

    Bitboard promoters = pawns & Rank7;
    if (promoters) {
      Bitboard push = shift<Up>(promoters & pushers) & empty & checkMask;
      Bitboard pl = shift<UpLeft>(promoters & capturers) & enemies & checkMask;
      Bitboard pr = shift<UpRight>(promoters & capturers) & enemies & checkMask;
      if (diagonalPins) {
        pl = pin_filter(pl, UpLeft);
        pr = pin_filter(pr, UpRight);
      }
      sink.promotions(push, Up);
      sink.promotions(pl, UpLeft);
      sink.promotions(pr, UpRight);
    }

    const Square ep = pos.ep_square();
    if (ep != SQ_NONE) {
      const Square capsq = ep - Up;
      // Legal only if it resolves any check and does not expose the king (the rank case included).
      if (checkMask & (square_bb(ep) | square_bb(capsq)))
        for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
          Square from = pop_lsb(b);
          Bitboard occ = (pos.pieces() ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
          if (!(rook_attacks(ksq, occ) & pos.pieces(Them, ROOK, QUEEN)) &&
              !(bishop_attacks(ksq, occ) & pos.pieces(Them, BISHOP, QUEEN)))
            sink.move(Move::make(from, ep, EN_PASSANT));
        }
    }
  }
}

template <Color Us, PieceType Pt, class Sink, class Board>
void generate_piece_moves(const Board& pos, Sink& sink, Bitboard target, Bitboard pinned, Square ksq) {
  Bitboard pieces = pos.pieces(Us, Pt);
  if constexpr (Pt == KNIGHT) pieces &= ~pinned;  // a pinned knight can never move
  const Bitboard occ = pos.pieces();
  while (pieces) {
    Square from = pop_lsb(pieces);
    Bitboard moves = attacks_bb(Pt, from, occ) & target;
    if (pinned & square_bb(from)) moves &= line_bb(ksq, from);
    sink.piece_moves(Pt, from, moves);
  }
}

template <Color Us, GenType Type, class Sink, class Board>
void generate(const Board& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.checkers();
  const Bitboard occ = pos.pieces();
  const Bitboard typeMask = Type == NOISY ? pos.pieces(Them) : Type == QUIET ? ~occ : ~pos.pieces(Us);

  // King: every target tested with the king lifted off the board, so it cannot hide behind itself.
  Bitboard kingTargets = king_attacks(ksq) & typeMask;
  Bitboard safe = 0;
  const Bitboard occNoKing = occ ^ square_bb(ksq);
  while (kingTargets) {
    Square to = pop_lsb(kingTargets);
    if (!pos.attacked_by(Them, to, occNoKing)) safe |= square_bb(to);
  }
  sink.piece_moves(KING, ksq, safe);

  if (more_than_one(checkers)) return;  // double check: only the king may move

  const Bitboard checkMask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
  const Bitboard pinned = pos.blockers_for_king(Us) & pos.pieces(Us);
  const Bitboard target = typeMask & checkMask;

  generate_pawn_moves<Us, Type>(pos, sink, checkMask, pinned);
  generate_piece_moves<Us, KNIGHT>(pos, sink, target, pinned, ksq);
  generate_piece_moves<Us, BISHOP>(pos, sink, target, pinned, ksq);
  generate_piece_moves<Us, ROOK>(pos, sink, target, pinned, ksq);
  generate_piece_moves<Us, QUEEN>(pos, sink, target, pinned, ksq);

  if constexpr (Type != NOISY) {
    if (checkers) return;
    for (bool kingSide : {true, false}) {
      CastlingRights cr = castling_right(Us, kingSide);
      if (!pos.can_castle(cr) || (pos.castling_path(cr) & occ)) continue;
      // The king's squares are tested with king and rook lifted: in Chess960 the rook may be the
      // piece that shielded the king's destination.
      Square rsq = pos.castling_rook_square(cr);
      Bitboard occLifted = occ ^ square_bb(ksq) ^ square_bb(rsq);
      bool attacked = false;
      for (Bitboard b = pos.castling_king_path(cr); b && !attacked;)
        attacked = pos.attacked_by(Them, pop_lsb(b), occLifted);
      if (!attacked) sink.move(Move::make(ksq, rsq, CASTLING));
    }
  }
}

}  // namespace movegen_detail

// Generates the legal moves of the given type into the sink. The board is a Position, or any
// PieceSets that also answers side_to_move, checkers, blockers_for_king, ep_square and the
// castling queries as Position does (perft's copy-make board).
template <GenType Type, class Sink, class Board>
void generate(const Board& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    movegen_detail::generate<WHITE, Type>(pos, sink);
  else
    movegen_detail::generate<BLACK, Type>(pos, sink);
}

// A sink that writes moves into a fixed array.
struct MoveWriter {
  Move* cur;
  void move(Move m) { *cur++ = m; }
  void piece_moves(PieceType, Square from, Bitboard targets) {
    while (targets) *cur++ = Move(from, pop_lsb(targets));
  }
  void pawn_moves(Bitboard targets, int offset) {
    while (targets) {
      Square to = pop_lsb(targets);
      *cur++ = Move(to - offset, to);
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) *cur++ = Move::make(to - offset, to, PROMOTION, pt);
    }
  }
};

// A sink that only counts: perft's last ply.
struct MoveCounter {
  std::uint64_t n = 0;
  void move(Move) { ++n; }
  void piece_moves(PieceType, Square, Bitboard targets) { n += popcount(targets); }
  void pawn_moves(Bitboard targets, int) { n += popcount(targets); }
  void promotions(Bitboard targets, int) { n += 4 * popcount(targets); }
};

template <GenType Type>
Move* generate_moves(const Position& pos, Move* out) {
  MoveWriter w{out};
  generate<Type>(pos, w);
  return w.cur;
}

inline std::uint64_t count_legal_moves(const Position& pos) {
  MoveCounter c;
  generate<LEGAL>(pos, c);
  return c.n;
}

// The legal moves of a position, as a small container.
class MoveList {
 public:
  explicit MoveList(const Position& pos) : last(generate_moves<LEGAL>(pos, moves)) {}
  const Move* begin() const { return moves; }
  const Move* end() const { return last; }
  int size() const { return int(last - moves); }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

 private:
  Move moves[MAX_MOVES];
  Move* last;
};

}  // namespace sparring
