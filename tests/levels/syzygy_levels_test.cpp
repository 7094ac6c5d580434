// The levels with Syzygy tables loaded: Expert and Master keep to the moves that keep the tables'
// best result; the lower levels choose as before. Skipped, with a message, without tables or libfathom1.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "../common/syzygy_tables.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "engine/syzygy.h"
#include "levels/level_player.h"

using namespace sparring;

TEST_CASE("Expert and Master keep a tablebase win within the 50-move rule", "[levels][syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  REQUIRE(syzygy::load(syzygy_tables_dir()).ok);
  // KRvK, DTZ 27, 72 plies on the 50-move counter: only the quickest moves still win.
  Position pos;
  REQUIRE(pos.set_fen("8/8/8/4k3/8/8/8/R3K3 w - - 72 80").empty());
  std::vector<syzygy::RankedMove> best;
  bool byDtz = false;
  int probed = 0;
  REQUIRE(syzygy::best_root_moves(pos, true, {}, best, byDtz, probed));
  auto keeps = [&](Move m) {
    return std::find_if(best.begin(), best.end(), [&](const syzygy::RankedMove& r) { return r.move == m; }) !=
           best.end();
  };
  Search search;
  // On a clock of 300 ms a move (without one the guard may look at millions of nodes here).
  SearchLimits limits;
  limits.movetime = 300;
  auto choose = [&](int elo, std::uint64_t seed) {
    LevelSettings level;
    level.elo = elo;
    level.seed = seed;
    return LevelPlayer::choose(search, pos, limits, level, {}, nullptr);
  };
  for (int elo : {1800, 2100})
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Move m = choose(elo, seed);
      INFO("elo " << elo << " seed " << seed << ": " << to_uci(pos, m));
      CHECK(keeps(m));
    }
  // A lower level plays as it did, and the search's options are as they were.
  CHECK(MoveList(pos).contains(choose(600, 1)));
  CHECK(search.options().tablebases);
}
