// The board: pieces, side to move, castling, en passant, clocks, history; FEN in and out; make/unmake.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bitboard.h"
#include "types.h"

namespace sparring {

namespace zobrist {
extern Key psq[PIECE_NB][SQUARE_NB];
extern Key enPassant[8];
extern Key castling[CASTLING_RIGHT_NB];
extern Key side;
}  // namespace zobrist

// What make_move changes beyond the pieces: saved per ply so undo_move can restore it and the
// repetition check can look back over earlier keys.
struct StateInfo {
  Key key;
  int castling;
  Square epSquare;
  int rule50;         // plies since the last capture or pawn move
  int pliesFromNull;  // repetition never looks back across a null move
  Piece captured;
  Move move;             // the move that led here
  Bitboard checkers;     // enemy pieces giving check to the side to move
  Bitboard blockers[2];  // pieces of either colour that alone shield king [c] from a slider
  Bitboard pinners[2];   // sliders of ~c pinning a piece against king [c]
};

constexpr const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The pieces as bitboards and the attack queries made of them: shared by Position and the
// copy-make board of perft, so the move generator can run on either.
class PieceSets {
 public:
  Bitboard pieces() const { return byColor[WHITE] | byColor[BLACK]; }
  Bitboard pieces(Color c) const { return byColor[c]; }
  Bitboard pieces(PieceType pt) const { return byType[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return byType[a] | byType[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return byColor[c] & byType[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return byColor[c] & (byType[a] | byType[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

  Bitboard attackers_to(Square s, Bitboard occ) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
           (knight_attacks(s) & pieces(KNIGHT)) | (bishop_attacks(s, occ) & pieces(BISHOP, QUEEN)) |
           (rook_attacks(s, occ) & pieces(ROOK, QUEEN)) | (king_attacks(s) & pieces(KING));
  }
  bool attacked_by(Color c, Square s, Bitboard occ) const {
    return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (knight_attacks(s) & pieces(c, KNIGHT)) ||
           (king_attacks(s) & pieces(c, KING)) || (bishop_attacks(s, occ) & pieces(c, BISHOP, QUEEN)) ||
           (rook_attacks(s, occ) & pieces(c, ROOK, QUEEN));
  }

 protected:
  Bitboard byType[PIECE_TYPE_NB];
  Bitboard byColor[COLOR_NB];
};

class Position : public PieceSets {
 public:
  static void init();  // tables and Zobrist keys; call once before any Position is used

  Position();  // the start position

  // Sets the position from a FEN (also Shredder-FEN and X-FEN castling). On failure returns the
  // reason and leaves the position unchanged; on success returns an empty string.
  std::string set_fen(std::string_view fen);
  std::string fen() const;

  // Board queries (the piece sets' are inherited).
  Piece piece_on(Square s) const { return board[s]; }
  bool empty(Square s) const { return board[s] == NO_PIECE; }
  Color side_to_move() const { return sideToMove; }

  // Attacks.
  Bitboard checkers() const { return st().checkers; }
  bool in_check() const { return st().checkers != 0; }
  Bitboard blockers_for_king(Color c) const { return st().blockers[c]; }
  Bitboard pinners(Color c) const { return st().pinners[c]; }

  // Castling: a right is usable when its rook and king stand where the FEN put them.
  int castling_rights() const { return st().castling; }
  bool can_castle(CastlingRights cr) const { return st().castling & cr; }
  Square castling_rook_square(CastlingRights cr) const { return castlingRookSquare[cr]; }
  Bitboard castling_path(CastlingRights cr) const { return castlingPath[cr]; }           // must be empty
  Bitboard castling_king_path(CastlingRights cr) const { return castlingKingPath[cr]; }  // must not be attacked
  int castling_rights_lost(Square s) const { return castlingMask[s]; }  // when a piece leaves or reaches s
  bool is_chess960() const { return chess960; }
  void set_chess960(bool on) { chess960 = on; }

  Square ep_square() const { return st().epSquare; }
  int rule50() const { return st().rule50; }
  int game_ply() const { return gamePly; }
  int fullmove_number() const { return 1 + (gamePly - (sideToMove == BLACK)) / 2; }
  Key key() const { return st().key; }
  Key compute_key() const;  // from scratch, to check the incremental key
  // The key after m, exact for a plain move or capture that changes no castling rights and allows no en passant
  // (castling, promotions, en passant and those rights left out): cheap, for prefetching the child's table entry.
  Key key_after(Move m) const {
    const Piece pc = piece_on(m.from()), target = m.kind() == CASTLING ? NO_PIECE : piece_on(m.to());
    Key k = key() ^ zobrist::side ^ zobrist::psq[pc][m.from()] ^ zobrist::psq[pc][m.to()];
    if (target != NO_PIECE) k ^= zobrist::psq[target][m.to()];
    return st().epSquare == SQ_NONE ? k : k ^ zobrist::enPassant[file_of(st().epSquare)];
  }
  Piece captured_piece() const { return st().captured; }
  Move last_move() const { return st().move; }
  // The move played `plies` plies ago (1 = the last move), or none if the history is shorter.
  Move move_played(int plies) const {
    return plies >= 1 && plies < int(states.size()) ? states[states.size() - plies].move : Move::none();
  }
  int history_size() const { return int(states.size()) - 1; }  // plies played since set_fen

  // Making moves. The move must be legal (from the move generator or checked by is_legal).
  void make_move(Move m);
  void undo_move(Move m);
  void make_null_move();
  void undo_null_move();
  bool gives_check(Move m) const;
  bool is_legal(Move m) const;  // full check of any 16-bit value against the legal move list
  bool is_capture(Move m) const { return (!empty(m.to()) && m.kind() != CASTLING) || m.kind() == EN_PASSANT; }
  // The type of piece a capture takes (a pawn for en passant); meaningful for captures only.
  PieceType captured_type(Move m) const { return m.kind() == EN_PASSANT ? PAWN : type_of(piece_on(m.to())); }
  // Drops the game history before the current position but keeps the position itself: used when
  // a game's history grows long, since repetitions cannot reach across an irreversible move.
  void trim_history();

  // Game-state queries (FIDE Laws).
  int repetition_count() const;  // occurrences of this position so far, this one included
  // For a search `plies` deep into a line: has this position occurred within those plies, or
  // twice before them? Either way the line can be scored as a draw.
  bool is_repetition_draw(int plies) const;
  // Has any position since the last capture or pawn move (this one included) occurred before? The
  // tablebases' root ranking then asks for real progress instead of a tie among winning moves.
  bool has_repeated() const;
  bool is_insufficient_material() const;  // the dead positions the Laws name
  bool has_legal_moves() const;
  bool is_checkmate() const { return in_check() && !has_legal_moves(); }
  bool is_stalemate() const { return !in_check() && !has_legal_moves(); }
  // A draw either player may claim: threefold repetition or 50 moves (100 plies) without a
  // capture or pawn move, unless that last move mated.
  bool can_claim_draw() const { return repetition_count() >= 3 || (rule50() >= 100 && !is_checkmate()); }
  // A draw the arbiter declares without a claim: stalemate, a dead position, fivefold repetition,
  // or 75 moves (150 plies), unless the last move mated.
  bool is_automatic_draw() const {
    return is_stalemate() || is_insufficient_material() || repetition_count() >= 5 ||
           (rule50() >= 150 && !is_checkmate());
  }

  std::string pretty() const;  // an ASCII board with FEN, key and checkers

 private:
  struct Blank {};
  explicit Position(Blank) {}
  const StateInfo& st() const { return states.back(); }
  StateInfo& st() { return states.back(); }
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void add_castling_right(Color c, Square rookSquare);
  void update_check_info();
  void update_slider_blockers(Color c);
  bool ep_capture_possible(Square ep) const;
  std::string validate() const;

  Piece board[SQUARE_NB];
  Color sideToMove;
  int gamePly;
  bool chess960 = false;
  int castlingMask[SQUARE_NB];  // rights lost when a piece moves from or to the square
  Square castlingRookSquare[CASTLING_RIGHT_NB];
  Bitboard castlingPath[CASTLING_RIGHT_NB];
  Bitboard castlingKingPath[CASTLING_RIGHT_NB];
  std::vector<StateInfo> states;  // states[0] is the FEN position; back() is the current one
};

}  // namespace sparring
