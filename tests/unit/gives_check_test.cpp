// gives_check, which the search asks of every move before making it, against the position after the
// move: every legal move along random games from every perft suite position.
#include <catch2/catch.hpp>
#include <random>

#include "chess/movegen.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

TEST_CASE("gives_check agrees with the position after the move", "[moves]") {
  std::mt19937 rng(777);
  int moves = 0, checks = 0, discovered = 0;
  for (const PerftSuite& suite : ALL_SUITES)
    for (const PerftEntry& entry : load_perft_suite(suite)) {
      Position pos = position_from(entry.fen, suite.chess960);
      for (int ply = 0; ply < 30; ++ply) {
        const MoveList list(pos);
        if (list.size() == 0) break;
        INFO(suite.file << ":" << entry.line << " ply " << ply << ": " << pos.fen());
        for (Move m : list) {
          const bool givesCheck = pos.gives_check(m);
          pos.make_move(m);
          REQUIRE(givesCheck == pos.in_check());
          checks += givesCheck;
          discovered += givesCheck && !(pos.checkers() & square_bb(m.to()));  // not (only) the piece moved
          pos.undo_move(m);
          ++moves;
        }
        pos.make_move(*(list.begin() + rng() % list.size()));
      }
    }
  CHECK(moves > 300000);
  CHECK(checks > 10000);
  CHECK(discovered > 100);
}
