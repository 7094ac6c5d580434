// libFuzzer target: SAN parsing. The first byte picks a start position, the second how many
// pseudo-random legal moves to play from it (so the text meets many positions), the rest is the
// SAN text. A move parse_san accepts must be legal and must print (to_san) as SAN that parses back
// to the same move; a refusal must say why.
//
// PGN: a pgn_fuzzer.cpp target (fuzz/CMakeLists.txt, SPARRING_FUZZ_TARGETS) comes with the PGN reader.
#include <cstdint>
#include <string>
#include <string_view>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "fuzz_check.h"

using namespace sparring;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool ready = (Position::init(), true);
  (void)ready;
  if (size < 2) return 0;
  Position pos = fuzz::start_position(data[0] % fuzz::START_POSITION_COUNT);
  std::uint32_t seed = data[1];
  for (int plies = data[1] % 16; plies > 0; --plies) {
    MoveList moves(pos);
    if (moves.size() == 0) break;
    seed = seed * 1103515245u + 12345u;
    pos.make_move(moves.begin()[(seed >> 16) % moves.size()]);
  }
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string error;
  const Move m = parse_san(pos, text, &error);
  if (!m) {
    FUZZ_CHECK(!error.empty());
    return 0;
  }
  FUZZ_CHECK(pos.is_legal(m));
  const std::string san = to_san(pos, m);
  FUZZ_CHECK(parse_san(pos, san) == m);
  FUZZ_CHECK(parse_uci(pos, to_uci(pos, m)) == m);
  return 0;
}
