// Basic chess vocabulary shared by every part of Sparring: colours, pieces, squares, moves.
#pragma once

#include <cstdint>

namespace sparring {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : int { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 7 };

// Piece = colour * 8 + type, so the colour is bit 3 and the type the low three bits.
enum Piece : int {
  NO_PIECE,
  W_PAWN = 1,
  W_KNIGHT,
  W_BISHOP,
  W_ROOK,
  W_QUEEN,
  W_KING,
  B_PAWN = 9,
  B_KNIGHT,
  B_BISHOP,
  B_ROOK,
  B_QUEEN,
  B_KING,
  PIECE_NB = 16
};
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// clang-format off
enum Square : int {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE, SQUARE_NB = 64
};
// clang-format on

enum Direction : int { NORTH = 8, EAST = 1, SOUTH = -8, WEST = -1 };
constexpr Direction operator+(Direction a, Direction b) { return Direction(int(a) + int(b)); }

constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
inline Square& operator++(Square& s) { return s = Square(int(s) + 1); }

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }
// The square seen from `c`'s side of the board (a1 <-> a8).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, Square s) { return rank_of(s) ^ (c * 7); }
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

// Castling rights: one bit per (colour, side). The squares of king and rook live in Position,
// which makes standard chess and Chess960 one mechanism.
enum CastlingRights : int {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15,
  CASTLING_RIGHT_NB = 16
};
constexpr CastlingRights castling_right(Color c, bool kingSide) {
  return CastlingRights((kingSide ? WHITE_OO : WHITE_OOO) << (2 * c));
}

// A move in 16 bits: to (0-5), from (6-11), promotion piece - KNIGHT (12-13), kind (14-15).
// Castling is encoded as "king takes own rook", the same in standard chess and Chess960.
enum MoveKind : int { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(std::uint16_t raw) : data(raw) {}
  constexpr Move(Square from, Square to) : data(std::uint16_t((from << 6) | to)) {}
  static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promo = KNIGHT) {
    return Move(std::uint16_t(kind | ((promo - KNIGHT) << 12) | (from << 6) | to));
  }
  static constexpr Move none() { return Move(); }
  // A move that is never legal and never equal to a real move, used for null-move search.
  static constexpr Move null() { return Move(std::uint16_t(65)); }

  constexpr Square from() const { return Square((data >> 6) & 63); }
  constexpr Square to() const { return Square(data & 63); }
  constexpr MoveKind kind() const { return MoveKind(data & (3 << 14)); }
  constexpr PieceType promotion() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
  constexpr bool is_ok() const { return data != 0 && data != 65; }
  constexpr std::uint16_t raw() const { return data; }
  constexpr bool operator==(const Move&) const = default;
  constexpr explicit operator bool() const { return data != 0; }

 private:
  std::uint16_t data = 0;
};

constexpr int MAX_MOVES = 256;
constexpr int MAX_PLY = 246;

}  // namespace sparring
