// libFuzzer target: make/unmake invariants. The first byte picks a start position; every further
// byte picks a legal move (or, for bytes >= 248, a null move when not in check). After each move
// the incremental state must agree with a position set up from scratch from its FEN (key, pieces
// and material, checkers, pins) and gives_check must have predicted the check; at the end every
// move is undone and each earlier position must come back exactly. Perft's own copy-make board
// must count two plies from every position as Position's make/undo does.
#include <cstdint>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/perft.h"
#include "fuzz_check.h"

using namespace sparring;

namespace {

void check_against_scratch(const Position& pos) {
  FUZZ_CHECK(pos.key() == pos.compute_key());
  Position scratch;
  scratch.set_chess960(pos.is_chess960());
  FUZZ_CHECK(scratch.set_fen(pos.fen()).empty());
  FUZZ_CHECK(scratch.key() == pos.key());
  FUZZ_CHECK(scratch.checkers() == pos.checkers());
  for (Color c : {WHITE, BLACK}) {
    FUZZ_CHECK(scratch.pieces(c) == pos.pieces(c));
    FUZZ_CHECK(scratch.blockers_for_king(c) == pos.blockers_for_king(c));
    FUZZ_CHECK(scratch.pinners(c) == pos.pinners(c));
    for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1)) {
      FUZZ_CHECK(scratch.pieces(c, pt) == pos.pieces(c, pt));
      FUZZ_CHECK(scratch.count(c, pt) == pos.count(c, pt));
    }
  }
  for (Square s = SQ_A1; s <= SQ_H8; s = s + 1) FUZZ_CHECK(scratch.piece_on(s) == pos.piece_on(s));
  FUZZ_CHECK(scratch.castling_rights() == pos.castling_rights());
  FUZZ_CHECK(scratch.rule50() == pos.rule50());
}

void check_perft_board(Position& pos) {
  std::uint64_t viaPosition = 0;
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    viaPosition += count_legal_moves(pos);
    pos.undo_move(m);
  }
  FUZZ_CHECK(perft(pos, 2) == viaPosition);
}

struct Snapshot {
  std::string fen;
  Key key;
  Bitboard checkers;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool ready = (Position::init(), true);
  (void)ready;
  if (size == 0) return 0;
  Position pos = fuzz::start_position(data[0] % fuzz::START_POSITION_COUNT);
  std::vector<Move> played;
  std::vector<Snapshot> before;
  for (std::size_t i = 1; i < size; ++i) {
    MoveList moves(pos);
    const bool null = data[i] >= 248 && !pos.in_check();
    if (!null && moves.size() == 0) break;
    before.push_back({pos.fen(), pos.key(), pos.checkers()});
    if (null) {
      pos.make_null_move();
      played.push_back(Move::null());
    } else {
      const Move m = moves.begin()[data[i] % moves.size()];
      const bool givesCheck = pos.gives_check(m);
      const bool capture = pos.is_capture(m);
      const int piecesBefore = popcount(pos.pieces());
      pos.make_move(m);
      FUZZ_CHECK(givesCheck == pos.in_check());
      FUZZ_CHECK(popcount(pos.pieces()) == piecesBefore - capture);
      played.push_back(m);
    }
    check_against_scratch(pos);
    check_perft_board(pos);
    (void)pos.is_automatic_draw();
    (void)pos.repetition_count();
  }
  while (!played.empty()) {
    const Move m = played.back();
    played.pop_back();
    if (m == Move::null())
      pos.undo_null_move();
    else
      pos.undo_move(m);
    const Snapshot& s = before.back();
    FUZZ_CHECK(pos.fen() == s.fen);
    FUZZ_CHECK(pos.key() == s.key);
    FUZZ_CHECK(pos.checkers() == s.checkers);
    before.pop_back();
  }
  return 0;
}
