// What the human move model sees. The board from the mover's side (ranks flipped when Black is to
// move) as sparse input features, and each legal move as an output index plus a few bits that a
// glance at the board tells about it (a capture, a check, a piece left hanging, ...). The data tool
// that turns human games into training records and the model's inference both call these
// functions, so the network sees exactly what it was trained on.
#pragma once

#include <cstdint>

#include "chess/position.h"

namespace sparring::policy {

// Input features: 12 piece kinds (ours P..K, theirs P..K) x 64 squares, castling rights (ours
// king/queen side, theirs), the en passant file, and the last move's target and origin squares.
constexpr int PIECE_FEATURES = 768;
constexpr int CASTLING_FEATURES = PIECE_FEATURES;          // 4
constexpr int EP_FEATURES = CASTLING_FEATURES + 4;         // 8
constexpr int LAST_TO_FEATURES = EP_FEATURES + 8;          // 64
constexpr int LAST_FROM_FEATURES = LAST_TO_FEATURES + 64;  // 64
constexpr int INPUT_NB = LAST_FROM_FEATURES + 64;          // 908
constexpr int MAX_ACTIVE = 40;                             // 32 pieces + 4 + 1 + 2 at most
constexpr std::uint16_t NO_FEATURE = 0xFFFF;

// Output indices: from x to (from the mover's side) for every move but under-promotions, which
// take 72 more: piece (knight, bishop, rook) x from-file x direction. Castling is the king's move
// to its destination square (g- or c-file), as in standard chess.
constexpr int MOVE_INDEX_NB = 64 * 64 + 3 * 8 * 3;  // 4168

// Rows of the move-piece table for a move, all from the mover's side: the moving piece (pawn ...
// king) on its target square, the same piece on its origin square, and the kind of piece it takes
// (none for a quiet move or en passant).
constexpr int MOVE_PIECE_NB = 6 * 64 * 2 + 7;  // 775
void move_piece_rows(const Position& pos, Move m, int rows[3]);

// An input feature, an output index and a move-piece row of the board's mirror image (files a<->h):
// for a position without castling rights, the same game seen in a mirror (the trainer's
// mirror_files does the same).
int mirror_feature(int feature);
int mirror_move_index(int index);
int mirror_move_piece_row(int row);

// What a glance tells about a move: bits of move_bits().
enum MoveBit : int {
  MB_CAPTURE,
  MB_RECAPTURE,  // takes on the square the opponent just moved to
  MB_CHECK,
  MB_MATE,           // checkmates at once
  MB_WINS_MATERIAL,  // the exchange on the target square wins at least a pawn
  MB_SEE_LOSS,       // the exchange on the target square loses material
  MB_DROPS_PIECE,    // ... loses more than a pawn and a half
  MB_ESCAPES,        // the piece stood attacked by something cheaper, or attacked and undefended
  MB_TO_ATTACKED,    // the target square is attacked by the opponent
  MB_TO_DEFENDED,    // the target square is defended by another of our pieces
  MB_HANGS_PAWN,     // afterwards the opponent can win at least a pawn by a capture
  MB_HANGS_PIECE,    // ... at least a minor piece
  MB_HANGS_ROOK,     // ... at least a rook
  MB_EASES_THREAT,   // afterwards the opponent's best capture wins less than before the move
  MB_SAME_PIECE,     // moves the piece that moved last turn
  MB_THREATENS,      // afterwards we could win at least a minor piece by a capture (if it were our move)
  MOVE_BIT_NB
};
static_assert(MOVE_BIT_NB <= 16);

// Writes the active input features of `pos` (at most MAX_ACTIVE) and returns how many.
int board_features(const Position& pos, std::uint16_t* out);
// True when a castling right is among the features: the board's mirror image is then no position.
bool has_castling_feature(const std::uint16_t* features, int n);

// The output index of a legal move of `pos`.
int move_index(const Position& pos, Move m);

// The glance bits of a legal move of `pos`. Makes and takes back moves on `pos`, which is left as
// it was.
std::uint16_t move_bits(Position& pos, Move m);

// A move's features for the model: its glance bits (0/1), then what its glance loss (centipawns
// below the position's best move by glance_score) falls in: 0, 1-50, 51-100, 101-200, 201-300,
// 301-500, 501-900, more; then the loss (capped at 1000) / 1000 and log(1 + loss / 100) / 3.5.
constexpr int GLANCE_FEATURE_NB = 10;
constexpr int MOVE_FEATURE_NB = MOVE_BIT_NB + GLANCE_FEATURE_NB;
void move_features(unsigned bits, int glanceLoss, float out[MOVE_FEATURE_NB]);

// What a move is worth at a glance, from the mover's side in centipawns: the static evaluation after
// it with the captures (and checks' evasions) that follow resolved, by a small quiescence search of
// its own (no hash table, no history: the same answer wherever it is asked). Mate is +-GLANCE_MATE.
constexpr int GLANCE_MATE = 10000;
int glance_score(Position& pos, Move m);

// The best material the side to move can win by one capture, by static exchange: 0 (nothing
// worth a pawn), 1 (a pawn or more), 2 (a minor piece or more), 3 (a rook or more).
int capture_threat(const Position& pos);

}  // namespace sparring::policy
