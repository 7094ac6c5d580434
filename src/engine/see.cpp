#include "see.h"

namespace sparring {

bool see_ge(const Position& pos, Move m, int threshold) {
  if (m.kind() != NORMAL) return 0 >= threshold;  // castling, promotions, en passant: treated as even

  const Square from = m.from(), to = m.to();
  int swap = SEE_VALUE[type_of(pos.piece_on(to))] - threshold;
  if (swap < 0) return false;
  swap = SEE_VALUE[type_of(pos.piece_on(from))] - swap;
  if (swap <= 0) return true;

  Bitboard occ = pos.pieces() ^ square_bb(from) ^ square_bb(to);
  Color stm = pos.side_to_move();
  Bitboard attackers = pos.attackers_to(to, occ);
  const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
  int res = 1;

  while (true) {
    stm = ~stm;
    attackers &= occ;
    Bitboard mine = attackers & pos.pieces(stm);
    if (!mine) break;
    // Pinned pieces may not join while their pinner is still on the board.
    if (pos.pinners(~stm) & occ) mine &= ~pos.blockers_for_king(stm);
    if (!mine) break;
    res ^= 1;

    // The least valuable attacker captures; x-rays behind it are added.
    PieceType pt = PAWN;
    Bitboard b = 0;
    for (; pt <= QUEEN; pt = PieceType(pt + 1))
      if ((b = mine & pos.pieces(pt))) break;
    if (pt > QUEEN) return (attackers & ~pos.pieces(stm)) ? res ^ 1 : res;  // the king captures last

    if ((swap = SEE_VALUE[pt] - swap) < res) break;
    occ ^= square_bb(lsb(b));
    if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occ) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occ) & straight;
  }
  return bool(res);
}

}  // namespace sparring
