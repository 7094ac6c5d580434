// libFuzzer target: the FEN parser. Any input must either be refused with a reason, leaving the
// position untouched, or give a position whose FEN reads back to the same position, whose key is
// the from-scratch key, and whose legal moves all make and unmake cleanly.
#include <cstdint>
#include <string>
#include <string_view>

#include "chess/movegen.h"
#include "fuzz_check.h"

using namespace sparring;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool ready = (Position::init(), true);
  (void)ready;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool chess960 : {false, true}) {
    Position pos;
    pos.set_chess960(chess960);
    const std::string before = pos.fen();
    const Key beforeKey = pos.key();
    const std::string err = pos.set_fen(text);
    if (!err.empty()) {
      FUZZ_CHECK(pos.fen() == before && pos.key() == beforeKey);  // a refused FEN changes nothing
      continue;
    }
    FUZZ_CHECK(pos.key() == pos.compute_key());
    const std::string fen = pos.fen();
    Position again;
    again.set_chess960(chess960);
    FUZZ_CHECK(again.set_fen(fen).empty());
    FUZZ_CHECK(again.fen() == fen);
    FUZZ_CHECK(again.key() == pos.key());
    FUZZ_CHECK(again.checkers() == pos.checkers());
    for (Move m : MoveList(pos)) {
      FUZZ_CHECK(pos.is_legal(m));
      pos.make_move(m);
      FUZZ_CHECK(pos.key() == pos.compute_key());
      pos.undo_move(m);
      FUZZ_CHECK(pos.fen() == fen);
    }
    // Game-state queries must be defined for every accepted position.
    (void)pos.is_automatic_draw();
    (void)pos.can_claim_draw();
    (void)pos.fullmove_number();
  }
  return 0;
}
