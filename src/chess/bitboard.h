// Bitboard helpers and precomputed attack tables (leapers, magic sliders, between/line).
#pragma once

#include <bit>
#include <string>

#include "types.h"

namespace sparring {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) { return 1ULL << s; }
constexpr Bitboard file_bb(int f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  if constexpr (D == SOUTH) return b >> 8;
  if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
  if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
  if constexpr (D == NORTH + EAST) return (b & ~FILE_H_BB) << 9;
  if constexpr (D == NORTH + WEST) return (b & ~FILE_A_BB) << 7;
  if constexpr (D == SOUTH + EAST) return (b & ~FILE_H_BB) >> 7;
  if constexpr (D == SOUTH + WEST) return (b & ~FILE_A_BB) >> 9;
  return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return C == WHITE ? shift<NORTH + WEST>(pawns) | shift<NORTH + EAST>(pawns)
                    : shift<SOUTH + WEST>(pawns) | shift<SOUTH + EAST>(pawns);
}

// One slider's magic lookup: attacks = table[((occupied & mask) * magic) >> shift].
struct Magic {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};

namespace tables {
extern Bitboard pawnAttacks[COLOR_NB][SQUARE_NB];
extern Bitboard pseudoAttacks[PIECE_TYPE_NB][SQUARE_NB];  // on an empty board
extern Bitboard between[SQUARE_NB][SQUARE_NB];            // squares strictly between, plus the second square
extern Bitboard line[SQUARE_NB][SQUARE_NB];               // the full line through both squares, or 0
extern Magic rookMagics[SQUARE_NB];
extern Magic bishopMagics[SQUARE_NB];
}  // namespace tables

// Builds every table above; magics are found by our own search (see magic.cpp). Idempotent.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawnAttacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::pseudoAttacks[KNIGHT][s]; }
inline Bitboard king_attacks(Square s) { return tables::pseudoAttacks[KING][s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const Magic& m = tables::bishopMagics[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  const Magic& m = tables::rookMagics[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) { return bishop_attacks(s, occ) | rook_attacks(s, occ); }

// Attacks of a non-pawn piece type from `s` given the occupancy.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occ) {
  switch (pt) {
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case QUEEN: return queen_attacks(s, occ);
    default: return tables::pseudoAttacks[pt][s];
  }
}

// Squares strictly between a and b plus b itself (so "block or capture the checker" is one mask).
inline Bitboard between_bb(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return tables::line[a][b] & square_bb(c); }

// Attacks computed by walking rays: slow, used to build and to check the magic tables.
Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occ);

std::string to_string(Bitboard b);

// Searches magics from scratch (fixed seed) and prints them as the two committed tables
// src/chess/magics_rook.inc and magics_bishop.inc (`sparring magics`).
std::string generate_magics_source();  // an 8x8 picture for debugging

}  // namespace sparring
