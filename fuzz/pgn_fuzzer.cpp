// libFuzzer target: the PGN reader. Any input is read to its end without a crash or a hang; every
// game it accepts replays legally from its start position, and writing it out and reading it back
// gives the same moves and result.
#include <cstdint>
#include <sstream>
#include <string>

#include "chess/pgn.h"
#include "fuzz_check.h"

using namespace sparring;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool ready = (Position::init(), true);
  (void)ready;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  PgnReader reader(in, "fuzz.pgn");
  PgnGame game;
  std::string error;
  int calls = 0;
  for (PgnStatus status; (status = reader.read(game, error)) != PgnStatus::END;) {
    FUZZ_CHECK(++calls <= int(size) + 2);  // every call consumes input: no endless loop
    if (status == PgnStatus::ERROR) {
      FUZZ_CHECK(!error.empty());
      continue;
    }
    Position pos = game.start_position();
    for (const PgnMove& m : game.moves) {
      FUZZ_CHECK(pos.is_legal(m.move));
      pos.make_move(m.move);
    }
    // The writer's output is valid PGN for the same game.
    std::istringstream again(format_pgn(game));
    PgnReader reread(again, "again.pgn");
    PgnGame copy;
    std::string err2;
    FUZZ_CHECK(reread.read(copy, err2) == PgnStatus::GAME);
    FUZZ_CHECK(copy.moves.size() == game.moves.size());
    for (std::size_t i = 0; i < game.moves.size(); ++i) FUZZ_CHECK(copy.moves[i].move == game.moves[i].move);
    FUZZ_CHECK(copy.result == game.result);
  }
  return 0;
}
